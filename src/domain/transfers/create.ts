import type { TransactionSql } from 'postgres';
import type { Caller } from '../../auth/caller';
import { notFound } from '../../errors';
import { recordEventSql } from '../../events/outbox';
import { uuidv7 } from '../../ids';
import type { IdempotencyScope } from '../../idempotency/store';
import type { Metrics } from '../../metrics';
import type { Services } from '../../services';
import { placeHold } from '../../ledger';
import { anyRuleCovers, assertNotDenied, decide, evaluatePolicy, recordVelocity, type PolicyDecision } from '../policies';
import { approvalSpecOf, startGovernedWorkflow, type ApprovalSpec } from '../approvals';
import { recordStart, type WorkflowStart } from '../../temporal/start-outbox';
import { placementPath, type Placement } from '../tenancy/placements';
import { referenceRefusal } from '../../db/references';
import { INTERNAL_TRANSFER_WORKFLOW, internalTransferWorkflowId, type InternalTransferWorkflowInput } from './messages';
import { lockMovable, transferRefusal } from './accounts';
import { assertDistinctAccounts, executedRow, pendingRow, proposed, transferVelocity, type NewInternalTransfer } from './model';
import { presentTransfer, transferEvent } from './present';
import { insertTransfer, type TransferRow } from './store';
import { issueTransfers } from './booking';
import { releaseTransfer } from './release';

/*
 * Internal transfers are written with raw SQL (services.sql): creating one is the ledger's hot path,
 * and the whole transaction — account checks, booking, transfer row, event — goes out as one
 * pipelined batch instead of the ORM's round trip per statement.
 */

/**
 * Creates an internal transfer under the policy rules (family `internal_transfer`, destination = the
 * target account). Existence, scope and permission are decided first, from the accounts' cached
 * placements (404 out of scope). When no active rule covers the source account (the per-process rule
 * cache), the transfer takes the fast path: `services.transferBooker` books it in a group commit
 * with the transfers arriving meanwhile (./group-booking). Otherwise
 * `governedTransfer` evaluates the rules (velocity lock included): `deny` is 422 `policy_denied`;
 * `allow` books, with the trace; `require_approval` holds the amount on the source, records
 * `pending_approval` and starts `internal-transfer/<id>`.
 */
export async function createInternalTransfer(services: Services, caller: Caller, input: NewInternalTransfer, idempotency?: IdempotencyScope): Promise<TransferRow> {
  assertDistinctAccounts(input);
  const placements = await services.placements.resolve([input.sourceRef, input.targetRef]);
  const source = placements.get(input.sourceRef);
  const target = placements.get(input.targetRef);
  if (!source) throw notFound('source account');
  caller.require('transfers.create', placementPath(source), 'source account');
  if (!target || !caller.sees(placementPath(target))) throw notFound('target account');

  const governed = await anyRuleCovers(services.policyRules, services.sql, caller.enterpriseId, 'internal_transfer', placementPath(source));
  try {
    if (!governed) {
      const row = executedRow(caller, input, decide([], proposed(caller, input), new Map(), new Date(), placementPath(source)), new Date());
      return await services.transferBooker.book({ input, row, idempotency });
    }
    const taskQueue = services.config.taskQueue;
    const opened = await services.sql.begin((tx) => governedTransfer(tx, caller, input, source, services.metrics, taskQueue, idempotency));
    if (!opened.spec) services.metrics.ledgerTransactions.inc({ kind: 'internal_transfer' }); // booked: counted once committed
    if (opened.spec) await startAwaitingApproval(services, opened, source, idempotency);
    return opened.row;
  } catch (err) {
    throw transferRefusal(await referenceRefusal(services.sql, err, 'internal_transfers', 'internal transfer', caller.enterpriseId, { reference: input.annotations?.reference ?? null }));
  }
}

export interface Opened {
  row: TransferRow;
  spec: ReturnType<typeof approvalSpecOf>;
}

