import type { TransactionSql } from 'postgres';
import type { SubjectAttribution } from '../../auth/caller';
import { conflict, notFound } from '../../errors';
import { uuidv7 } from '../../ids';
import { placeHold } from '../../ledger';
import type { Services } from '../../services';
import type { IdempotencyScope } from '../../idempotency/store';
import { assertNotDenied, evaluatePolicy, recordVelocity } from '../policies';
import { approvalSpecOf, startGovernedWorkflow, type ApprovalSpec } from '../approvals';
import { recordStart } from '../../temporal/start-outbox';
import { getPair, tradablePair } from '../pricing/pairs';
import { serialise } from '../../reference/rational';
import type { ReferenceMetadata } from '../../schema/metadata';
import { referenceRefusal } from '../../db/references';
import { conversionWorkflowId } from './messages';
import { bookExchange, lockMovableAccount, storeFees, type StoredFee } from './ledger';
import { assertQuoteUsable, conversionStart, feeTotal } from './model';
import { insertQuote, POINTERS, priced, QUOTE_COLUMNS, type ConversionRequest, type QuoteRow } from './quotes';
import { presentConversion, recordConversionEvent } from './records';
import { releaseConversion } from './settle';
import { byBusinessKey, insertConversion, type ConversionRow } from './store';

/*
 * Executing a conversion: raw SQL (services.sql) because execution is a ledger hot path: quote claim,
 * account lock, booking, record and event go in one database transaction.
 */

export interface ExecuteOptions {
  attribution: SubjectAttribution;
  /** One conversion per (enterprise, key): a repeat returns the first (signed API exchanges). */
  businessKey?: string | null;
  /** The request's Idempotency-Key: its answer (201, the conversion) is stored in the conversion's own transaction. */
  idempotency?: IdempotencyScope;
  /** The integrator's reference and metadata (none when absent). */
  annotations?: ReferenceMetadata;
}

export interface Executed {
  conversion: ConversionRow;
  /** True when the business key had executed before: nothing changed this time. */
  replayed: boolean;
}

interface Opened extends Executed {
  approval: ApprovalSpec | null;
}

/**
 * Executes a firm quote, at most once (the quote row is locked and stamped; `terms` supplies the row of
 * a quote that was sealed instead of stored): an unknown quote (or one for another account) is 404, a used
 * quote 409 `quote_used`, an expired one 409 `quote_expired` (the database clock decides). With a
 * business key, a repeat with the same quote returns the first conversion (`replayed`); the same key
 * with another quote is 409 `business_key_reused`.
 */
export async function executeQuote(services: Services, input: ExecuteOptions & { quoteId: string; accountRef: string; terms?: QuoteRow }): Promise<Executed> {
  let enterpriseId: string | null = null;
  const opened = (await services.sql.begin(async (tx) => {
    // A quote that was never stored (the signed API's sealed quotes) is stored now; its id's primary key keeps it to one row.
    if (input.terms) await insertQuote(tx, input.terms, true);
    const [quote] = await tx<(QuoteRow & { expired: boolean })[]>`
      select ${QUOTE_COLUMNS(tx)}, expires_at <= clock_timestamp() as expired from conversion_quotes where id = ${input.quoteId} for update`;
    if (!quote || quote.account_ref !== input.accountRef) throw notFound('quote');
    enterpriseId = quote.enterprise_id;
    const prior = await byBusinessKey(tx, quote.enterprise_id, input.businessKey);
    if (prior) {
      if (prior.quote_id !== quote.id) throw conflict('This business key was used for another conversion.', 'business_key_reused');
      return { conversion: prior, replayed: true, approval: null };
    }
    assertQuoteUsable(quote, quote.expired);
    const pair = await getPair(tx, quote.pair_id);
    if (!pair.enabled) throw conflict(`The ${pair.from_asset} → ${pair.to_asset} pair is disabled.`, 'pair_disabled');
    const result = await openConversion(services, tx, quote.enterprise_id, input.accountRef, {
      pairId: quote.pair_id,
      quoteId: quote.id,
      fromAsset: quote.from_asset,
      toAsset: quote.to_asset,
      fromAmount: BigInt(quote.from_amount),
      toAmount: BigInt(quote.to_amount),
      fees: quote.fee_components,
      enterpriseCaVersion: quote.enterprise_ca_version,
      platformCaVersion: quote.platform_ca_version,
      rate: quote.rate,
      price: quote.price,
    }, input);
    await tx`update conversion_quotes set used_at = now(), conversion_id = ${result.conversion.id} where id = ${quote.id}`;
    return result;
  }).catch(referenceTakenBy(services, () => enterpriseId, input))) as Opened;
  return startApproval(services, opened, input.idempotency);
}

/** Executes at the market price of this moment (no quote). */
export async function convertAtMarket(services: Services, r: ConversionRequest & ExecuteOptions): Promise<Executed> {
  const earlier = await byBusinessKey(services.sql, r.enterpriseId, r.businessKey);
  if (earlier) return { conversion: earlier, replayed: true };
  // The provider is asked before the transaction opens: no connection waits on it.
  const mid = await services.providers.market(r.enterpriseId)(await tradablePair(services.sql, r.fromAsset, r.toAsset, POINTERS), { firm: false });
  const opened = (await services.sql.begin(async (tx) => {
    const prior = await byBusinessKey(tx, r.enterpriseId, r.businessKey);
    if (prior) return { conversion: prior, replayed: true, approval: null };
    const p = await priced(tx, r, { market: async () => mid });
    return openConversion(services, tx, r.enterpriseId, r.accountRef, {
      pairId: p.pair.id,
      quoteId: null,
      fromAsset: p.pair.from_asset,
      toAsset: p.pair.to_asset,
      fromAmount: p.fromAmount,
      toAmount: p.toAmount,
      fees: storeFees(p.fee.components),
      enterpriseCaVersion: p.fee.enterpriseCaVersion,
      platformCaVersion: p.fee.platformCaVersion,
      rate: serialise(p.rate),
      price: p.price,
    }, r);
  }).catch(referenceTakenBy(services, () => r.enterpriseId, r))) as Opened;
  return startApproval(services, opened, r.idempotency);
}

