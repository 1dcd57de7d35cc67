import type { Sql } from 'postgres';
import { z } from '../../schema/zod';
import { Timestamp, Uuid } from '../../schema/common';
import { parseRef } from '../../ids';
import type { AuditEntryRow, AuditOutcome } from './entries';

const PrincipalRefBody = z.object({ id: Uuid, kind: z.enum(['user', 'service_account']), tenant_ref: z.string() });

export const AuditEntryBody = z
  .object({
    id: Uuid,
    resource: z.literal('user_action_audit_entry'),
    occurred_at: Timestamp,
    request_id: z.string(),
    action: z.string().openapi({ description: 'operationId of the route called, e.g. `rotateServiceAccountSecret`.' }),
    method: z.string(),
    path: z.string(),
    resource_ref: z.string().nullable(),
    outcome: z.enum(['succeeded', 'refused', 'failed']).openapi({ description: '`succeeded` (2xx/3xx), `refused` (4xx, nothing changed), `failed` (5xx).' }),
    status_code: z.number().int(),
    error_code: z.string().nullable(),
    subject_attribution: z.object({
      authenticated_principal: PrincipalRefBody,
      subject: PrincipalRefBody,
      actor: PrincipalRefBody.nullable(),
      identity_source: z.string(),
      federation: z.object({ issuer: z.string(), subject: z.string() }).nullable(),
      enterprise_binding: z.object({ tenant_type: z.literal('enterprise'), topology_ref: z.string() }),
    }),
    client_ip: z.string(),
    user_agent: z.string().nullable(),
    idempotency_key: z.string().nullable(),
  })
  .openapi('UserActionAuditEntry');

export type AuditEntryView = z.infer<typeof AuditEntryBody>;

export function presentAuditEntry(row: AuditEntryRow): AuditEntryView {
  const a = row.attribution;
  return {
    id: row.id,
    resource: 'user_action_audit_entry',
    occurred_at: row.occurred_at.toISOString(),
    request_id: row.request_id,
    action: row.action,
    method: row.method,
    path: row.path,
    resource_ref: row.resource_ref,
    outcome: row.outcome,
    status_code: row.status_code,
    error_code: row.error_code,
    subject_attribution: {
      authenticated_principal: a.authenticated_principal,
      subject: a.subject,
      actor: a.actor,
      identity_source: a.identity_source,
      federation: a.federation,
      enterprise_binding: a.enterprise_binding,
    },
    client_ip: row.client_ip,
    user_agent: row.user_agent,
    idempotency_key: row.idempotency_key,
  };
}

export async function findAuditEntry(sql: Sql, enterpriseId: string, id: string): Promise<AuditEntryRow | null> {
  const [row] = await sql<AuditEntryRow[]>`select * from user_action_audit_entries where id = ${id} and enterprise_id = ${enterpriseId}`;
  return row ?? null;
}

export interface AuditFilter {
  occurredAfter?: string;
  occurredBefore?: string;
  subjectRef?: string;
  /** Entries of any of these subjects (users or service accounts, by id); none matches no entry. */
  subjectIds?: readonly string[];
  action?: string;
  resourceRef?: string;
  outcome?: AuditOutcome;
}

/** One enterprise's entries matching every given filter, oldest first, keyset after `afterId`. */
export async function searchAuditEntries(sql: Sql, enterpriseId: string, f: AuditFilter, afterId: string | null, limit: number): Promise<AuditEntryRow[]> {
  const subjectId = f.subjectRef ? parseRef(f.subjectRef)?.id : undefined;
  return sql<AuditEntryRow[]>`
    select * from user_action_audit_entries
     where enterprise_id = ${enterpriseId}
       ${afterId ? sql`and id > ${afterId}` : sql``}
       ${f.occurredAfter ? sql`and occurred_at >= ${f.occurredAfter}` : sql``}
       ${f.occurredBefore ? sql`and occurred_at < ${f.occurredBefore}` : sql``}
       ${subjectId ? sql`and subject_id = ${subjectId}` : sql``}
       ${f.subjectIds ? sql`and subject_id = any(${[...f.subjectIds]}::uuid[])` : sql``}
       ${f.action ? sql`and action = ${f.action}` : sql``}
       ${f.resourceRef ? sql`and resource_ref = ${f.resourceRef}` : sql``}
       ${f.outcome ? sql`and outcome = ${f.outcome}` : sql``}
     order by id
     limit ${limit}`;
}
