// npm run bench:history — balances at an instant on an account with 1,000,000 postings: the time of
// taking its snapshots, and p50/p99 of 200 `as_of` queries at random instants (target p99 ≤ 20 ms),
// against a few queries folded from every posting (no snapshots) for scale. Answers are checked
// against the full fold.
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { closeServices, createServices } from '../../src/services';
import { balancesAt, takeBalanceSnapshots } from '../../src/ledger';
import { machineProbeMs, report, scratchDatabase } from './support';

const POSTINGS = Number(process.env.BENCH_POSTINGS ?? 1_000_000);
const EVERY = Number(process.env.BENCH_SNAPSHOT_EVERY ?? 1000);
const QUERIES = 200;
const ACCOUNT = 'client-accounts/0193e0c0-0000-7000-8000-000000000001';
const ENTERPRISE = '0193e0c0-0000-7000-8000-0000000000e1';
const START = Date.parse('2025-11-26T00:00:00Z');
const STEP_MS = 30_000; // one posting every 30 s: 1,000,000 postings span about a year

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (n: number) => Math.round(n * 100) / 100;

async function main() {
  const db = await scratchDatabase('counterfoil_bench_history');
  const services = await createServices({ config: loadConfig({}), log: createLogger('warn'), databaseUrl: db.url, temporalAddress: '127.0.0.1:7233', migrate: true, poolSize: 2 });
  const sql = services.sql;
  try {
    const probeBefore = machineProbeMs();
    let t0 = performance.now();
    // Credits of 1.00 with every third a debit of 0.50, at exact instants (µs) spread over the year.
    await sql.begin(async (tx) => {
      const [b] = await tx`insert into ledger_balances (account_ref, asset, enterprise_id) values (${ACCOUNT}, 'USD', ${ENTERPRISE}) returning id`;
      await tx`
        insert into ledger_transactions (id, enterprise_id, business_key, kind, created_at)
        select ('00000000-0000-7000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, ${ENTERPRISE}, 'bench/' || i, 'deposit',
               to_timestamp(${START / 1000}::float8 + i * ${STEP_MS / 1000})
          from generate_series(1, ${POSTINGS}) i`;
      await tx`
        insert into ledger_postings (transaction_id, balance_id, amount, booked_at)
        select ('00000000-0000-7000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, ${b.id}, case when i % 3 = 0 then -50 else 100 end,
               to_timestamp(${START / 1000}::float8 + i * ${STEP_MS / 1000})
          from generate_series(1, ${POSTINGS}) i`;
      await tx`update ledger_balances set total = (select sum(amount) from ledger_postings where balance_id = ${b.id}) where id = ${b.id}`;
    });
    await sql`vacuum analyze ledger_postings`;
    await sql`vacuum analyze ledger_transactions`;
    const insertMs = performance.now() - t0;

    const instants = Array.from({ length: QUERIES }, () => new Date(START + Math.floor(Math.random() * POSTINGS * STEP_MS)).toISOString());
    const timed = async (asOfs: string[]) => {
      const ms: number[] = [];
      for (const at of asOfs) {
        const s = performance.now();
        await balancesAt(sql, ACCOUNT, at, 'USD');
        ms.push(performance.now() - s);
      }
      return ms.sort((a, b) => a - b);
    };
    const unsnapshotted = await timed(instants.slice(0, 10));

    t0 = performance.now();
    const snapshots = await takeBalanceSnapshots(sql, { everyEntries: EVERY });
    const snapshotMs = performance.now() - t0;
    await sql`vacuum analyze ledger_balance_snapshots`;

    await timed(instants.slice(0, 20)); // warm-up
    const ms = await timed(instants);

    // Exactness: the snapshot answer equals the fold of every posting, at 20 of the instants.
    let mismatches = 0;
    for (const at of instants.slice(0, 20)) {
      const [fold] = await sql`select coalesce(sum(amount), 0)::text as total from ledger_postings where booked_at <= ${at}::timestamptz`;
      const [b] = await balancesAt(sql, ACCOUNT, at, 'USD');
      if (b.total !== BigInt(fold.total)) mismatches++;
    }
    report(`Balances at an instant, ${POSTINGS.toLocaleString('en')} postings on one account, a snapshot every ${EVERY} entries`, {
      'bulk insert + vacuum (s)': round(insertMs / 1000),
      'snapshots written': snapshots,
      'taking them (s)': round(snapshotMs / 1000),
      [`as_of p50 (ms), ${QUERIES} queries`]: round(percentile(ms, 50)),
      [`as_of p99 (ms), ${QUERIES} queries`]: round(percentile(ms, 99)),
      'as_of max (ms)': round(ms[ms.length - 1]),
      'no snapshots: p50 of 10 (ms)': round(percentile(unsnapshotted, 50)),
      'answers differing from the full fold': `${mismatches} of 20`,
      'machine probe before / after (ms)': `${probeBefore} / ${machineProbeMs()}`,
    });
  } finally {
    await closeServices(services);
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
