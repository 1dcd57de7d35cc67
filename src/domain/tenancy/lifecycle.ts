import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Sql, TransactionSql } from 'postgres';
import { z } from '../../schema/zod';
import { AppError, notFound } from '../../errors';
import type { SubjectAttribution } from '../../auth/caller';
import { defineEventType } from '../../events/catalogue';
import { recordEvent } from '../../events/outbox';
import { formatAmount } from '../../ledger/assets';
import { openPositions } from '../../ledger/balances';
import { Enterprise, MasterAccount } from './entities';
import { presentEnterprise } from './present';
import { auditAs, type AuditedAs } from '../audit/entries';

/**
 * Enterprise lifecycle guards. Two independent axes (see docs/funding-and-fees.md):
 * `admission_state` operational → closed (terminal) and `restriction_state` none ↔ suspended.
 * Anything that changes state under an enterprise calls one of these first.
 */
export type SqlOrEm = Sql | TransactionSql | EntityManager;

interface EnterpriseStates {
  admission_state: string;
  restriction_state: string;
}

async function statesOf(db: SqlOrEm, enterpriseId: string, lock: '' | 'for share'): Promise<EnterpriseStates | undefined> {
  const text = `select admission_state, restriction_state from enterprises where id = $1 ${lock}`;
  if (typeof db === 'function') {
    const [row] = await db.unsafe(text, [enterpriseId], { prepare: true });
    return row ? { admission_state: row.admission_state, restriction_state: row.restriction_state } : undefined;
  }
  const [row] = await db.execute<EnterpriseStates[]>(text.replace('$1', '?'), [enterpriseId]);
  return row;
}

export const enterpriseClosed = () =>
  new AppError('EdgeGone', 'The enterprise is closed; its resources are read-only.', { reason: 'enterprise_closed' });

export const enterpriseSuspended = () =>
  new AppError('EdgeConflict', 'The enterprise is suspended: it can read but cannot move money.', { reason: 'enterprise_suspended' });

export interface GuardOptions {
  /**
   * Take FOR SHARE on the enterprise row so a concurrent close (FOR UPDATE) waits for this
   * transaction; for non-hot paths that create money-bearing rows (deposits, agreements).
   */
  lock?: boolean;
}

/** Any mutation under a closed enterprise is 410 EdgeGone (reason `enterprise_closed`). */
export async function assertEnterpriseOpen(db: SqlOrEm, enterpriseId: string, opts: GuardOptions = {}): Promise<void> {
  const row = await statesOf(db, enterpriseId, opts.lock ? 'for share' : '');
  if (!row || row.admission_state === 'closed') throw enterpriseClosed();
}

// ---------- transitions: suspend, reactivate, close ----------

const enterprisePayload = z.object({ id: z.string(), resource: z.literal('enterprise') }).catchall(z.unknown());
const EVENT_TYPES = {
  suspend: defineEventType('tenancy.enterprise.suspended.v1', 'An enterprise was suspended: it can read but cannot move money.', enterprisePayload),
  reactivate: defineEventType('tenancy.enterprise.reactivated.v1', 'A suspended enterprise was reactivated.', enterprisePayload),
  close: defineEventType('tenancy.enterprise.closed.v1', 'An enterprise was closed (terminal): every mutation under it is now 410.', enterprisePayload),
} as const;

export type EnterpriseAction = keyof typeof EVENT_TYPES;

/** How many open positions a refused close lists in its problem body. */
const OPEN_POSITIONS_SHOWN = 20;

async function assertClosable(em: EntityManager, enterpriseId: string): Promise<void> {
  const open = await openPositions(em, { enterpriseId });
  if (open.length > 0) {
    throw new AppError('EdgeConflict', 'Every account must be at zero with no pending holds before the enterprise can close.', {
      reason: 'accounts_not_empty',
      extensions: {
        open_positions: open.slice(0, OPEN_POSITIONS_SHOWN).map((b) => ({
          account_ref: b.accountRef,
          asset: b.asset,
          total: formatAmount(b.total, b.asset),
          held: formatAmount(b.held, b.asset),
        })),
      },
    });
  }
  const [{ count }] = await em.execute<{ count: number }[]>(
    `select count(*)::int as count from deposits where enterprise_id = ? and status in ('pending', 'confirmed')`,
    [enterpriseId],
  );
  if (count > 0) throw new AppError('EdgeConflict', 'Deposits are still being confirmed or credited; close once they finish.', { reason: 'deposits_in_flight' });
}

/**
 * suspend: restriction none → suspended; reactivate: suspended → none; close: admission
 * operational → closed (terminal, from either restriction), which also closes the master accounts.
 * The enterprise row is locked FOR UPDATE, so deposits and agreements being created (which take
 * FOR SHARE) finish first or see the new state. Closed is 410; any other wrong state is 409.
 */
export async function changeEnterpriseState(
  em: EntityManager,
  input: { enterpriseId: string; action: EnterpriseAction; attribution: SubjectAttribution; assertCurrent: (row: Enterprise) => void },
  audited?: AuditedAs<Enterprise>,
): Promise<Enterprise> {
  return em.transactional(async (tx) => {
    const row = await tx.findOne(Enterprise, { id: input.enterpriseId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!row) throw notFound('enterprise');
    input.assertCurrent(row);
    if (row.admissionState === 'closed') throw enterpriseClosed();
    switch (input.action) {
      case 'suspend':
        if (row.restrictionState === 'suspended') throw new AppError('EdgeConflict', 'The enterprise is already suspended.', { reason: 'enterprise_suspended' });
        row.restrictionState = 'suspended';
        break;
      case 'reactivate':
        if (row.restrictionState !== 'suspended') throw new AppError('EdgeConflict', 'Only a suspended enterprise can be reactivated.', { reason: 'enterprise_not_suspended' });
        row.restrictionState = 'none';
        break;
      case 'close': {
        await assertClosable(tx, row.id);
        row.admissionState = 'closed';
        for (const account of await tx.find(MasterAccount, { enterpriseId: row.id })) account.status = 'closed';
        break;
      }
    }
    await tx.flush();
    await recordEvent(tx, {
      type: EVENT_TYPES[input.action],
      enterpriseId: row.id,
      scopeRef: `enterprises/${row.id}`,
      resourceRef: `enterprises/${row.id}`,
      payload: presentEnterprise(row),
      attribution: input.attribution,
    });
    await auditAs(tx, audited, row);
    return row;
  });
}
