import type { Sql, TransactionSql } from 'postgres';
import type { Db } from '../../db/sql';
import { sessionStore } from './transition';
import type { Caller, PrincipalRef, SubjectAttribution } from '../../auth/caller';
import { AppError, conflict, notFound } from '../../errors';
import { etagOf, iso, type AccountOwnedRow, type Alongside } from '../../db/base';
import { uuidv7 } from '../../ids';
import type { Metrics } from '../../metrics';
import type { Services } from '../../services';
import type { IdempotencyScope } from '../../idempotency/store';
import { assertNotDenied, evaluatePolicy, recordVelocity, releaseVelocity, type PolicyDecision } from '../policies';
import { approvalSpecOf, cancelAwaitingApproval, startGovernedWorkflow, type ApprovalSpec } from '../approvals';
import { ASSETS, creditExternalDeposit, money, placeHold, systemAccountRef, voidHold } from '../../ledger';
import { bookExchange, loadFees, lockMovableAccount, storeFees, type StoredFee } from '../conversions/ledger';
import { getPair, tradablePair } from '../pricing/pairs';
import { clientRate, convertMinor, feeSummary, priceConversion, type MarketPrice } from '../pricing/prices';
import type { WithdrawalRail } from '../../providers/rails';
import { formatDecimalDown, serialise } from '../../reference/rational';
import type { CarriedEntry } from '../audit/entries';
import { OFF_RAMP_EVENTS, OFF_RAMP_UPDATED } from './events';
import type { ReferenceMetadata } from '../../schema/metadata';
import { referenceRefusal } from '../../db/references';
import { OFF_RAMP_CANCEL_UPDATE, OFF_RAMP_NOT_CANCELLABLE, OFF_RAMP_WORKFLOW, RAMP_CANCELLED_SIGNAL, offRampWorkflowId, type OffRampStatus, type OffRampWorkflowInput } from './messages';
import { recordStart, type UnstartedWorkflow, type WorkflowStart } from '../../temporal/start-outbox';

/*
 * Off-ramp sessions (asset → fiat payout to a payout method): the asset amount plus the off-ramp fee
 * is held at creation; the workflow fixes the rate (the market price from its provider), submits the
 * payout to the bank rail's provider (once accepted: the hold posted and the fiat booked out through FX
 * liquidity), and completes when the provider confirms. Before the payout is accepted, a cancellation
 * or a failure releases the hold exactly once; a payout the bank returns afterwards is credited back
 * to the account in the fiat currency.
 */

export interface OffRampRow extends AccountOwnedRow {
  asset: string;
  fiat_currency: string;
  pair_id: string;
  payout_method_id: string;
  amount: string;
  fee_amount: string;
  fee_components: StoredFee[];
  status: OffRampStatus;
  hold_id: string;
  fiat_amount: string | null;
  rate: string | null;
  price: string | null;
  payout_reference: string | null;
  failure_reason: string | null;
  ledger_transaction_id: string | null;
  subject_attribution: SubjectAttribution;
  payout_sent_at: Date | null;
  completed_at: Date | null;
  approval_ref: string | null;
  policy_decision: PolicyDecision | null;
  reference: string | null;
  reference_unique: boolean;
  metadata: Record<string, string>;
}

const COLUMN_LIST = `
  id, version, created_at, updated_at, enterprise_id, client_id, account_ref, asset, fiat_currency, pair_id, payout_method_id,
  amount::text as amount, fee_amount::text as fee_amount, fee_components, status, hold_id, fiat_amount::text as fiat_amount,
  rate, price, payout_reference, failure_reason, ledger_transaction_id, subject_attribution, payout_sent_at, completed_at,
  approval_ref, policy_decision, reference, reference_unique, metadata`;

const COLUMNS = (sql: Db) => sql.unsafe(COLUMN_LIST);

