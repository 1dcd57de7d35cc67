import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time';
import { runState } from '../helpers/run-state';
import { sealingKeyFile } from '../helpers/app';
import { SEARCH_ATTRIBUTE_REGISTRATION } from '../../src/temporal/search-attributes';
import { missingSearchAttributes } from '../../src/temporal/setup';

const ROOT = path.resolve(__dirname, '../..');
const ATTRIBUTES = Object.keys(SEARCH_ATTRIBUTE_REGISTRATION);

/** Runs `bin/counterfoil <args>` against the test run's Temporal dev server and database. */
async function counterfoil(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const state = runState();
  return promisify(execFile)(path.join(ROOT, 'bin/counterfoil'), args, {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: state.databaseUrl,
      TEMPORAL_ADDRESS: state.temporalAddress,
      COUNTERFOIL_SEALING_KEY_FILE: sealingKeyFile(),
      COUNTERFOIL_API_PORT: '0',
      COUNTERFOIL_SIGNED_API_PORT: '0',
      COUNTERFOIL_DATA_DIR: path.join(state.tmpDir, 'temporal-setup'),
      LOG_LEVEL: 'silent',
      ...env,
    },
    timeout: 60_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
  );
}

let connection: Connection;
beforeAll(async () => {
  connection = await Connection.connect({ address: runState().temporalAddress });
});
afterAll(() => connection.close());

const fresh = (name: string) => `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

// Each test has a namespace of its own and spends its time waiting on CLI processes: they run side by side.
it.concurrent('`temporal setup` refuses a missing namespace unless asked to create it, then creates it, registers the attributes, and is idempotent', async () => {
  const namespace = fresh('setup');

  const refused = await counterfoil(['temporal', 'setup'], { TEMPORAL_NAMESPACE: namespace });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(`Temporal namespace "${namespace}" does not exist`);
  expect(refused.stderr).toContain('counterfoil temporal setup --create-namespace');

  const created = await counterfoil(['temporal', 'setup', '--create-namespace', '--retention', '2d'], { TEMPORAL_NAMESPACE: namespace });
  expect(created).toMatchObject({ code: 0 });
  expect(created.stdout).toContain(`namespace ${namespace}: created (retention 48h)`);
  for (const name of ATTRIBUTES) expect(created.stdout).toContain(`search attribute ${name} (Keyword): added`);
  expect(created.stdout).toContain('temporal setup: done');
  expect(await missingSearchAttributes(connection, namespace)).toEqual([]);
  const described = await connection.workflowService.describeNamespace({ namespace });
  expect(Number(described.config?.workflowExecutionRetentionTtl?.seconds)).toBe(48 * 3600);

  const again = await counterfoil(['temporal', 'setup', '--create-namespace'], { TEMPORAL_NAMESPACE: namespace });
  expect(again.code).toBe(0);
  expect(again.stdout).toContain(`namespace ${namespace}: exists (retention 48h)`);
  for (const name of ATTRIBUTES) expect(again.stdout).toContain(`search attribute ${name} (Keyword): present`);
  expect(again.stdout).toContain('temporal setup: nothing to do');
}, 120_000);

it.concurrent.each([
  [['temporal', 'setup', '--retention', '1h'], /retention is at least 1 day/],
  [['temporal', 'setup', '--retention', 'soon'], /expected a duration/],
  [['temporal', 'setup', '--bogus'], /unknown flag --bogus\n\nusage: counterfoil temporal setup/],
])('`counterfoil %j` is refused', async (args, message) => {
  const res = await counterfoil(args, { TEMPORAL_NAMESPACE: fresh('refused') });
  expect(res.code).not.toBe(0);
  expect(res.stderr).toMatch(message);
}, 60_000);

it.concurrent('`api` refuses to start on a namespace without the search attributes, naming them and the command to run', async () => {
  const namespace = fresh('bare');
  await connection.workflowService.registerNamespace({ namespace, workflowExecutionRetentionPeriod: msToTs('1 day') });
  let res = await counterfoil(['api'], { TEMPORAL_NAMESPACE: namespace });
  // A namespace reaches the frontend's cache within a second or two; until then it is "not found".
  for (let i = 0; i < 10 && /not found/i.test(res.stderr) && !/lacks/.test(res.stderr); i++) {
    await new Promise((r) => setTimeout(r, 250));
    res = await counterfoil(['api'], { TEMPORAL_NAMESPACE: namespace });
  }
  expect(res.code).toBe(1);
  expect(res.stderr).toContain(`Temporal namespace "${namespace}" lacks the search attributes ${ATTRIBUTES.join(', ')}`);
  expect(res.stderr).toContain('run `counterfoil temporal setup`');
}, 120_000);
