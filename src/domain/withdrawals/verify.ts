import type { Sql, TransactionSql } from 'postgres';
import type { WithdrawalStatus } from './events';

/** What each withdrawal status says of its hold: still reserved, posted by the settlement, or voided. */
const HOLD_OF: Record<WithdrawalStatus, 'pending' | 'posted' | 'voided'> = {
  pending_approval: 'pending',
  executing: 'pending',
  pending_compliance: 'pending',
  executed: 'posted',
  partially_returned: 'posted',
  returned: 'posted',
  rejected: 'voided',
  expired: 'voided',
  cancelled: 'voided',
  failed: 'voided',
};
const withStatus = (hold: string) => Object.entries(HOLD_OF).filter(([, h]) => h === hold).map(([s]) => s);

/**
 * Every withdrawal's hold agrees with its status, and a settled one was booked exactly once (its hold
 * posted into the transaction `withdrawal/<id>/settle`); a live or ended one has no settlement. Run it
 * inside one snapshot (REPEATABLE READ), as `counterfoil ledger verify` does: a withdrawal moves with its
 * hold in one transaction, so a snapshot never sees them apart.
 */
export async function withdrawalViolations(tx: Sql | TransactionSql): Promise<{ checked: number; violations: string[] }> {
  const [{ n }] = await tx`select count(*)::int as n from withdrawals`;
  const rows = await tx`
    select w.id, w.status, h.status as hold_status, h.transaction_id, s.id as settlement_id, s.settlements
      from withdrawals w
      left join ledger_holds h on h.id = w.hold_id
      left join lateral (select min(t.id::text) as id, count(*)::int as settlements from ledger_transactions t
                          where t.business_key = 'withdrawal/' || w.id || '/settle') s on true
     where h.id is null
        or (w.status = any(${withStatus('pending')}::text[]) and (h.status <> 'pending' or s.settlements > 0))
        or (w.status = any(${withStatus('posted')}::text[]) and (h.status <> 'posted' or s.settlements <> 1 or h.transaction_id::text <> s.id))
        or (w.status = any(${withStatus('voided')}::text[]) and (h.status <> 'voided' or s.settlements > 0))
     order by w.id limit 50`;
  const violations = rows.map((r) =>
    r.hold_status === null
      ? `withdrawal ${r.id} (${r.status}) has no hold`
      : `withdrawal ${r.id} is ${r.status} (its hold should be ${HOLD_OF[r.status as WithdrawalStatus]}): hold ${r.hold_status}, ${r.settlements} settlement transaction(s)`,
  );
  return { checked: n, violations };
}
