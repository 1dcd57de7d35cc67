import type { Sql, TransactionSql } from 'postgres';
import type { Caller, SubjectAttribution } from '../../auth/caller';
import { AppError, conflict, notFound, type FieldError, type NamedFieldError } from '../../errors';
import { etagOf } from '../../db/base';
import { refusalReason } from '../../db/refusals';
import { recordEventSql } from '../../events/outbox';
import { uuidv7 } from '../../ids';
import { replayedError, runIdempotently, type Answer, type IdempotencyScope } from '../../idempotency/store';
import type { Services } from '../../services';
import { assetOf, insufficientFundsError, parseAmount, type Asset } from '../../ledger';
import { anyRuleCovers, decide, evaluatePolicy, policyDenied, recordVelocity } from '../policies';
import { scopePathOf } from '../../auth/scope-paths';
import { placementPath, type Placement } from '../tenancy/placements';
import { isReferenceTaken, referenceTaken, type ReferenceMetadata } from '../../schema/metadata';
import { BATCH_EVENTS } from './events';
import { accountStates, presentTransfer, refusalOf, transferVelocity, type NewInternalTransfer } from './records';
import { issueTransfers, type TransferToBook } from './booking';
import { createInternalTransfer, executedRow, proposed } from './transfers';

/*
 * Batches of internal transfers. Atomic: every transfer is booked in one database transaction
 * through the same statements as a group commit (./booking), or none is. Not atomic: each transfer
 * goes the way a POST /internal-transfers would, under a key derived from the batch's
 * Idempotency-Key, so a retried batch replays each transfer's answer instead of booking it twice.
 */

export const MAX_BATCH_TRANSFERS = 1000;
/** Transfers of a non-atomic batch in flight at once: enough to fill the booker's groups. */
const NON_ATOMIC_CONCURRENCY = 64;

export interface BatchItem {
  sourceRef: string;
  targetRef: string;
  currency: string;
  value: string;
  /** The transfer's reference and metadata (none when absent). */
  annotations?: ReferenceMetadata;
}

export type BatchOutcome = 'executed' | 'pending_approval' | 'refused';

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

export interface BatchRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  atomic: boolean;
  status: 'completed';
  transfer_count: number;
  source_refs: string[];
  results: BatchResult[];
  subject_attribution: SubjectAttribution;
}

export function presentBatch(b: BatchRow) {
  const count = (o: BatchOutcome) => b.results.filter((r) => r.outcome === o).length;
  return {
    id: b.id,
    resource: 'internal_transfer_batch' as const,
    atomic: b.atomic,
    status: b.status,
    transfer_count: b.transfer_count,
    summary: { executed: count('executed'), pending_approval: count('pending_approval'), refused: count('refused') },
    results: b.results,
    subject_attribution: b.subject_attribution,
    etag: etagOf(b),
    created_at: b.created_at.toISOString(),
    updated_at: b.updated_at.toISOString(),
  };
}

const at = (i: number, rest: string) => `/body/transfers/${i}/${rest}`;

