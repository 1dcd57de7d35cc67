import type { Sql } from 'postgres';
import type { Caller, PrincipalRef, SubjectAttribution } from '../../auth/caller';
import { AppError, notFound } from '../../errors';
import { uuidv7 } from '../../ids';
import type { IdempotencyScope } from '../../idempotency/store';
import type { Metrics } from '../../metrics';
import type { Services } from '../../services';
import { parseAmount, placeHold, postHold, systemAccountRef, voidHold } from '../../ledger';
import { forgetUnstarted, recordStart, type UnstartedWorkflow, type WorkflowStart } from '../../temporal/start-outbox';
import { approvalSpecOf, startGovernedWorkflow } from '../approvals';
import { fundableAccount } from '../funding/accounts';
import { assertNotDenied, evaluatePolicy } from '../policies';
import { getAdjustment, insertAdjustment, lockAdjustment, moveAdjustment, presentAdjustment, recordAdjustmentEvent, type AdjustmentRelease, type AdjustmentRow, type AdjustmentStatus } from './adjustment-store';
import { BREAK_COLUMNS, recordBreakEvent, requireBreak, toBreakRow } from './breaks';
import { RECONCILIATION_EVENTS } from './events';
import { RECONCILIATION_ADJUSTMENT_WORKFLOW, reconciliationAdjustmentWorkflowId, type ReconciliationAdjustmentWorkflowInput } from './messages';

/*
 * Governed adjustments: the booking that corrects the books for a break (a bank fee, a payment the
 * ledger never saw). It is proposed under the policy rules of family `reconciliation_adjustment`; its
 * amount is held (on the account for a debit, on the enterprise's external deposits for a credit)
 * while the approval machinery decides, then the hold is posted by the ledger and the break resolves
 * with that transaction. Booked, it is never changed: another adjustment that reverses it undoes it.
 */

export interface AdjustmentInput {
  /** The account that bears (debit) or receives (credit) the correction. */
  accountRef: string;
  /** Absent: the break's whole difference. */
  amount?: { currency: string; value: string };
  note: string;
}

interface Plan {
  breakId: string;
  reversesId: string | null;
  accountRef: string;
  direction: 'credit' | 'debit';
  asset: string;
  amount: bigint;
  note: string;
}

/** Proposes the adjustment a live break asks for: a positive difference is credited to the account, a negative one debited. */
export async function proposeAdjustment(services: Services, caller: Caller, breakId: string, input: AdjustmentInput, idempotency?: IdempotencyScope): Promise<AdjustmentRow> {
  const b = await requireBreak(services.sql, caller, breakId, 'reconciliation.manage');
  const difference = BigInt(b.difference);
  if (difference === 0n) throw new AppError('EdgeUnprocessable', 'The break has no difference to book.', { errors: [{ pointer: '/body', detail: 'nothing to adjust' }] });
  if (input.amount && input.amount.currency.toUpperCase() !== b.asset) {
    throw new AppError('EdgeUnprocessable', `The break is in ${b.asset}.`, { errors: [{ pointer: '/body/amount/currency', detail: `must be ${b.asset}` }] });
  }
  const amount = input.amount ? parseAmount(input.amount.value, b.asset) : difference < 0n ? -difference : difference;
  return open(services, caller, { breakId, reversesId: null, accountRef: input.accountRef, direction: difference > 0n ? 'credit' : 'debit', asset: b.asset, amount, note: input.note }, idempotency);
}

/** Proposes undoing an executed adjustment: the same amount and account the other way, governed the same way. */
export async function proposeAdjustmentReversal(services: Services, caller: Caller, adjustmentId: string, note: string, idempotency?: IdempotencyScope): Promise<AdjustmentRow> {
  const a = await requireAdjustment(services.sql, caller, adjustmentId, 'reconciliation.manage');
  if (a.status !== 'executed') throw new AppError('EdgeConflict', `The adjustment is ${a.status}: only a booked one is reversed.`, { reason: 'adjustment_not_executed', extensions: { status: a.status } });
  if (a.reverses_id) throw new AppError('EdgeConflict', 'A reversal is not itself reversed: adjust the break again.', { reason: 'adjustment_is_reversal' });
  const plan: Plan = { breakId: a.break_id, reversesId: a.id, accountRef: a.account_ref, direction: a.direction === 'credit' ? 'debit' : 'credit', asset: a.asset, amount: BigInt(a.amount), note };
  return open(services, caller, plan, idempotency);
}

