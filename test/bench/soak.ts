// npm run soak — mixed load for SOAK_SECONDS (600) against a real stack (API and worker in their own
// processes, a Temporal dev server, a scratch database): reads, internal transfers, signed quotes and
// withdrawals at constant arrival rates, with every transfer and withdrawal event delivered to a
// webhook receiver, which refuses one delivery at SOAK_RECEIVER_REFUSE_AT s (40 % into the run; 0: never). Per interval (SOAK_INTERVAL_SECONDS, 60) it prints throughput, p99 and errors per
// stream, API and worker RSS, running workflows, PostgreSQL connections, webhooks received, the outbox and
// deliveries waiting in a lane; at the end the RSS slope
// after warm-up (target: flat within noise), the error count (target 0) and `ledger verify` (target 0
// violations). Rates: SOAK_READS, SOAK_TRANSFERS, SOAK_QUOTES, SOAK_WITHDRAWALS per second.
import { createPrivateKey, randomUUID, sign, type KeyObject } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { closeServices, createServices } from '../../src/services';
import { createEnterpriseWithAdmin } from '../../src/bootstrap';
import { creditExternalDeposit, parseAmount, verifyLedger } from '../../src/ledger';
import { SEARCH_ATTRIBUTE_REGISTRATION } from '../../src/temporal/search-attributes';
import { ensureTemporalCli } from '../../temporal/cli';
import { startDevServerOnFreePort } from '../../temporal/dev-server';
import { machineProbeMs, openLoop, rssMiB, scratchDatabase, spawnApi, spawnWorker, type OpenLoopResult } from './support';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const INTERVAL = Number(process.env.SOAK_INTERVAL_SECONDS ?? 60);
/** Per second: about half of what a quiet 2-core machine of this kind sustains with all four running together. */
const RATES = {
  reads: Number(process.env.SOAK_READS ?? 500),
  transfers: Number(process.env.SOAK_TRANSFERS ?? 150),
  quotes: Number(process.env.SOAK_QUOTES ?? 25),
  withdrawals: Number(process.env.SOAK_WITHDRAWALS ?? 5),
};
const ACCOUNTS = 20;
/**
 * When the receiver refuses one delivery (s into the run; 0: never): the subscription then goes through its
 * lane while its events keep arriving, and must come back to direct delivery.
 */
const REFUSE_AT = Number(process.env.SOAK_RECEIVER_REFUSE_AT ?? Math.round(SECONDS * 0.4));

type Stream = keyof typeof RATES;

