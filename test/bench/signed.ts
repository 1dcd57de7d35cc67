// npm run bench:signed — the signed API (/v1) in its own process:
// 1. Signature verification cost per request (µs): @noble/ed25519 verify vs node:crypto verify on a
//    cached KeyObject (and node:crypto building the key object on every request, to show the cache).
// 2. Signed POST /v1/convert/getQuote at 32 connections, each request freshly timestamped and signed
//    in the load generator (target ≥ 3,000 req/s), with p50/p99.
// 3. GET /v1/balance at 32 connections (target ≥ 5,000 req/s).
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { closeServices, createServices } from '../../src/services';
import { createEnterpriseWithAdmin } from '../../src/bootstrap';
import { creditExternalDeposit } from '../../src/ledger';
import { issueKeyMaterial } from '../../src/auth/api-keys';
import { ed, publicKeyObject, verifyRequestSignature } from '../../src/auth/request-signatures';
import { freePort } from '../../temporal/dev-server';
import { load, report, rssMiB, scratchDatabase, spawnApi } from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;

/** µs per call of `fn`, the best of three rounds of `n` calls (after a warm-up round). */
function microsPerCall(n: number, fn: (i: number) => unknown): number {
  const rounds: number[] = [];
  for (let round = 0; round < 4; round++) {
    const started = performance.now();
    for (let i = 0; i < n; i++) fn(i);
    rounds.push(((performance.now() - started) * 1000) / n);
  }
  return Math.round(Math.min(...rounds.slice(1)) * 100) / 100;
}

async function verifyCost() {
  const material = await issueKeyMaterial();
  const privateKey = createPrivateKey({ key: Buffer.from(material.privateKey, 'base64'), format: 'der', type: 'pkcs8' });
  const bodies = Array.from({ length: 64 }, (_, i) => Buffer.from(JSON.stringify({ fromTicker: 'usd', toTicker: 'usdc', fromAmount: '10.00', timestamp: 1763712000000 + i })));
  const signatures = bodies.map((b) => sign(null, b, privateKey));
  const cached: KeyObject = publicKeyObject(material.publicKey);
  const check = (ok: boolean) => {
    if (!ok) throw new Error('verification failed');
  };
  const n = Number(process.env.BENCH_VERIFY_N ?? 3000);
  return {
    noble: microsPerCall(n, (i) => check(ed.verify(signatures[i & 63], bodies[i & 63], material.publicKey))),
    nodeCached: microsPerCall(n, (i) => check(verifyRequestSignature(cached, bodies[i & 63], signatures[i & 63]))),
    nodeUncached: microsPerCall(n, (i) => check(verifyRequestSignature(publicKeyObject(material.publicKey), bodies[i & 63], signatures[i & 63]))),
  };
}

/** CPU time (user + system, µs) a process has used: divided by the requests served, a figure less noisy than req/s on a shared machine. */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

