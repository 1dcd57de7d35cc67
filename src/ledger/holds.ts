import type { Row, Sql } from 'postgres';
import { AppError, notFound } from '../errors';
import { uuidv7 } from '../ids';
import type { Metrics } from '../metrics';
import { isAsset } from './assets';
import { applyMovements, inTransaction, normalise, type LedgerSql, type Movement } from './core';
import { bookingHash, type LedgerTransaction } from './transactions';

export type HoldStatus = 'pending' | 'posted' | 'voided';

/** A two-phase transfer (as TigerBeetle's pending transfers): reserved now, posted or voided once, later. */
export interface Hold {
  id: string;
  businessKey: string;
  enterpriseId: string;
  accountRef: string;
  asset: string;
  amount: bigint;
  /** Where a post sends the money unless the post names its own credits. */
  targetRef: string | null;
  status: HoldStatus;
  postedAmount: bigint | null;
  transactionId: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

function toHold(r: Row): Hold {
  return {
    id: r.id,
    businessKey: r.business_key,
    enterpriseId: r.enterprise_id,
    accountRef: r.account_ref,
    asset: r.asset,
    amount: BigInt(r.amount),
    targetRef: r.target_ref,
    status: r.status,
    postedAmount: r.posted_amount == null ? null : BigInt(r.posted_amount),
    transactionId: r.transaction_id,
    createdAt: r.created_at,
    resolvedAt: r.resolved_at,
  };
}

const HOLD_COLUMNS = 'id, business_key, enterprise_id, account_ref, asset, amount::text, target_ref, status, posted_amount::text, transaction_id, created_at, resolved_at';

export async function getHold(sql: LedgerSql, holdId: string): Promise<Hold | null> {
  const [row] = await (sql as Sql).unsafe(`select ${HOLD_COLUMNS} from ledger_holds where id = $1`, [holdId], { prepare: true });
  return row ? toHold(row) : null;
}

export interface PlaceHoldInput {
  /** Unique business key: placing again with it returns the first hold (`replayed`). */
  key: string;
  enterpriseId: string;
  accountRef: string;
  asset: string;
  amount: bigint;
  targetRef?: string | null;
  metrics?: Metrics;
}

/** Reserves `amount`: available drops, held rises, total is unchanged. Insufficient funds is 422. */
export async function placeHold(sql: LedgerSql, input: PlaceHoldInput): Promise<Hold & { replayed: boolean }> {
  if (input.amount <= 0n) throw new Error('ledger: a hold amount is positive');
  if (!isAsset(input.asset)) throw new Error(`ledger: unknown asset ${input.asset}`);
  if (input.targetRef === input.accountRef) throw new Error('ledger: a hold cannot target its own account');
  const id = uuidv7();
  const hold = await inTransaction(sql, async (tx) => {
    const [claimed] = await applyMovements(tx, {
      enterpriseId: input.enterpriseId,
      movements: [{ accountRef: input.accountRef, asset: input.asset, total: 0n, held: input.amount }],
      before: [
        tx.unsafe(
          `insert into ledger_holds (id, enterprise_id, business_key, account_ref, asset, amount, target_ref)
           values ($1, $2, $3, $4, $5, $6, $7) on conflict (business_key) do nothing returning ${HOLD_COLUMNS}`,
          [id, input.enterpriseId, input.key, input.accountRef, input.asset, input.amount.toString(), input.targetRef ?? null],
          { prepare: true },
        ),
      ],
      guard: { table: 'ledger_holds', id },
    });
    if (claimed.length > 0) return { ...toHold(claimed[0]), replayed: false };
    const [row] = await tx.unsafe(`select ${HOLD_COLUMNS} from ledger_holds where business_key = $1`, [input.key], { prepare: true });
    return { ...toHold(row), replayed: true };
  });
  if (!hold.replayed) input.metrics?.ledgerTransactions.inc({ kind: 'hold_place' });
  return hold;
}

/** Claims a pending hold for one resolution; anything else is 404 or 409 (each hold resolves once). */
async function claim(
  tx: LedgerSql,
  holdId: string,
  set: { status: 'posted' | 'voided'; postedAmount: bigint | null; transactionId: string | null },
): Promise<Hold> {
  const [row] = await (tx as Sql).unsafe(
    `update ledger_holds h set status = $2, posted_amount = case when $2 = 'posted' then coalesce($3::numeric, amount) end, transaction_id = $4, resolved_at = now()
      where id = $1 and status = 'pending' returning ${HOLD_COLUMNS}`,
    [holdId, set.status, set.postedAmount?.toString() ?? null, set.transactionId],
    { prepare: true },
  );
  if (row) return toHold(row);
  const existing = await getHold(tx, holdId);
  if (!existing) throw notFound('hold');
  throw alreadyResolved(existing);
}

function alreadyResolved(h: Hold): AppError {
  return new AppError('EdgeConflict', `The hold is already ${h.status}.`, {
    reason: 'hold_already_resolved',
    extensions: { hold_status: h.status },
  });
}

export interface PostHoldInput {
  holdId: string;
  /** Business key of the resulting ledger transaction (default `hold/<id>/post`); retrying a post with
   * the same explicit key replays it, any other second resolution is 409. */
  key?: string;
  /** Posted amount (default: the whole hold); the rest is released. Ignored when `credits` are given. */
  amount?: bigint;
  /** Where the posted money goes (default: the hold's target, the whole posted amount). */
  credits?: { accountRef: string; amount: bigint }[];
  kind?: string;
  metrics?: Metrics;
}

/** Posts a hold fully or partially: the posted part moves, the rest returns to available, once. */
export async function postHold(sql: LedgerSql, input: PostHoldInput): Promise<{ hold: Hold; transaction: LedgerTransaction }> {
  const transactionId = uuidv7();
  const key = input.key ?? `hold/${input.holdId}/post`;
  const kind = input.kind ?? 'hold_post';
  const requested = input.credits ? input.credits.reduce((s, c) => s + c.amount, 0n) : input.amount ?? null;
  const result = await inTransaction(sql, async (tx) => {
    let hold: Hold;
    try {
      hold = await claim(tx, input.holdId, { status: 'posted', postedAmount: requested, transactionId });
    } catch (err) {
      const existing = input.key ? await getHold(tx, input.holdId) : null;
      if (existing?.status === 'posted' && existing.transactionId) {
        const [prior] = await tx`select business_key, kind, created_at from ledger_transactions where id = ${existing.transactionId}`;
        if (prior?.business_key === input.key) {
          return { hold: existing, transaction: { id: existing.transactionId, businessKey: key, kind: prior.kind, enterpriseId: existing.enterpriseId, createdAt: prior.created_at, replayed: true } };
        }
      }
      throw err;
    }
    const posted = requested ?? hold.amount;
    if (posted <= 0n || posted > hold.amount) {
      throw new AppError('EdgeUnprocessable', 'The posted amount must be positive and at most the held amount.', {
        errors: [{ field: 'amount', detail: 'out of range for this hold' }],
        extensions: { held: hold.amount.toString() },
      });
    }
    const credits = input.credits ?? (hold.targetRef ? [{ accountRef: hold.targetRef, amount: posted }] : null);
    if (!credits) throw new Error('ledger: postHold needs credits when the hold has no target');
    if (credits.some((c) => c.amount <= 0n || c.accountRef === hold.accountRef)) throw new Error('ledger: credits are positive and go to another account');
    const movements: Movement[] = [
      { accountRef: hold.accountRef, asset: hold.asset, total: -posted, held: -hold.amount },
      ...credits.map((c) => ({ accountRef: c.accountRef, asset: hold.asset, total: c.amount, held: 0n })),
    ];
    const normalised = normalise(movements);
    const hash = bookingHash(transactionId, { key, kind, enterpriseId: hold.enterpriseId }, normalised);
    const [booked] = await applyMovements(tx, {
      enterpriseId: hold.enterpriseId,
      movements: normalised,
      transactionId,
      hash,
      before: [
        tx`insert into ledger_transactions (id, enterprise_id, business_key, kind, hash)
           values (${transactionId}, ${hold.enterpriseId}, ${key}, ${kind}, ${hash})
           on conflict (business_key) do nothing returning created_at`,
      ],
      guard: { table: 'ledger_transactions', id: transactionId },
    });
    if (booked.length === 0) throw new AppError('EdgeConflict', 'The business key was already used by another ledger transaction.', { reason: 'ledger_key_reused' });
    const transaction: LedgerTransaction = { id: transactionId, businessKey: key, kind, enterpriseId: hold.enterpriseId, createdAt: booked[0].created_at, replayed: false };
    return { hold: { ...hold, postedAmount: posted }, transaction };
  });
  if (!result.transaction.replayed) input.metrics?.ledgerTransactions.inc({ kind });
  return result;
}

/** Releases a pending hold entirely, once; a second resolution is 409. */
export async function voidHold(sql: LedgerSql, input: { holdId: string; metrics?: Metrics }): Promise<Hold> {
  const hold = await inTransaction(sql, async (tx) => {
    const h = await claim(tx, input.holdId, { status: 'voided', postedAmount: null, transactionId: null });
    await applyMovements(tx, {
      enterpriseId: h.enterpriseId,
      movements: [{ accountRef: h.accountRef, asset: h.asset, total: 0n, held: -h.amount }],
    });
    return h;
  });
  input.metrics?.ledgerTransactions.inc({ kind: 'hold_void' });
  return hold;
}
