// The README's quick tour, as written: its marked shell blocks, in order, in one bash, against a fresh
// `counterfoil start` (a database of its own, bootstrapped by that start), with nothing on PATH but curl,
// node and sleep, and with the default ports taken as by another stack on the machine.
import { execFile } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createScratchDatabase, dropDatabase } from '../../src/db/postgres-server';
import { freePort } from '../../temporal/dev-server';
import { call } from '../helpers/app';
import { startCounterfoil, stopCounterfoil, type Started } from '../helpers/counterfoil-start';
import { holdPorts } from '../helpers/hold-ports';
import { runState } from '../helpers/run-state';

const ROOT = path.resolve(__dirname, '../..');
jest.setTimeout(300_000);

/** The shell blocks of the README's quick tour, each preceded by a `<!-- tour` comment line. */
function tourBlocks(): string[] {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### Quick tour'), readme.indexOf('### The same tour with the SDK'));
  const marked = [...section.matchAll(/^<!-- tour[^\n]*-->\n```sh\n([\s\S]*?)```$/gm)].map((m) => m[1]!);
  // Every shell block of the tour is marked, so none goes untested.
  expect(marked).toHaveLength([...section.matchAll(/^```sh$/gm)].length);
  return marked;
}

/** A folder holding only the commands the tour may use: what a fresh machine with Node has. */
function toolsOnly(dir: string): string {
  mkdirSync(dir);
  symlinkSync(process.execPath, path.join(dir, 'node'));
  for (const tool of ['curl', 'sleep']) {
    const found = (process.env.PATH ?? '').split(path.delimiter).map((d) => path.join(d, tool)).find((f) => {
      try {
        accessSync(f, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
    if (!found) throw new Error(`${tool} is not on PATH`);
    symlinkSync(found, path.join(dir, tool));
  }
  return dir;
}

let stack: Started | undefined;
let databaseUrl: string | undefined;
let release: (() => Promise<void>) | undefined;

afterAll(async () => {
  if (stack) expect(await stopCounterfoil(stack.child)).toBe(0);
  await release?.();
  if (databaseUrl) await dropDatabase(databaseUrl);
});

it('runs as written against a fresh stack: a token, two clients, a USDC deposit credited, a transfer replayed under its key, a withdrawal executed', async () => {
  const blocks = tourBlocks();
  expect(blocks.length).toBeGreaterThanOrEqual(4);
  expect(blocks.join('\n')).not.toMatch(/\b(jq|uuidgen)\b/);

  const scratch = mkdtempSync(path.join(runState().tmpDir, 'readme-tour-'));
  // The workflow bundle the run already built (same cache key), instead of a webpack run of its own.
  mkdirSync(path.join(scratch, 'data'));
  symlinkSync(path.join(tmpdir(), 'counterfoil-workflow-bundles'), path.join(scratch, 'data', 'cache'));
  release = await holdPorts();
  databaseUrl = await createScratchDatabase(runState().serverUrl, 'tour');
  const env = {
    COUNTERFOIL_DATA_DIR: path.join(scratch, 'data'),
    COUNTERFOIL_API_PORT: String(await freePort()),
    COUNTERFOIL_SIGNED_API_PORT: String(await freePort()),
    COUNTERFOIL_DEV_IDP_PORT: String(await freePort()),
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: runState().temporalAddress,
    TEMPORAL_NAMESPACE: runState().namespace,
    TEMPORAL_TASK_QUEUE: `readme-tour-${Date.now()}`,
    // The tour waits for the deposit's 12 confirmations however long a block takes.
    COUNTERFOIL_SANDBOX_BLOCK_MS: '20',
    LOG_LEVEL: 'warn',
  };
  stack = await startCounterfoil(env);
  expect(stack.tenantUrl).toBe(`http://127.0.0.1:${env.COUNTERFOIL_API_PORT}`);

  // One bash, the blocks in order, a marker line before each so each block's answers can be read apart.
  const script = ['set -eu -o pipefail', ...blocks.flatMap((block, i) => [`echo '::block ${i + 1}::'`, block])].join('\n');
  const { stdout } = await promisify(execFile)('/bin/bash', ['-c', script], {
    cwd: scratch,
    env: { PATH: toolsOnly(path.join(scratch, 'bin')), HOME: scratch, COUNTERFOIL_API_PORT: env.COUNTERFOIL_API_PORT, COUNTERFOIL_DATA_DIR: env.COUNTERFOIL_DATA_DIR },
    timeout: 240_000,
  }).catch((err: { stdout: string; stderr: string }) => {
    throw new Error(`the tour failed:\n${err.stdout}\n${err.stderr}`);
  });
  const answers = stdout.split(/^::block \d+::\n/m).slice(1).map((text) => text.trimEnd().split('\n'));
  expect(answers).toHaveLength(blocks.length);
  const [signIn, funding, transfer, withdrawal] = answers as [string[], string[], string[], string[]];
  const creds = JSON.parse(readFileSync(path.join(env.COUNTERFOIL_DATA_DIR, 'bootstrap-credentials.json'), 'utf8')) as { enterprise_id: string; client_id: string; client_secret: string };

  // A token from the credentials file `start` wrote, and the enterprise it bootstrapped.
  expect(JSON.parse(signIn.join('\n'))).toMatchObject({ id: creds.enterprise_id, resource: 'enterprise' });

  // Two clients' default accounts, the deposit credited, the balance it made.
  const [accounts, deposited, fundedBalance] = funding.slice(-3);
  const [ada, ben] = accounts!.split(' ');
  expect(ada).toMatch(/^client-accounts\/[0-9a-f-]{36}$/);
  expect(ben).toMatch(/^client-accounts\/[0-9a-f-]{36}$/);
  expect(deposited).toBe('deposit credited');
  expect(fundedBalance).toBe('250.000000');

  // The transfer executed once: the retry under its key answered the same transfer.
  const moved = /^transfer (\S+) executed, retried: (\S+)$/.exec(transfer[0]!);
  expect(moved?.[2]).toBe(moved?.[1]);
  expect(transfer[1]).toBe('10.000000');

  // The withdrawal executed, and took its amount and its fees out of Ada's account, nothing held.
  expect(withdrawal[0]).toBe('withdrawal executed');
  const balance = JSON.parse(withdrawal.slice(1).join('\n')) as { available: string; held: string; total: string };
  const token = (await call(stack.tenantUrl, 'POST', '/oauth/token', { body: { grant_type: 'client_credentials', client_id: creds.client_id, client_secret: creds.client_secret } })).body.access_token;
  const withdrawals = (await call(stack.tenantUrl, 'GET', `/withdrawals?account_ref=${ada}`, { token })).body.items as { status: string; principal_amount: { value: string }; fee_summary: { total: { value: string } } }[];
  expect(withdrawals).toHaveLength(1);
  expect(withdrawals[0]).toMatchObject({ status: 'executed', principal_amount: { value: '50.000000' } });
  const micros = (value: string) => BigInt(value.replace('.', ''));
  expect(micros(balance.available)).toBe(micros('190.000000') - micros(withdrawals[0]!.fee_summary.total.value));
  expect(balance).toMatchObject({ held: '0.000000', total: balance.available });
  const transfers = (await call(stack.tenantUrl, 'GET', '/internal-transfers', { token })).body.items as { id: string }[];
  expect(transfers.map((t) => t.id)).toEqual([moved![1]]);
});
