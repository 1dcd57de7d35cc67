import type { Row, Sql, TransactionSql } from 'postgres';
import type { Caller, PrincipalRef, SubjectAttribution } from '../../auth/caller';
import { etagOf } from '../../db/base';
import { AppError, notFound } from '../../errors';
import { recordEventSql } from '../../events/outbox';
import { uuidv7 } from '../../ids';
import type { CheckpointSigner } from '../../ledger';
import type { Services } from '../../services';
import { forgetUnstarted, recordStart, type UnstartedWorkflow, type WorkflowStart } from '../../temporal/start-outbox';
import { approvalSpecOf, startGovernedWorkflow } from '../approvals';
import { assertNotDenied, evaluatePolicy, type PolicyDecision } from '../policies';
import { RECONCILIATION_EVENTS } from './events';
import { RECONCILIATION_PERIOD_CLOSE_WORKFLOW, reconciliationPeriodCloseWorkflowId, type ReconciliationPeriodCloseWorkflowInput } from './messages';
import { assertClosable, dayTurnover, signPeriod, type PeriodRow } from './periods';
import { findAccount, type ReconciliationAccountRow } from './store';

/*
 * Closing a day under approval. Policy rules of family `reconciliation_period_close` weigh the day's
 * statement turnover (what moved in and out) on the account's asset: none that applies, and the day
 * closes at once; one that requires approval, and the request waits in reconciliation_period_closes
 * for its quorum (the initiator barred when the rule says so), then the day closes signed, naming its
 * approvers, if it still can. Rejected, expired or cancelled, nothing closes.
 */

export type PeriodCloseStatus = 'pending_approval' | 'closed' | 'rejected' | 'expired' | 'cancelled' | 'failed';

export interface PeriodCloseRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  account_id: string;
  period: string;
  status: PeriodCloseStatus;
  failure_reason: string | null;
  approval_ref: string;
  policy_decision: PolicyDecision;
  subject_attribution: SubjectAttribution;
}

const COLUMNS = `id, version, created_at, updated_at, enterprise_id, account_id, to_char(period, 'YYYY-MM-DD') as period, status, failure_reason, approval_ref, policy_decision, subject_attribution`;
const toRow = (r: Row) => r as unknown as PeriodCloseRow;

