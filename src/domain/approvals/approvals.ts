import type { Row, Sql, TransactionSql } from 'postgres';
import type { Db } from '../../db/sql';
import type { Caller, SubjectAttribution } from '../../auth/caller';
import type { Permission } from '../../auth/permissions';
import { notFound } from '../../errors';
import { etagOf } from '../../db/base';
import { recordEventSql } from '../../events/outbox';
import { visibleByScopePath } from '../policies/scope';
import { writeCarriedEntry, type EntryRecord } from '../audit/entries';
import { APPROVAL_EVENTS } from './events';
import type { ApprovalDecision, ApprovalSpec, ApprovalStatus, ApprovalVote, DecisionProof } from './messages';

export interface ApprovalRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  scope_path: string[];
  action_family: string;
  governed_ref: string;
  operation_id: string;
  workflow_id: string;
  status: ApprovalStatus;
  expires_at: Date;
  initiated_by: SubjectAttribution;
  requirement_snapshot: Record<string, unknown> & { approver_role_ref: string; initiator_cannot_approve: boolean; required_human_approvals: number };
  approver_role_id: string;
  decision: ApprovalDecision | null;
}

export interface VoteRow {
  user_id: string;
  verdict: 'approve' | 'reject';
  attribution: SubjectAttribution;
  proof: DecisionProof | null;
  note: string | null;
  created_at: Date;
}

/** The select expression of each field: the row type names every column, so the list cannot drift from it. */
const APPROVAL_SELECT: Record<keyof ApprovalRow, string> = {
  id: 'id',
  version: 'version',
  created_at: 'created_at',
  updated_at: 'updated_at',
  enterprise_id: 'enterprise_id',
  scope_path: 'scope_path',
  action_family: 'action_family',
  governed_ref: 'governed_ref',
  operation_id: 'operation_id',
  workflow_id: 'workflow_id',
  status: 'status',
  expires_at: 'expires_at',
  initiated_by: 'initiated_by',
  requirement_snapshot: 'requirement_snapshot',
  approver_role_id: 'approver_role_id',
  decision: 'decision',
};

const COLUMNS = Object.values(APPROVAL_SELECT).join(', ');

/** An ApprovalRow from a row selected with COLUMNS. */
function toApprovalRow(r: Row): ApprovalRow {
  return {
    id: r.id,
    version: r.version,
    created_at: r.created_at,
    updated_at: r.updated_at,
    enterprise_id: r.enterprise_id,
    scope_path: r.scope_path,
    action_family: r.action_family,
    governed_ref: r.governed_ref,
    operation_id: r.operation_id,
    workflow_id: r.workflow_id,
    status: r.status,
    expires_at: r.expires_at,
    initiated_by: r.initiated_by,
    requirement_snapshot: r.requirement_snapshot,
    approver_role_id: r.approver_role_id,
    decision: r.decision,
  };
}

export function presentApproval(a: ApprovalRow, votes: VoteRow[]) {
  return {
    id: a.id,
    resource: 'approval' as const,
    status: a.status,
    action_family: a.action_family,
    governed_ref: a.governed_ref,
    operation_id: a.operation_id,
    scope_ref: a.scope_path[a.scope_path.length - 1],
    decision: a.decision,
    votes: votes.map((v) => ({
      principal: v.attribution.subject,
      actor: v.attribution.actor ?? null,
      ...(v.proof ? { proof: v.proof } : {}),
      verdict: v.verdict,
      note: v.note ?? null,
      created_at: new Date(v.created_at).toISOString(),
    })),
    expires_at: new Date(a.expires_at).toISOString(),
    initiated_by: a.initiated_by,
    requirement_snapshot: a.requirement_snapshot as never,
    etag: etagOf(a),
    created_at: new Date(a.created_at).toISOString(),
    updated_at: new Date(a.updated_at).toISOString(),
  };
}

export type ApprovalView = ReturnType<typeof presentApproval>;

export async function findApproval(sql: Db, id: string): Promise<ApprovalRow | null> {
  const [row] = await sql.unsafe(`select ${COLUMNS} from approvals where id = $1`, [id], { prepare: true });
  return row ? toApprovalRow(row) : null;
}

async function votesOf(sql: Db, approvalId: string): Promise<VoteRow[]> {
  return sql<VoteRow[]>`select user_id, verdict, attribution, proof, note, created_at from approval_votes where approval_id = ${approvalId} order by created_at, user_id`;
}

