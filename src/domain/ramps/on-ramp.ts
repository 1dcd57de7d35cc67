import { randomBytes } from 'node:crypto';
import { WorkflowNotFoundError } from '@temporalio/client';
import type { Sql } from 'postgres';
import type { Db } from '../../db/sql';
import { sessionStore } from './transition';
import type { Caller, SubjectAttribution } from '../../auth/caller';
import { AppError, conflict, notFound } from '../../errors';
import { etagOf, iso, type AccountOwnedRow, type Alongside } from '../../db/base';
import { uuidv7 } from '../../ids';
import type { Metrics } from '../../metrics';
import { ASSETS, money, parseAmount, systemAccountRef } from '../../ledger';
import { railsFor } from '../../reference/bank-rails';
import { ensureCollectionAccount, type CollectionAccount } from './collection-accounts';
import { quoteFees } from '../fees/agreements';
import { bookExchange, loadFees, lockMovableAccount, storeFees, type StoredFee } from '../conversions/ledger';
import { getPair, tradablePair } from '../pricing/pairs';
import { clientRate, convertMinor, feeSummary, type MarketPrice } from '../pricing/prices';
import { formatDecimalDown, serialise } from '../../reference/rational';
import { ON_RAMP_EVENTS, ON_RAMP_UPDATED } from './events';
import type { ReferenceMetadata } from '../../schema/metadata';
import { referenceRefusal } from '../../db/references';
import { ON_RAMP_PAYMENT_SIGNAL, ON_RAMP_WORKFLOW, onRampWorkflowId, type OnRampStatus, type OnRampWorkflowInput } from './messages';
import type { Services } from '../../services';
import type { IdempotencyScope } from '../../idempotency/store';
import { recordStart, startOwed, type UnstartedWorkflow, type WorkflowStart } from '../../temporal/start-outbox';

/*
 * On-ramp sessions (fiat → asset): the client pays fiat into the enterprise's collection account on
 * the currency's pay-in rail (issued by the rail's deposits provider: the sandbox bank, or a bank's
 * connector) quoting the session's reference; the fiat is converted and the asset credited. Raw SQL
 * like conversions.
 */

export interface OnRampRow extends AccountOwnedRow {
  fiat_currency: string;
  asset: string;
  pair_id: string;
  status: OnRampStatus;
  payment_reference: string;
  payment_instructions: Record<string, unknown>;
  expires_at: Date;
  fiat_amount: string | null;
  fee_amount: string | null;
  fee_components: StoredFee[] | null;
  asset_amount: string | null;
  rate: string | null;
  price: string | null;
  failure_reason: string | null;
  ledger_transaction_id: string | null;
  subject_attribution: SubjectAttribution;
  payment_received_at: Date | null;
  completed_at: Date | null;
  /** A connector reported the payment: which one, and the bank's reference for it. */
  payment_connector_id: string | null;
  payment_provider_reference: string | null;
  reference: string | null;
  reference_unique: boolean;
  metadata: Record<string, string>;
}

const COLUMN_LIST = `
  id, version, created_at, updated_at, enterprise_id, client_id, account_ref, fiat_currency, asset, pair_id, status,
  payment_reference, payment_instructions, expires_at, fiat_amount::text as fiat_amount, fee_amount::text as fee_amount,
  fee_components, asset_amount::text as asset_amount, rate, price, failure_reason, ledger_transaction_id,
  subject_attribution, payment_received_at, completed_at, payment_connector_id, payment_provider_reference,
  reference, reference_unique, metadata`;

const COLUMNS = (sql: Db) => sql.unsafe(COLUMN_LIST);