export function presentPeriodClose(c: PeriodCloseRow) {
  return {
    id: c.id,
    resource: 'reconciliation_period_close' as const,
    account_id: c.account_id,
    period: c.period,
    status: c.status,
    failure_reason: c.failure_reason,
    approval_ref: c.approval_ref,
    subject_attribution: c.subject_attribution,
    etag: etagOf(c),
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
}

async function recordCloseEvent(tx: TransactionSql, c: PeriodCloseRow, attribution: SubjectAttribution | null) {
  await recordEventSql(tx, {
    type: c.status === 'pending_approval' ? RECONCILIATION_EVENTS.periodCloseRequested : RECONCILIATION_EVENTS.periodCloseEnded,
    enterpriseId: c.enterprise_id,
    scopeRef: `enterprises/${c.enterprise_id}`,
    resourceRef: `reconciliation-period-closes/${c.id}`,
    payload: presentPeriodClose(c),
    attribution,
  });
}

export async function requirePeriodClose(sql: Sql, caller: Caller, id: string): Promise<PeriodCloseRow> {
  const [r] = await sql.unsafe(`select ${COLUMNS} from reconciliation_period_closes where id = $1`, [id]);
  if (!r || r.enterprise_id !== caller.enterpriseId) throw notFound('period close');
  caller.require('reconciliation.read', [caller.enterpriseRef], 'period close');
  return toRow(r);
}

export type CloseOutcome = { closed: PeriodRow } | { pending: PeriodCloseRow };

/** Closes `day` now, or, when a policy rule requires approval, asks for it (409 `period_close_pending` while one waits). */
export async function requestPeriodClose(services: Services, signer: CheckpointSigner, caller: Caller, account: ReconciliationAccountRow, day: string): Promise<CloseOutcome> {
  const opened = await services.sql.begin(async (tx) => {
    await tx`select id from reconciliation_accounts where id = ${account.id} for update`;
    await assertClosable(tx, account, day);
    const [waiting] = await tx`select id from reconciliation_period_closes where account_id = ${account.id} and period = ${day}::date and status = 'pending_approval'`;
    if (waiting) throw new AppError('EdgeConflict', `Closing ${day} waits for its approval already.`, { reason: 'period_close_pending', extensions: { period_close_id: waiting.id } });
    const scopePath = [caller.enterpriseRef];
    const decision = await evaluatePolicy(
      tx,
      { enterpriseId: account.enterprise_id, actionFamily: 'reconciliation_period_close', accountRef: `reconciliation-accounts/${account.id}`, asset: account.asset, amount: await dayTurnover(tx, account.id, day), destinationRef: `reconciliation-accounts/${account.id}/periods/${day}`, initiatorKind: caller.subject.kind },
      scopePath,
    );
    assertNotDenied(decision);
    if (!decision.requirement) return { closed: await signPeriod(tx, signer, account, day, caller.attribution()), pending: null };
    const id = uuidv7();
    const approvalId = uuidv7();
    const [r] = await tx.unsafe(
      `insert into reconciliation_period_closes (id, enterprise_id, account_id, period, status, approval_ref, policy_decision, subject_attribution)
       values ($1, $2, $3, $4::date, 'pending_approval', $5, $6::text::jsonb, $7::text::jsonb) returning ${COLUMNS}`,
      [id, account.enterprise_id, account.id, day, `approvals/${approvalId}`, JSON.stringify(decision), JSON.stringify(caller.attribution())],
    );
    const row = toRow(r);
    const workflowId = reconciliationPeriodCloseWorkflowId(id);
    const spec = approvalSpecOf({ decision, approvalId, actionFamily: 'reconciliation_period_close', collection: 'reconciliation-period-closes', operationId: id, workflowId, enterpriseId: account.enterprise_id, scopePath, initiatedBy: row.subject_attribution })!;
    const args: [ReconciliationPeriodCloseWorkflowInput] = [{ closeId: id, enterpriseId: account.enterprise_id, accountId: account.id, approval: spec }];
    const start: WorkflowStart = { workflowType: RECONCILIATION_PERIOD_CLOSE_WORKFLOW, workflowId, taskQueue: services.config.taskQueue, args };
    await recordCloseEvent(tx, row, row.subject_attribution);
    await recordStart(tx, start);
    return { closed: null, pending: row, spec, start };
  });
  if (opened.pending === null) return { closed: opened.closed };
  await startGovernedWorkflow(services, {
    start: opened.start,
    approval: opened.spec,
    onStartFailure: () => endPeriodClose(services.sql, opened.pending.id, 'failed', null, 'workflow_start_failed', { workflowId: opened.start.workflowId }),
  });
  return { pending: opened.pending };
}

async function move(tx: TransactionSql, c: PeriodCloseRow, status: PeriodCloseStatus, failureReason: string | null, attribution: SubjectAttribution | null): Promise<PeriodCloseRow> {
  const [r] = await tx.unsafe(
    `update reconciliation_period_closes set status = $2, failure_reason = $3, subject_attribution = $4::text::jsonb, version = version + 1, updated_at = now() where id = $1 returning ${COLUMNS}`,
    [c.id, status, failureReason, JSON.stringify(c.subject_attribution)],
  );
  const moved = toRow(r);
  await recordCloseEvent(tx, moved, attribution);
  return moved;
}

const lock = async (tx: TransactionSql, id: string) => {
  const [r] = await tx.unsafe(`select ${COLUMNS} from reconciliation_period_closes where id = $1 for update`, [id]);
  return r ? toRow(r) : null;
};

/**
 * Approved: closes the day signed by its initiator and naming its approvers, once; a day that can no
 * longer close (a break opened meanwhile) fails the request with the blocker. Answers the status after.
 */
export async function closeApprovedPeriod(sql: Sql, signer: CheckpointSigner, id: string, approvedBy: PrincipalRef[]): Promise<PeriodCloseStatus | null> {
  return sql.begin(async (tx): Promise<PeriodCloseStatus | null> => {
    const c = await lock(tx, id);
    if (!c || c.status !== 'pending_approval') return c?.status ?? null;
    const account = await findAccount(tx, c.account_id);
    if (!account) return (await move(tx, c, 'failed', 'account_gone', null)).status;
    await tx`select id from reconciliation_accounts where id = ${account.id} for update`;
    const closedBy = { ...c.subject_attribution, approved_by: approvedBy };
    try {
      await tx.savepoint((sp) => signPeriod(sp, signer, account, c.period, closedBy));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const blocker = (err.options.extensions?.blocker as string | undefined) ?? err.options.reason ?? 'not_closable';
      return (await move(tx, c, 'failed', blocker, null)).status;
    }
    return (await move(tx, { ...c, subject_attribution: closedBy }, 'closed', null, closedBy)).status;
  }) as Promise<PeriodCloseStatus | null>;
}

/** Rejected, expired, cancelled (or its workflow never started): nothing closes. Answers the status after. */
export function endPeriodClose(sql: Sql, id: string, status: 'rejected' | 'expired' | 'cancelled' | 'failed', attribution: SubjectAttribution | null, failureReason: string | null = null, unstarted?: UnstartedWorkflow): Promise<PeriodCloseStatus | null> {
  return sql.begin(async (tx): Promise<PeriodCloseStatus | null> => {
    const c = await lock(tx, id);
    if (!c || c.status !== 'pending_approval') return c?.status ?? null;
    await forgetUnstarted(tx, unstarted);
    return (await move(tx, c, status, failureReason, attribution)).status;
  }) as Promise<PeriodCloseStatus | null>;
}
