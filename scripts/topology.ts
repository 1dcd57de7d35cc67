// npm run topology — the production topology, run for real on this machine: the real Temporal server
// (PostgreSQL persistence and visibility, mTLS on its frontend), `counterfoil temporal setup`, `migrate`
// and `bootstrap`, then 2 API and 2 worker processes under a mixed load with faults injected, then
// checks of what must hold afterwards. Prints a table; exits non-zero when a check fails.
//
// Settings: DATABASE_URL (a server to create the databases on; default the machine's 127.0.0.1:5432),
// TOPOLOGY_LOAD_SECONDS (60), TOPOLOGY_THROUGHPUT_SECONDS (15), TOPOLOGY_CONCURRENCY (8),
// TOPOLOGY_KEEP=1 keeps the databases and the work folder for a look afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type postgres from 'postgres';
import { connectPostgres } from '../src/db/connect';
import { createScratchDatabase, dropDatabase, withDatabase } from '../src/db/postgres-server';
import { uuidv7 } from '../src/ids';
import { freePort, withParentDeathSignal } from '../temporal/dev-server';
import {
  dropTemporalDatabases,
  ensureTemporalServer,
  makeCertificates,
  postgresTarget,
  setUpTemporalDatabases,
  startRealServer,
  temporalEnv,
  type RealServer,
} from '../temporal/real-server';
import { call, type CallResult } from '../test/helpers/app';
import { ETH_ADDRESS, Org } from '../test/workflows/withdrawal-fixtures';

const ROOT = path.resolve(__dirname, '..');
const COUNTERFOIL = path.join(ROOT, 'bin', 'counterfoil');
const LOAD_SECONDS = Number(process.env.TOPOLOGY_LOAD_SECONDS ?? 60);
const THROUGHPUT_SECONDS = Number(process.env.TOPOLOGY_THROUGHPUT_SECONDS ?? 15);
const CONCURRENCY = Number(process.env.TOPOLOGY_CONCURRENCY ?? 8);
const KEEP = process.env.TOPOLOGY_KEEP === '1';
const ACCOUNTS = 12;
/** How long a client keeps retrying one request (same Idempotency-Key) while processes restart. */
const RETRY_FOR_MS = 90_000;
const SETTLE_TIMEOUT_MS = 180_000;
const REQUEST_TIMEOUT_MS = 20_000;
const TERMINAL_WITHDRAWAL = ['executed', 'failed', 'rejected', 'cancelled', 'expired'];

