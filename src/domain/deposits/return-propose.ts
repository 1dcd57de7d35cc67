import type { Sql } from 'postgres';
import type { Caller } from '../../auth/caller';
import { AppError, notFound } from '../../errors';
import { uuidv7 } from '../../ids';
import type { IdempotencyScope } from '../../idempotency/store';
import type { Services } from '../../services';
import { parseAmount, placeHold, reversalExceedsRemaining, systemAccountRef } from '../../ledger';
import { assertNotDenied, evaluatePolicy, recordVelocity } from '../policies';
import { approvalSpecOf, startGovernedWorkflow } from '../approvals';
import { recordStart, type WorkflowStart } from '../../temporal/start-outbox';
import { pathOfRow } from '../funding/accounts';
import type { DepositRow } from '../funding/present';
import { DEPOSIT_COLUMNS } from './deposits';
import { DEPOSIT_RETURN_WORKFLOW, depositReturnWorkflowId, type DepositReturnWorkflowInput } from './messages';
import { proposedReturn, remainingToReturn, returnVelocityRef, type DepositReturnReason } from './return-model';
import { insertDepositReturn, openReturnsTotal, presentDepositReturn, recordReturnEvent, type DepositReturnRow } from './return-store';
import { DEPOSIT_RETURN_REQUESTED } from './return-events';
import { releaseDepositReturn } from './return-execute';

export interface DepositReturnInput {
  reason: DepositReturnReason;
  /** Absent: all of what remains to return. */
  amount?: { currency: string; value: string };
}

/**
 * Proposes returning a credited deposit (all or part of what remains) to its sender, under the policy
 * rules of family `deposit_return`: `deny` is 422 `policy_denied`; otherwise its amount is held on the
 * account (the money must be there: 422 `insufficient_funds`, 409 `account_restricted`) and
 * `deposit-return/<id>` starts, which waits for the approval a rule requires, then pays the sender back
 * through the deposit's provider and books the reversal. Open returns count against the remainder
 * (422 `reversal_exceeds_remaining`).
 */
export async function proposeDepositReturn(services: Services, caller: Caller, depositId: string, input: DepositReturnInput, idempotency?: IdempotencyScope): Promise<DepositReturnRow> {
  const [found] = await services.sql<DepositRow[]>`select ${DEPOSIT_COLUMNS(services.sql)} from deposits where id = ${depositId}`;
  if (!found || found.enterprise_id !== caller.enterpriseId) throw notFound('deposit');
  caller.require('deposits.return', pathOfRow(found), 'deposit');
  const taskQueue = services.config.taskQueue;
  const opened = (await services.sql.begin(async (tx) => {
    const [d] = await tx<DepositRow[]>`select ${DEPOSIT_COLUMNS(tx)} from deposits where id = ${depositId} for update`;
    if (!['credited', 'partially_reversed'].includes(d.status) || !d.ledger_transaction_id) {
      throw new AppError('EdgeUnprocessable', `The deposit is ${d.status}: only a credited deposit can be returned.`, { reason: 'deposit_not_credited', extensions: { status: d.status } });
    }
    if (input.amount && input.amount.currency.toUpperCase() !== d.asset) {
      throw new AppError('EdgeUnprocessable', `The deposit was in ${d.asset}.`, { reason: 'return_currency_mismatch', errors: [{ pointer: '/body/amount/currency', detail: `must be ${d.asset}` }] });
    }
    const remaining = remainingToReturn({ amount: BigInt(d.amount), reversed: BigInt(d.reversed_amount) }, await openReturnsTotal(tx, d.id));
    const amount = input.amount ? parseAmount(input.amount.value, d.asset) : remaining;
    if (amount <= 0n || amount > remaining) throw reversalExceedsRemaining(remaining < 0n ? 0n : remaining, amount, d.asset);
    const path = pathOfRow(d);
    const decision = await evaluatePolicy(
      tx,
      proposedReturn({ enterpriseId: d.enterprise_id, accountRef: d.account_ref, asset: d.asset, amount, depositId: d.id, initiatorKind: caller.subject.kind }),
      path,
    );
    assertNotDenied(decision);
    const id = uuidv7();
    const approvalId = decision.requirement ? uuidv7() : null;
    const hold = await placeHold(tx, {
      key: `deposit_return/${id}/hold`,
      enterpriseId: d.enterprise_id,
      accountRef: d.account_ref,
      asset: d.asset,
      amount,
      targetRef: systemAccountRef(d.enterprise_id, 'external_deposits'),
      metrics: services.metrics,
    });
    const row = await insertDepositReturn(tx, {
      id,
      enterprise_id: d.enterprise_id,
      deposit_id: d.id,
      account_ref: d.account_ref,
      asset: d.asset,
      amount: amount.toString(),
      reason: input.reason,
      status: approvalId ? 'pending_approval' : 'executing',
      hold_id: hold.id,
      approval_ref: approvalId ? `approvals/${approvalId}` : null,
      policy_decision: decision,
      subject_attribution: caller.attribution(),
    });
    const spec = approvalSpecOf({
      decision,
      approvalId,
      actionFamily: 'deposit_return',
      collection: 'deposit-returns',
      operationId: id,
      workflowId: depositReturnWorkflowId(id),
      enterpriseId: d.enterprise_id,
      scopePath: path,
      initiatedBy: row.subject_attribution,
    });
    const args: [DepositReturnWorkflowInput] = [{ returnId: id, depositId: d.id, enterpriseId: d.enterprise_id, clientId: d.client_id, accountRef: d.account_ref, approval: spec }];
    const start: WorkflowStart = { workflowType: DEPOSIT_RETURN_WORKFLOW, workflowId: depositReturnWorkflowId(id), taskQueue, args };
    await Promise.all([
      recordVelocity(tx, { operationRef: returnVelocityRef(id), enterpriseId: d.enterprise_id, accountRef: d.account_ref, actionFamily: 'deposit_return', asset: d.asset, amount }),
      recordReturnEvent(tx, row, row.subject_attribution, DEPOSIT_RETURN_REQUESTED),
      recordStart(tx, start),
      idempotency?.record(tx, { status: 201, body: presentDepositReturn(row) }),
    ]);
    return { row, spec, start };
  })) as { row: DepositReturnRow; spec: ReturnType<typeof approvalSpecOf>; start: WorkflowStart };
  await startGovernedWorkflow(services, {
    start: opened.start,
    approval: opened.spec,
    onStartFailure: () => releaseDepositReturn(services.sql, opened.row.id, 'failed', null, 'workflow_start_failed', { workflowId: opened.start.workflowId, answer: idempotency }),
  });
  return opened.row;
}

/** A deposit's returns, checking the caller may read the deposit (404 otherwise). */
export async function depositForReturns(sql: Sql, caller: Caller, depositId: string): Promise<DepositRow> {
  const [d] = await sql<DepositRow[]>`select ${DEPOSIT_COLUMNS(sql)} from deposits where id = ${depositId}`;
  if (!d || d.enterprise_id !== caller.enterpriseId) throw notFound('deposit');
  caller.require('funding.read', pathOfRow(d), 'deposit');
  return d;
}
