import { chmodSync, copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectPostgres } from '../../src/db/connect';
import { ensureTemporalCli } from '../../temporal/cli';
import { freePort, startDevServerOnFreePort } from '../../temporal/dev-server';
import { createScratchDatabase, withDatabase } from '../../src/db/postgres-server';
import { provisionPostgres } from '../../temporal/postgres-dev-server';
import { SEARCH_ATTRIBUTE_REGISTRATION } from '../../src/temporal/search-attributes';
import { initOrm, migrate } from '../../src/db/orm';
import { entities } from '../../src/domain/entities';
import { workflowBundle } from '../../src/temporal/worker';
import { RUN_STATE_ENV, defaultStatePath, type RunState } from './run-state';

const MACHINE_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable(url: string): Promise<boolean> {
  const sql = connectPostgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/**
 * Starts, once per run: a Temporal dev server (in memory, headless), a fresh database on the
 * machine's PostgreSQL (TEST_DATABASE_URL, else 127.0.0.1:5432, else an embedded server), the
 * migrations, and the workflow bundle.
 */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'counterfoil-test-'));
  // Traversable (not listable) so an embedded PostgreSQL running as the postgres user can reach data below it.
  chmodSync(tmpDir, 0o711);
  const log = (m: string) => process.stderr.write(`[test setup] ${m}\n`);

  const [temporalCli, serverUrl] = await Promise.all([
    ensureTemporalCli(log),
    (async () => {
      const candidate = process.env.TEST_DATABASE_URL ?? MACHINE_POSTGRES;
      if (await reachable(candidate)) return { url: candidate, stop: undefined as undefined | (() => Promise<void>) };
      log(`no PostgreSQL at ${candidate.replace(/\/\/[^@]*@/, '//')}: starting an embedded one`);
      const pg = await provisionPostgres({ dataDir: tmpDir, port: await freePort(), database: 'postgres', log });
      return { url: pg.url, stop: pg.stop };
    })(),
  ]);

  const temporal = await startDevServerOnFreePort({
    cliPath: temporalCli,
    uiPort: null,
    dbFile: null,
    namespace: 'default',
    logFile: path.join(tmpDir, 'temporal.log'),
    searchAttributes: SEARCH_ATTRIBUTE_REGISTRATION,
  });

  const databaseUrl = await createScratchDatabase(serverUrl.url, 'counterfoil_test');
  const orm = await initOrm(databaseUrl, entities);
  await migrate(orm);
  await orm.close(true);

  const bundle = await workflowBundle(path.join(os.tmpdir(), 'counterfoil-workflow-bundles'));
  const workflowBundlePath = path.join(tmpDir, 'workflow-bundle.js');
  copyFileSync(bundle.codePath, workflowBundlePath);

  const state: RunState = {
    databaseUrl,
    serverUrl: withDatabase(serverUrl.url, 'postgres'),
    temporalAddress: temporal.address,
    temporalCli,
    namespace: 'default',
    workflowBundlePath,
    tmpDir,
  };
  const statePath = defaultStatePath();
  writeFileSync(statePath, JSON.stringify(state));
  process.env[RUN_STATE_ENV] = statePath;
  (globalThis as Record<string, unknown>).__counterfoil = { temporal, stopPostgres: serverUrl.stop, state, statePath };
  log(`ready in ${Date.now() - started} ms (database ${databaseUrl.replace(/\/\/[^@]*@/, '//')}, temporal ${temporal.address})`);
}