/** A webhook receiver that counts deliveries (and keeps nothing, so it stays flat itself); `refuseOnce` makes it answer one 503. */
async function countingReceiver() {
  let delivered = 0;
  let refuse = false;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (refuse) {
        refuse = false;
        res.writeHead(503, { 'content-length': '2' }).end('no');
        return;
      }
      delivered++;
      res.writeHead(200, { 'content-length': '2' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    take: () => {
      const n = delivered;
      delivered = 0;
      return n;
    },
    refuseOnce: () => {
      refuse = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Least-squares slope of `ys` over `xs`. */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  if (n < 2) return NaN;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  const num = xs.reduce((a, x, i) => a + (x - mx) * (ys[i] - my), 0);
  const den = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  return num / den;
}

async function main() {
  const log = (m: string) => process.stderr.write(`[soak] ${m}\n`);
  const probeBefore = machineProbeMs();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'counterfoil-soak-'));
  const temporal = await startDevServerOnFreePort({
    cliPath: await ensureTemporalCli(log),
    uiPort: null,
    dbFile: null,
    namespace: 'default',
    logFile: path.join(dataDir, 'temporal.log'),
    searchAttributes: SEARCH_ATTRIBUTE_REGISTRATION,
  });
  const db = await scratchDatabase('counterfoil_soak');
  const dbName = new URL(db.url).pathname.slice(1);
  const env = {
    DATABASE_URL: db.url,
    TEMPORAL_ADDRESS: temporal.address,
    TEMPORAL_TASK_QUEUE: `soak-${randomUUID()}`,
    COUNTERFOIL_DATA_DIR: dataDir,
    COUNTERFOIL_SANDBOX_BLOCK_MS: '0',
    COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '100000',
    COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND: '100000',
    LOG_LEVEL: 'warn',
  };
  const services = await createServices({ config: loadConfig(env), log: createLogger('warn'), databaseUrl: db.url, temporalAddress: temporal.address, migrate: true, poolSize: 2 });
  const receiver = await countingReceiver();
  const temporalClient = new Client({ connection: await Connection.connect({ address: temporal.address }) });
  let worker: Awaited<ReturnType<typeof spawnWorker>> | undefined;
  let api: Awaited<ReturnType<typeof spawnApi>> | undefined;
  try {
    const tenant = await services.orm.em.fork().transactional((em) => createEnterpriseWithAdmin(em, { legalName: 'Soak Ltd', jurisdiction: 'GB', secretTtlDays: 1 }));
    worker = await spawnWorker(env);
    api = await spawnApi(env);
    const call = async (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(api!.url + p, { method, headers: { 'content-type': 'application/json', ...headers }, body: body ? JSON.stringify(body) : undefined });
      const answer = (await res.json()) as any;
      if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    const token = (await call('POST', '/oauth/token', { grant_type: 'client_credentials', client_id: tenant.client_id, client_secret: tenant.client_secret })).access_token as string;
    const auth = { authorization: `Bearer ${token}` };
    const scope = `enterprises/${tenant.enterprise_id}`;

    log('setting up: clients, funded accounts, an API key, a withdrawal destination, a webhook subscription');
    const accounts: string[] = [];
    const clients: string[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const client = await call('POST', '/clients', { display_name: `Soak ${i}`, external_id: `soak-${i}`, scope_ref: scope }, auth);
      clients.push(`clients/${client.id}`);
      accounts.push(client.default_client_account as string);
      for (const asset of ['USD', 'USDC'] as const) {
        await creditExternalDeposit(services.sql, { key: `soak-funding-${asset}-${i}`, enterpriseId: tenant.enterprise_id, accountRef: accounts[i], asset, amount: parseAmount('100000000.00', asset) });
      }
    }
    const key = await call('POST', '/api-keys', { client_ref: clients[0], label: 'soak' }, auth);
    const signingKey: KeyObject = createPrivateKey({ key: Buffer.from(key.private_key, 'base64'), format: 'der', type: 'pkcs8' });
    const destination = (
      await call('POST', '/withdrawal-destinations', { rail_class: 'crypto', scope_ref: scope, crypto_routing: { asset: 'USDC', network: 'ethereum', label: 'soak', destination: { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', memo: null } } }, auth)
    ).id as string;
    await call('POST', '/webhook-subscriptions', { scope_ref: scope, url: receiver.url, event_types: ['operations.internal_transfer.executed.v1', 'operations.withdrawal.settled.v1'] }, auth);

    let n = 0;
    const json = { 'content-type': 'application/json', ...auth };
    const requests: Record<Stream, () => { method: string; path: string; headers: Record<string, string>; body?: string }> = {
      reads: () => ({ method: 'GET', path: '/enterprises', headers: auth }),
      transfers: () => {
        const a = n++ % ACCOUNTS;
        const b = (a + 1 + (n % (ACCOUNTS - 1))) % ACCOUNTS;
        return { method: 'POST', path: '/internal-transfers', headers: { ...json, 'idempotency-key': `soak-t-${n}` }, body: JSON.stringify({ amount: { currency: 'USD', value: '0.01' }, source_ref: accounts[a], target_ref: accounts[b] }) };
      },
      quotes: () => {
        const body = JSON.stringify({ fromTicker: 'usd', toTicker: 'usdc', fromAmount: '10.00', timestamp: Date.now() });
        return { method: 'POST', path: '/v1/convert/getQuote', headers: { 'content-type': 'application/json', 'x-apikey': key.api_key, 'x-signature': sign(null, Buffer.from(body), signingKey).toString('base64') }, body };
      },
      withdrawals: () => ({
        method: 'POST',
        path: '/withdrawals',
        headers: { ...json, 'idempotency-key': `soak-w-${n++}` },
        body: JSON.stringify({ account_ref: accounts[n % ACCOUNTS], amount: { currency: 'USDC', value: '1.00' }, rail: 'ethereum', withdrawal_destination_id: destination }),
      }),
    };
    const urlOf = (s: Stream) => (s === 'quotes' ? api!.signedUrl : api!.url);

    const streams = (Object.keys(RATES) as Stream[]).filter((s) => RATES[s] > 0);
    process.stdout.write(`\nsoak: ${SECONDS} s in ${INTERVAL} s intervals; offered per second: ${streams.map((s) => `${s} ${RATES[s]}`).join(', ')}\n`);
    process.stdout.write(`machine probe before: ${probeBefore} ms (lower is faster; a shared machine moves the figures)\n\n`);
    const header = ['t (s)', ...streams.flatMap((s) => [`${s}/s`, `p99 ms`]), 'non-2xx', 'transport', 'api MiB', 'api heap', 'api full GCs', 'worker MiB', 'running wf', 'pg conns', 'webhooks/s', 'outbox', 'in lane'];
    const line = (cells: Array<string | number>) => process.stdout.write(`${cells.map((c, i) => String(c).padStart(i === 0 ? 6 : 14)).join('')}\n`);
    /** The API's V8 heap in use and its old-generation collections so far (its ops port's metrics): RSS grows until the first. */
    const apiHeap = async () => {
      const text = await (await fetch(`${api!.opsUrl}/metrics`)).text();
      const value = (re: RegExp) => Number(re.exec(text)?.[1] ?? 0); // a collection kind not seen yet has no line
      // V8 reports an old-generation collection as `major` or, when incremental marking finished it, `incremental`.
      const full = value(/^counterfoil_nodejs_gc_duration_seconds_count\{kind="major"\} (\S+)$/m) + value(/^counterfoil_nodejs_gc_duration_seconds_count\{kind="incremental"\} (\S+)$/m);
      return { heapMiB: Math.round(value(/^counterfoil_nodejs_heap_size_used_bytes (\S+)$/m) / 1048576), fullGcs: full };
    };
    line(header);
    const statuses = new Map<number, number>();

    const refusal = REFUSE_AT > 0 ? setTimeout(() => receiver.refuseOnce(), REFUSE_AT * 1000) : undefined;
    const rows: Array<{ t: number; api: number; worker: number }> = [];
    let errors = 0;
    for (let t = INTERVAL; t <= SECONDS; t += INTERVAL) {
      const results = await Promise.all(
        streams.map((s) =>
          openLoop({
            url: urlOf(s),
            rate: RATES[s],
            seconds: INTERVAL,
            connections: Math.min(64, Math.max(4, Math.ceil(RATES[s] / 25))),
            request: requests[s],
            onStatus: (status) => status >= 300 && statuses.set(status, (statuses.get(status) ?? 0) + 1),
          }),
        ),
      );
      const byStream = Object.fromEntries(streams.map((s, i) => [s, results[i]])) as Record<Stream, OpenLoopResult>;
      const non2xx = results.reduce((a, r) => a + r.non2xx, 0);
      const transport = results.reduce((a, r) => a + r.errors, 0);
      errors += non2xx + transport;
      const [conns] = await services.sql`select count(*)::int as n from pg_stat_activity where datname = ${dbName}`;
      // Events committed but not yet handed to their subscriptions: flat means the dispatcher keeps up.
      const [outbox] = await services.sql`select count(*)::int as n from events where dispatched_at is null`;
      // Deliveries waiting in a lane (behind a failure): flat at 0 means the lane emptied and handed back.
      const [inLane] = await services.sql`select count(*)::int as n from webhook_deliveries where status = 'pending' and in_lane`;
      const running = (await temporalClient.workflow.count('ExecutionStatus = "Running"')).count;
      const row = { t, api: rssMiB(api.child.pid!), worker: rssMiB(worker.child.pid!) };
      rows.push(row);
      const heap = await apiHeap();
      line([t, ...streams.flatMap((s) => [Math.round(byStream[s].ok / INTERVAL), byStream[s].p99]), non2xx, transport, row.api, heap.heapMiB, heap.fullGcs, row.worker, running, conns.n, Math.round(receiver.take() / INTERVAL), outbox.n, inLane.n]);
    }

    clearTimeout(refusal);
    // Warm-up: the first fifth of the run (at least one interval) is left out of the slope.
    const steady = rows.slice(Math.max(1, Math.floor(rows.length / 5)));
    const perMinute = (ys: number[]) => (steady.length < 2 ? 'n/a (too short)' : Math.round(slope(steady.map((r) => r.t / 60), ys) * 100) / 100);
    const ledger = await verifyLedger(services.sql);
    const [backlog] = await services.sql`select count(*) filter (where status <> 'executed')::int as open, count(*)::int as total from withdrawals`;
    // Attempts the always-up receiver did not answer with a 2xx, by cause: each one puts the subscription in its lane.
    const failed = await services.sql<{ cause: string; n: number }[]>`
      select coalesce(error, 'HTTP ' || status_code) as cause, count(*)::int as n from webhook_delivery_attempts
       where status_code is null or status_code not between 200 and 299 group by 1 order by 2 desc`;
    const [attempts] = await services.sql<{ n: number }[]>`select count(*)::int as n from webhook_delivery_attempts`;
    process.stdout.write(
      `\nRSS slope after warm-up (MiB/min): api ${perMinute(steady.map((r) => r.api))}, worker ${perMinute(steady.map((r) => r.worker))}` +
        `\nerrors (non-2xx and transport): ${errors}${statuses.size ? ` (by status: ${[...statuses].map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}` +
        `\nwithdrawals not yet executed at the end: ${backlog.open} of ${backlog.total}` +
        `\nwebhook attempts: ${attempts.n}, failed: ${failed.reduce((n, f) => n + f.n, 0)}${failed.length ? ` (${failed.map((f) => `${f.cause}: ${f.n}`).join(', ')})` : ''}` +
        `\nledger verify: ${ledger.transactions} transactions, ${ledger.violations.length} violations` +
        `\nmachine probe after: ${machineProbeMs()} ms\n`,
    );
    if (errors > 0 || ledger.violations.length > 0) process.exitCode = 1;
  } finally {
    await api?.stop();
    await worker?.stop();
    await receiver.close();
    await temporalClient.connection.close();
    await closeServices(services);
    await temporal.stop();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
