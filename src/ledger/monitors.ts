import type { Row } from 'postgres';
import { ASSETS } from './assets';
import type { LedgerSql, WriteGuard } from './sql';

/*
 * Balance monitors, the ledger's side: the write engine evaluates them in the booking's own
 * transaction, under the balance rows' locks, so a crossing is announced exactly once however
 * bookings interleave. The resource itself (its routes and presentation) lives in the domain.
 */

/** The balances a monitor can watch, named as in the balance item. */
export const MONITOR_BALANCES = ['available', 'total', 'held'] as const;
export type MonitorBalance = (typeof MONITOR_BALANCES)[number];

export const MONITOR_OPERATORS = ['<', '<=', '>', '>='] as const;
export type MonitorOperator = (typeof MONITOR_OPERATORS)[number];

/** The event a crossing writes (declared in the catalogue by the domain's balance-monitors module). */
export const THRESHOLD_CROSSED = 'ledger.balance.threshold_crossed.v1';

/** The watched figure of a balance row. */
export function monitoredValue(balance: MonitorBalance, row: { total: bigint; held: bigint }): bigint {
  if (balance === 'total') return row.total;
  if (balance === 'held') return row.held;
  return row.total - row.held;
}

export function conditionHolds(value: bigint, operator: MonitorOperator, threshold: bigint): boolean {
  switch (operator) {
    case '<':
      return value < threshold;
    case '<=':
      return value <= threshold;
    case '>':
      return value > threshold;
    case '>=':
      return value >= threshold;
  }
}

/**
 * Locks the balance row a monitor watches (creating it at zero if the account never held the asset)
 * and reads it, so a monitor's state is computed from a value no booking can change before the
 * monitor's change commits. FOR SHARE conflicts with the engine's FOR NO KEY UPDATE; the order is
 * the engine's too: the balance row first, then the monitor row.
 */
export async function lockMonitoredBalance(
  tx: LedgerSql,
  input: { enterpriseId: string; accountRef: string; asset: string },
): Promise<{ total: bigint; held: bigint }> {
  if (input.accountRef.startsWith('system/')) throw new Error('ledger: system accounts are not monitored');
  await tx`insert into ledger_balances (account_ref, asset, enterprise_id) values (${input.accountRef}, ${input.asset}, ${input.enterpriseId})
           on conflict (account_ref, asset) do nothing`;
  const [row] = await tx<{ total: string; held: string }[]>`
    select total::text, held::text from ledger_balances where account_ref = ${input.accountRef} and asset = ${input.asset} for share`;
  return { total: BigInt(row.total), held: BigInt(row.held) };
}

/** Minor units → the asset's decimal string, in SQL: multiplying by an exact literal keeps every digit. */
const UNIT_OF_ASSET = `case m.asset ${Object.values(ASSETS)
  .map((a) => `when '${a.code}' then ${a.precision === 0 ? '1' : `0.${'0'.repeat(a.precision - 1)}1`}`)
  .join(' ')} end`;

const EVALUATE_TEXT = new Map<string, string>();

/**
 * The engine's last statement: for every active monitor of a balance row the bookings changed, the
 * watched value after each booking in booking order (the row's value now, less the bookings' net
 * change, plus the running change), so a group commit judges each booking as if it had been booked
 * alone. A booking after which the condition holds while it did not before (the monitor's stored
 * `state` before the first) is a crossing: one event each, and the monitor keeps the last judgement.
 * With no monitor on the touched rows this is one index probe per row and writes nothing. Answers
 * `emitted`, the number of events written.
 */
export function evaluateMonitors(tx: LedgerSql, legs: string, guard?: WriteGuard) {
  const variant = guard?.table ?? '';
  let text = EVALUATE_TEXT.get(variant);
  if (text === undefined) {
    const cond = guard ? `and exists (select 1 from ${guard.table} where id = $2)` : '';
    text = `
      with l as (select * from jsonb_to_recordset($1::text::jsonb) as l(x uuid, r text, a text, dt numeric, dh numeric, seq int)),
      m as materialized (
        select m.* from (select distinct r, a from l) k
          join balance_monitors m on m.account_ref = k.r and m.asset = k.a and m.status = 'active'
         where true ${cond}),
      steps as (
        select m.id, m.enterprise_id, m.account_ref, m.asset, m.balance, m.operator, m.threshold, m.state, l.seq, l.x, v.d,
               v.now_value - sum(v.d) over (partition by m.id) + sum(v.d) over (partition by m.id order by l.seq) as after_value,
               ${UNIT_OF_ASSET} as unit
          from m
          join l on l.r = m.account_ref and l.a = m.asset
          join ledger_balances b on b.account_ref = m.account_ref and b.asset = m.asset
          cross join lateral (
            select case m.balance when 'total' then l.dt when 'held' then l.dh else l.dt - l.dh end as d,
                   case m.balance when 'total' then b.total when 'held' then b.held else b.total - b.held end as now_value) v),
      judged as (
        select s.*,
               case s.operator when '<' then s.after_value < s.threshold when '<=' then s.after_value <= s.threshold
                               when '>' then s.after_value > s.threshold else s.after_value >= s.threshold end as holds
          from steps s),
      ordered as (
        select j.*, coalesce(lag(j.holds) over w, j.state) as held_before, row_number() over (partition by j.id order by j.seq desc) as from_last
          from judged j
        window w as (partition by j.id order by j.seq)),
      crossed as (select * from ordered where holds and not held_before),
      judged_last as (
        select o.id, o.holds, exists (select 1 from crossed c where c.id = o.id) as crossed
          from ordered o where o.from_last = 1),
      kept as (
        update balance_monitors bm
           set state = j.holds, last_crossed_at = case when j.crossed then now() else bm.last_crossed_at end
          from judged_last j
         where bm.id = j.id and (bm.state <> j.holds or j.crossed)),
      emitted as (
        insert into events (id, type, enterprise_id, scope_ref, resource_ref, payload)
        select counterfoil_uuidv7(), '${THRESHOLD_CROSSED}', c.enterprise_id, c.account_ref, 'balance-monitors/' || c.id,
               jsonb_build_object(
                 'resource', 'balance_threshold_crossing',
                 'monitor_ref', 'balance-monitors/' || c.id,
                 'account_ref', c.account_ref,
                 'asset', c.asset,
                 'balance', c.balance,
                 'operator', c.operator,
                 'threshold', (c.threshold * c.unit)::text,
                 'balance_before', ((c.after_value - c.d) * c.unit)::text,
                 'balance_after', (c.after_value * c.unit)::text,
                 'ledger_transaction_id', c.x,
                 'crossed_at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          from crossed c
         order by c.seq, c.id
        returning 1)
      select (select count(*) from emitted)::int as emitted`;
    EVALUATE_TEXT.set(variant, text);
  }
  return tx.unsafe<(Row & { emitted: number })[]>(text, (guard ? [legs, guard.id] : [legs]) as never[], { prepare: true });
}
