import type { Sql, TransactionSql } from 'postgres';
import type { OffRampStatus, OnRampStatus } from './messages';

/* What `counterfoil ledger verify` asks of the ramp sessions: each status agrees with its hold and its booking. */

/** What each off-ramp status says of its hold: reserved, posted into the exchange, or released. */
const OFF_RAMP_HOLD: Record<Exclude<OffRampStatus, 'failed'>, 'pending' | 'posted' | 'voided'> = {
  pending_approval: 'pending',
  requested: 'pending',
  converting: 'pending',
  payout_sent: 'posted',
  completed: 'posted',
  partially_returned: 'posted',
  returned: 'posted',
  cancelled: 'voided',
  rejected: 'voided',
  expired: 'voided',
};
const offRampWith = (hold: string) => Object.entries(OFF_RAMP_HOLD).filter(([, h]) => h === hold).map(([s]) => s);

/**
 * An off-ramp session's hold is pending while it is live, posted into its exchange once the payout is sent
 * (the hold into `off_ramp/<id>/from`, the fiat leg `off_ramp/<id>/to`, which the session names), voided when it ended before; a failed session either failed before the
 * payout (hold voided, no exchange) or had its payout returned (exchange booked and the fiat credited
 * back, `off_ramp/<id>/return`). A status this file does not classify is a violation too.
 */
export async function offRampViolations(tx: Sql | TransactionSql): Promise<{ checked: number; violations: string[] }> {
  const [{ n }] = await tx`select count(*)::int as n from off_ramp_sessions`;
  const rows = await tx`
    select s.id, s.status, h.status as hold_status, s.ledger_transaction_id, x.id as exchange_id, r.id as return_id
      from off_ramp_sessions s
      left join ledger_holds h on h.id = s.hold_id
      left join ledger_transactions f on f.business_key = 'off_ramp/' || s.id || '/from'
      left join ledger_transactions x on x.business_key = 'off_ramp/' || s.id || '/to'
      left join ledger_transactions r on r.business_key = 'off_ramp/' || s.id || '/return'
     where h.id is null
        or (s.status = any(${offRampWith('pending')}::text[]) and (h.status <> 'pending' or f.id is not null or x.id is not null or s.ledger_transaction_id is not null))
        or (s.status = any(${offRampWith('posted')}::text[])
            and (h.status <> 'posted' or x.id is null or s.ledger_transaction_id is distinct from x.id or h.transaction_id is distinct from f.id or r.id is not null))
        or (s.status = any(${offRampWith('voided')}::text[]) and (h.status <> 'voided' or f.id is not null or x.id is not null or s.ledger_transaction_id is not null))
        or (s.status = 'failed' and not (
              (h.status = 'voided' and f.id is null and x.id is null and s.ledger_transaction_id is null and r.id is null)
           or (h.status = 'posted' and h.transaction_id = f.id and x.id is not null and s.ledger_transaction_id = x.id and r.id is not null)))
        or s.status <> all(${[...Object.keys(OFF_RAMP_HOLD), 'failed']}::text[])
     order by s.id limit 50`;
  const violations = rows.map((r) =>
    r.hold_status === null
      ? `off-ramp session ${r.id} (${r.status}) has no hold`
      : `off-ramp session ${r.id} is ${r.status}: hold ${r.hold_status}, exchange ${r.exchange_id ? 'booked' : 'none'}` +
        `${r.ledger_transaction_id && r.ledger_transaction_id !== r.exchange_id ? ` (the session names ${r.ledger_transaction_id})` : ''}, return ${r.return_id ? 'booked' : 'none'}`,
  );
  return { checked: n, violations };
}

/** The on-ramp statuses whose exchange (`on_ramp/<id>`) is booked; every other one has none. */
const ON_RAMP_BOOKED: OnRampStatus[] = ['completed'];

/** An on-ramp session holds nothing: a completed one names its exchange, and no other one has any. */
export async function onRampViolations(tx: Sql | TransactionSql): Promise<{ checked: number; violations: string[] }> {
  const [{ n }] = await tx`select count(*)::int as n from on_ramp_sessions`;
  const rows = await tx`
    select s.id, s.status, s.ledger_transaction_id, x.id as exchange_id
      from on_ramp_sessions s
      left join ledger_transactions x on x.business_key = 'on_ramp/' || s.id
     where (s.status = any(${ON_RAMP_BOOKED}::text[]) and (x.id is null or s.ledger_transaction_id is distinct from x.id))
        or (s.status <> all(${ON_RAMP_BOOKED}::text[]) and (x.id is not null or s.ledger_transaction_id is not null))
     order by s.id limit 50`;
  const violations = rows.map(
    (r) => `on-ramp session ${r.id} is ${r.status}: exchange ${r.exchange_id ? 'booked' : 'none'}${r.ledger_transaction_id ? `, the session names ${r.ledger_transaction_id}` : ''}`,
  );
  return { checked: n, violations };
}
