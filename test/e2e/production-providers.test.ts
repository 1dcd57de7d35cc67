import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { runState } from '../helpers/run-state';
import { createTenant, sealingKeyFile, testServices } from '../helpers/app';
import { closeServices } from '../../src/services';
import { createReconciliationAccount } from '../../src/domain/reconciliation';

/**
 * `counterfoil api` in production mode with a sandbox provider still routed stops at start-up, naming
 * what is missing: a price, a bank rail whose deposit instructions only the sandbox would issue, and
 * a network whose screening only the sandbox would judge.
 */
async function startProduction(routing: Record<string, Record<string, string>>): Promise<{ code: number; stderr: string } | null> {
  const state = runState();
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'api'], {
    cwd: path.resolve(__dirname, '../..'),
    env: {
      ...process.env,
      DATABASE_URL: state.databaseUrl,
      TEMPORAL_ADDRESS: state.temporalAddress,
      COUNTERFOIL_MODE: 'production',
      COUNTERFOIL_SEALING_KEY_FILE: sealingKeyFile(),
      COUNTERFOIL_PROVIDERS: JSON.stringify(routing),
      COUNTERFOIL_API_PORT: '0',
      COUNTERFOIL_SIGNED_API_PORT: '0',
      COUNTERFOIL_DATA_DIR: path.join(state.tmpDir, `production-providers-${Object.keys(routing).length}`),
      LOG_LEVEL: 'silent',
    },
    timeout: 60_000,
  });
  return run.then(
    () => null,
    (err: { code: number; stderr: string }) => err,
  );
}

it('production start-up with a sandbox provider still configured stops with a message naming it', async () => {
  const failure = await startProduction({ rails: { '*': 'custody' }, deposits: { '*': 'custody', sepa: 'sandbox' }, prices: { '*': 'feed', 'BTC/EUR': 'sandbox' }, kyc: { '*': 'operator' }, screening: { '*': 'screener', ethereum: 'sandbox' } });
  expect(failure?.code).toBe(1);
  expect(failure?.stderr).toContain('Invalid configuration COUNTERFOIL_PROVIDERS: Production mode needs a non-sandbox provider');
  expect(failure?.stderr).toContain('prices.BTC/EUR: served by the sandbox simulator');
  expect(failure?.stderr).toContain('deposits.sepa: served by the sandbox simulator (issues deposit instructions, reports payments)');
  expect(failure?.stderr).not.toContain('deposits.ethereum');
  expect(failure?.stderr).not.toContain('rails.');
  expect(failure?.stderr).toContain('screening.ethereum: served by the sandbox simulator');
  expect(failure?.stderr).not.toContain('screening.sepa');
}, 90_000);

it("production start-up refuses a reconciled account whose statements only the sandbox would report", async () => {
  const services = await testServices();
  try {
    const { enterpriseId } = await createTenant(services, 'Reconciled Ltd');
    await createReconciliationAccount(services.sql, { enterpriseId, rail: 'ach', address: '021000021-000123456789', asset: 'USD', lagMs: 86_400_000, intervalMs: 3_600_000 });
  } finally {
    await closeServices(services);
  }
  const failure = await startProduction({ rails: { '*': 'custody' }, deposits: { '*': 'custody' }, prices: { '*': 'feed' }, kyc: { '*': 'operator' }, screening: { '*': 'screener' }, statements: { '*': 'sandbox', sepa: 'bank' } });
  expect(failure?.code).toBe(1);
  expect(failure?.stderr).toContain('statements.ach: served by the sandbox simulator (reports the statements of a reconciled account)');
  expect(failure?.stderr).not.toContain('statements.sepa');
}, 90_000);
