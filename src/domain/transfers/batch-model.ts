import type { Caller } from '../../auth/caller';
import { AppError, notFound, type FieldError, type NamedFieldError } from '../../errors';
import { uuidv7 } from '../../ids';
import { assetOf, parseAmount, type Asset } from '../../money/assets';
import type { ReferenceMetadata } from '../../schema/metadata';
import { placementPath, type Placement } from '../tenancy/placements';
import type { BATCH_OUTCOMES } from './events';
import type { NewInternalTransfer } from './model';
import type { BatchRow } from './store';

/*
 * A batch of internal transfers, pure: its items, each one's outcome, the checks every item passes
 * before anything is written, and where a refusal points in the batch's body.
 */

export const MAX_BATCH_TRANSFERS = 1000;

export interface BatchItem {
  sourceRef: string;
  targetRef: string;
  currency: string;
  value: string;
  /** The transfer's reference and metadata (none when absent). */
  annotations?: ReferenceMetadata;
}

export type BatchOutcome = (typeof BATCH_OUTCOMES)[number];

/** A refusal as a compact problem object (the transfer's own would-be answer). */
export interface ItemProblem {
  status: number;
  code: string;
  detail: string;
  reason?: string;
  errors: FieldError[];
  [extension: string]: unknown;
}

export interface BatchResult {
  index: number;
  outcome: BatchOutcome;
  transfer_ref: string | null;
  problem: ItemProblem | null;
}

/** How many transfers of the batch had each outcome. */
export function batchSummary(results: BatchResult[]): Record<BatchOutcome, number> {
  const count = (o: BatchOutcome) => results.filter((r) => r.outcome === o).length;
  return { executed: count('executed'), pending_approval: count('pending_approval'), refused: count('refused') };
}

export function batchRow(caller: Caller, atomic: boolean, results: BatchResult[], sources: string[], now = new Date()): BatchRow {
  return {
    id: uuidv7(),
    version: 1,
    created_at: now,
    updated_at: now,
    enterprise_id: caller.enterpriseId,
    atomic,
    status: 'completed',
    transfer_count: results.length,
    source_refs: [...new Set(sources)].sort(),
    results,
    subject_attribution: caller.attribution(),
  };
}

export const itemPointer = (i: number, rest: string) => `/body/transfers/${i}/${rest}`;

/** Field errors of one transfer of the batch, with pointers into the batch body. */
export function locatedAt(i: number, errors: Array<FieldError | NamedFieldError> | undefined): FieldError[] {
  return (errors ?? []).map((e) => {
    if ('field' in e) return { pointer: itemPointer(i, 'amount/value'), detail: e.detail };
    if (e.pointer.startsWith('/body/transfers/')) return e;
    return { pointer: e.pointer === '/body' ? `/body/transfers/${i}` : e.pointer.replace(/^\/body\//, itemPointer(i, '')), detail: e.detail };
  });
}

/** A transfer's refusal, as the batch reports it: its index and its pointers into the batch body. */
export function itemError(i: number, err: AppError): AppError {
  return new AppError(err.code, `Transfer ${i}: ${err.detail}`, {
    ...err.options,
    errors: locatedAt(i, err.options.errors),
    extensions: { ...(err.options.extensions ?? {}), transfer_index: i },
  });
}

/** A transfer's refusal as the problem object a non-atomic batch records for it. */
export function problemOf(i: number, err: AppError): ItemProblem {
  return {
    ...(err.options.extensions ?? {}),
    status: err.status,
    code: err.code,
    detail: err.detail,
    reason: err.reason,
    errors: locatedAt(i, err.options.errors),
  };
}

export interface CheckedItem {
  index: number;
  input: NewInternalTransfer;
  source: Placement;
}

/** Parses a transfer's amount and checks its accounts' existence, scope and permission, as POST /internal-transfers does. */
export function checkItem(caller: Caller, placements: Map<string, Placement>, item: BatchItem, index: number): CheckedItem {
  let asset: Asset;
  let amount: bigint;
  try {
    asset = assetOf(item.currency, itemPointer(index, 'amount/currency'));
    amount = parseAmount(item.value, asset, itemPointer(index, 'amount/value'));
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.code, `Transfer ${index}: ${err.detail}`, { ...err.options, extensions: { transfer_index: index } });
    throw err;
  }
  if (item.sourceRef === item.targetRef) {
    throw new AppError('EdgeUnprocessable', `Transfer ${index}: the source and target accounts are the same.`, {
      errors: [{ pointer: itemPointer(index, 'target_ref'), detail: 'must differ from source_ref' }],
      extensions: { transfer_index: index },
    });
  }
  const source = placements.get(item.sourceRef);
  const target = placements.get(item.targetRef);
  try {
    if (!source) throw notFound('source account');
    caller.require('transfers.create', placementPath(source), 'source account');
    if (!target || !caller.sees(placementPath(target))) throw notFound('target account');
  } catch (err) {
    throw err instanceof AppError ? itemError(index, err) : err;
  }
  return { index, input: { sourceRef: item.sourceRef, targetRef: item.targetRef, asset, amount, annotations: item.annotations }, source };
}

/** What a source account can spend in an asset: its available balance and overdraft limit (null: unlimited). */
export interface Spendable {
  available: bigint;
  limit: bigint | null;
}

/** The key firstShortfall's balances are looked up by: an account and an asset. */
export const spendableKey = (ref: string, asset: string) => `${ref}\u0000${asset}`;

/**
 * The first transfer, in batch order, whose debit does not fit its source as if the batch were booked
 * one by one (each credit counted for the transfers after it), with what it found; null when all fit.
 * A pair with no balance row has nothing available and no overdraft.
 */
export function firstShortfall(items: CheckedItem[], balances: ReadonlyMap<string, Spendable>): { item: CheckedItem; available: bigint } | null {
  const available = new Map(balances);
  const credit = (ref: string, asset: string, amount: bigint) => {
    const k = spendableKey(ref, asset);
    const b = available.get(k) ?? { available: 0n, limit: 0n };
    available.set(k, { ...b, available: b.available + amount });
  };
  for (const c of items) {
    const b = available.get(spendableKey(c.input.sourceRef, c.input.asset.code)) ?? { available: 0n, limit: 0n };
    if (b.limit !== null && b.available - c.input.amount + b.limit < 0n) return { item: c, available: b.available };
    credit(c.input.sourceRef, c.input.asset.code, -c.input.amount);
    credit(c.input.targetRef, c.input.asset.code, c.input.amount);
  }
  return null;
}
