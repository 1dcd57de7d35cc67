import type { Sql, TransactionSql } from 'postgres';
import { verifyLedger, type LedgerReport } from '../ledger';
import { withdrawalViolations } from './withdrawals';
import { GOVERNED_BOOKED, GOVERNED_ENDED, GOVERNED_LIVE } from './approvals/lifecycle';
import { offRampViolations, onRampViolations } from './ramps/verify';
import { deliveryViolations } from './webhooks/verify';
import { idempotencyViolations } from '../idempotency/verify';

export interface OperationsReport {
  kind: string;
  checked: number;
  violations: string[];
}

export interface BooksReport {
  ok: boolean;
  ledger: LedgerReport;
  /**
   * Operations whose hold or booking disagrees with their status, per kind; then the outbox's
   * deliveries and the Idempotency-Key answers, which promise effects the same way.
   */
  operations: OperationsReport[];
  violations: string[];
}

/** An operation that holds money while it is live: what its hold and its booking must be in each status. */
interface HeldOperation {
  kind: string;
  table: string;
  live: string[];
  booked: string[];
  /** The hold of a booked one: posted into the booking, or voided beside a booking of its own (a reversal). */
  bookedHold: Array<'posted' | 'voided'>;
  ended: string[];
}

/** The statuses every governed operation shares: live while it waits or executes, then booked or ended. */
const GOVERNED = { live: [...GOVERNED_LIVE], booked: [...GOVERNED_BOOKED], ended: [...GOVERNED_ENDED] };

const HELD: HeldOperation[] = [
  { kind: 'internal transfers', table: 'internal_transfers', ...GOVERNED, bookedHold: ['posted', 'voided'] },
  { kind: 'conversions', table: 'conversions', ...GOVERNED, bookedHold: ['posted'] },
  { kind: 'deposit returns', table: 'deposit_returns', ...GOVERNED, bookedHold: ['voided'] },
  { kind: 'reconciliation adjustments', table: 'reconciliation_adjustments', ...GOVERNED, bookedHold: ['posted'] },
];

/**
 * A live operation holds a pending hold and is not booked; a booked one names a ledger transaction that
 * exists, its hold (if it had one) no longer pending; an ended one is not booked, its hold voided. A
 * transfer booked at once has no hold. A status none of the lists names is a violation too, so a new
 * status cannot slip past the check unclassified.
 */
async function heldViolations(tx: Sql | TransactionSql, op: HeldOperation): Promise<OperationsReport> {
  const [{ n }] = await tx.unsafe(`select count(*)::int as n from ${op.table}`);
  const rows = await tx.unsafe(
    `select o.id, o.status, o.hold_id, h.status as hold_status, o.ledger_transaction_id, t.id is not null as booked
       from ${op.table} o
       left join ledger_holds h on h.id = o.hold_id
       left join ledger_transactions t on t.id = o.ledger_transaction_id
      where (o.hold_id is not null and h.id is null)
         or (o.status = any($1::text[]) and (h.status is distinct from 'pending' or o.ledger_transaction_id is not null))
         or (o.status = any($2::text[]) and (t.id is null or (o.hold_id is not null and h.status <> all($3::text[]))))
         or (o.status = any($4::text[]) and (o.ledger_transaction_id is not null or (o.hold_id is not null and h.status <> 'voided')))
         or o.status <> all($1::text[] || $2::text[] || $4::text[])
      order by o.id limit 50`,
    [op.live, op.booked, op.bookedHold, op.ended] as never[],
  );
  const single = op.kind.replace(/s$/, '');
  const violations = rows.map(
    (r) => `${single} ${r.id} is ${r.status}: hold ${r.hold_id ? (r.hold_status ?? 'missing') : 'none'}, ledger transaction ${r.ledger_transaction_id ? (r.booked ? 'booked' : 'missing') : 'none'}`,
  );
  return { kind: op.kind, checked: n, violations };
}

/**
 * Every operation that holds money against its hold and booking, the events against their deliveries
 * and the acknowledged Idempotency-Keys against their effects; run it inside one snapshot.
 */
export async function operationViolations(tx: Sql | TransactionSql): Promise<OperationsReport[]> {
  return [
    { kind: 'withdrawals', ...(await withdrawalViolations(tx)) },
    ...(await Promise.all(HELD.map((op) => heldViolations(tx, op)))),
    { kind: 'off-ramp sessions', ...(await offRampViolations(tx)) },
    { kind: 'on-ramp sessions', ...(await onRampViolations(tx)) },
    { kind: 'dispatched events', ...(await deliveryViolations(tx)) },
    { kind: 'idempotency answers', ...(await idempotencyViolations(tx)) },
  ];
}

/**
 * `counterfoil ledger verify`: the ledger's own invariants and hash chains (verifyLedger), then every
 * operation that holds money against its hold and booking, in one snapshot of their own.
 */
export async function verifyBooks(sql: Sql, opts: { checkpointPublicKey?: Buffer | null } = {}): Promise<BooksReport> {
  const ledger = await verifyLedger(sql, opts);
  const operations = (await sql.begin('isolation level repeatable read read only', (tx) => operationViolations(tx))) as OperationsReport[];
  const violations = [ledger.violations, ...operations.map((o) => o.violations)].flat();
  return { ok: violations.length === 0, ledger, operations, violations };
}

/** "198 withdrawals, 40 internal transfers, …, 912 dispatched events, 340 idempotency answers": what verifyBooks checked beside the ledger. */
export const describeOperations = (report: BooksReport): string => report.operations.map((o) => `${o.checked} ${o.kind}`).join(', ');