/**
 * After commit, a conversion awaiting approval gets its workflow (`conversion/<id>`), and the answer
 * waits until the approval exists. If the workflow cannot be started, the conversion fails and its
 * hold is released with its stored answer forgotten (503; a retry under the Idempotency-Key is a new attempt).
 */
async function startApproval(services: Services, opened: Opened, idempotency: IdempotencyScope | undefined): Promise<Executed> {
  const { conversion, approval } = opened;
  if (!approval) return { conversion, replayed: opened.replayed };
  const start = conversionStart(conversion, approval, services.config.taskQueue);
  await startGovernedWorkflow(services, {
    start,
    approval,
    onStartFailure: () => releaseConversion(services.sql, conversion.id, 'failed', null, 'workflow_start_failed', { workflowId: start.workflowId, answer: idempotency }),
  });
  return { conversion, replayed: false };
}

/** A creation's failure, as 409 `reference_taken` when its unique reference is held in the enterprise. */
function referenceTakenBy(services: Services, enterpriseId: () => string | null, opts: ExecuteOptions) {
  return async (err: unknown): Promise<never> => {
    const id = enterpriseId();
    throw id ? await referenceRefusal(services.sql, err, 'conversions', 'conversion', id, { reference: opts.annotations?.reference ?? null }) : err;
  };
}

/** What a conversion executes: a claimed quote or a fresh market price. */
interface Terms {
  pairId: string;
  quoteId: string | null;
  fromAsset: string;
  toAsset: string;
  fromAmount: bigint;
  toAmount: bigint;
  fees: StoredFee[];
  enterpriseCaVersion: number;
  platformCaVersion: number;
  rate: string;
  price: string;
}

/**
 * Records a conversion in the caller's transaction after consulting the policy rules (family
 * `conversion`, the source asset and amount): `deny` is 422 `policy_denied`; without an approval
 * requirement it is booked at once (`executed`); with one, principal + fee are held and the record
 * waits in `pending_approval` at the terms fixed now.
 */
async function openConversion(services: Services, tx: TransactionSql, enterpriseId: string, accountRef: string, t: Terms, opts: ExecuteOptions): Promise<Opened> {
  const account = await lockMovableAccount(tx, accountRef, enterpriseId, { outgoing: true });
  const decision = await evaluatePolicy(
    tx,
    { enterpriseId, actionFamily: 'conversion', accountRef, asset: t.fromAsset, amount: t.fromAmount, destinationRef: null, initiatorKind: opts.attribution.subject.kind },
    account.path,
  );
  assertNotDenied(decision);
  const id = uuidv7();
  const approvalId = decision.requirement ? uuidv7() : null;
  const fee = feeTotal(t.fees);
  let holdId: string | null = null;
  let ledgerTransactionId: string | null = null;
  if (approvalId) {
    const hold = await placeHold(tx, { key: `conversion/${id}/hold`, enterpriseId, accountRef, asset: t.fromAsset, amount: t.fromAmount + fee, metrics: services.metrics });
    holdId = hold.id;
  } else {
    ledgerTransactionId = await bookExchange(tx, {
      key: `conversion/${id}`,
      kind: 'conversion',
      enterpriseId,
      source: { accountRef },
      targetRef: accountRef,
      fromAsset: t.fromAsset,
      fromAmount: t.fromAmount,
      toAsset: t.toAsset,
      toAmount: t.toAmount,
      fees: t.fees,
      metrics: services.metrics,
    });
  }
  await recordVelocity(tx, { operationRef: `conversions/${id}`, enterpriseId, accountRef, actionFamily: 'conversion', asset: t.fromAsset, amount: t.fromAmount });
  const row = await insertConversion(tx, {
    id,
    enterpriseId,
    clientId: account.clientId,
    accountRef,
    pairId: t.pairId,
    quoteId: t.quoteId,
    businessKey: opts.businessKey ?? null,
    fromAsset: t.fromAsset,
    toAsset: t.toAsset,
    fromAmount: t.fromAmount,
    toAmount: t.toAmount,
    feeTotal: fee,
    fees: t.fees,
    enterpriseCaVersion: t.enterpriseCaVersion,
    platformCaVersion: t.platformCaVersion,
    rate: t.rate,
    price: t.price,
    approvalRef: approvalId ? `approvals/${approvalId}` : null,
    holdId,
    ledgerTransactionId,
    decision,
    attribution: opts.attribution,
    reference: opts.annotations?.reference ?? null,
    referenceUnique: opts.annotations?.referenceUnique ?? false,
    metadata: opts.annotations?.metadata ?? {},
  });
  await recordConversionEvent(tx, row, opts.attribution);
  await opts.idempotency?.record(tx, { status: 201, body: presentConversion(row) });
  const approval = approvalSpecOf({
    decision,
    approvalId,
    actionFamily: 'conversion',
    collection: 'conversions',
    operationId: id,
    workflowId: conversionWorkflowId(id),
    enterpriseId,
    scopePath: account.path,
    initiatedBy: opts.attribution,
  });
  if (approval) await recordStart(tx, conversionStart(row, approval, services.config.taskQueue));
  return { conversion: row, replayed: false, approval };
}
