import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { call, sealingKeyFile, startSignedTestApp, type SignedTestApp } from '../helpers/app';
import { runState } from '../helpers/run-state';
import { newAdmin, newClient, type Admin } from './iam-fixtures';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

let app: SignedTestApp;
let admin: Admin;

beforeAll(async () => {
  app = await startSignedTestApp();
  admin = await newAdmin(app, 'API Keys CLI Ltd');
});
afterAll(() => app.close());

/** `counterfoil api-keys …` in its own process against the run's database. */
async function cli(...args: string[]): Promise<{ code: number; json: any; stderr: string }> {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: runState().databaseUrl, LOG_LEVEL: 'silent', COUNTERFOIL_SEALING_KEY_FILE: sealingKeyFile() };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'api-keys', ...args], { cwd: ROOT, env });
    return { code: 0, json: JSON.parse(stdout), stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, json: null, stderr: e.stderr };
  }
}

/** The printed JSON of a command that must succeed (its stderr in the failure otherwise). */
async function ok(result: Promise<{ code: number; json: any; stderr: string }>): Promise<any> {
  const r = await result;
  if (r.code !== 0) throw new Error(`counterfoil api-keys exited with ${r.code}: ${r.stderr}`);
  return r.json;
}

/** Another process's revocation reaches this one by NOTIFY; wait (bounded) for the refusal. */
async function statusOnceSettled(apiKey: string, expected: number): Promise<number> {
  const deadline = Date.now() + 10_000;
  let status = 0;
  while (Date.now() < deadline) {
    status = (await call(app.signedUrl, 'GET', '/v1/balance', { headers: { 'x-apikey': apiKey } })).status;
    if (status === expected) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return status;
}

describe('counterfoil api-keys', () => {
  it('create, list, revoke (other processes drop the key on NOTIFY), reactivate', async () => {
    const clientRef = await newClient(app, admin);
    const clientId = clientRef.slice('clients/'.length);
    const created = { json: await ok(cli('create', '--client', clientId, '--label', 'from the CLI', '--allow', '127.0.0.1', '--allow', '::1')) };
    expect(created.json).toMatchObject({ resource: 'api_key', client_ref: clientRef, label: 'from the CLI', ip_allowlist: ['127.0.0.1', '::1'], status: 'active' });
    expect(created.json.private_key).toEqual(expect.any(String));
    expect((await call(app.signedUrl, 'GET', '/v1/balance', { headers: { 'x-apikey': created.json.api_key } })).status).toBe(200);

    const listed = { json: await ok(cli('list', '--client', clientId)) };
    expect(listed.json.map((k: { id: string }) => k.id)).toEqual([created.json.id]);
    expect(JSON.stringify(listed.json)).not.toContain(created.json.api_key);

    const revoked = { json: await ok(cli('revoke', created.json.id)) };
    expect(revoked.json.status).toBe('revoked');
    expect(await statusOnceSettled(created.json.api_key, 401)).toBe(401);

    const again = await cli('revoke', created.json.id);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('api_key_revoked');

    const reactivated = { json: await ok(cli('reactivate', created.json.id)) };
    expect(reactivated.json).toMatchObject({ id: created.json.id, status: 'active' });
    expect(reactivated.json.api_key).not.toBe(created.json.api_key);
    expect((await call(app.signedUrl, 'GET', '/v1/balance', { headers: { 'x-apikey': reactivated.json.api_key } })).status).toBe(200);
    expect((await call(app.signedUrl, 'GET', '/v1/balance', { headers: { 'x-apikey': created.json.api_key } })).status).toBe(401);
  }, 180_000); // five CLI processes (tsx start-up) on a shared machine
});
