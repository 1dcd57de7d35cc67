// The schema-driven fuzzer (test/fuzz/fuzzer.ts) over both APIs, as two tenants, with a worker running.
// `npm test` runs it for FUZZ_SECONDS (default 20: some 2,000 requests, several rounds over every
// operation, on a quiet machine); `npm run fuzz` runs it longer. A failure prints the seed:
// FUZZ_SEED=<seed> reproduces the run.
import { randomUUID } from 'node:crypto';
import { call, createTenant, startSignedTestApp, tokenFor, type SignedTestApp } from '../helpers/app';
import { startWorker } from '../helpers/worker';
import { creditExternalDeposit } from '../../src/ledger';
import { uuidv7 } from '../../src/ids';
import { describeReport, Fuzzer, type Actor } from '../fuzz/fuzzer';

const SECONDS = Number(process.env.FUZZ_SECONDS ?? 20);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);

let app: SignedTestApp;
let stopWorker: () => Promise<void>;

beforeAll(async () => {
  const taskQueue = `fuzz-${randomUUID()}`;
  app = await startSignedTestApp({
    TEMPORAL_TASK_QUEUE: taskQueue,
    COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '100000',
    COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND: '100000',
    COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '100000',
    COUNTERFOIL_SANDBOX_BLOCK_MS: '10',
  });
  stopWorker = (await startWorker(app.services, { taskQueue })).stop;
});
afterAll(async () => {
  await stopWorker?.();
  await app?.close();
});

/** A tenant with a funded client whose API key signs the signed API's requests. */
async function actor(name: string): Promise<Actor> {
  const tenant = await createTenant(app.services, `${name} Fuzz Ltd`);
  const token = await tokenFor(app.url, tenant);
  const client = await call(app.url, 'POST', '/clients', {
    token,
    body: { display_name: `${name} client`, external_id: `fuzz-${randomUUID()}`, scope_ref: `enterprises/${tenant.enterpriseId}` },
  });
  if (client.status !== 201) throw new Error(`POST /clients: ${client.status} ${client.text}`);
  const key = await call(app.url, 'POST', '/api-keys', { token, body: { client_ref: `clients/${client.body.id}`, label: 'fuzz' } });
  if (key.status !== 201) throw new Error(`POST /api-keys: ${key.status} ${key.text}`);
  const accountRef = key.body.account_ref as string;
  for (const [asset, amount] of [['USD', 10_000_000n], ['EUR', 10_000_000n], ['USDC', 10_000_000_000n]] as const) {
    await creditExternalDeposit(app.services.sql, { key: `fuzz-deposit/${uuidv7()}`, enterpriseId: tenant.enterpriseId, accountRef, asset, amount });
  }
  const grants = await app.services.sql`select id, role_id from role_assignments where principal_id = ${tenant.serviceAccountId}`;
  const masters = await app.services.sql`select id from master_accounts where enterprise_id = ${tenant.enterpriseId}`;
  const roots = [tenant.enterpriseId, tenant.serviceAccountId, client.body.id, accountRef.split('/')[1], key.body.id];
  return {
    name,
    enterpriseId: tenant.enterpriseId,
    token,
    apiKey: key.body.api_key,
    privateKey: key.body.private_key,
    protectedIds: new Set([...roots, ...grants.flatMap((g) => [g.id as string, g.role_id as string])]),
    ownedIds: new Set([...roots, ...masters.map((m) => m.id as string)]),
  };
}

it(
  'every operation of both documents: no 5xx, errors in the API error body, answers as documented, refusals change nothing, other tenants 404',
  async () => {
    const actors: [Actor, Actor] = [await actor('Alpha'), await actor('Bravo')];
    const documents = {
      tenant: (await call(app.url, 'GET', '/openapi.json')).body,
      signed: (await call(app.signedUrl, 'GET', '/v1/openapi.json')).body,
    };
    const fuzzer = new Fuzzer({ tenantUrl: app.url, signedUrl: app.signedUrl, sql: app.services.sql, actors }, documents);
    const report = await fuzzer.run({ seed: SEED, seconds: SECONDS, log: process.env.FUZZ_VERBOSE ? (l) => process.stdout.write(`${l}\n`) : undefined });
    process.stdout.write(`${describeReport(report)}\n`);
    expect(report.operations).toBeGreaterThan(150);
    expect(report.uncovered).toEqual([]);
    expect(report.findings).toEqual([]);
  },
  (SECONDS + 180) * 1000,
);
