import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Sql } from 'postgres';
import type { Caller } from '../../auth/caller';
import { iamChangeNotification } from '../../auth/principal-directory';
import { recordEvent } from '../../events/outbox';
import { conflict, stateReason } from '../../errors';
import { auditAs, type AuditedAs } from '../audit/entries';
import type { Services } from '../../services';

/**
 * One identity change: its transaction, the caller it is attributed to, and the principals whose
 * cached status and grants it invalidates (NOTIFY at commit for every process, and locally right after).
 */
export class IamUnit {
  private readonly changed = new Set<string>();

  constructor(
    readonly em: EntityManager,
    readonly caller: Caller,
    /** Reads of committed topology (scope paths) outside the unit of work. */
    readonly sql: Sql,
  ) {}

  async principalChanged(principalId: string | '*'): Promise<void> {
    if (this.changed.has(principalId)) return;
    const { sql, params } = iamChangeNotification(principalId);
    await this.em.execute(sql, params);
    this.changed.add(principalId);
  }

  async record(type: string, scopeRef: string, resourceRef: string, payload: unknown): Promise<void> {
    await recordEvent(this.em, { type, enterpriseId: this.caller.enterpriseId, scopeRef, resourceRef, payload, attribution: this.caller.attribution() });
  }

  invalidateAfterCommit(services: Pick<Services, 'principals'>): void {
    for (const id of this.changed) services.principals.invalidate(id);
  }
}

export async function inIamTransaction<T>(services: Services, caller: Caller, change: (unit: IamUnit) => Promise<T>, audited?: AuditedAs<T>): Promise<T> {
  let unit: IamUnit | undefined;
  const result = await services.orm.em.fork().transactional(async (em) => {
    unit = new IamUnit(em as EntityManager, caller, services.sql);
    const changed = await change(unit);
    // Who may act, and with which permissions: the change and its audit entry commit together.
    await auditAs(em as EntityManager, audited, changed);
    return changed;
  });
  unit!.invalidateAfterCommit(services);
  return result;
}

/** Name of the unique constraint a flush violated, or null when the error is something else. */
export function violatedConstraint(err: unknown): string | null {
  return err instanceof UniqueConstraintViolationException ? ((err as { constraint?: string }).constraint ?? 'unknown') : null;
}

/** A lifecycle action allowed only from some states; from any other it is 409 with reason `<resource>_<state>`. */
export function assertTransition(resource: string, action: string, current: string, from: readonly string[]): void {
  if (!from.includes(current)) {
    throw conflict(`Cannot ${action} a ${resource.replace(/_/g, ' ')} that is ${current}.`, stateReason(resource, current));
  }
}

/** Optional If-Match check the route passes down; it sees the row before any change. */
export type Precondition = (row: { id: string; version: number }) => void;