const log = (m: string) => process.stderr.write(`[topology ${new Date().toISOString().slice(11, 19)}] ${m}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------
// Counterfoil processes

/** One `counterfoil api|worker` process with fixed ports, so it can be killed and started again in place. */
class Role {
  child: ChildProcess | undefined;
  starts = 0;
  constructor(
    readonly name: string,
    readonly role: 'api' | 'worker',
    readonly env: Record<string, string>,
    readonly logDir: string,
  ) {}

  get opsUrl(): string {
    return `http://127.0.0.1:${this.env.COUNTERFOIL_OPS_PORT}`;
  }

  get url(): string {
    return `http://127.0.0.1:${this.env.COUNTERFOIL_API_PORT}`;
  }

  async start(): Promise<void> {
    const out = fs.openSync(path.join(this.logDir, `${this.name}.log`), 'a');
    // Through setpriv --pdeathsig: a role never outlives this script, however it ends.
    const { command, args } = withParentDeathSignal(COUNTERFOIL, [this.role]);
    const child = spawn(command, args, { cwd: ROOT, env: this.env, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    this.child = child;
    this.starts++;
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${this.name} exited during start-up (${child.exitCode ?? child.signalCode}); see ${this.logDir}/${this.name}.log`);
      if (Date.now() > deadline) throw new Error(`${this.name} was not ready within 120 s; see ${this.logDir}/${this.name}.log`);
      const readyz = await fetch(`${this.opsUrl}/readyz`).then((r) => r.status, () => 0);
      if (readyz === 200) return;
      // A build without the ops endpoint: the banner the role prints once it is up.
      if (readyz === 0 && this.bannersPrinted() >= this.starts) return;
      await sleep(200);
    }
  }

  private bannersPrinted(): number {
    return fs.readFileSync(path.join(this.logDir, `${this.name}.log`), 'utf8').split('Press Ctrl-C to stop.').length - 1;
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }
}

/** A `counterfoil` command to completion; its output is logged and answered. */
async function counterfoil(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(COUNTERFOIL, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function mustRun(args: string[], env: Record<string, string>): Promise<string> {
  const { code, output } = await counterfoil(args, env);
  log(`counterfoil ${args.join(' ')} (exit ${code}):\n${output.trimEnd().replace(/^/gm, '    ')}`);
  if (code !== 0) throw new Error(`counterfoil ${args.join(' ')} failed`);
  return output;
}

// ---------------------------------------------------------------------------
// The webhook receiver: processes each webhook-id once, counts every delivery.

async function dedupingReceiver() {
  const deliveries = new Map<string, number>();
  let processed = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id'] ?? '');
      const seen = deliveries.get(id) ?? 0;
      deliveries.set(id, seen + 1);
      if (seen === 0) processed++; // a redelivery is acknowledged and not processed again
      res.writeHead(200, { 'content-length': '2' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    deliveries,
    processed: () => processed,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

// ---------------------------------------------------------------------------
// Clients: every money request carries an Idempotency-Key and is retried with it, on either API, until it
// gets a definitive answer (2xx acknowledged, 4xx refused), as a client of a load-balanced API does.

interface Tally {
  /** Requests with no answer within REQUEST_TIMEOUT_MS (retried like a lost connection). */
  timeouts: number;
  acknowledged: number;
  refused: number;
  retries: number;
  status5xx: number;
  unanswered: number;
}

const tally: Tally = { timeouts: 0, acknowledged: 0, refused: 0, retries: 0, status5xx: 0, unanswered: 0 };

function retryable(res: CallResult): boolean {
  if (res.status === 0 || res.status === 429) return true;
  if (res.status >= 500) {
    tally.status5xx++;
    return true;
  }
  return res.status === 409 && res.body?.reason === 'idempotency_key_in_use';
}

/** One HTTP call with a deadline: an answer that does not come within it counts as no answer (status 0), and is retried. */
async function request(base: string, method: string, urlPath: string, token: string, body: unknown, headers: Record<string, string>): Promise<CallResult> {
  try {
    const res = await fetch(base + urlPath, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') tally.timeouts++;
    return { status: 0, headers: new Headers(), body: undefined, text: '' };
  }
}

let roundRobin = 0;
async function send(apis: Role[], method: string, urlPath: string, token: string, body: unknown, headers: Record<string, string> = {}): Promise<CallResult> {
  const deadline = Date.now() + RETRY_FOR_MS;
  for (let attempt = 0; ; attempt++) {
    const api = apis[roundRobin++ % apis.length];
    const res = await request(api.url, method, urlPath, token, body, headers);
    if (!retryable(res)) {
      if (res.status < 300) tally.acknowledged++;
      else tally.refused++;
      return res;
    }
    if (Date.now() > deadline) {
      tally.unanswered++;
      return res;
    }
    tally.retries++;
    await sleep(Math.min(2000, 100 * 2 ** Math.min(attempt, 4)));
  }
}

// ---------------------------------------------------------------------------

interface Ledgerless {
  transfers: Map<string, { status: number; id?: string }>;
  withdrawals: Map<string, { status: number; id?: string; approval?: boolean }>;
  conversions: Map<string, { status: number; id?: string }>;
}

async function main(): Promise<void> {
  const started = Date.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'counterfoil-topology-'));
  const logDir = path.join(work, 'logs');
  fs.mkdirSync(logDir);
  log(`work folder ${work}`);
  const serverUrl = withDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'postgres');
  const pg = postgresTarget(serverUrl);
  const suffix = randomBytes(4).toString('hex');
  const temporalDbs = { database: `temporal_topology_${suffix}`, visibilityDatabase: `temporal_topology_${suffix}_visibility` };

  const bins = await ensureTemporalServer(log);
  const certs = await makeCertificates(path.join(work, 'certs'));
  log(`certificates in ${certs.dir}; creating ${temporalDbs.database} and ${temporalDbs.visibilityDatabase} with the schema tool`);
  await setUpTemporalDatabases(bins, pg, temporalDbs);
  const databaseUrl = await createScratchDatabase(serverUrl, 'counterfoil_topology');
  const dbName = new URL(databaseUrl).pathname.slice(1);
  let server: RealServer | undefined;
  let sql: postgres.Sql | undefined;
  const roles: Role[] = [];
  const receiver = await dedupingReceiver();
  let failed = false;
  try {
    server = await startRealServer({ binaries: bins, postgres: pg, ...temporalDbs, certificates: certs, dir: path.join(work, 'temporal') });
    log(`Temporal server ${server.address} (pid ${server.pid()}, mTLS), log ${server.logFile}`);

    const base: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATABASE_URL: databaseUrl,
      ...temporalEnv(server, certs),
      TEMPORAL_TASK_QUEUE: 'counterfoil-topology',
      COUNTERFOIL_DATA_DIR: path.join(work, 'data'),
      COUNTERFOIL_SANDBOX_BLOCK_MS: '50',
      COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '100000',
      COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND: '100000',
      COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '100000',
      LOG_LEVEL: 'warn',
    };

    // Idempotent; run again while a namespace just created is not yet in every service's namespace cache
    // (the real server's operator service can answer NOT_FOUND for a few seconds after the create).
    for (let attempt = 1; ; attempt++) {
      const setup = await counterfoil(['temporal', 'setup', '--create-namespace', '--retention', '1d'], base);
      log(`counterfoil temporal setup --create-namespace --retention 1d (exit ${setup.code}):\n${setup.output.trimEnd().split('\n').filter((l) => !/^\s+at /.test(l)).join('\n').replace(/^/gm, '    ')}`);
      if (setup.code === 0) break;
      if (attempt === 5) throw new Error('counterfoil temporal setup failed 5 times');
      await sleep(3000);
    }
    await mustRun(['migrate'], base);
    const credentialsFile = path.join(work, 'credentials.json');
    await mustRun(['bootstrap', '--credentials-file', credentialsFile], base);
    const credentials = JSON.parse(fs.readFileSync(credentialsFile, 'utf8')) as { enterprise_id: string; client_id: string; client_secret: string };

    const role = async (name: string, kind: 'api' | 'worker') => {
      const env = { ...base, COUNTERFOIL_OPS_PORT: String(await freePort()) };
      if (kind === 'api') Object.assign(env, { COUNTERFOIL_API_PORT: String(await freePort()), COUNTERFOIL_SIGNED_API_PORT: String(await freePort()) });
      const r = new Role(name, kind, env, logDir);
      roles.push(r);
      return r;
    };
    const [api1, api2, worker1, worker2] = [await role('api-1', 'api'), await role('api-2', 'api'), await role('worker-1', 'worker'), await role('worker-2', 'worker')];
    await Promise.all([api1.start(), worker1.start()]);
    log('api-1 and worker-1 ready');

    // The tenant: the bootstrap enterprise, funded accounts, a destination, a withdrawal approval rule, a second principal.
    sql = connectPostgres(databaseUrl, { max: 2, onnotice: () => {} });
    const admin = (await call(api1.url, 'POST', '/oauth/token', { body: { grant_type: 'client_credentials', client_id: credentials.client_id, client_secret: credentials.client_secret } })).body.access_token as string;
    const roleIds = Object.fromEntries(
      ((await call(api1.url, 'GET', `/roles?scope_ref=enterprises/${credentials.enterprise_id}&page_size=200`, { token: admin })).body.items as Array<{ id: string; name: string }>).map((r) => [r.name, r.id]),
    );
    const org = new Org(
      { url: api1.url, services: { sql } } as never,
      { enterpriseId: credentials.enterprise_id, clientId: credentials.client_id, clientSecret: credentials.client_secret, serviceAccountId: '', roleIds },
      admin,
    );
    const accounts: string[] = [];
    const governed: string[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const [client, account] = await org.newClient();
      await org.fund(account, '1000000.00', 'USDC');
      await org.fund(account, '1000000.00', 'USD');
      if (i % 4 === 0) {
        // Withdrawals of 100 USDC or more from this client's account need one human approver.
        await org.rule({ scope_ref: client, order: 1, conditions: { amount_at_least: { currency: 'USDC', value: '100.00' } }, effect: org.approvalEffect() });
        governed.push(account);
      } else accounts.push(account);
    }
    const [, emptyAccount] = await org.newClient();
    const destination = await org.destination(org.enterpriseRef, ETH_ADDRESS);
    const approver = await org.user(['approver']);
    const [seqRow] = await sql`select coalesce(max(seq), 0)::text as seq from events`;
    await org.ok(201, 'POST', '/webhook-subscriptions', { scope_ref: org.enterpriseRef, url: receiver.url, event_types: ['operations.*'] });
    log(`tenant ready: ${ACCOUNTS} funded accounts (${governed.length} under an approval rule), webhook subscription to ${receiver.url}`);

    const ops: Ledgerless = { transfers: new Map(), withdrawals: new Map(), conversions: new Map() };
    let n = 0;
    const pick = <T>(xs: T[]) => xs[n++ % xs.length];
    const transfer = async (apis: Role[]) => {
      const key = uuidv7();
      // One in ten is refused (an account with no funds): refused ones must never exist.
      const refusedOnPurpose = n % 10 === 0;
      const source = refusedOnPurpose ? emptyAccount : pick(accounts);
      const target = pick(accounts.filter((a) => a !== source));
      const res = await send(apis, 'POST', '/internal-transfers', admin, { amount: { currency: 'USD', value: '0.01' }, source_ref: source, target_ref: target }, { 'idempotency-key': key });
      ops.transfers.set(key, { status: res.status, id: res.status === 201 ? res.body.id : undefined });
    };
    const withdrawal = async (apis: Role[], withApproval: boolean) => {
      const key = uuidv7();
      const account = withApproval ? pick(governed) : pick(accounts);
      const res = await send(apis, 'POST', '/withdrawals', admin, { account_ref: account, amount: { currency: 'USDC', value: withApproval ? '150.00' : '1.00' }, rail: 'ethereum', withdrawal_destination_id: destination }, { 'idempotency-key': key });
      ops.withdrawals.set(key, { status: res.status, id: res.status === 201 ? res.body.id : undefined, approval: withApproval });
      if (res.status === 201 && withApproval) await approve(apis, res.body.approval_ref);
    };
    /**
     * A second principal (a human approver; the initiator is a service account) approves. The approval is
     * recorded by the withdrawal's workflow, so its ref answers 404 until that has run (later, when the
     * Temporal server was down at the time): the approver looks again until it is pending, then decides.
     */
    const approve = async (apis: Role[], approvalRef: string) => {
      const deadline = Date.now() + RETRY_FOR_MS;
      while (Date.now() < deadline) {
        const seen = await request(apis[roundRobin++ % apis.length].url, 'GET', `/${approvalRef}`, approver.token, undefined, {});
        if (seen.status === 200 && seen.body.status !== 'pending') return;
        if (seen.status === 200) {
          const token = await send(apis, 'POST', '/action-tokens', approver.token, { action: 'approvals.approve', resource_ref: approvalRef });
          if (token.status === 201) {
            const decided = await send(apis, 'POST', `/${approvalRef}/approve`, approver.token, undefined, { 'x-action-token': token.body.token });
            if (decided.status < 300) return;
          }
        }
        await sleep(500);
      }
      tally.unanswered++;
      log(`${approvalRef} was not approved within ${RETRY_FOR_MS / 1000} s`);
    };
    const conversion = async (apis: Role[]) => {
      const key = uuidv7();
      const res = await send(apis, 'POST', '/conversions', admin, { account_ref: pick(accounts), from_amount: { currency: 'usd', value: '10.00' }, to_currency: 'usdc' }, { 'idempotency-key': key });
      ops.conversions.set(key, { status: res.status, id: res.status === 201 ? res.body.id : undefined });
    };
    /** One closed-loop client: transfers mostly, withdrawals (a third with approval), now and then a conversion. */
    const mixed = async (apis: Role[], going: () => boolean, kinds: 'all' | 'throughput') => {
      for (let i = 0; going(); i++) {
        const r = i % 10;
        if (r < 6) await transfer(apis);
        else if (r < 9) await withdrawal(apis, kinds === 'all' && r === 8);
        else if (kinds === 'all') await conversion(apis);
        else await transfer(apis);
      }
    };
    /** Operations answered per second, and withdrawals carried to a terminal state per second (API → workflow → ledger). */
    const throughput = async (apis: Role[]) => {
      const before = { answered: tally.acknowledged + tally.refused, withdrawals: new Set(ops.withdrawals.keys()) };
      const t0 = Date.now();
      await Promise.all(Array.from({ length: CONCURRENCY }, () => mixed(apis, () => Date.now() < t0 + THROUGHPUT_SECONDS * 1000, 'throughput')));
      const answered = tally.acknowledged + tally.refused - before.answered;
      const ids = [...ops.withdrawals].filter(([k, w]) => !before.withdrawals.has(k) && w.id).map(([, w]) => w.id!);
      const last = await settled(sql!, ids);
      return { opsPerSecond: answered / ((Date.now() - t0) / 1000), withdrawalsPerSecond: ids.length / ((last - t0) / 1000), ids: ids.length };
    };

    log(`throughput, 1 API + 1 worker, ${THROUGHPUT_SECONDS} s x ${CONCURRENCY} clients`);
    const one = await throughput([api1]);
    await Promise.all([api2.start(), worker2.start()]);
    log('api-2 and worker-2 ready');
    log(`throughput, 2 APIs + 2 workers, ${THROUGHPUT_SECONDS} s x ${CONCURRENCY} clients`);
    const two = await throughput([api1, api2]);

    // The mixed load with faults.
    log(`mixed load for ${LOAD_SECONDS} s over both APIs, with faults`);
    const faults: string[] = [];
    const t0 = Date.now();
    const at = (fraction: number) => sleep(Math.max(0, t0 + fraction * LOAD_SECONDS * 1000 - Date.now()));
    // A killed process is started again in the background (that takes seconds): the next fault keeps its time.
    const restarts: Array<Promise<void>> = [];
    const killAndRestart = (r: Role) => {
      const killed = Date.now();
      restarts.push(
        (async () => {
          await r.kill('SIGKILL');
          await r.start();
          faults.push(`SIGKILL ${r.name}, ready again after ${((Date.now() - killed) / 1000).toFixed(0)} s`);
          log(`${r.name} ready again`);
        })(),
      );
    };
    const injector = (async () => {
      await at(0.1);
      log('fault: SIGKILL worker-2');
      killAndRestart(worker2);
      await at(0.3);
      log('fault: SIGKILL api-2');
      killAndRestart(api2);
      await at(0.5);
      log('fault: Temporal server SIGKILL and start');
      const down = Date.now();
      await server!.restart({ hard: true });
      faults.push(`Temporal server SIGKILLed, serving again after ${((Date.now() - down) / 1000).toFixed(1)} s`);
      await at(0.7);
      const [terminated] = await sql!`select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = ${dbName} and pid <> pg_backend_pid()) t`;
      faults.push(`pg_terminate_backend on all ${terminated.n} PostgreSQL connections of Counterfoil`);
      log(`fault: terminated ${terminated.n} PostgreSQL backends of ${dbName}`);
      await Promise.all(restarts);
    })();
    // The load lasts LOAD_SECONDS, and at least until every fault is over and 5 s more.
    let injected = false;
    const loadEnd = injector.then(() => sleep(5000)).then(() => (injected = true));
    const until = () => Date.now() < t0 + LOAD_SECONDS * 1000 || !injected;
    await Promise.all([...Array.from({ length: CONCURRENCY }, () => mixed([api1, api2], until, 'all')), loadEnd]);
    const loadSeconds = (Date.now() - t0) / 1000;
    log('load done; waiting for withdrawals to settle and webhooks to arrive');

    // Checks.
    const checks: Array<{ name: string; ok: boolean; detail: string }> = [];
    const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

    const acknowledgedWithdrawals = [...ops.withdrawals.values()].filter((w) => w.id).map((w) => w.id!);
    await settled(sql, acknowledgedWithdrawals).catch((err: Error) => log(err.message));
    const trail = await sql`
      select w.id::text, w.status,
        (select status from ledger_holds h where h.business_key = 'withdrawal/' || w.id) as hold,
        (select count(*)::int from ledger_transactions t where t.business_key = 'withdrawal/' || w.id || '/settle') as settlements
      from withdrawals w where w.enterprise_id = ${credentials.enterprise_id}`;
    const badWithdrawals = trail.filter((w) =>
      w.status === 'executed' ? !(w.hold === 'posted' && w.settlements === 1) : !(TERMINAL_WITHDRAWAL.includes(w.status) && w.hold === 'voided' && w.settlements === 0),
    );
    const unknownWithdrawals = trail.filter((w) => !acknowledgedWithdrawals.includes(w.id)).length;
    check('withdrawals terminal, one settlement or one release each', badWithdrawals.length === 0 && trail.length === acknowledgedWithdrawals.length && unknownWithdrawals === 0,
      `${trail.length} withdrawals (${trail.filter((w) => w.status === 'executed').length} executed), ${badWithdrawals.length} not terminal or not booked once, ${unknownWithdrawals} never acknowledged`);

    const acknowledgedTransfers = new Set([...ops.transfers.values()].filter((t) => t.id).map((t) => t.id!));
    const refusedTransfers = [...ops.transfers.values()].filter((t) => t.status >= 400 && t.status < 500).length;
    const stored = await sql`select id::text from internal_transfers where enterprise_id = ${credentials.enterprise_id}`;
    const storedIds = new Set(stored.map((r) => r.id as string));
    const missing = [...acknowledgedTransfers].filter((id) => !storedIds.has(id)).length;
    const extra = [...storedIds].filter((id) => !acknowledgedTransfers.has(id)).length;
    check('acknowledged transfers exist once, refused ones never', missing === 0 && extra === 0 && stored.length === storedIds.size,
      `${acknowledgedTransfers.size} acknowledged, ${refusedTransfers} refused; stored ${stored.length}: ${missing} missing, ${extra} not acknowledged`);

    const conversionsDone = [...ops.conversions.values()].filter((c) => c.id).length;
    check('conversions executed', conversionsDone > 0, `${conversionsDone} acknowledged`);

    const events = await sql`select id::text from events where enterprise_id = ${credentials.enterprise_id} and type like 'operations.%' and seq > ${seqRow.seq}`;
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    let lost = events.filter((e) => !receiver.deliveries.has(e.id)).length;
    while (lost > 0 && Date.now() < deadline) {
      await sleep(1000);
      lost = events.filter((e) => !receiver.deliveries.has(e.id)).length;
    }
    const deliveries = [...receiver.deliveries.values()].reduce((a, b) => a + b, 0);
    const duplicated = deliveries - receiver.deliveries.size;
    check('every event reached the receiver, processed once', lost === 0 && receiver.processed() === receiver.deliveries.size,
      `${events.length} events, ${deliveries} deliveries, ${lost} lost, ${duplicated} redelivered (deduplicated by webhook-id), ${receiver.processed()} processed`);

    const verify = await counterfoil(['ledger', 'verify'], base);
    const violations = verify.code === 0 ? 0 : Math.max(1, verify.output.split('\n').filter((l) => l.startsWith('  ')).length);
    check('counterfoil ledger verify', verify.code === 0, verify.output.trim().split('\n')[0]);

    // Revocation through API 1 is seen by API 2 (cross-process cache invalidation).
    const sa = await org.ok(201, 'POST', '/service-accounts', { parent_ref: org.enterpriseRef, roles: [{ role_ref: `roles/${roleIds.viewer}`, scope_ref: org.enterpriseRef }] });
    const saToken = (await call(api2.url, 'POST', '/oauth/token', { body: { grant_type: 'client_credentials', client_id: sa.client_id, client_secret: sa.client_secret } })).body.access_token as string;
    const warm = await call(api2.url, 'GET', '/roles', { token: saToken });
    await call(api1.url, 'POST', `/service-accounts/${sa.service_account.id}/revoke`, { token: admin });
    const revokedAt = Date.now();
    let seenAfterMs = -1;
    while (Date.now() - revokedAt < 5000) {
      if ((await call(api2.url, 'GET', '/roles', { token: saToken })).status === 401) {
        seenAfterMs = Date.now() - revokedAt;
        break;
      }
      await sleep(20);
    }
    check('revoked on API 1, 401 on API 2 within 1 s', warm.status === 200 && seenAfterMs >= 0 && seenAfterMs <= 1000, `200 before; 401 after ${seenAfterMs} ms`);
    check('every request answered (2xx or 4xx)', tally.unanswered === 0, `${tally.unanswered} unanswered after ${RETRY_FOR_MS / 1000} s of retries; ${tally.status5xx} 5xx answers retried`);

    const table: Array<[string, string]> = [
      ['operations acknowledged (2xx)', String(tally.acknowledged)],
      ['operations refused (4xx: one in ten transfers on purpose)', String(tally.refused)],
      ['client retries (same Idempotency-Key)', `${tally.retries} (${tally.status5xx} after a 5xx, ${tally.timeouts} after no answer in ${REQUEST_TIMEOUT_MS / 1000} s)`],
      ['faults injected', `${faults.length}: ${faults.join('; ')}`],
      ['lost (events, transfers, withdrawals)', String(lost + missing + badWithdrawals.length)],
      ['duplicated (stored twice / processed twice)', `${extra} / ${receiver.processed() - receiver.deliveries.size} (webhook redeliveries deduplicated: ${duplicated})`],
      ['ledger violations', String(violations)],
      [`throughput 1 API + 1 worker`, `${one.opsPerSecond.toFixed(1)} ops/s; ${one.withdrawalsPerSecond.toFixed(1)} withdrawals settled/s`],
      [`throughput 2 APIs + 2 workers`, `${two.opsPerSecond.toFixed(1)} ops/s; ${two.withdrawalsPerSecond.toFixed(1)} withdrawals settled/s`],
      ['mixed load', `${loadSeconds.toFixed(0)} s, ${CONCURRENCY} clients; whole run ${Math.round((Date.now() - started) / 1000)} s`],
    ];
    process.stdout.write('\nTopology run: real Temporal server (PostgreSQL, mTLS), 2 API + 2 worker processes\n\n');
    const width = Math.max(...table.map(([k]) => k.length));
    for (const [k, v] of table) process.stdout.write(`| ${k.padEnd(width)} | ${v}\n`);
    process.stdout.write('\nChecks\n');
    for (const c of checks) process.stdout.write(`  ${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}\n`);
    failed = checks.some((c) => !c.ok);
    process.stdout.write(`\n${failed ? 'FAILED' : 'PASSED'} (on a machine shared with other work, the throughput figures move)\n`);
  } finally {
    for (const r of roles) await r.kill('SIGTERM');
    await receiver.close();
    await sql?.end({ timeout: 5 });
    await server?.stop();
    if (!KEEP) {
      await dropDatabase(databaseUrl).catch((err: Error) => log(`could not drop ${dbName}: ${err.message}`));
      await dropTemporalDatabases(bins, pg, temporalDbs).catch((err: Error) => log(`could not drop the Temporal databases: ${err.message}`));
      fs.rmSync(work, { recursive: true, force: true });
    } else log(`kept ${work}, ${dbName}, ${temporalDbs.database}, ${temporalDbs.visibilityDatabase}`);
  }
  process.exitCode = failed ? 1 : 0;
}

/** Waits until every withdrawal in `ids` is terminal; answers when the last one got there (ms since epoch). */
async function settled(sql: postgres.Sql, ids: string[]): Promise<number> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    const [row] = await sql`
      select count(*) filter (where status <> all(${TERMINAL_WITHDRAWAL}))::int as open,
        (extract(epoch from max(coalesce(settled_at, updated_at))) * 1000)::float8 as last
      from withdrawals where id = any(${ids}::uuid[])`;
    if (row.open === 0) return row.last ?? Date.now();
    if (Date.now() > deadline) throw new Error(`${row.open} withdrawals still not terminal after ${SETTLE_TIMEOUT_MS / 1000} s`);
    await sleep(250);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
