import type { Sql } from 'postgres';
import { verifyChains, type ChainReport } from './chain-verify';

export interface LedgerReport {
  ok: boolean;
  transactions: number;
  postings: number;
  balances: number;
  pendingHolds: number;
  /** The hash chains (tamper evidence): the first broken link, if any. */
  chain: ChainReport;
  /** Human-readable violations (at most 50 of each kind). */
  violations: string[];
}

/**
 * Checks the ledger over the whole database: every transaction sums to zero per asset and has
 * postings; every posting belongs to a transaction and a balance; every balance row equals the fold
 * of its postings (total) and pending holds (held) and respects its overdraft limit.
 * Then the hash chains (chain-verify.ts): the first link whose rows were changed after booking.
 * Runs in one REPEATABLE READ snapshot so concurrent bookings cannot produce false alarms.
 */
export async function verifyLedger(sql: Sql, opts: { checkpointPublicKey?: Buffer | null } = {}): Promise<LedgerReport> {
  return (await sql.begin('isolation level repeatable read read only', async (tx) => {
    const [counts] = await tx`
      select (select count(*) from ledger_transactions)::int as transactions,
             (select count(*) from ledger_postings)::int as postings,
             (select count(*) from ledger_balances)::int as balances,
             (select count(*) from ledger_holds where status = 'pending')::int as pending_holds`;
    const unbalanced = await tx`
      select p.transaction_id, b.asset, sum(p.amount)::text as sum
        from ledger_postings p join ledger_balances b on b.id = p.balance_id
       group by p.transaction_id, b.asset having sum(p.amount) <> 0 limit 50`;
    const orphans = await tx`
      select p.transaction_id, p.balance_id from ledger_postings p
       where not exists (select 1 from ledger_transactions t where t.id = p.transaction_id)
          or not exists (select 1 from ledger_balances b where b.id = p.balance_id) limit 50`;
    const empty = await tx`
      select t.id from ledger_transactions t
       where not exists (select 1 from ledger_postings p where p.transaction_id = t.id) limit 50`;
    const drift = await tx`
      with folded as (select balance_id, sum(amount) as total from ledger_postings group by balance_id),
           held as (select account_ref, asset, sum(amount) as held from ledger_holds where status = 'pending' group by account_ref, asset)
      select b.account_ref, b.asset, b.total::text, coalesce(f.total, 0)::text as folded_total,
             b.held::text, coalesce(h.held, 0)::text as folded_held, b.overdraft_limit::text
        from ledger_balances b
        left join folded f on f.balance_id = b.id
        left join held h on h.account_ref = b.account_ref and h.asset = b.asset
       where b.total <> coalesce(f.total, 0) or b.held <> coalesce(h.held, 0)
          or (b.overdraft_limit is not null and b.total - b.held + b.overdraft_limit < 0)
       limit 50`;
    const strayHolds = await tx`
      select h.id from ledger_holds h where h.status = 'pending'
         and not exists (select 1 from ledger_balances b where b.account_ref = h.account_ref and b.asset = h.asset) limit 50`;
    const violations = [
      ...unbalanced.map((r) => `transaction ${r.transaction_id} sums to ${r.sum} in ${r.asset}`),
      ...orphans.map((r) => `posting (${r.transaction_id}, ${r.balance_id}) has no transaction or balance`),
      ...empty.map((r) => `transaction ${r.id} has no postings`),
      ...drift.map(
        (r) =>
          `balance ${r.account_ref} ${r.asset}: total ${r.total} (postings ${r.folded_total}), held ${r.held} (holds ${r.folded_held}), overdraft limit ${r.overdraft_limit ?? 'none'}`,
      ),
      ...strayHolds.map((r) => `pending hold ${r.id} has no balance row`),
    ];
    const chain = await verifyChains(tx, { checkpointPublicKey: opts.checkpointPublicKey });
    violations.push(...chain.violations);
    return {
      ok: violations.length === 0,
      transactions: counts.transactions,
      postings: counts.postings,
      balances: counts.balances,
      pendingHolds: counts.pending_holds,
      chain,
      violations,
    };
  })) as LedgerReport;
}