/** After the accepting transaction committed: starts `internal-transfer/<id>` (or fails the transfer, releasing its hold, when it cannot). */
export async function startAwaitingApproval(services: Services, opened: Opened, source: Placement, idempotency?: IdempotencyScope): Promise<void> {
  const row = opened.row;
  const start = transferStart(row, source, opened.spec!, services.config.taskQueue);
  await startGovernedWorkflow(services, {
    start,
    approval: opened.spec,
    onStartFailure: () => releaseTransfer(services.sql, row.id, 'failed', null, 'workflow_start_failed', { workflowId: start.workflowId, answer: idempotency }),
  });
}

/**
 * The governed path, in its own transaction: the lifecycle check, the policy decision (serialised on
 * the velocity lock when a velocity rule applies), then booked at once (`allow`) or held for approval.
 */
async function governedTransfer(
  tx: TransactionSql,
  caller: Caller,
  input: NewInternalTransfer,
  source: Placement,
  metrics: Metrics,
  taskQueue: string,
  idempotency?: IdempotencyScope,
): Promise<Opened> {
  await lockMovable(tx, input.sourceRef, input.targetRef);
  const decision = await evaluatePolicy(tx, proposed(caller, input), placementPath(source));
  assertNotDenied(decision);
  const executed = executedRow(caller, input, decision, new Date());
  if (!decision.requirement) {
    // Booked as a group of one: the same statements as the fast path's group commits.
    const issued = issueTransfers(tx, [{ input, row: executed, idempotency }]);
    const failed = (await Promise.allSettled(issued.statements)).find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw await issued.explain(failed.reason);
    return { row: executed, spec: null };
  }
  return holdForApproval(tx, caller, input, executed, decision, source, metrics, taskQueue, idempotency);
}

/**
 * The transfer `executed` would have been, held for approval instead: the amount held on the source
 * (targeting the target), the row `pending_approval`, its velocity and event, and the start it is owed.
 */
export async function holdForApproval(
  tx: TransactionSql,
  caller: Caller,
  input: NewInternalTransfer,
  executed: TransferRow,
  decision: PolicyDecision,
  source: Placement,
  metrics: Metrics,
  taskQueue: string,
  idempotency?: IdempotencyScope,
): Promise<Opened> {
  const approvalId = uuidv7();
  const hold = await placeHold(tx, {
    key: `internal_transfer/${executed.id}/hold`,
    enterpriseId: caller.enterpriseId,
    accountRef: input.sourceRef,
    asset: input.asset.code,
    amount: input.amount,
    targetRef: input.targetRef,
    metrics,
  });
  const row = pendingRow(executed, approvalId, hold.id);
  await insertTransfer(tx, row);
  await recordVelocity(tx, transferVelocity(row));
  await recordEventSql(tx, transferEvent(row, row.subject_attribution));
  const spec = approvalSpecOf({
    decision,
    approvalId,
    actionFamily: 'internal_transfer',
    collection: 'internal-transfers',
    operationId: row.id,
    workflowId: internalTransferWorkflowId(row.id),
    enterpriseId: row.enterprise_id,
    scopePath: placementPath(source),
    initiatedBy: row.subject_attribution,
  });
  if (spec) await recordStart(tx, transferStart(row, source, spec, taskQueue));
  await idempotency?.record(tx, { status: 201, body: presentTransfer(row) });
  return { row, spec };
}

/** The start of `internal-transfer/<id>` a transfer awaiting approval is owed. */
function transferStart(row: TransferRow, source: Placement, approval: ApprovalSpec, taskQueue: string): WorkflowStart {
  const args: [InternalTransferWorkflowInput] = [{ transferId: row.id, enterpriseId: row.enterprise_id, clientId: source.clientId, accountRef: row.source_ref, approval }];
  return { workflowType: INTERNAL_TRANSFER_WORKFLOW, workflowId: internalTransferWorkflowId(row.id), taskQueue, args };
}
