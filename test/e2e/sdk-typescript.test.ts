// The SDKs as an integrator gets them, against the running API, the signed API, a worker and the outbox
// dispatcher: the TypeScript one copied out of the checkout (no parent node_modules), built there by
// `npm ci && npm pack` from its own lockfile, installed into a project of its own and used by a program; the Go one by `go test ./...` in clients/go, whose e2e
// package runs the same flow.
import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { OutboxDispatcher } from '../../src/domain/webhooks/dispatcher';
import { listenSignedApp } from '../helpers/app';
import type { RunningServer } from '../../src/http/server';
import { runState } from '../helpers/run-state';
import { Org, startGovernedHarness, type GovernedHarness } from '../workflows/withdrawal-fixtures';

const ROOT = path.resolve(__dirname, '../..');
const SDK = path.join(ROOT, 'clients', 'typescript');
const GO_SDK = path.join(ROOT, 'clients', 'go');
const run = promisify(execFile);

let harness: GovernedHarness;
let signed: RunningServer;
let dispatcher: OutboxDispatcher;
let project: string;

beforeAll(async () => {
  harness = await startGovernedHarness({ COUNTERFOIL_OUTBOX_SWEEP_MS: '200', COUNTERFOIL_WEBHOOK_RETRY_SCHEDULE: '0,1,1' });
  signed = await listenSignedApp(harness.app);
  dispatcher = new OutboxDispatcher(harness.app.services);
  await dispatcher.start();

  // Copied where no parent node_modules exists (the OS temp folder), installed from its own lockfile and
  // packed (its prepack builds dist/), then installed from the tarball as a dependency of a scratch project.
  const standalone = path.join(mkdtempSync(path.join(tmpdir(), 'counterfoil-sdk-')), 'sdk');
  cpSync(SDK, standalone, { recursive: true, filter: (from) => !/[\\/](node_modules|dist)$/.test(from) });
  await run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: standalone, timeout: 300_000 });
  project = mkdtempSync(path.join(runState().tmpDir, 'sdk-project-'));
  const packed = await run('npm', ['pack', '--json', '--pack-destination', project, '--loglevel=error'], { cwd: standalone, maxBuffer: 16 * 1024 * 1024 });
  const [{ filename, files }] = JSON.parse(packed.stdout) as [{ filename: string; files: { path: string }[] }];
  expect(files.map((f) => f.path).sort()).toEqual(['README.md', 'dist/index.cjs', 'dist/index.mjs', 'dist/types/errors.d.ts', 'dist/types/index.d.ts', 'dist/types/openapi.d.ts', 'dist/types/pagination.d.ts', 'dist/types/retry.d.ts', 'dist/types/signed.d.ts', 'dist/types/webhooks.d.ts', 'package.json']);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'sdk-integration', private: true, type: 'module' }));
  await run('npm', ['install', `./${filename}`, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project, timeout: 300_000 });
  copyFileSync(path.join(ROOT, 'test', 'fixtures', 'sdk', 'program.mjs'), path.join(project, 'program.mjs'));
  copyFileSync(path.join(ROOT, 'test', 'fixtures', 'sdk', 'typed.ts'), path.join(project, 'typed.ts'));
}, 600_000);

afterAll(async () => {
  await dispatcher?.stop();
  await signed?.close(1000);
  await harness?.stop();
});