export function presentOffRamp(r: OffRampRow) {
  return {
    id: r.id,
    resource: 'off-ramp-session' as const,
    status: r.status,
    account_ref: r.account_ref,
    asset: r.asset,
    fiat_currency: r.fiat_currency,
    pair_id: r.pair_id,
    payout_method_id: r.payout_method_id,
    amount: money(BigInt(r.amount), r.asset),
    fee_summary: feeSummary(loadFees(r.fee_components), r.asset),
    fiat_amount: r.fiat_amount === null ? null : money(BigInt(r.fiat_amount), r.fiat_currency),
    price: r.price,
    payout_reference: r.payout_reference,
    failure_reason: r.failure_reason,
    approval_ref: r.approval_ref,
    policy_decision: r.policy_decision,
    subject_attribution: r.subject_attribution,
    payout_sent_at: iso(r.payout_sent_at),
    completed_at: iso(r.completed_at),
    reference: r.reference,
    metadata: r.metadata,
    etag: etagOf(r),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

const sessions = sessionStore<OffRampRow, OffRampStatus>({
  table: 'off_ramp_sessions',
  columns: COLUMN_LIST,
  events: OFF_RAMP_EVENTS,
  updated: OFF_RAMP_UPDATED,
  collection: 'off-ramp-sessions',
  what: 'off-ramp session',
  present: presentOffRamp,
});
const { transition, statusOf, recordEvent: recordOffRampEvent } = sessions;

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
  const fiat = ASSETS[input.fiatCurrency];
  if (!fiat || fiat.class !== 'fiat') throw new AppError('EdgeUnprocessable', 'fiat_currency must be a fiat currency.', { errors: [{ pointer: '/body/fiat_currency', detail: 'not a fiat currency' }] });
  if (ASSETS[input.asset]?.class !== 'crypto') throw new AppError('EdgeUnprocessable', 'asset must be a crypto asset.', { errors: [{ pointer: '/body/asset', detail: 'not a crypto asset' }] });
  const pointers = { from: '/body/asset', to: '/body/fiat_currency' };
  const mid = await input.market(await tradablePair(sql, input.asset, fiat.code, pointers), { firm: false });
  const annotations = input.annotations ?? { reference: null, referenceUnique: false, metadata: {} };
  return (await sql.begin(async (tx) => {
    const account = await lockMovableAccount(tx, input.accountRef, input.enterpriseId, { outgoing: true });
    const [method] = await tx`select account_ref, currency, status from payout_methods where id = ${input.payoutMethodId} and enterprise_id = ${input.enterpriseId}`;
    if (!method || method.account_ref !== input.accountRef) {
      throw new AppError('EdgeUnprocessable', 'The payout method is not one of this account.', { errors: [{ pointer: '/body/payout_method_id', detail: 'unknown payout method for this account' }] });
    }
    if (method.currency !== fiat.code) {
      throw new AppError('EdgeUnprocessable', `The payout method pays out ${method.currency}.`, { errors: [{ pointer: '/body/fiat_currency', detail: `must be ${method.currency} for this payout method` }] });
    }
    if (method.status !== 'active') throw conflict('The payout method is disabled.', 'payout_method_disabled');
    const pair = await tradablePair(tx, input.asset, fiat.code, pointers);
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
    const [row] = await tx<OffRampRow[]>`
      insert into off_ramp_sessions (id, enterprise_id, client_id, account_ref, asset, fiat_currency, pair_id, payout_method_id, amount,
                                     fee_amount, fee_components, status, hold_id, subject_attribution, approval_ref, policy_decision,
                                     reference, reference_unique, metadata)
      values (${id}, ${input.enterpriseId}, ${account.clientId}, ${input.accountRef}, ${input.asset}, ${fiat.code}, ${pair.id},
              ${input.payoutMethodId}, ${input.amount.toString()}, ${priced.fee.total.toString()}, ${tx.json(storeFees(priced.fee.components) as never)},
              ${approvalId ? 'pending_approval' : 'requested'}, ${hold.id}, ${tx.json(input.attribution as never)},
              ${approvalId ? `approvals/${approvalId}` : null}, ${tx.json(decision as never)},
              ${annotations.reference}, ${annotations.referenceUnique}, ${JSON.stringify(annotations.metadata)}::text::jsonb)
      returning ${COLUMNS(tx)}`;
    await recordVelocity(tx, { operationRef: `off-ramp-sessions/${id}`, enterpriseId: input.enterpriseId, accountRef: input.accountRef, actionFamily: 'off_ramp', asset: input.asset, amount: input.amount });
    await recordOffRampEvent(tx, row, input.attribution);
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
  return sessions.failUnstarted(sql, id, ['requested', 'pending_approval'], unstarted, (tx, row) => release(tx, row, 'failed', 'workflow_start_failed'));
}

export const findOffRamp = sessions.find;

/** A page of the off-ramp sessions the caller may read (`ramps.read`), oldest first. */
export const listOffRamps = sessions.list;

/** PATCH: the session's reference and metadata, in any status (docs/references-and-metadata.md). */
export const updateOffRampReferenceMetadata = sessions.updateReferenceMetadata;

export const requireOffRamp = (sql: Sql, caller: Caller, id: string, permission: 'ramps.read' | 'ramps.create'): Promise<OffRampRow> =>
  sessions.require(sql, caller, id, permission);

/**
 * Ends a session before the payout: the hold is voided and the session stops counting towards
 * velocity limits, in the same transaction, exactly once.
 */
async function release(tx: TransactionSql, row: OffRampRow, status: 'cancelled' | 'failed' | 'rejected' | 'expired', failureReason: string | null) {
  await voidHold(tx, { holdId: row.hold_id });
  await releaseVelocity(tx, `off-ramp-sessions/${row.id}`);
  return { status, failure_reason: failureReason };
}

/** pending_approval → requested once approved (records who approved); the workflow then converts. */
export async function approveOffRamp(sql: Sql, id: string, approvedBy: PrincipalRef[]): Promise<OffRampStatus> {
  return statusOf(
    await transition(sql, id, ['pending_approval'], async (tx, row) => ({
      status: 'requested',
      subject_attribution: tx.json({ ...row.subject_attribution, approved_by: approvedBy } as never),
    })),
    id,
  );
}

/** pending_approval → rejected | expired | cancelled: the hold is released, once. */
export async function releaseOffRamp(sql: Sql, id: string, outcome: 'rejected' | 'expired' | 'cancelled', attribution: SubjectAttribution | null): Promise<OffRampStatus> {
  return statusOf(await transition(sql, id, ['pending_approval'], (tx, row) => release(tx, row, outcome, `approval_${outcome}`), attribution), id);
}

/**
 * requested → converting: fixes the rate and the fiat amount (rounded down) at the market price its
 * provider gives now (asked before the transition's transaction). A disabled pair fails the session.
 */
export async function convertOffRamp(sql: Sql, id: string, market: MarketPrice): Promise<OffRampStatus> {
  const session = await findOffRamp(sql, id);
  if (session?.status !== 'requested') return statusOf(session ? { row: session } : null, id);
  const pair = await getPair(sql, session.pair_id);
  const mid = pair.enabled ? await market(pair, { firm: false }) : null;
  return statusOf(
    await transition(sql, id, ['requested'], async (tx, row) => {
      const current = await getPair(tx, row.pair_id);
      if (!current.enabled || !mid) return release(tx, row, 'failed', 'pair_disabled');
      const rate = clientRate(current, mid);
      return { status: 'converting', fiat_amount: convertMinor(BigInt(row.amount), rate, row.asset, row.fiat_currency).toString(), rate: serialise(rate), price: formatDecimalDown(rate, current.price_precision) };
    }),
    id,
  );
}

/**
 * converting → payout_sent: submits the payout to the bank rail's provider (business key
 * `off_ramp/<id>`, outside any transaction) and, once accepted, books the exchange (hold posted to FX
 * liquidity and fee revenue, fiat from FX liquidity to external_withdrawals, key `off_ramp/<id>`) with
 * the provider's reference. Rejected, or the method disabled meanwhile: failed, hold released.
 */
export async function sendOffRampPayout(
  sql: Sql,
  id: string,
  railFor: (rail: string) => Promise<WithdrawalRail>,
  metrics?: Metrics,
): Promise<{ status: OffRampStatus; checkAfterMs: number }> {
  const session = await findOffRamp(sql, id);
  if (session?.status !== 'converting') return { status: statusOf(session ? { row: session } : null, id), checkAfterMs: 0 };
  const [method] = await sql`select status, rail, beneficiary from payout_methods where id = ${session.payout_method_id}`;
  const submitted =
    method.status === 'active'
      ? await (await railFor(method.rail)).submit({
          businessKey: `off_ramp/${id}`,
          enterpriseId: session.enterprise_id,
          rail: method.rail,
          destination: { beneficiary: method.beneficiary },
          asset: session.fiat_currency,
          amount: BigInt(session.fiat_amount!),
        })
      : ({ status: 'rejected', reason: 'payout_method_disabled' } as const);
  const status = statusOf(
    await transition(sql, id, ['converting'], async (tx, row) => {
      if (submitted.status === 'rejected') return release(tx, row, 'failed', submitted.reason);
      const ledgerTransactionId = await bookExchange(tx, {
        key: `off_ramp/${id}`,
        kind: 'off_ramp',
        enterpriseId: row.enterprise_id,
        source: { holdId: row.hold_id },
        targetRef: systemAccountRef(row.enterprise_id, 'external_withdrawals'),
        fromAsset: row.asset,
        fromAmount: BigInt(row.amount),
        toAsset: row.fiat_currency,
        toAmount: BigInt(row.fiat_amount!),
        fees: row.fee_components,
        metrics,
      });
      return { status: 'payout_sent', ledger_transaction_id: ledgerTransactionId, payout_reference: submitted.reference, payout_sent_at: new Date() };
    }),
    id,
  );
  return { status, checkAfterMs: submitted.status === 'accepted' ? submitted.checkAfterMs : 0 };
}

/** payout_sent → completed when the bank rail's provider confirms. */
export async function completeOffRamp(sql: Sql, id: string): Promise<OffRampStatus> {
  return statusOf(await transition(sql, id, ['payout_sent'], async () => ({ status: 'completed', completed_at: new Date() })), id);
}

/**
 * payout_sent → failed: the provider reports the accepted payout failed (the bank returned it). The
 * fiat comes back to the account (external_deposits → account, key `off_ramp/<id>/return`), once.
 */
export async function returnOffRampPayout(sql: Sql, id: string, reason: string, metrics?: Metrics): Promise<OffRampStatus> {
  return statusOf(
    await transition(sql, id, ['payout_sent'], async (tx, row) => {
      await creditExternalDeposit(tx, { key: `off_ramp/${id}/return`, enterpriseId: row.enterprise_id, accountRef: row.account_ref, asset: row.fiat_currency, amount: BigInt(row.fiat_amount!), metrics });
      return { status: 'failed', failure_reason: `payout_returned: ${reason}` };
    }),
    id,
  );
}

/**
 * Cancels a session: awaiting approval, through its workflow (the Update cancels the approval and
 * releases the hold, and cannot cross an approval decision; `audit.carried`, the request's entry,
 * travels with it and commits with the approval's cancellation); `requested`, directly (hold released,
 * with `audit.alongside`), then the workflow is told. Later is 409 `off_ramp_<status>`.
 */
export async function cancelOffRamp(
  services: Services,
  caller: Caller,
  row: OffRampRow,
  audit: { alongside?: Alongside<OffRampRow>; carried?: CarriedEntry } = {},
): Promise<OffRampRow> {
  const refuse = (status: OffRampStatus) => conflict(`The off-ramp session is ${status}; only a requested session can be cancelled.`, `off_ramp_${status}`);
  if (row.status === 'pending_approval') {
    return cancelAwaitingApproval(services, caller, {
      workflowId: offRampWorkflowId(row.id),
      update: OFF_RAMP_CANCEL_UPDATE,
      notCancellable: OFF_RAMP_NOT_CANCELLABLE,
      audit: audit.carried,
      what: 'off-ramp session',
      reread: async () => (await findOffRamp(services.sql, row.id))!,
      refuse,
    });
  }
  const result = await transition(services.sql, row.id, ['requested'], (tx, current) => release(tx, current, 'cancelled', null), caller.attribution(), audit.alongside);
  if (!result) throw notFound('off-ramp session');
  if (!result.changed) throw refuse(result.row.status);
  // The workflow re-reads the row; a lost signal only delays it.
  const client = await services.temporal.get();
  await client.workflow.getHandle(offRampWorkflowId(row.id)).signal(RAMP_CANCELLED_SIGNAL);
  return result.row;
}