export async function requireAdjustment(sql: Sql, caller: Caller, id: string, permission: 'reconciliation.read' | 'reconciliation.manage'): Promise<AdjustmentRow> {
  const a = await getAdjustment(sql, id);
  if (!a || a.enterprise_id !== caller.enterpriseId) throw notFound('reconciliation adjustment');
  caller.require(permission, [caller.enterpriseRef], 'reconciliation adjustment');
  return a;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

async function open(services: Services, caller: Caller, plan: Plan, idempotency?: IdempotencyScope): Promise<AdjustmentRow> {
  const account = await fundableAccount(services.sql, plan.accountRef);
  if (!account || account.enterpriseId !== caller.enterpriseId) {
    throw new AppError('EdgeUnprocessable', 'No account of this enterprise has that reference.', { errors: [{ pointer: '/body/account_ref', detail: 'a client or master account of the enterprise' }] });
  }
  const external = systemAccountRef(caller.enterpriseId, plan.direction === 'credit' ? 'external_deposits' : 'external_withdrawals');
  const opened = await services.sql
    .begin(async (tx) => {
      const [b] = await tx.unsafe(`select ${BREAK_COLUMNS} from reconciliation_breaks where id = $1 for update`, [plan.breakId]);
      // A reversal corrects a decided break again; a first adjustment needs it live.
      if (!plan.reversesId && !['open', 'acknowledged'].includes(b.status)) throw new AppError('EdgeConflict', `The break is ${b.status}.`, { reason: 'break_decided', extensions: { status: b.status } });
      const [pending] = await tx`select id from reconciliation_adjustments where break_id = ${plan.breakId} and status in ('pending_approval', 'executing') limit 1`;
      if (pending) throw new AppError('EdgeConflict', 'An adjustment of this break is already waiting or booking.', { reason: 'adjustment_pending', extensions: { adjustment_id: pending.id } });
      const decision = await evaluatePolicy(
        tx,
        { enterpriseId: caller.enterpriseId, actionFamily: 'reconciliation_adjustment', accountRef: plan.accountRef, asset: plan.asset, amount: plan.amount, destinationRef: `reconciliation-breaks/${plan.breakId}`, initiatorKind: caller.subject.kind },
        account.path,
      );
      assertNotDenied(decision);
      const id = uuidv7();
      const approvalId = decision.requirement ? uuidv7() : null;
      const [source, target] = plan.direction === 'credit' ? [external, plan.accountRef] : [plan.accountRef, external];
      const hold = await placeHold(tx, { key: `reconciliation_adjustment/${id}/hold`, enterpriseId: caller.enterpriseId, accountRef: source, asset: plan.asset, amount: plan.amount, targetRef: target, metrics: services.metrics });
      const row = await insertAdjustment(tx, {
        id,
        enterprise_id: caller.enterpriseId,
        break_id: plan.breakId,
        reverses_id: plan.reversesId,
        account_ref: plan.accountRef,
        client_id: account.clientId,
        direction: plan.direction,
        asset: plan.asset,
        amount: plan.amount.toString(),
        note: plan.note,
        status: approvalId ? 'pending_approval' : 'executing',
        hold_id: hold.id,
        approval_ref: approvalId ? `approvals/${approvalId}` : null,
        policy_decision: decision,
        subject_attribution: caller.attribution(),
      });
      const workflowId = reconciliationAdjustmentWorkflowId(id);
      const spec = approvalSpecOf({ decision, approvalId, actionFamily: 'reconciliation_adjustment', collection: 'reconciliation-adjustments', operationId: id, workflowId, enterpriseId: caller.enterpriseId, scopePath: account.path, initiatedBy: row.subject_attribution });
      const args: [ReconciliationAdjustmentWorkflowInput] = [{ adjustmentId: id, enterpriseId: caller.enterpriseId, clientId: account.clientId, accountRef: plan.accountRef, approval: spec }];
      const start: WorkflowStart = { workflowType: RECONCILIATION_ADJUSTMENT_WORKFLOW, workflowId, taskQueue: services.config.taskQueue, args };
      await Promise.all([
        recordAdjustmentEvent(tx, row, row.subject_attribution, RECONCILIATION_EVENTS.adjustmentRequested),
        recordStart(tx, start),
        idempotency?.record(tx, { status: 201, body: presentAdjustment(row) }),
      ]);
      return { row, spec, start };
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new AppError('EdgeConflict', 'The adjustment is reversed already.', { reason: 'adjustment_reversed' });
      throw err;
    });
  await startGovernedWorkflow(services, {
    start: opened.start,
    approval: opened.spec,
    onStartFailure: () => releaseAdjustment(services.sql, opened.row.id, 'failed', null, 'workflow_start_failed', { workflowId: opened.start.workflowId, answer: idempotency }),
  });
  return opened.row;
}

/** pending_approval → executing once approved (records who approved). Returns the status after. */
export function markAdjustmentExecuting(sql: Sql, id: string, approvedBy: PrincipalRef[]): Promise<AdjustmentStatus | null> {
  return sql.begin(async (tx): Promise<AdjustmentStatus | null> => {
    const row = await lockAdjustment(tx, id);
    if (!row || row.status !== 'pending_approval') return row?.status ?? null;
    return (await moveAdjustment(tx, row, { status: 'executing', subject_attribution: { ...row.subject_attribution, approved_by: approvedBy } }, null)).status;
  }) as Promise<AdjustmentStatus | null>;
}

/**
 * executing → executed: the ledger posts the hold (business key `reconciliation_adjustment/<id>`) and
 * the break resolves with that transaction, in one transaction; a repeat finds it executed. A posting
 * the ledger refuses (the account closed meanwhile) fails the adjustment with the hold voided.
 */
export async function bookAdjustment(sql: Sql, id: string, metrics?: Metrics): Promise<AdjustmentStatus | null> {
  try {
    return (await sql.begin(async (tx): Promise<AdjustmentStatus | null> => {
      const row = await lockAdjustment(tx, id);
      if (!row || row.status !== 'executing') return row?.status ?? null;
      // The break before the balances, as a proposal locks them.
      const [b] = await tx.unsafe(`select ${BREAK_COLUMNS} from reconciliation_breaks where id = $1 for update`, [row.break_id]);
      const { transaction } = await postHold(tx, { holdId: row.hold_id!, key: `reconciliation_adjustment/${id}`, kind: 'reconciliation_adjustment', metrics });
      const moved = await moveAdjustment(tx, row, { status: 'executed', ledger_transaction_id: transaction.id, executed_at: new Date() }, null);
      if (!row.reverses_id && ['open', 'acknowledged'].includes(b.status)) {
        const [resolved] = await tx.unsafe(
          `update reconciliation_breaks set status = 'resolved', resolution = 'corrected', resolution_ledger_transaction_id = $2, decided_by = $3::text::jsonb, decided_at = now(),
             note = coalesce(note, $4), version = version + 1, updated_at = now() where id = $1 returning ${BREAK_COLUMNS}`,
          [b.id, transaction.id, JSON.stringify(row.subject_attribution), `Adjusted by reconciliation adjustment ${id}.`],
        );
        await recordBreakEvent(tx, RECONCILIATION_EVENTS.breakResolved, toBreakRow(resolved), row.subject_attribution);
      }
      return moved.status;
    })) as AdjustmentStatus | null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return releaseAdjustment(sql, id, 'failed', null, `booking_refused:${err.options.reason ?? 'unknown'}`, undefined, ['executing']);
  }
}

/**
 * pending_approval → rejected | expired | cancelled | failed (or executing → failed when booking was
 * refused): voids the hold, exactly once. Returns the status after (unchanged when it had moved on).
 */
export function releaseAdjustment(
  sql: Sql,
  id: string,
  status: AdjustmentRelease,
  attribution: SubjectAttribution | null,
  failureReason: string | null = null,
  unstarted?: UnstartedWorkflow,
  from: AdjustmentStatus[] = ['pending_approval'],
): Promise<AdjustmentStatus | null> {
  return sql.begin(async (tx): Promise<AdjustmentStatus | null> => {
    const row = await lockAdjustment(tx, id);
    if (!row) return null;
    if (!from.includes(row.status)) return row.status;
    await forgetUnstarted(tx, unstarted);
    await voidHold(tx, { holdId: row.hold_id! });
    return (await moveAdjustment(tx, row, { status, failure_reason: status === 'failed' ? (failureReason ?? 'failed') : null }, attribution)).status;
  }) as Promise<AdjustmentStatus | null>;
}
