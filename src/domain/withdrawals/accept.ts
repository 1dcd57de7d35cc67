import type { Sql } from 'postgres';
import type { Caller } from '../../auth/caller';
import { conflict, notFound, stateReason } from '../../errors';
import { uuidv7 } from '../../ids';
import type { Metrics } from '../../metrics';
import { placeHold } from '../../ledger';
import { quoteFees } from '../fees/agreements';
import { fundableAccount, type FundableAccount } from '../funding/accounts';
import { enterpriseClosed, enterpriseSuspended } from '../tenancy/lifecycle';
import { assertNotDenied, evaluatePolicy, recordVelocity } from '../policies';
import { approvalSpecOf, type ApprovalSpec } from '../approvals';
import { recordStart, type WorkflowStart } from '../../temporal/start-outbox';
import type { IdempotencyScope } from '../../idempotency/store';
import { referenceRefusal } from '../../db/references';
import { findDestination } from './destinations';
import { WITHDRAWAL_WORKFLOW, withdrawalWorkflowId, type WithdrawalWorkflowInput } from './messages';
import { acceptedRow, accountRefusal, assertUsableDestination, heldAmount, holdKey, proposed, velocityRef, type AccountRefusal, type NewWithdrawal } from './model';
import { presentWithdrawal } from './present';
import { insertWithdrawal, recordWithdrawalEvent, returnedRow, shareAccountState, type WithdrawalRow } from './store';

/** The start of `withdrawal/<id>` an accepted withdrawal is owed, with the approval it opens (null without one). */
export interface OwedStart {
  start: WorkflowStart;
  approval: ApprovalSpec | null;
}

export function withdrawalStart(created: WithdrawalRow, account: FundableAccount, taskQueue: string): OwedStart {
  const workflowId = withdrawalWorkflowId(created.id);
  const approval = approvalSpecOf({
    decision: created.policy_decision,
    approvalId: created.approval_id,
    actionFamily: 'withdrawal',
    collection: 'withdrawals',
    operationId: created.id,
    workflowId,
    enterpriseId: created.enterprise_id,
    scopePath: account.path,
    initiatedBy: created.subject_attribution,
  });
  const args: [WithdrawalWorkflowInput] = [{ withdrawalId: created.id, enterpriseId: created.enterprise_id, clientId: created.client_id, accountRef: created.account_ref, approval }];
  return { start: { workflowType: WITHDRAWAL_WORKFLOW, workflowId, taskQueue, args }, approval };
}

const refusalError = (r: AccountRefusal) => {
  if (r.of === 'enterprise') return r.state === 'closed' ? enterpriseClosed() : enterpriseSuspended();
  return conflict(`The ${r.of} is ${r.status}.`, stateReason(r.of, r.status));
};

export interface AcceptedWithdrawal extends OwedStart {
  row: WithdrawalRow;
  account: FundableAccount;
}

/**
 * Accepts a withdrawal in one transaction: checks, policy decision (deny is 422), fee quote, a hold
 * of amount + fee (insufficient funds is 422), the record and its event, the velocity entry, the
 * start its `withdrawal/<id>` workflow is owed on `taskQueue` (see temporal/start-outbox) and the
 * request's Idempotency-Key answer. Returns the owed start: the caller starts the workflow, which
 * owns everything after.
 */
export async function acceptWithdrawal(
  sql: Sql,
  caller: Caller,
  input: NewWithdrawal,
  metrics: Metrics,
  opts: { taskQueue: string; idempotency?: IdempotencyScope },
): Promise<AcceptedWithdrawal> {
  const [account, destination] = await Promise.all([fundableAccount(sql, input.accountRef), findDestination(sql, input.destinationId)]);
  if (!account) throw notFound('account');
  caller.require('withdrawals.create', account.path, 'account');
  assertUsableDestination(destination, account, input);
  const fees = await quoteFees(sql, { enterpriseId: account.enterpriseId, operationType: 'withdrawal', asset: input.asset.code, amount: input.amount, rail: input.rail });
  const now = new Date();
  const id = uuidv7();
  let owed: OwedStart | undefined;
  const row = await sql.begin(async (tx) => {
    const refusal = accountRefusal(await shareAccountState(tx, account));
    if (refusal) throw refusalError(refusal);
    const decision = await evaluatePolicy(tx, proposed(caller, account, input), account.path);
    assertNotDenied(decision);
    const created = acceptedRow(caller, account, input, fees, decision, { id, approvalId: uuidv7 }, now);
    owed = withdrawalStart(created, account, opts.taskQueue);
    const key = holdKey(id);
    // The hold locks the account's balance row until commit, and every withdrawal of the account
    // queues there: the record (hold_id read from the hold's key), the velocity entry and the event
    // ride in the same pipeline as the hold, so the lock is held for one round trip and the commit.
    const hold = placeHold(tx, { key, enterpriseId: account.enterpriseId, accountRef: account.accountRef, asset: input.asset.code, amount: heldAmount(input, fees), metrics });
    const insert = insertWithdrawal(tx, created, key);
    insert.execute();
    const results = await Promise.allSettled([
      hold,
      insert,
      recordVelocity(tx, { operationRef: velocityRef(id), enterpriseId: account.enterpriseId, accountRef: account.accountRef, actionFamily: 'withdrawal', asset: input.asset.code, amount: input.amount }),
      recordWithdrawalEvent(tx, created, created.subject_attribution),
      recordStart(tx, owed.start),
      // Last: the key's row is the last lock taken. Stored with the effect, a retry after a crash replays it instead of withdrawing again.
      ...(opts.idempotency ? [opts.idempotency.record(tx, { status: 201, body: presentWithdrawal(created) })] : []),
    ]);
    // The first failure in pipeline order is the cause (e.g. insufficient funds); the rest only saw the aborted transaction.
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    return returnedRow(await insert)!;
  }).catch(async (err: unknown) => {
    throw await referenceRefusal(sql, err, 'withdrawals', 'withdrawal', account.enterpriseId, { reference: input.annotations?.reference ?? null });
  });
  return { row, account, ...owed! };
}
