import type { TransactionSql } from 'postgres';
import type { Caller } from '../../auth/caller';
import { AppError, notFound } from '../../errors';
import { recordEventSql } from '../../events/outbox';
import type { IdempotencyScope } from '../../idempotency/store';
import { bookReversal, reversalExceedsRemaining, type BookedReversal } from '../../ledger';
import type { Metrics } from '../../metrics';
import { assetOf, parseAmount, type Asset } from '../../money/assets';
import type { Services } from '../../services';
import { assertNotDenied, evaluatePolicy, recordVelocity } from '../policies';
import { placementPath, type Placement } from '../tenancy/placements';
import { lockMovable, transferRefusal } from './accounts';
import { holdForApproval, startAwaitingApproval, type Opened } from './create';
import { TRANSFER_REVERSAL_EVENTS } from './events';
import { executedRow, proposed, transferVelocity } from './model';
import { presentTransfer, transferEvent } from './present';
import { assertReversalReason, remainingToReverse, reversalExtent, reversalLegs, reversalRefusal, reversalTransfer, type ReversalReason } from './reversal-model';
import { findTransfer, insertTransfer, recordReversed, type TransferRow } from './store';

/*
 * An operator's reversal of an executed internal transfer (docs/returns-and-reversals.md): a transfer
 * the other way, for a reason, of all that remains or part of it, governed like any transfer out of
 * the account it debits (the policy rules, the approval machinery). It books as a ledger reversal of the
 * original's transaction, so the link is in the hash chain and the ledger refuses more than was moved.
 */

/** The ledger kind of a booked reversal of an internal transfer. */
export const TRANSFER_REVERSAL_KIND = 'internal_transfer_reversal';

export interface TransferReversalRequest {
  reason: ReversalReason;
  /** Part of the transfer, in its asset; absent: all that remains. */
  amount?: { currency: string; value: string };
}

/**
 * Reverses transfer `id`: 404 unless the caller sees it and may create transfers out of its target (the
 * account the reversal debits). The original is locked while what remains is counted (reversals awaiting
 * approval count), so concurrent reversals cannot together exceed it: beyond it is 422
 * `reversal_exceeds_remaining` with `remaining`. Then, as create.ts: denied, booked at once, or held for approval.
 */
export async function reverseInternalTransfer(services: Services, caller: Caller, id: string, request: TransferReversalRequest, idempotency?: IdempotencyScope): Promise<TransferRow> {
  assertReversalReason(request.reason);
  const found = await findTransfer(services.sql, id);
  const placements = found ? await services.placements.resolve([found.source_ref, found.target_ref]) : new Map<string, Placement>();
  const source = found && placements.get(found.source_ref);
  const debited = found && placements.get(found.target_ref);
  if (!found || !source || !debited || found.enterprise_id !== caller.enterpriseId) throw notFound('internal transfer');
  caller.require('transfers.create', placementPath(source), 'internal transfer');
  caller.require('transfers.create', placementPath(debited), 'internal transfer');
  const asset = assetOf(found.asset);
  if (request.amount && request.amount.currency.toUpperCase() !== found.asset) {
    throw new AppError('EdgeUnprocessable', `The transfer was in ${found.asset}.`, { reason: 'return_currency_mismatch', errors: [{ pointer: '/body/amount/currency', detail: `must be ${found.asset}` }] });
  }
  const asked = request.amount === undefined ? null : parseAmount(request.amount.value, asset, '/body/amount/value');
  try {
    const opened = await services.sql.begin((tx) => openReversal(tx, services, caller, { id, reason: request.reason, asked, asset, debited }, idempotency));
    if (opened.spec) await startAwaitingApproval(services, opened, debited, idempotency);
    return opened.row;
  } catch (err) {
    throw transferRefusal(err);
  }
}

interface Opening {
  id: string;
  reason: ReversalReason;
  asked: bigint | null;
  asset: Asset;
  debited: Placement;
}

async function openReversal(tx: TransactionSql, services: Services, caller: Caller, o: Opening, idempotency?: IdempotencyScope): Promise<Opened> {
  // Locked, then read: the read's snapshot is taken after the lock, so it sees the reversals committed while this waited.
  await tx`select 1 from internal_transfers where id = ${o.id} for update`;
  const original = (await findTransfer(tx, o.id))!;
  const refusal = reversalRefusal(original);
  if (refusal) throw refusal;
  const remaining = remainingToReverse(BigInt(original.amount), original.reversals);
  const amount = o.asked ?? remaining;
  if (amount <= 0n || amount > remaining) throw reversalExceedsRemaining(remaining, amount, original.asset);

  const input = reversalTransfer(original, o.asset, amount);
  await lockMovable(tx, input.sourceRef, input.targetRef);
  const decision = await evaluatePolicy(tx, proposed(caller, input), placementPath(o.debited));
  assertNotDenied(decision);
  const row: TransferRow = { ...executedRow(caller, input, decision, new Date()), reversal_of: original.id, reversal_reason: o.reason };
  if (decision.requirement) return holdForApproval(tx, caller, input, row, decision, o.debited, services.metrics, services.config.taskQueue, idempotency);

  const booked = await bookTransferReversal(tx, original, row, services.metrics);
  const executed = { ...row, ledger_transaction_id: booked.transaction.id };
  await insertTransfer(tx, executed);
  await recordVelocity(tx, transferVelocity(executed));
  await recordEventSql(tx, transferEvent(executed, executed.subject_attribution));
  await recordOriginalReversed(tx, original, booked);
  await idempotency?.record(tx, { status: 201, body: presentTransfer(executed) });
  return { row: executed, spec: null };
}

/** The reversal's ledger booking (key `internal_transfer/<id>`, as every transfer's), linked to the original's transaction. */
export function bookTransferReversal(tx: TransactionSql, original: TransferRow, reversal: TransferRow, metrics?: Metrics): Promise<BookedReversal> {
  return bookReversal(tx, {
    key: `internal_transfer/${reversal.id}`,
    enterpriseId: reversal.enterprise_id,
    kind: TRANSFER_REVERSAL_KIND,
    reversalOf: original.ledger_transaction_id!,
    reversible: BigInt(original.amount),
    amount: BigInt(reversal.amount),
    asset: reversal.asset,
    legs: reversalLegs(reversal),
    metrics,
  });
}

/** The original after a reversal of it was booked: its `reversed_amount`, and `partially_reversed` or `reversed`. */
export function recordOriginalReversed(tx: TransactionSql, original: TransferRow, booked: BookedReversal): Promise<TransferRow> {
  const extent = reversalExtent(booked.reversedAmount, BigInt(original.amount));
  return recordReversed(tx, original.id, booked.reversedAmount, TRANSFER_REVERSAL_EVENTS[extent]);
}
