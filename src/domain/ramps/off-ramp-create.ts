import type { Sql } from 'postgres';
import type { SubjectAttribution } from '../../auth/caller';
import { referenceRefusal } from '../../db/references';
import type { IdempotencyScope } from '../../idempotency/store';
import { uuidv7 } from '../../ids';
import { placeHold } from '../../ledger';
import type { Metrics } from '../../metrics';
import type { ReferenceMetadata } from '../../schema/metadata';
import type { Services } from '../../services';
import { recordStart, type UnstartedWorkflow, type WorkflowStart } from '../../temporal/start-outbox';
import { approvalSpecOf, startGovernedWorkflow, type ApprovalSpec } from '../approvals';
import { lockMovableAccount, storeFees } from '../conversions/ledger';
import { assertNotDenied, evaluatePolicy, recordVelocity } from '../policies';
import { tradablePair } from '../pricing/pairs';
import { priceConversion, type MarketPrice } from '../pricing/prices';
import { OFF_RAMP_WORKFLOW, offRampWorkflowId, type OffRampWorkflowInput } from './messages';
import { OFF_RAMP_PAIR_POINTERS, OFF_RAMP_UNSTARTED, assertPayoutMethod, rampAssets } from './model';
import { releaseHold } from './off-ramp-approval';
import { insertOffRamp, offRampSessions, payoutMethodToCheck, type OffRampRow } from './off-ramp-store';
import { presentOffRamp } from './present';

/*
 * Off-ramp sessions (asset → fiat payout to a payout method): the asset amount plus the off-ramp fee
 * is held at creation; the workflow fixes the rate (the market price from its provider), submits the
 * payout to the bank rail's provider (once accepted: the hold posted and the fiat booked out through FX
 * liquidity), and completes when the provider confirms. Before the payout is accepted, a cancellation
 * or a failure releases the hold exactly once; a payout the bank returns afterwards is credited back
 * to the account in the fiat currency.
 */

export interface NewOffRamp {
  enterpriseId: string;
  accountRef: string;
  asset: string;
  fiatCurrency: string;
  /** Minor units of `asset`. */
  amount: bigint;
  payoutMethodId: string;
  attribution: SubjectAttribution;
  metrics?: Metrics;
  /** Task queue of the session's workflow. */
  taskQueue: string;
  /** The request's Idempotency-Key: its answer (201, the session) is stored in the session's own transaction. */
  idempotency?: IdempotencyScope;
  /** Sandbox payout rail: time from payout_sent to the bank's confirmation. */
  payoutSettleMs: number;
  /** The market price of the asset → fiat pair (its provider), asked before the session's transaction. */
  market: MarketPrice;
  /** The integrator's reference and metadata (none when absent). */
  annotations?: ReferenceMetadata;
}

/**
 * POST /off-ramp-sessions: records the session with its hold, then starts `off-ramp/<id>` (temporal/
 * start-outbox: the start is owed in the session's transaction, so a process that dies before it
 * leaves it to the worker's sweeper) and, with an approval, waits until the workflow has opened it.
 * A start that fails ends the session `failed` (`workflow_start_failed`, hold released) and propagates.
 */
export async function createOffRamp(services: Services, input: NewOffRamp): Promise<OffRampRow> {
  const { row, start, approval } = await acceptOffRamp(services.sql, input);
  await startGovernedWorkflow(services, { start, approval, onStartFailure: () => failUnstartedOffRamp(services.sql, row.id, { workflowId: start.workflowId, answer: input.idempotency }) });
  return row;
}

/**
 * Records a session and holds amount + fee, with the workflow start it is owed, in one transaction. The payout
 * method must be an active one of this account in `fiat_currency` (422 otherwise, 409 when
 * disabled). Then the policy rules decide (family `off_ramp`, the asset and amount, destination
 * `payout-methods/<id>`): `deny` is 422 `policy_denied`; `require_approval` records the session as
 * `pending_approval` (the workflow waits on the approval before converting); otherwise `requested`.
 * Insufficient funds is 422.
 */