/** Field errors of one transfer of the batch, with pointers into the batch body. */
function locatedAt(i: number, errors: Array<FieldError | NamedFieldError> | undefined): FieldError[] {
  return (errors ?? []).map((e) => {
    if ('field' in e) return { pointer: at(i, 'amount/value'), detail: e.detail };
    if (e.pointer.startsWith('/body/transfers/')) return e;
    return { pointer: e.pointer === '/body' ? `/body/transfers/${i}` : e.pointer.replace(/^\/body\//, at(i, '')), detail: e.detail };
  });
}

/** A transfer's refusal, as the batch reports it: its index and its pointers into the batch body. */
function itemError(i: number, err: AppError): AppError {
  return new AppError(err.code, `Transfer ${i}: ${err.detail}`, {
    ...err.options,
    errors: locatedAt(i, err.options.errors),
    extensions: { ...(err.options.extensions ?? {}), transfer_index: i },
  });
}

function problemOf(i: number, err: AppError): ItemProblem {
  return {
    ...(err.options.extensions ?? {}),
    status: err.status,
    code: err.code,
    detail: err.detail,
    ...(err.options.reason ? { reason: err.options.reason } : {}),
    errors: locatedAt(i, err.options.errors),
  };
}

interface Checked {
  index: number;
  input: NewInternalTransfer;
  source: Placement;
}

/** Parses a transfer's amount and checks its accounts' existence, scope and permission, as POST /internal-transfers does. */
function check(caller: Caller, placements: Map<string, Placement>, item: BatchItem, index: number): Checked {
  let asset: Asset;
  let amount: bigint;
  try {
    asset = assetOf(item.currency, at(index, 'amount/currency'));
    amount = parseAmount(item.value, asset, at(index, 'amount/value'));
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.code, `Transfer ${index}: ${err.detail}`, { ...err.options, extensions: { transfer_index: index } });
    throw err;
  }
  if (item.sourceRef === item.targetRef) {
    throw new AppError('EdgeUnprocessable', `Transfer ${index}: the source and target accounts are the same.`, {
      errors: [{ pointer: at(index, 'target_ref'), detail: 'must differ from source_ref' }],
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


function batchRow(caller: Caller, atomic: boolean, results: BatchResult[], sources: string[], now = new Date()): BatchRow {
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

/** Writes the batch row, its event and the batch's Idempotency-Key answer, in the caller's transaction. */
async function recordBatch(tx: TransactionSql, batch: BatchRow, idempotency: IdempotencyScope): Promise<void> {
  const body = presentBatch(batch);
  await tx`
    insert into internal_transfer_batches (id, version, created_at, updated_at, enterprise_id, atomic, status, transfer_count, source_refs, results, subject_attribution)
    values (${batch.id}, 1, ${batch.created_at}, ${batch.updated_at}, ${batch.enterprise_id}, ${batch.atomic}, ${batch.status}, ${batch.transfer_count},
            ${batch.source_refs}::text[], ${tx.json(batch.results as never)}, ${tx.json(batch.subject_attribution as never)})`;
  await recordEventSql(tx, {
    type: BATCH_EVENTS.completed,
    enterpriseId: batch.enterprise_id,
    scopeRef: `enterprises/${batch.enterprise_id}`,
    resourceRef: `internal-transfer-batches/${batch.id}`,
    payload: body,
    attribution: batch.subject_attribution,
  });
  await idempotency.record(tx, { status: 201, body });
}

/** Thrown inside the atomic batch's transaction when a booking statement refused: explained after the rollback. */
class BookingRefused extends Error {
  constructor(readonly refusal: unknown) {
    super('a transfer of the batch was refused');
  }
}

async function atomicBatch(services: Services, caller: Caller, items: BatchItem[], placements: Map<string, Placement>, idempotency: IdempotencyScope): Promise<BatchRow> {
  const checked = items.map((item, i) => check(caller, placements, item, i));
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
    if (err instanceof BookingRefused) throw await explainRefusal(services.sql, checked, err.refusal);
    throw err;
  }
}

/**
 * Why an atomic batch's booking was refused, read after the rollback: the first transfer, in batch
 * order, whose accounts cannot move money or whose debit does not fit (as if booked one by one).
 */
async function explainRefusal(sql: Sql, checked: Checked[], cause: unknown): Promise<unknown> {
  const refs = [...new Set(checked.flatMap((c) => [c.input.sourceRef, c.input.targetRef]))];
  const states = new Map((await sql`select * from (${accountStates(sql, refs)}) s`).map((s) => [s.ref as string, s]));
  for (const c of checked) {
    for (const [side, ref] of [['source', c.input.sourceRef], ['target', c.input.targetRef]] as const) {
      const s = states.get(ref);
      if (!s) return itemError(c.index, notFound(`${side} account`));
      const reason =
        side === 'source' && s.admission_state === 'closed' ? 'enterprise_closed'
        : side === 'source' && s.restriction_state === 'suspended' ? 'enterprise_suspended'
        : s.client_status != null && s.client_status !== 'active' ? `client_${s.client_status}:${side}`
        : s.status !== 'active' ? `account_${s.status}:${side}`
        : null;
      const refusal = reason ? refusalOf(reason) : null;
      if (refusal) return itemError(c.index, refusal);
    }
  }
  const pairs = [...new Set(checked.map((c) => `${c.input.sourceRef}\u0000${c.input.asset.code}`))].map((k) => k.split('\u0000'));
  const rows = await sql`
    select account_ref, asset, total::text, held::text, overdraft_limit::text from ledger_balances
     where (account_ref, asset) in (select * from unnest(${pairs.map((p) => p[0])}::text[], ${pairs.map((p) => p[1])}::text[]))`;
  const available = new Map<string, { available: bigint; limit: bigint | null }>();
  for (const r of rows) available.set(`${r.account_ref}\u0000${r.asset}`, { available: BigInt(r.total) - BigInt(r.held), limit: r.overdraft_limit == null ? null : BigInt(r.overdraft_limit) });
  const credit = (ref: string, asset: string, amount: bigint) => {
    const k = `${ref}\u0000${asset}`;
    const b = available.get(k) ?? { available: 0n, limit: 0n };
    available.set(k, { ...b, available: b.available + amount });
  };
  for (const c of checked) {
    const k = `${c.input.sourceRef}\u0000${c.input.asset.code}`;
    const b = available.get(k) ?? { available: 0n, limit: 0n };
    if (b.limit !== null && b.available - c.input.amount + b.limit < 0n) {
      return itemError(c.index, insufficientFundsError(c.input.sourceRef, c.input.asset.code, b.available, c.input.amount));
    }
    credit(c.input.sourceRef, c.input.asset.code, -c.input.amount);
    credit(c.input.targetRef, c.input.asset.code, c.input.amount);
  }
  if (isReferenceTaken(cause, 'internal_transfers')) return takenReference(sql, checked, cause);
  if (cause instanceof AppError) return cause;
  // A refusal that no longer reproduces (the accounts changed since): retryable. Anything else is a fault, as it is.
  const refused = refusalReason(cause) !== null || (cause as { constraint_name?: string }).constraint_name === 'ledger_balances_funds_check';
  if (!refused) return cause;
  return conflict('The batch could not be booked as a whole and nothing was booked; the accounts changed meanwhile. Retry.', 'batch_conflict');
}

/** The first transfer whose unique reference another transfer holds, or that an earlier transfer of the batch repeats. */
async function takenReference(sql: Sql, checked: Checked[], cause: unknown): Promise<unknown> {
  const seen = new Set<string>();
  for (const c of checked) {
    const ref = c.input.annotations?.referenceUnique ? c.input.annotations.reference : null;
    if (ref === null || ref === undefined) continue;
    const [held] = await sql`select id from internal_transfers where enterprise_id = ${c.source.enterpriseId} and reference = ${ref} and reference_unique`;
    if (held) return itemError(c.index, referenceTaken('internal transfer', held.id as string));
    if (seen.has(ref)) {
      return itemError(c.index, new AppError('EdgeUnprocessable', 'An earlier transfer of the batch has the same unique reference.', { errors: [{ pointer: at(c.index, 'reference'), detail: 'repeats an earlier transfer\'s unique reference' }] }));
    }
    seen.add(ref);
  }
  return cause;
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
      const c = check(caller, placements, items[i], i);
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

const BATCH_COLUMNS = 'id, version, created_at, updated_at, enterprise_id, atomic, status, transfer_count, source_refs, results, subject_attribution';

/** The batch if the caller may read transfers at every source account of it, else 404 (out of scope) or 403. */
export async function readableBatch(sql: Sql, caller: Caller, id: string): Promise<BatchRow> {
  const [row] = (await sql.unsafe(`select ${BATCH_COLUMNS} from internal_transfer_batches where id = $1 and enterprise_id = $2`, [id, caller.enterpriseId], {
    prepare: true,
  })) as unknown as BatchRow[];
  if (!row) throw notFound('internal transfer batch');
  // Every transfer refused before its accounts were known: an enterprise-wide reader's.
  if (row.source_refs.length === 0) caller.require('transfers.read', [caller.enterpriseRef], 'internal transfer batch');
  for (const ref of row.source_refs) {
    const path = await scopePathOf(sql, ref);
    if (!path) throw notFound('internal transfer batch');
    caller.require('transfers.read', path, 'internal transfer batch');
  }
  return row;
}
