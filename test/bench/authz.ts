// npm run bench:authz — the cost of authorization per request, two ways:
// 1. In process: the checks GET /users/{id} makes (route permission + object scope), in a tight loop.
// 2. Over HTTP: GET /users/{id} against two API processes on the same database, one as shipped and one
//    with Caller's permission checks replaced by no-ops (authentication, validation and the handler unchanged).
// Plus the capability check a capability-gated route adds (one indexed query).
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { closeServices, createServices } from '../../src/services';
import { createEnterpriseWithAdmin } from '../../src/bootstrap';
import { Caller, type Grant } from '../../src/auth/caller';
import { ALL_PERMISSIONS, PLATFORM_ROLES } from '../../src/auth/permissions';
import { createTenantApp } from '../../src/http/app';
import { listen } from '../../src/http/server';
import { visibleWhere } from '../../src/domain/iam/scopes';
import { isCapabilityEnabled } from '../../src/domain/capabilities';
import { load, report, scratchDatabase, ROOT } from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 16;

function env(databaseUrl: string) {
  return { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '10000000', COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND: '10000000' };
}

/** Child mode: one API process, optionally with authorization switched off. */
async function serve(databaseUrl: string, skipAuthorization: boolean): Promise<void> {
  const services = await createServices({ config: loadConfig({ ...process.env, ...env(databaseUrl), COUNTERFOIL_API_PORT: '0' }), log: createLogger('warn'), databaseUrl, temporalAddress: '127.0.0.1:7233', poolSize: 4 });
  if (skipAuthorization) {
    Caller.prototype.require = () => undefined;
    Caller.prototype.holdsAnywhere = () => true;
  }
  const server = await listen(createTenantApp(services), services.config, 0);
  process.stdout.write(`LISTENING ${server.url}\n`);
}

