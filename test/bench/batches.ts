// npm run bench:batches — internal transfers through POST /internal-transfer-batches against one per request:
//   (1) one POST /internal-transfers at a time (a client sending its transfers one by one),
//   (2) POST /internal-transfers with BENCH_CONNECTIONS (64) in flight (the API's group commit at work),
//   (3) atomic batches of 1,000, one at a time,
//   (4) non-atomic batches of 1,000, one at a time,
// as transfers/s, and the ratios of (3) and (4) to (1) and (2). Target: a batch of 1,000 ≥ 5× one per request.
import { randomInt } from 'node:crypto';
import type { Sql } from 'postgres';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { closeServices, createServices } from '../../src/services';
import { createEnterpriseWithAdmin } from '../../src/bootstrap';
import { uuidv7 } from '../../src/ids';
import { book, systemAccountRef, verifyLedger } from '../../src/ledger';
import { counterfoilSettings, machineProbeMs, report, scratchDatabase, spawnApi } from './support';

const ACCOUNTS = 1000;
const BATCH = 1000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);

async function seedAccounts(sql: Sql, enterpriseId: string): Promise<string[]> {
  const clientIds = Array.from({ length: ACCOUNTS }, () => uuidv7());
  const accountIds = Array.from({ length: ACCOUNTS }, () => uuidv7());
  await sql`
    insert into clients (id, enterprise_id, display_name, external_id, default_client_account_id)
    select c, ${enterpriseId}, 'Bench client', 'bench-' || c, a from unnest(${clientIds}::uuid[], ${accountIds}::uuid[]) as x(c, a)`;
  await sql`
    insert into client_accounts (id, enterprise_id, client_id, display_name)
    select a, ${enterpriseId}, c, 'Bench account' from unnest(${clientIds}::uuid[], ${accountIds}::uuid[]) as x(c, a)`;
  const refs = accountIds.map((id) => `client-accounts/${id}`);
  const each = 100_000_000n;
  await book(sql, {
    key: 'bench/funding',
    enterpriseId,
    kind: 'deposit',
    legs: [{ accountRef: systemAccountRef(enterpriseId, 'external_deposits'), asset: 'USD', amount: -(each * BigInt(refs.length)) }, ...refs.map((accountRef) => ({ accountRef, asset: 'USD', amount: each }))],
  });
  return refs;
}

function transfer(accounts: string[]) {
  const a = randomInt(accounts.length);
  let b = randomInt(accounts.length - 1);
  if (b >= a) b++;
  return { amount: { currency: 'USD', value: '0.01' }, source_ref: accounts[a], target_ref: accounts[b] };
}

interface Phase {
  transfers: number;
  seconds: number;
  perSecond: number;
  failures: number;
}

async function post(url: string, token: string, path: string, body: unknown): Promise<number> {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': uuidv7() },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

/** One transfer per request, `inFlight` requests at a time, for SECONDS. */
async function perRequest(url: string, token: string, accounts: string[], inFlight: number): Promise<Phase> {
  const start = performance.now();
  const until = start + SECONDS * 1000;
  let transfers = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < until) {
        if ((await post(url, token, '/internal-transfers', transfer(accounts))) === 201) transfers++;
        else failures++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return { transfers, seconds, perSecond: transfers / seconds, failures };
}

/** BATCHES batches of BATCH transfers, one after the other. */
async function batches(url: string, token: string, accounts: string[], atomic: boolean): Promise<Phase> {
  const bodies = Array.from({ length: BATCHES }, () => ({ atomic, transfers: Array.from({ length: BATCH }, () => transfer(accounts)) }));
  const start = performance.now();
  let transfers = 0;
  let failures = 0;
  for (const body of bodies) {
    if ((await post(url, token, '/internal-transfer-batches', body)) === 201) transfers += BATCH;
    else failures++;
  }
  const seconds = (performance.now() - start) / 1000;
  return { transfers, seconds, perSecond: transfers / seconds, failures };
}

const show = (title: string, p: Phase) =>
  report(title, { 'transfers/s': Math.round(p.perSecond), 'transfers booked': p.transfers, 'seconds': p.seconds.toFixed(1), 'failed requests': p.failures });

async function main() {
  const probeBefore = machineProbeMs();
  const db = await scratchDatabase('counterfoil_bench_batches');
  const setup = await createServices({ config: loadConfig(counterfoilSettings()), log: createLogger('warn'), databaseUrl: db.url, temporalAddress: '127.0.0.1:7233', migrate: true, poolSize: 2 });
  const tenant = await setup.orm.em.fork().transactional((em) => createEnterpriseWithAdmin(em, { legalName: 'Batch Bench Ltd', jurisdiction: 'GB', secretTtlDays: 1 }));
  const accounts = await seedAccounts(setup.sql, tenant.enterprise_id);
  const api = await spawnApi({
    DATABASE_URL: db.url,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND: '10000000',
    COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '10000000',
  });
  try {
    const tokenRes = await fetch(`${api.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: tenant.client_id, client_secret: tenant.client_secret }),
    });
    const { access_token: token } = (await tokenRes.json()) as { access_token: string };
    // Warm-up: JIT, pools, prepared statements on both paths.
    await perRequest(api.url, token, accounts, 8).catch(() => undefined);
    await batches(api.url, token, accounts, true);

    const one = await perRequest(api.url, token, accounts, 1);
    const many = await perRequest(api.url, token, accounts, CONNECTIONS);
    const atomic = await batches(api.url, token, accounts, true);
    const separate = await batches(api.url, token, accounts, false);
    const verify = await verifyLedger(setup.sql);
    const probeAfter = machineProbeMs();

    process.stdout.write(`\nBatch benchmark: ${SECONDS} s per one-per-request phase, ${BATCHES} batches of ${BATCH} per batch phase, ${ACCOUNTS} accounts\n`);
    show('(1) POST /internal-transfers, one at a time', one);
    show(`(2) POST /internal-transfers, ${CONNECTIONS} in flight`, many);
    show('(3) POST /internal-transfer-batches, atomic, 1,000 per batch, one at a time', atomic);
    show('(4) POST /internal-transfer-batches, non-atomic, 1,000 per batch, one at a time', separate);
    report('Summary', {
      'atomic batches / one at a time': (atomic.perSecond / one.perSecond).toFixed(1),
      'atomic batches / 64 in flight': (atomic.perSecond / many.perSecond).toFixed(1),
      'non-atomic batches / one at a time': (separate.perSecond / one.perSecond).toFixed(1),
      'non-atomic batches / 64 in flight': (separate.perSecond / many.perSecond).toFixed(1),
      'atomic batches ≥ 5× one per request (one at a time)': atomic.perSecond >= 5 * one.perSecond ? 'met' : 'NOT met',
      'ledger verify': verify.ok ? `OK (${verify.transactions} transactions)` : `VIOLATED: ${verify.violations.slice(0, 3).join('; ')}`,
      'machine probe before / after (ms, lower is faster)': `${probeBefore} / ${probeAfter}`,
    });
  } finally {
    await api.stop();
    await closeServices(setup);
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
