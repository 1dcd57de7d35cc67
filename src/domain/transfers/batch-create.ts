import type { TransactionSql } from 'postgres';
import type { Caller } from '../../auth/caller';
import { AppError } from '../../errors';
import { recordEventSql } from '../../events/outbox';
import { replayedError, runIdempotently } from '../../idempotency/run';
import type { Answer, IdempotencyScope } from '../../idempotency/store';
import type { Services } from '../../services';
import { anyRuleCovers, decide, evaluatePolicy, policyDenied, recordVelocity } from '../policies';
import { placementPath, type Placement } from '../tenancy/placements';
import { executedRow, proposed, transferVelocity } from './model';
import { MAX_BATCH_TRANSFERS, batchRow, checkItem, itemError, problemOf, type BatchItem, type BatchResult } from './batch-model';
import { batchEvent, presentBatch, presentTransfer } from './present';
import { insertBatch, type BatchRow } from './store';
import { issueTransfers, type TransferToBook } from './booking';
import { explainBatchRefusal } from './batch-refusal';
import { createInternalTransfer } from './create';

/*
 * Batches of internal transfers. Atomic: every transfer is booked in one database transaction
 * through the same statements as a group commit (./booking), or none is. Not atomic: each transfer
 * goes the way a POST /internal-transfers would, under a key derived from the batch's
 * Idempotency-Key, so a retried batch replays each transfer's answer instead of booking it twice.
 */

/** Transfers of a non-atomic batch in flight at once: enough to fill the booker's groups. */
const NON_ATOMIC_CONCURRENCY = 64;

/**
 * Creates a batch of internal transfers (1 to 1,000) under one Idempotency-Key. `atomic`: all are
 * booked in one transaction or none is; any refusal refuses the batch with that transfer's answer
 * and its `transfer_index` (a policy requiring approval for any of them: 409
 * `batch_requires_approval` naming every such index). Not atomic: each transfer is decided alone,
 * as by POST /internal-transfers (approval included), and the batch records each one's outcome.
 */
export async function createTransferBatch(services: Services, caller: Caller, items: BatchItem[], atomic: boolean, idempotency: IdempotencyScope): Promise<BatchRow> {
  if (items.length === 0 || items.length > MAX_BATCH_TRANSFERS) throw new Error('batch size is checked by the schema');
  const placements = await services.placements.resolve([...new Set(items.flatMap((t) => [t.sourceRef, t.targetRef]))]);
  return atomic ? atomicBatch(services, caller, items, placements, idempotency) : separateBatch(services, caller, items, placements, idempotency);
}

/** Writes the batch row, its event and the batch's Idempotency-Key answer, in the caller's transaction. */
async function recordBatch(tx: TransactionSql, batch: BatchRow, idempotency: IdempotencyScope): Promise<void> {
  const body = presentBatch(batch);
  await insertBatch(tx, batch);
  await recordEventSql(tx, batchEvent(batch, body));
  await idempotency.record(tx, { status: 201, body });
}

/** Thrown inside the atomic batch's transaction when a booking statement refused: explained after the rollback. */
class BookingRefused extends Error {
  constructor(readonly refusal: unknown) {
    super('a transfer of the batch was refused');
  }
}

async function atomicBatch(services: Services, caller: Caller, items: BatchItem[], placements: Map<string, Placement>, idempotency: IdempotencyScope): Promise<BatchRow> {
  const checked = items.map((item, i) => checkItem(caller, placements, item, i));
  const governedSources = new Set<string>();
  for (const ref of new Set(checked.map((c) => c.input.sourceRef))) {
    if (await anyRuleCovers(services.policyRules, services.sql, caller.enterpriseId, 'internal_transfer', placementPath(placements.get(ref)!))) governedSources.add(ref);
  }
  try {
    const batch = await services.sql.begin(async (tx) => {
      const now = new Date();
      const toBook: TransferToBook[] = [];
      const needApproval: number[] = [];
      for (const c of checked) {
        if (!governedSources.has(c.input.sourceRef)) {
          toBook.push({ input: c.input, row: executedRow(caller, c.input, decide([], proposed(caller, c.input), new Map(), now, placementPath(c.source)), now) });
          continue;
        }
        // In batch order, each counted for velocity before the next is decided.
        const decision = await evaluatePolicy(tx, proposed(caller, c.input), placementPath(c.source));
        if (decision.effect === 'deny') throw itemError(c.index, policyDenied(decision));
        if (decision.requirement) {
          needApproval.push(c.index);
          continue;
        }
        const row = executedRow(caller, c.input, decision, now);
        await recordVelocity(tx, transferVelocity(row));
        toBook.push({ input: c.input, row, velocityRecorded: true });
      }
      if (needApproval.length > 0) {
        throw new AppError('EdgeConflict', `A policy rule requires approval for ${needApproval.length} transfer(s) of the batch; an atomic batch books all or none. Send them without atomic, or alone.`, {
          reason: 'batch_requires_approval',
          extensions: { transfer_indexes: needApproval },
        });
      }
      const issued = issueTransfers(tx, toBook);
      const failed = (await Promise.allSettled(issued.statements)).find((o): o is PromiseRejectedResult => o.status === 'rejected');
      if (failed) throw new BookingRefused(failed.reason);
      const results: BatchResult[] = toBook.map((t, i) => ({ index: i, outcome: 'executed', transfer_ref: `internal-transfers/${t.row.id}`, problem: null }));
      const batch = batchRow(caller, true, results, toBook.map((t) => t.row.source_ref), now);
      await recordBatch(tx, batch, idempotency);
      return batch;
    });
    services.metrics.ledgerTransactions.inc({ kind: 'internal_transfer' }, batch.transfer_count);
    return batch;
  } catch (err) {
    if (err instanceof BookingRefused) throw await explainBatchRefusal(services.sql, checked, err.refusal);
    throw err;
  }
}

async function separateBatch(services: Services, caller: Caller, items: BatchItem[], placements: Map<string, Placement>, idempotency: IdempotencyScope): Promise<BatchRow> {
  const results: BatchResult[] = new Array(items.length);
  const sources: string[] = [];
  const one = async (i: number): Promise<void> => {
    const refused = (err: unknown): BatchResult => {
      if (err instanceof AppError && err.status < 500) return { index: i, outcome: 'refused', transfer_ref: null, problem: problemOf(i, err) };
      throw err;
    };
    try {
      const c = checkItem(caller, placements, items[i], i);
      sources.push(c.input.sourceRef);
      // The batch's key with a suffix no header can carry (a space): this transfer's own answer, replayed on a retry.
      const answer: Answer = await runIdempotently(
        services.sql,
        idempotency.principalId,
        `${idempotency.key} transfers/${i}`,
        `${idempotency.fingerprint}/${i}`,
        async (scope) => ({ status: 201, body: presentTransfer(await createInternalTransfer(services, caller, c.input, scope)) }),
        { answerInTransaction: true },
      );
      const stored = replayedError(answer.body);
      if (stored) {
        results[i] = refused(stored);
        return;
      }
      const record = answer.body as { id: string; status: string };
      results[i] = { index: i, outcome: record.status === 'pending_approval' ? 'pending_approval' : 'executed', transfer_ref: `internal-transfers/${record.id}`, problem: null };
    } catch (err) {
      results[i] = refused(err);
    }
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(NON_ATOMIC_CONCURRENCY, items.length) }, async () => {
      while (next < items.length) await one(next++);
    }),
  );
  const batch = batchRow(caller, false, results, sources);
  await services.sql.begin((tx) => recordBatch(tx, batch, idempotency));
  return batch;
}
