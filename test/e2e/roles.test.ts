import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { connectPostgres } from '../../src/db/connect';
import { createScratchDatabase, dropDatabase } from '../../src/db/postgres-server';
import { runState } from '../helpers/run-state';
import { sealingKeyFile } from '../helpers/app';

const ROOT = path.resolve(__dirname, '../..');

async function counterfoil(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  // The sources, not bin/counterfoil: in production mode it would run a dist/ left by an earlier build.
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      TEMPORAL_ADDRESS: runState().temporalAddress,
      COUNTERFOIL_MODE: 'production',
      COUNTERFOIL_SEALING_KEY_FILE: sealingKeyFile(),
      COUNTERFOIL_API_PORT: '0',
      COUNTERFOIL_SIGNED_API_PORT: '0',
      LOG_LEVEL: 'silent',
      ...env,
    },
    timeout: 60_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
  );
}

async function tablesAndEnterprises(url: string): Promise<{ tables: number; enterprises: number | null }> {
  const sql = connectPostgres(url, { max: 1, onnotice: () => {} });
  try {
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from pg_tables where schemaname = 'public'`;
    const [{ t }] = await sql<{ t: string | null }[]>`select to_regclass('enterprises')::text as t`;
    const enterprises = t ? (await sql<{ n: number }[]>`select count(*)::int as n from enterprises`)[0]!.n : null;
    return { tables: n, enterprises };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

const databases: string[] = [];
afterAll(async () => {
  for (const url of databases) await dropDatabase(url);
});
async function scratch(): Promise<string> {
  const url = await createScratchDatabase(runState().serverUrl, 'roles');
  databases.push(url);
  return url;
}

// Each test has its own databases and data folders, and spends its time waiting on CLI processes: they run side by side.
it.concurrent.each([['api'], ['worker'], ['bootstrap']])('`%s` against an empty database stops with a clear message and leaves it untouched', async (command) => {
  const databaseUrl = await scratch();
  const dataDir = mkdtempSync(path.join(runState().tmpDir, 'roles-'));
  const res = await counterfoil([command], { DATABASE_URL: databaseUrl, COUNTERFOIL_DATA_DIR: dataDir });
  expect(res.code).toBe(1);
  expect(res.stderr).toMatch(/The database roles_\w+ has no Counterfoil schema: run `counterfoil migrate` first/);
  expect(await tablesAndEnterprises(databaseUrl)).toEqual({ tables: 0, enterprises: null });
  expect(existsSync(path.join(dataDir, 'bootstrap-credentials.json'))).toBe(false);
}, 90_000);

it.concurrent('migrate, then bootstrap: the secret goes to a new 0600 file only, never to stdout, and no file is ever overwritten', async () => {
  const dataDir = mkdtempSync(path.join(runState().tmpDir, 'roles-'));
  const [first, second] = await Promise.all([scratch(), scratch()]);
  // The second database (used below) is migrated while the first is.
  const [migrated, secondMigrated] = await Promise.all([counterfoil(['migrate'], { DATABASE_URL: first }), counterfoil(['migrate'], { DATABASE_URL: second })]);
  expect(migrated.code).toBe(0);
  expect(migrated.stdout).toMatch(/migrations applied: Migration\d+_foundation/);
  expect(await tablesAndEnterprises(first)).toMatchObject({ enterprises: 0 });

  const chosen = path.join(dataDir, 'first.json');
  const boot = await counterfoil(['bootstrap', '--credentials-file', chosen], { DATABASE_URL: first, COUNTERFOIL_DATA_DIR: dataDir });
  expect(boot.code).toBe(0);
  const creds = JSON.parse(readFileSync(chosen, 'utf8')) as { enterprise_id: string; client_id: string; client_secret: string };
  expect(creds.client_secret).toMatch(/^cfsk_/);
  expect(statSync(chosen).mode & 0o777).toBe(0o600);
  expect(boot.stdout).toContain(`bootstrapped enterprise ${creds.enterprise_id} (client_id ${creds.client_id}); its credentials are in ${chosen} (mode 0600)`);
  expect(boot.stdout + boot.stderr).not.toContain(creds.client_secret);
  expect(boot.stdout + boot.stderr).not.toContain('cfsk_');

  const again = await counterfoil(['bootstrap'], { DATABASE_URL: first, COUNTERFOIL_DATA_DIR: dataDir });
  expect(again).toMatchObject({ code: 0, stdout: 'already bootstrapped; nothing changed\n' });

  // A second database: an existing --credentials-file is refused before the database is touched…
  expect(secondMigrated.code).toBe(0);
  const refused = await counterfoil(['bootstrap', '--credentials-file', chosen], { DATABASE_URL: second, COUNTERFOIL_DATA_DIR: dataDir });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(`${chosen} already exists: credentials are never overwritten`);
  expect(await tablesAndEnterprises(second)).toMatchObject({ enterprises: 0 });
  expect(JSON.parse(readFileSync(chosen, 'utf8'))).toEqual(creds);

  // …and the data folder's default file, when taken, makes way for one named for the new enterprise.
  const defaultFile = path.join(dataDir, 'bootstrap-credentials.json');
  writeFileSync(defaultFile, '{"kept":true}\n', { mode: 0o600 });
  const named = await counterfoil(['bootstrap'], { DATABASE_URL: second, COUNTERFOIL_DATA_DIR: dataDir });
  expect(named.code).toBe(0);
  const file = /its credentials are in (\S+) \(mode 0600\)/.exec(named.stdout)?.[1];
  const secondCreds = JSON.parse(readFileSync(file!, 'utf8')) as { enterprise_id: string };
  expect(file).toBe(path.join(dataDir, `bootstrap-credentials-${secondCreds.enterprise_id}.json`));
  expect(readFileSync(defaultFile, 'utf8')).toBe('{"kept":true}\n');
  expect(named.stdout).not.toContain('cfsk_');
}, 180_000);