it('installs from its tarball with ESM, CommonJS and types, and nothing but its three dependencies', async () => {
  const installed = JSON.parse(readFileSync(path.join(project, 'node_modules', '@counterfoil', 'sdk', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  expect(Object.keys(installed.dependencies).sort()).toEqual(['@noble/ed25519', 'openapi-fetch', 'standardwebhooks']);
  const required = await run(process.execPath, ['-e', "const s = require('@counterfoil/sdk'); process.stdout.write(Object.keys(s).sort().join(','))"], { cwd: project });
  expect(required.stdout.split(',')).toEqual(expect.arrayContaining(['createCounterfoilClient', 'paginate', 'unwrap', 'verifyWebhook', 'SignedApiClient', 'CounterfoilError', 'newIdempotencyKey']));
});

it('type-checks a strict program that leaves the Idempotency-Key of money movement to the SDK', async () => {
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const flags = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--lib', 'es2022,dom', '--skipLibCheck', 'typed.ts'];
  const checked = await run(process.execPath, [tsc, ...flags], { cwd: project }).catch((err: { stdout: string }) => ({ stdout: err.stdout }));
  expect(checked.stdout).toBe('');
});

it("the served document still requires the Idempotency-Key on money movement, for other clients", async () => {
  const served = (await (await fetch(`${harness.app.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, { parameters?: { $ref?: string; in?: string; name?: string; required?: boolean }[] }>>; components: { parameters: Record<string, { in?: string; name?: string; required?: boolean }> } };
  for (const route of ['/internal-transfers', '/withdrawals']) {
    const key = served.paths[route]!.post!.parameters!.map((p) => (p.$ref ? served.components.parameters[p.$ref.split('/').pop()!]! : p)).find((p) => p.name === 'Idempotency-Key');
    expect(key).toMatchObject({ in: 'header', required: true });
  }
});

/** A tenant of its own for one SDK's run: an account with funds and a destination, a client, an API key. */
async function integrator(name: string) {
  const org = await Org.create(harness.app, name);
  const { account, destination } = await org.withdrawalAccount('100.00');
  const [clientRef] = await org.newClient();
  const key = await org.ok(201, 'POST', '/api-keys', { client_ref: clientRef, label: `${name} program` });
  const env = {
    API_URL: harness.app.url,
    SIGNED_URL: signed.url,
    CLIENT_ID: org.tenant.clientId,
    CLIENT_SECRET: org.tenant.clientSecret,
    ENTERPRISE_ID: org.tenant.enterpriseId,
    ACCOUNT_REF: account,
    DESTINATION_ID: destination,
    API_KEY: key.api_key as string,
    PRIVATE_KEY: key.private_key as string,
    RUN: String(Date.now()),
  };
  return { org, account, env };
}

/**
 * The SDK keyed each of its 7 creations itself (3 clients, 2 transfers, 1 withdrawal, 1 subscription),
 * and the money moved once: one withdrawal, one transfer out of the account.
 */
async function expectMovedOnce({ org, account }: Awaited<ReturnType<typeof integrator>>, ids: { transfer: string; withdrawal: string }) {
  const keys = await harness.app.services.sql<{ n: number }[]>`select count(*)::int as n from idempotency_records where principal_id = ${org.tenant.serviceAccountId} and state = 'completed'`;
  expect(keys[0]!.n).toBe(7);
  const withdrawals = await org.ok(200, 'GET', '/withdrawals');
  expect(withdrawals.items.map((w: { id: string }) => w.id)).toEqual([ids.withdrawal]);
  const transfers = await org.ok(200, 'GET', '/internal-transfers');
  expect(transfers.items.filter((t: { family_params: { source_ref: string } }) => t.family_params.source_ref === account).map((t: { id: string }) => t.id)).toEqual([ids.transfer]);
}

it('a program using it signs in, moves money with a reference and metadata, pages a list, verifies a webhook and signs a quote', async () => {
  const tenant = await integrator('SDK Integrator Ltd');
  const { env } = tenant;
  const res = await run(process.execPath, ['program.mjs'], { cwd: project, timeout: 120_000, env: { PATH: process.env.PATH, ...env } });
  const out = JSON.parse(res.stdout);
  expect(out.client.metadata).toEqual({ order_id: 'ord_1' });
  expect(out.transfer).toMatchObject({ status: 'executed', reference: `order-${env.RUN}`, metadata: { order_id: 'ord_1' } });
  expect(out.withdrawal).toMatchObject({ reference: `payout-${env.RUN}`, metadata: { payout_id: 'po_1' } });
  expect(out.error).toEqual({ code: 'EdgeNotFound', status: 404 });
  expect(out.list.found).toBe(true);
  expect(out.list.pages).toBeGreaterThanOrEqual(4);
  expect(out.webhook).toEqual({ type: 'webhooks.subscription.updated.v1', tampered: 'refused' });
  expect(out.quote).toEqual({ status: 200, hasId: true });
  await expectMovedOnce(tenant, { transfer: out.transfer.id, withdrawal: out.withdrawal.id });
}, 180_000);

it("the Go SDK's `go test ./...` passes against the same stack, on the same flow (clients/go/e2e)", async () => {
  const tenant = await integrator('Go SDK Integrator Ltd');
  const env = { ...process.env, ...Object.fromEntries(Object.entries(tenant.env).map(([k, v]) => [`COUNTERFOIL_${k}`, v])) };
  // -count=1: a cached pass would say nothing about this stack.
  const res = await run('go', ['test', '-count=1', '-v', './...'], { cwd: GO_SDK, env, timeout: 300_000, maxBuffer: 1 << 24 });
  expect(res.stdout).toMatch(/^--- PASS: TestFlowAgainstTheStack/m);
  expect(res.stdout).toMatch(/^ok\s+github\.com\/counterfoil\/counterfoil-go\/counterfoil\s/m);
  const out = JSON.parse(/^counterfoil-e2e: (.*)$/m.exec(res.stdout)![1]!) as { transfer: string; withdrawal: string };
  await expectMovedOnce(tenant, out);
}, 360_000);