export async function viewApproval(sql: Db, id: string): Promise<ApprovalView> {
  const row = await findApproval(sql, id);
  if (!row) throw notFound('approval');
  return presentApproval(row, await votesOf(sql, id));
}

/** An approval the caller may act on with `permission`: 404 missing or out of scope, 403 in scope without it. */
export async function readApproval(sql: Db, caller: Caller, id: string, permission: Permission = 'approvals.read'): Promise<ApprovalRow> {
  const row = await findApproval(sql, id);
  if (!row || row.enterprise_id !== caller.enterpriseId) throw notFound('approval');
  caller.require(permission, row.scope_path, 'approval');
  return row;
}

export async function listApprovals(
  sql: Sql,
  caller: Caller,
  q: { scopeRef?: string; status?: ApprovalStatus; actionFamily?: string; decidable?: boolean; after: string | null; limit: number },
): Promise<Array<ApprovalRow & { votes: VoteRow[] }>> {
  // Only people decide: a service account has nothing awaiting its decision.
  if (q.decidable && caller.subject.kind !== 'user') return [];
  const rows = (await sql`
    select ${sql.unsafe(COLUMNS)},
           coalesce((select json_agg(json_build_object('user_id', v.user_id, 'verdict', v.verdict, 'attribution', v.attribution, 'proof', v.proof, 'note', v.note, 'created_at', v.created_at)
                                     order by v.created_at, v.user_id)
                       from approval_votes v where v.approval_id = approvals.id), '[]') as votes
      from approvals
     where enterprise_id = ${caller.enterpriseId}
       and ${visibleByScopePath(sql, caller, 'approvals.read')}
       and ${q.scopeRef ? sql`${q.scopeRef} = any(scope_path)` : sql`true`}
       and ${q.status ? sql`status = ${q.status}` : sql`true`}
       and ${q.actionFamily ? sql`action_family = ${q.actionFamily}` : sql`true`}
       and ${q.decidable ? decidableBy(sql, caller) : sql`true`}
       and ${q.after ? sql`id > ${q.after}` : sql`true`}
     order by id limit ${q.limit}`);
  // The votes come aggregated as JSON, shaped as votesOf's rows.
  return rows.map((r) => ({ ...toApprovalRow(r), votes: r.votes as VoteRow[] }));
}

/**
 * What waits for this person: pending and unexpired, `approvals.decide` at the governed scope, eligible
 * as `eligibleApprovers` defines it (the approving role covering the scope), not the barred initiator,
 * and no vote cast yet.
 */
function decidableBy(sql: Sql, caller: Caller) {
  const userId = caller.subject.id;
  return sql`(status = 'pending' and expires_at > now()
    and ${visibleByScopePath(sql, caller, 'approvals.decide')}
    and not (coalesce((requirement_snapshot->>'initiator_cannot_approve')::boolean, false) and initiated_by->'subject'->>'id' = ${userId})
    and not exists (select 1 from approval_votes v where v.approval_id = approvals.id and v.user_id = ${userId})
    and exists (select 1 from role_assignments ra join users u on u.id = ra.principal_id join roles r on r.id = ra.role_id
                 where ra.enterprise_id = approvals.enterprise_id and ra.role_id = approvals.approver_role_id and ra.status = 'active'
                   and ra.principal_kind = 'user' and ra.principal_id = ${userId} and u.status = 'active' and r.status = 'active'
                   and ((ra.scope_propagation = 'subtree' and ra.scope_ref = any(approvals.scope_path))
                        or ra.scope_ref = approvals.scope_path[array_length(approvals.scope_path, 1)])))`;
}

async function writeEvent(tx: TransactionSql, row: ApprovalRow, type: string, attribution: SubjectAttribution | null): Promise<ApprovalView> {
  const view = presentApproval(row, await votesOf(tx, row.id));
  await recordEventSql(tx, {
    type,
    enterpriseId: row.enterprise_id,
    scopeRef: view.scope_ref,
    resourceRef: `approvals/${row.id}`,
    payload: view,
    attribution,
  });
  return view;
}