async function api<T = any>(base: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(base + path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function main() {
  const verify = await verifyCost();
  report('Ed25519 verify, one request body (~90 bytes), µs per verify (lower is better)', {
    '@noble/ed25519 verify': verify.noble,
    'node:crypto verify, cached KeyObject': verify.nodeCached,
    'node:crypto verify, KeyObject per call': verify.nodeUncached,
    'on the hot path': verify.nodeCached <= verify.noble ? 'node:crypto, cached KeyObject' : '@noble/ed25519',
  });

  const db = await scratchDatabase('counterfoil_bench_signed');
  const services = await createServices({ config: loadConfig({}), log: createLogger('warn'), databaseUrl: db.url, temporalAddress: '127.0.0.1:7233', migrate: true, poolSize: 2 });
  const tenant = await services.orm.em.fork().transactional((em) => createEnterpriseWithAdmin(em, { legalName: 'Bench Ltd', jurisdiction: 'GB', secretTtlDays: 1 }));
  const signedPort = await freePort();
  const apiProcess = await spawnApi({
    DATABASE_URL: db.url,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    COUNTERFOIL_SIGNED_API_PORT: String(signedPort),
    COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '10000000',
    COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND: '10000000',
    // e.g. BENCH_API_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the API process.
    ...(process.env.BENCH_API_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_API_NODE_OPTIONS } : {}),
  });
  const signedUrl = `http://127.0.0.1:${signedPort}`;
  try {
    const { access_token: token } = await (
      await fetch(`${apiProcess.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: tenant.client_id, client_secret: tenant.client_secret }),
      })
    ).json() as { access_token: string };
    const client = await api(apiProcess.url, token, 'POST', '/clients', { display_name: 'Bench client', external_id: 'bench', scope_ref: `enterprises/${tenant.enterprise_id}` });
    const key = await api(apiProcess.url, token, 'POST', '/api-keys', { client_ref: `clients/${client.id}`, label: 'bench' });
    await creditExternalDeposit(services.sql, { key: 'bench-funding', enterpriseId: tenant.enterprise_id, accountRef: key.account_ref, asset: 'USD', amount: 100_000_000n });
    const privateKey = createPrivateKey({ key: Buffer.from(key.private_key, 'base64'), format: 'der', type: 'pkcs8' });

    // Every request carries its own timestamp and signature, made as it is sent (as a real client does).
    const signedQuote = {
      method: 'POST' as const,
      path: '/v1/convert/getQuote',
      setupRequest: (req: any) => {
        const body = JSON.stringify({ fromTicker: 'usd', toTicker: 'usdc', fromAmount: '10.00', timestamp: Date.now() });
        return { ...req, body, headers: { 'x-apikey': key.api_key, 'content-type': 'application/json', 'x-signature': sign(null, Buffer.from(body), privateKey).toString('base64') } };
      },
    };
    const rssBefore = rssMiB(apiProcess.child.pid!);
    await load({ url: signedUrl, connections: CONNECTIONS, duration: 3, requests: [signedQuote] }); // warm-up
    const quoteCpu = cpuMicros(apiProcess.child.pid!);
    const generatorCpu = process.cpuUsage();
    const quote = await load({ url: signedUrl, connections: CONNECTIONS, duration: SECONDS, requests: [signedQuote] });
    const quoteCpuPerRequest = Math.round((cpuMicros(apiProcess.child.pid!) - quoteCpu) / quote.total);
    const generator = process.cpuUsage(generatorCpu);
    const generatorCpuPerRequest = Math.round((generator.user + generator.system) / quote.total);
    report(`Signed POST /v1/convert/getQuote, ${CONNECTIONS} connections, ${SECONDS} s (target ≥ 3,000 req/s)`, {
      'requests/s': quote.requestsPerSecond,
      'latency p50 (ms)': quote.p50,
      'latency p99 (ms)': quote.p99,
      'requests total': quote.total,
      'non-2xx / errors': `${quote.non2xx} / ${quote.errors}`,
      'API process CPU per request (µs)': quoteCpuPerRequest,
      'load generator CPU per request (µs)': generatorCpuPerRequest,
    });

    const headers = { 'x-apikey': key.api_key };
    await load({ url: `${signedUrl}/v1/balance`, connections: CONNECTIONS, duration: 3, headers }); // warm-up
    const balanceCpu = cpuMicros(apiProcess.child.pid!);
    const balance = await load({ url: `${signedUrl}/v1/balance`, connections: CONNECTIONS, duration: SECONDS, headers });
    const balanceCpuPerRequest = Math.round((cpuMicros(apiProcess.child.pid!) - balanceCpu) / balance.total);
    report(`GET /v1/balance, ${CONNECTIONS} connections, ${SECONDS} s (target ≥ 5,000 req/s)`, {
      'requests/s': balance.requestsPerSecond,
      'latency p50 (ms)': balance.p50,
      'latency p99 (ms)': balance.p99,
      'requests total': balance.total,
      'non-2xx / errors': `${balance.non2xx} / ${balance.errors}`,
      'API process CPU per request (µs)': balanceCpuPerRequest,
      'API RSS before / after load (MiB)': `${rssBefore} / ${rssMiB(apiProcess.child.pid!)}`,
    });
  } finally {
    await apiProcess.stop();
    await closeServices(services);
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