async function spawnServer(databaseUrl: string, mode: 'authorized' | 'skipped') {
  const child = spawn(process.execPath, ['--import', 'tsx', __filename, 'serve', mode], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', BENCH_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /LISTENING (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  child.removeAllListeners('exit');
  return { url, stop: () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM'))) };
}

async function api<T = any>(base: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(base + path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** ns per iteration of `fn`, best of 5 rounds. */
function timeLoop(iterations: number, fn: () => void): number {
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const start = performance.now();
    for (let i = 0; i < iterations; i++) fn();
    best = Math.min(best, ((performance.now() - start) * 1e6) / iterations);
  }
  return best;
}

function inProcess(): Record<string, string> {
  const E = 'enterprises/0193a1c2-7f00-7abc-8def-000000000001';
  const clients = Array.from({ length: 8 }, (_, i) => `clients/0193a1c2-7f00-7abc-8def-00000000010${i}`);
  const grant = (role: string, scopeRef: string, propagation: Grant['propagation'] = 'subtree'): Grant => ({
    permissions: new Set(PLATFORM_ROLES[role].permissions),
    scopeRef,
    propagation,
  });
  // A realistic principal: operator at several clients, viewer at the enterprise (exact), developer at one client.
  const grants = [...clients.map((c) => grant('operator', c)), grant('viewer', E, 'exact'), grant('developer', clients[0])];
  const caller = new Caller(E.slice(12), { id: 'x', kind: 'service_account', tenant_ref: E }, { id: 'x', kind: 'service_account', tenant_ref: E }, null, grants, 'platform-managed', null, 'jti');
  const objectPath = [E, clients[7]];
  let sink = 0;
  const getCheck = timeLoop(1_000_000, () => {
    if (caller.holdsAnywhere('users.read')) caller.require('users.read', objectPath);
    sink++;
  });
  const denied = timeLoop(200_000, () => {
    try {
      caller.require('users.manage', objectPath);
    } catch {
      sink++;
    }
  });
  const listFilter = timeLoop(200_000, () => {
    if (visibleWhere(caller, 'users.read', 'scopeRef')) sink++;
  });
  (globalThis as { benchSink?: number }).benchSink = sink; // keeps the loops observable
  return {
    'grants held by the caller': `${grants.length} (${ALL_PERMISSIONS.length} permissions in the catalogue)`,
    'route check + object check, allowed (ns)': getCheck.toFixed(0),
    'object check, refused 403 (ns, builds the error)': denied.toFixed(0),
    'list visibility filter (ns)': listFilter.toFixed(0),
  };
}

async function main() {
  report('Authorization in process (Caller, best of 5 rounds)', inProcess());

  const db = await scratchDatabase('counterfoil_bench_authz');
  const setup = await createServices({ config: loadConfig(env(db.url)), log: createLogger('warn'), databaseUrl: db.url, temporalAddress: '127.0.0.1:7233', migrate: true, poolSize: 2 });
  const tenant = await setup.orm.em.fork().transactional((em) => createEnterpriseWithAdmin(em, { legalName: 'Bench Ltd', jurisdiction: 'GB', secretTtlDays: 1 }));

  const [authorized, skipped] = [await spawnServer(db.url, 'authorized'), await spawnServer(db.url, 'skipped')];
  try {
    const tokenOf = async (clientId: string, clientSecret: string) =>
      ((await (await fetch(`${authorized.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }) })).json()) as { access_token: string }).access_token;
    const adminToken = await tokenOf(tenant.client_id, tenant.client_secret);
    const enterpriseRef = `enterprises/${tenant.enterprise_id}`;
    const clientRefs: string[] = [];
    for (let i = 0; i < 4; i++) clientRefs.push(`clients/${(await api(authorized.url, adminToken, 'POST', '/clients', { display_name: `C${i}`, external_id: `c${i}`, scope_ref: enterpriseRef })).id}`);
    const user = await api(authorized.url, adminToken, 'POST', '/users', { display_name: 'Bench', email: 'bench@example.com', scope_ref: clientRefs[3] });
    // The measured principal: several grants, the one that allows the read is the last one looked at.
    const sa = await api(authorized.url, adminToken, 'POST', '/service-accounts', {
      parent_ref: enterpriseRef,
      roles: [
        ...clientRefs.map((c) => ({ role_ref: `roles/${tenant.roles.get('operator')!.id}`, scope_ref: c })),
        { role_ref: `roles/${tenant.roles.get('viewer')!.id}`, scope_ref: enterpriseRef, scope_propagation: 'exact' },
      ],
    });
    const headers = { authorization: `Bearer ${await tokenOf(sa.client_id, sa.client_secret)}` };
    const path = `/users/${user.id}`;

    const results: Record<'authorized' | 'skipped', Array<{ rps: number; p50: number; p99: number; non2xx: number }>> = { authorized: [], skipped: [] };
    for (const target of [authorized, skipped]) await load({ url: target.url + path, connections: CONNECTIONS, duration: 2, headers }); // warm-up
    // Alternate the two servers so drift (page cache, CPU frequency) hits both equally.
    for (let round = 0; round < 2; round++) {
      for (const [name, target] of [['authorized', authorized], ['skipped', skipped]] as const) {
        const r = await load({ url: target.url + path, connections: CONNECTIONS, duration: SECONDS, headers });
        results[name].push({ rps: r.requestsPerSecond, p50: r.p50, p99: r.p99, non2xx: r.non2xx });
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const rpsA = mean(results.authorized.map((r) => r.rps));
    const rpsS = mean(results.skipped.map((r) => r.rps));
    report(`GET /users/{id} over HTTP, ${CONNECTIONS} connections, 2 × ${SECONDS} s each, alternating`, {
      'authorized: requests/s (runs)': `${Math.round(rpsA)} (${results.authorized.map((r) => r.rps).join(', ')})`,
      'skipped checks: requests/s (runs)': `${Math.round(rpsS)} (${results.skipped.map((r) => r.rps).join(', ')})`,
      'authorized: p50 / p99 (ms)': results.authorized.map((r) => `${r.p50}/${r.p99}`).join(', '),
      'skipped checks: p50 / p99 (ms)': results.skipped.map((r) => `${r.p50}/${r.p99}`).join(', '),
      'non-2xx (both)': results.authorized.concat(results.skipped).reduce((n, r) => n + r.non2xx, 0),
      'service time per request, authorized (µs)': (1e6 / rpsA).toFixed(1),
      'service time per request, skipped (µs)': (1e6 / rpsS).toFixed(1),
      'difference (µs; within noise if tiny or negative)': (1e6 / rpsA - 1e6 / rpsS).toFixed(1),
    });

    const path2 = [enterpriseRef, clientRefs[0]];
    const n = 2000;
    const start = performance.now();
    for (let i = 0; i < n; i++) await isCapabilityEnabled(setup.sql, 'conversions', path2);
    report('Capability check (capability-gated routes only)', { 'isCapabilityEnabled, sequential (µs per call)': (((performance.now() - start) * 1000) / n).toFixed(0) });
  } finally {
    await authorized.stop();
    await skipped.stop();
    await closeServices(setup);
    await db.drop();
  }
}

if (process.argv[2] === 'serve') {
  serve(process.env.BENCH_DATABASE_URL!, process.argv[3] === 'skipped').catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