export function presentOnRamp(r: OnRampRow) {
  return {
    id: r.id,
    resource: 'on-ramp-session' as const,
    status: r.status,
    account_ref: r.account_ref,
    fiat_currency: r.fiat_currency,
    asset: r.asset,
    pair_id: r.pair_id,
    payment_instructions: r.payment_instructions as {
      rail: string;
      currency: string;
      beneficiary_name: string;
      reference: string;
      bank_details: Record<string, string>;
    },
    expires_at: r.expires_at.toISOString(),
    fiat_amount: r.fiat_amount === null ? null : money(BigInt(r.fiat_amount), r.fiat_currency),
    fee_summary: r.fee_components === null ? null : feeSummary(loadFees(r.fee_components), r.fiat_currency),
    asset_amount: r.asset_amount === null ? null : money(BigInt(r.asset_amount), r.asset),
    price: r.price,
    failure_reason: r.failure_reason,
    subject_attribution: r.subject_attribution,
    payment_received_at: iso(r.payment_received_at),
    completed_at: iso(r.completed_at),
    reference: r.reference,
    metadata: r.metadata,
    etag: etagOf(r),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** What the payer is shown: the collection account's bank details and the reference to quote. */
function paymentInstructions(currency: string, reference: string, collection: CollectionAccount) {
  const { beneficiary_name, ...bank_details } = collection.details;
  return { rail: collection.rail, currency, beneficiary_name: beneficiary_name ?? '', reference, bank_details };
}

/** The pay-in rail collecting a currency (the first the catalogue lists), else 422. */
function payInRail(currency: string): string {
  const rail = railsFor('pay_in', currency)[0];
  if (!rail) throw new AppError('EdgeUnprocessable', `No bank rail collects ${currency}.`, { errors: [{ pointer: '/body/fiat_currency', detail: 'no pay-in rail' }] });
  return rail.code;
}

const PAIR_POINTERS = { from: '/body/fiat_currency', to: '/body/asset' };

function checkAssets(input: Pick<NewOnRamp, 'fiatCurrency' | 'asset'>) {
  const fiat = ASSETS[input.fiatCurrency];
  const asset = ASSETS[input.asset];
  if (!fiat || fiat.class !== 'fiat') throw new AppError('EdgeUnprocessable', 'fiat_currency must be a fiat currency.', { errors: [{ pointer: '/body/fiat_currency', detail: 'not a fiat currency' }] });
  if (!asset || asset.class !== 'crypto') throw new AppError('EdgeUnprocessable', 'asset must be a crypto asset.', { errors: [{ pointer: '/body/asset', detail: 'not a crypto asset' }] });
  return { fiat, asset };
}

/**
 * The collection account an on-ramp in `fiatCurrency` is paid into: the enterprise's on the
 * currency's pay-in rail, issued once by the rail's deposits provider. Asked before any transaction
 * opens; a provider that fails is 502 naming it (services.providers), and nothing is recorded.
 */
export async function onRampCollectionAccount(services: Pick<Services, 'sql' | 'providers'>, enterpriseId: string, fiatCurrency: string): Promise<CollectionAccount> {
  const rail = payInRail(fiatCurrency);
  return ensureCollectionAccount(services.sql, enterpriseId, rail, {
    provider: services.providers.providerOf('deposits', rail) ?? 'none',
    issue: (request) => services.providers.issueDepositInstruction(request),
  });
}

const sessions = sessionStore<OnRampRow, OnRampStatus>({
  table: 'on_ramp_sessions',
  columns: COLUMN_LIST,
  events: ON_RAMP_EVENTS,
  updated: ON_RAMP_UPDATED,
  collection: 'on-ramp-sessions',
  what: 'on-ramp session',
  present: presentOnRamp,
});
const { transition, statusOf, recordEvent: recordOnRampEvent } = sessions;

export interface NewOnRamp {
  enterpriseId: string;
  accountRef: string;
  fiatCurrency: string;
  asset: string;
  /** How long the client has to pay (the durable expiry timer). */
  paymentWindowSeconds: number;
  attribution: SubjectAttribution;
  /** Task queue of the session's workflow. */
  taskQueue: string;
  /** The request's Idempotency-Key: its answer (201, the session) is stored in the session's own transaction. */
  idempotency?: IdempotencyScope;
  /** Runs in the session's transaction after it is recorded (a request without a key: its audit entry). */
  alongside?: Alongside<OnRampRow>;
  /** The integrator's reference and metadata (none when absent). */
  annotations?: ReferenceMetadata;
}

/**
 * POST /on-ramp-sessions: records the session, then starts `on-ramp/<id>` (temporal/start-outbox:
 * the start is owed in the session's transaction, so a process that dies before it leaves it to the
 * worker's sweeper). A start that fails ends the session `failed` (`workflow_start_failed`) and answers 503.
 */
export async function createOnRamp(services: Services, input: NewOnRamp): Promise<OnRampRow> {
  const { fiat, asset } = checkAssets(input);
  // A request the pair refuses (422/409) asks the provider nothing; the transaction checks it again.
  await tradablePair(services.sql, fiat.code, asset.code, PAIR_POINTERS);
  const collection = await onRampCollectionAccount(services, input.enterpriseId, input.fiatCurrency);
  const { row, start } = await acceptOnRamp(services.sql, input, collection);
  await startOwed(services, start, () => failUnstartedOnRamp(services.sql, row.id, { workflowId: start.workflowId, answer: input.idempotency }));
  return row;
}

/** The start of `on-ramp/<id>` a recorded session is owed. */
function onRampStart(r: OnRampRow, taskQueue: string): WorkflowStart {
  const input: OnRampWorkflowInput = { sessionId: r.id, enterpriseId: r.enterprise_id, clientId: r.client_id, accountRef: r.account_ref, expiresAt: r.expires_at.toISOString() };
  return { workflowType: ON_RAMP_WORKFLOW, workflowId: onRampWorkflowId(r.id), taskQueue, args: [input] };
}

/** Records a `requested` session with its payment instructions and the workflow start it is owed, in one transaction. */
export async function acceptOnRamp(sql: Sql, input: NewOnRamp, collection: CollectionAccount): Promise<{ row: OnRampRow; start: WorkflowStart }> {
  const { fiat, asset } = checkAssets(input);
  const annotations = input.annotations ?? { reference: null, referenceUnique: false, metadata: {} };
  return (await sql.begin(async (tx) => {
    const account = await lockMovableAccount(tx, input.accountRef, input.enterpriseId, { outgoing: true });
    const pair = await tradablePair(tx, fiat.code, asset.code, PAIR_POINTERS);
    const reference = `CFR${randomBytes(6).toString('hex').toUpperCase()}`;
    const [row] = await tx<OnRampRow[]>`
      insert into on_ramp_sessions (id, enterprise_id, client_id, account_ref, fiat_currency, asset, pair_id, status, payment_reference,
                                    payment_instructions, expires_at, subject_attribution, reference, reference_unique, metadata)
      values (${uuidv7()}, ${input.enterpriseId}, ${account.clientId}, ${input.accountRef}, ${fiat.code}, ${asset.code}, ${pair.id}, 'requested',
              ${reference}, ${tx.json(paymentInstructions(fiat.code, reference, collection))}, now() + make_interval(secs => ${input.paymentWindowSeconds}),
              ${tx.json(input.attribution as never)}, ${annotations.reference}, ${annotations.referenceUnique}, ${JSON.stringify(annotations.metadata)}::text::jsonb)
      returning ${COLUMNS(tx)}`;
    await recordOnRampEvent(tx, row, input.attribution);
    const start = onRampStart(row, input.taskQueue);
    await Promise.all([recordStart(tx, start), input.idempotency?.record(tx, { status: 201, body: presentOnRamp(row) }), input.alongside?.(tx, row)]);
    return { row, start };
  }).catch(async (err: unknown) => {
    throw await referenceRefusal(sql, err, 'on_ramp_sessions', 'on-ramp session', input.enterpriseId, annotations);
  })) as { row: OnRampRow; start: WorkflowStart };
}

/** requested → failed (`workflow_start_failed`), forgetting the start it was owed in the same transaction. */
function failUnstartedOnRamp(sql: Sql, id: string, unstarted: UnstartedWorkflow) {
  return sessions.failUnstarted(sql, id, ['requested'], unstarted);
}

/** The session whose payment instructions carry this reference (what the payer quotes). */
export async function findOnRampByPaymentReference(sql: Db, reference: string): Promise<OnRampRow | null> {
  const [row] = await sql<OnRampRow[]>`select ${COLUMNS(sql)} from on_ramp_sessions where payment_reference = ${reference}`;
  return row ?? null;
}

export const findOnRamp = sessions.find;

/** A page of the on-ramp sessions the caller may read (`ramps.read`), oldest first. */
export const listOnRamps = sessions.list;

/** PATCH: the session's reference and metadata, in any status (docs/references-and-metadata.md). */
export const updateOnRampReferenceMetadata = sessions.updateReferenceMetadata;

/** The session when the caller holds `permission` at its account, else 404 (403 in scope without it). */
export const requireOnRamp = (sql: Sql, caller: Caller, id: string, permission: 'ramps.read' | 'ramps.create' | 'sandbox.control'): Promise<OnRampRow> =>
  sessions.require(sql, caller, id, permission);

/** requested → awaiting_payment (the instructions are live). */
export async function activateOnRamp(sql: Sql, id: string): Promise<OnRampStatus> {
  return statusOf(await transition(sql, id, ['requested'], async () => ({ status: 'awaiting_payment' })), id);
}

/** awaiting_payment → expired when the payment window closed unpaid; otherwise the current status. */
export async function expireOnRamp(sql: Sql, id: string): Promise<OnRampStatus> {
  return statusOf(await transition(sql, id, ['awaiting_payment'], async () => ({ status: 'expired' })), id);
}

export async function onRampStatus(sql: Sql, id: string): Promise<OnRampStatus> {
  const row = await findOnRamp(sql, id);
  return statusOf(row ? { row } : null, id);
}

/**
 * The client's payment arrived, reported by the sandbox bank or by the pay-in rail's connector
 * (`reported`): awaiting_payment → payment_received, amount recorded. The connector's same payment
 * (its reference) again answers the session unchanged. Anything else is 409 `on_ramp_<status>`; a
 * closed window is 409 `on_ramp_expired`. The caller then wakes `on-ramp/<id>` (signalOnRampPaid).
 */
export async function recordOnRampPayment(
  sql: Sql,
  row: OnRampRow,
  amount: { currency: string; value: string },
  attribution: SubjectAttribution | null,
  alongside?: Alongside<OnRampRow>,
  reported?: { connectorId: string; reference: string },
): Promise<OnRampRow> {
  if (amount.currency.toUpperCase() !== row.fiat_currency) {
    throw new AppError('EdgeUnprocessable', `The session collects ${row.fiat_currency}.`, { errors: [{ pointer: '/body/amount/currency', detail: `must be ${row.fiat_currency}` }] });
  }
  const minor = parseAmount(amount.value, row.fiat_currency, '/body/amount/value');
  const result = await transition(
    sql,
    row.id,
    ['awaiting_payment'],
    async (tx, current) => {
      const [{ open }] = await tx`select ${current.expires_at} > now() as open`;
      if (!open) throw conflict('The payment window has closed.', 'on_ramp_expired');
      return {
        status: 'payment_received',
        fiat_amount: minor.toString(),
        payment_received_at: new Date(),
        payment_connector_id: reported?.connectorId ?? null,
        payment_provider_reference: reported?.reference ?? null,
      };
    },
    attribution,
    alongside,
  );
  if (!result) throw notFound('on-ramp session');
  const same = reported && result.row.payment_connector_id === reported.connectorId && result.row.payment_provider_reference === reported.reference;
  if (!result.changed && same) return result.row;
  if (!result.changed) throw conflict(`The on-ramp session is ${result.row.status}.`, `on_ramp_${result.row.status}`);
  return result.row;
}

/** Wakes `on-ramp/<id>`, which finds the payment recorded and converts it; a finished workflow (a payment reported again) has nothing to wake. */
export async function signalOnRampPaid(services: Pick<Services, 'temporal'>, id: string): Promise<void> {
  const client = await services.temporal.get();
  try {
    await client.workflow.getHandle(onRampWorkflowId(id)).signal(ON_RAMP_PAYMENT_SIGNAL);
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  }
}

/**
 * payment_received → converting: prices the payment (on-ramp fee from the fee engine, deducted from
 * the received fiat; the rest converted at the pair's rate from the market price its provider gives
 * now, asked before the transition's transaction, rounded down). A net amount outside the pair's
 * limits fails the session (`amount_out_of_range`).
 */
export async function convertOnRamp(sql: Sql, id: string, market: MarketPrice): Promise<OnRampStatus> {
  const [session] = await sql`select status, pair_id from on_ramp_sessions where id = ${id}`;
  const mid = session?.status === 'payment_received' ? await market(await getPair(sql, session.pair_id), { firm: false }) : null;
  return statusOf(
    await transition(sql, id, ['payment_received'], async (tx, row) => {
      const pair = await getPair(tx, row.pair_id);
      const gross = BigInt(row.fiat_amount!);
      const fees = await quoteFees(tx, { enterpriseId: row.enterprise_id, operationType: 'on_ramp', asset: row.fiat_currency, amount: gross, rail: null });
      const net = gross - fees.total;
      // Paid between the read above and this lock: the activity's retry prices it.
      if (!mid) throw new Error(`on-ramp session ${id} was paid while it was being priced`);
      const rate = clientRate(pair, mid);
      const assetAmount = net > 0n ? convertMinor(net, rate, pair.from_asset, pair.to_asset) : 0n;
      if (!pair.enabled || net < BigInt(pair.min_from_amount) || net > BigInt(pair.max_from_amount) || assetAmount <= 0n) {
        return { status: 'failed', failure_reason: pair.enabled ? 'amount_out_of_range' : 'pair_disabled' };
      }
      return {
        status: 'converting',
        fee_amount: fees.total.toString(),
        fee_components: tx.json(storeFees(fees.components) as never),
        asset_amount: assetAmount.toString(),
        rate: serialise(rate),
        price: formatDecimalDown(rate, pair.price_precision),
      };
    }),
    id,
  );
}

/**
 * converting → completed: books external_deposits → FX liquidity (and the fee) in fiat, FX liquidity
 * → the account in the asset, once (business key `on_ramp/<id>`). An account that can no longer
 * receive fails the session (`account_unavailable`); the fiat is then returned outside the ledger.
 */
export async function completeOnRamp(sql: Sql, id: string, metrics?: Metrics): Promise<OnRampStatus> {
  return statusOf(
    await transition(sql, id, ['converting'], async (tx, row) => {
      try {
        await lockMovableAccount(tx, row.account_ref, row.enterprise_id, { outgoing: false });
      } catch (err) {
        if (err instanceof AppError) return { status: 'failed', failure_reason: 'account_unavailable' };
        throw err;
      }
      const fees = row.fee_components!;
      const ledgerTransactionId = await bookExchange(tx, {
        key: `on_ramp/${id}`,
        kind: 'on_ramp',
        enterpriseId: row.enterprise_id,
        source: { accountRef: systemAccountRef(row.enterprise_id, 'external_deposits') },
        targetRef: row.account_ref,
        fromAsset: row.fiat_currency,
        fromAmount: BigInt(row.fiat_amount!) - BigInt(row.fee_amount!),
        toAsset: row.asset,
        toAmount: BigInt(row.asset_amount!),
        fees,
        metrics,
      });
      return { status: 'completed', ledger_transaction_id: ledgerTransactionId, completed_at: new Date() };
    }),
    id,
  );
}

/** requested | awaiting_payment → cancelled by the client (with `alongside`); later is 409 `on_ramp_<status>`. */
export async function cancelOnRamp(sql: Sql, row: OnRampRow, attribution: SubjectAttribution, alongside?: Alongside<OnRampRow>): Promise<OnRampRow> {
  const result = await transition(sql, row.id, ['requested', 'awaiting_payment'], async () => ({ status: 'cancelled' }), attribution, alongside);
  if (!result) throw notFound('on-ramp session');
  if (!result.changed) throw conflict(`The on-ramp session is ${result.row.status}; only a session awaiting payment can be cancelled.`, `on_ramp_${result.row.status}`);
  return result.row;
}