/** Opens the approval a workflow asked for; idempotent by its id (an activity retry returns the same row). */
export async function openApproval(sql: Sql, spec: ApprovalSpec, expiresAt: Date): Promise<ApprovalView> {
  return sql.begin(async (tx) => {
    const snapshot = {
      authority_ref: spec.requirement.authority_ref,
      governed_ref: spec.governedRef,
      expires_at: expiresAt.toISOString(),
      initiator_cannot_approve: spec.requirement.initiator_cannot_approve,
      reason_code: spec.requirement.reason_code,
      required_human_approvals: spec.requirement.required_human_approvals,
      requirement_key: spec.requirement.requirement_key,
      source: spec.requirement.source,
      approver_role_ref: spec.requirement.approver_role_ref,
    };
    const [inserted] = await tx.unsafe(
      `insert into approvals (id, enterprise_id, scope_path, action_family, governed_ref, operation_id, workflow_id, expires_at,
                              initiated_by, requirement_snapshot, approver_role_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9::text::jsonb, $10::text::jsonb, $11)
       on conflict (id) do nothing returning ${COLUMNS}`,
      [spec.approvalId, spec.enterpriseId, spec.scopePath as never, spec.actionFamily, spec.governedRef, spec.operationId, spec.workflowId,
        expiresAt, JSON.stringify(spec.initiatedBy), JSON.stringify(snapshot), spec.requirement.approver_role_ref.slice('roles/'.length)],
      { prepare: true },
    );
    if (!inserted) return presentApproval((await findApproval(tx, spec.approvalId))!, await votesOf(tx, spec.approvalId));
    return writeEvent(tx, toApprovalRow(inserted), APPROVAL_EVENTS.pending, spec.initiatedBy);
  });
}

/**
 * Writes what the workflow accepted: a vote (a user's second vote is a no-op) and, when the
 * workflow's state has moved on, the terminal status and decision, once (only from `pending`).
 */
export async function recordApprovalChange(
  sql: Sql,
  input: { approvalId: string; vote: ApprovalVote | null; decision: ApprovalDecision | null; attribution: SubjectAttribution | null; auditEntry?: EntryRecord },
): Promise<ApprovalView> {
  return sql.begin(async (tx) => {
    // The deciding request's audit entry commits with its vote or decision (none for expiry or abandonment).
    if (input.auditEntry) await writeCarriedEntry(tx, input.auditEntry);
    if (input.vote) {
      await tx`
        insert into approval_votes (approval_id, user_id, verdict, attribution, proof, note)
        values (${input.approvalId}, ${input.vote.principal.id}, ${input.vote.verdict}, ${tx.json(input.vote.attribution as never)}, ${input.vote.proof ?? null}, ${input.vote.note ?? null})
        on conflict (approval_id, user_id) do nothing`;
    }
    if (input.decision) {
      const [row] = await tx.unsafe(
        `update approvals set status = $2, decision = $3::text::jsonb, version = version + 1, updated_at = now()
          where id = $1 and status = 'pending' returning ${COLUMNS}`,
        [input.approvalId, input.decision.outcome, JSON.stringify(input.decision)],
        { prepare: true },
      );
      if (row) return writeEvent(tx, toApprovalRow(row), APPROVAL_EVENTS[input.decision.outcome], input.attribution);
    } else if (input.vote) {
      await tx`update approvals set version = version + 1, updated_at = now() where id = ${input.approvalId} and status = 'pending'`;
    }
    const current = await findApproval(tx, input.approvalId);
    if (!current) throw notFound('approval');
    return presentApproval(current, await votesOf(tx, input.approvalId));
  });
}

/**
 * Active users holding the approving role through an active assignment that covers the governed
 * scope (subtree at any ancestor, exact at the account itself), minus the initiator when barred.
 */
export async function eligibleApprovers(sql: Db, a: ApprovalRow): Promise<Array<{ id: string; display_name: string; email: string }>> {
  const last = a.scope_path[a.scope_path.length - 1];
  const barred = a.requirement_snapshot.initiator_cannot_approve ? a.initiated_by.subject.id : null;
  return sql<Array<{ id: string; display_name: string; email: string }>>`
    select distinct u.id, u.display_name, u.email
      from role_assignments ra join users u on u.id = ra.principal_id join roles r on r.id = ra.role_id
     where ra.enterprise_id = ${a.enterprise_id} and ra.role_id = ${a.approver_role_id} and ra.status = 'active'
       and ra.principal_kind = 'user' and u.status = 'active' and r.status = 'active'
       and ((ra.scope_propagation = 'subtree' and ra.scope_ref = any(${a.scope_path}::text[])) or ra.scope_ref = ${last})
       and (${barred}::uuid is null or u.id <> ${barred}::uuid)
     order by u.id`;
}

export async function isEligibleApprover(sql: Db, a: ApprovalRow, userId: string): Promise<boolean> {
  return (await eligibleApprovers(sql, a)).some((u) => u.id === userId);
}