export async function acceptOffRamp(sql: Sql, input: NewOffRamp): Promise<{ row: OffRampRow; start: WorkflowStart; approval: ApprovalSpec | null }> {
  const { fiat } = rampAssets(input.fiatCurrency, input.asset);
  const mid = await input.market(await tradablePair(sql, input.asset, fiat.code, OFF_RAMP_PAIR_POINTERS), { firm: false });
  const annotations = input.annotations ?? { reference: null, referenceUnique: false, metadata: {} };
  return (await sql.begin(async (tx) => {
    const account = await lockMovableAccount(tx, input.accountRef, input.enterpriseId, { outgoing: true });
    assertPayoutMethod(await payoutMethodToCheck(tx, input.payoutMethodId, input.enterpriseId), input.accountRef, fiat.code);
    const pair = await tradablePair(tx, input.asset, fiat.code, OFF_RAMP_PAIR_POINTERS);
    const priced = await priceConversion(tx, { enterpriseId: input.enterpriseId, pair, mid, fromAmount: input.amount, operationType: 'off_ramp', pointer: '/body/amount/value' });
    const decision = await evaluatePolicy(
      tx,
      {
        enterpriseId: input.enterpriseId,
        actionFamily: 'off_ramp',
        accountRef: input.accountRef,
        asset: input.asset,
        amount: input.amount,
        destinationRef: `payout-methods/${input.payoutMethodId}`,
        initiatorKind: input.attribution.subject.kind,
      },
      account.path,
    );
    assertNotDenied(decision);
    const id = uuidv7();
    const approvalId = decision.requirement ? uuidv7() : null;
    const hold = await placeHold(tx, {
      key: `off_ramp/${id}/hold`,
      enterpriseId: input.enterpriseId,
      accountRef: input.accountRef,
      asset: input.asset,
      amount: input.amount + priced.fee.total,
      metrics: input.metrics,
    });
    const row = await insertOffRamp(tx, {
      id,
      enterpriseId: input.enterpriseId,
      clientId: account.clientId,
      accountRef: input.accountRef,
      asset: input.asset,
      fiatCurrency: fiat.code,
      pairId: pair.id,
      payoutMethodId: input.payoutMethodId,
      amount: input.amount,
      fee: { total: priced.fee.total, components: storeFees(priced.fee.components) },
      status: approvalId ? 'pending_approval' : 'requested',
      holdId: hold.id,
      attribution: input.attribution,
      approvalRef: approvalId ? `approvals/${approvalId}` : null,
      decision,
      annotations,
    });
    await recordVelocity(tx, { operationRef: `off-ramp-sessions/${id}`, enterpriseId: input.enterpriseId, accountRef: input.accountRef, actionFamily: 'off_ramp', asset: input.asset, amount: input.amount });
    await offRampSessions.recordEvent(tx, row, input.attribution);
    const approval = approvalSpecOf({
      decision,
      approvalId,
      actionFamily: 'off_ramp',
      collection: 'off-ramp-sessions',
      operationId: id,
      workflowId: offRampWorkflowId(id),
      enterpriseId: input.enterpriseId,
      scopePath: account.path,
      initiatedBy: input.attribution,
    });
    const args: [OffRampWorkflowInput] = [
      { sessionId: id, enterpriseId: input.enterpriseId, clientId: row.client_id, accountRef: input.accountRef, payoutSettleMs: input.payoutSettleMs, approval },
    ];
    const start: WorkflowStart = { workflowType: OFF_RAMP_WORKFLOW, workflowId: offRampWorkflowId(id), taskQueue: input.taskQueue, args };
    await Promise.all([recordStart(tx, start), input.idempotency?.record(tx, { status: 201, body: presentOffRamp(row) })]);
    return { row, start, approval };
  }).catch(async (err: unknown) => {
    throw await referenceRefusal(sql, err, 'off_ramp_sessions', 'off-ramp session', input.enterpriseId, annotations);
  })) as { row: OffRampRow; start: WorkflowStart; approval: ApprovalSpec | null };
}

/** requested or pending_approval → failed (`workflow_start_failed`): the hold released and the owed start forgotten, in one transaction. */
function failUnstartedOffRamp(sql: Sql, id: string, unstarted: UnstartedWorkflow) {
  return offRampSessions.failUnstarted(sql, id, OFF_RAMP_UNSTARTED, unstarted, (tx, row) => releaseHold(tx, row, 'failed', 'workflow_start_failed'));
}
