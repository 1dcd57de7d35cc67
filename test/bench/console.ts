// npm run bench:console — the web console's first load on loopback: JavaScript bytes on the wire
// (compressed) and the time until the sign-in page is interactive, with a cold and with a warm cache.
// Targets: under 300 KB of JavaScript, interactive under 1 s warm.
import { exportJWK, generateKeyPair } from 'jose';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { closeServices, createServices } from '../../src/services';
import { createEnterpriseWithAdmin } from '../../src/bootstrap';
import { launchChromium } from '../browser/harness';
import { machineProbeMs, report, scratchDatabase, spawnApi } from './support';

const { build } = require('../../scripts/build-console.cjs') as { build(o: { ifStale: boolean }): boolean };

const RUNS = Number(process.env.BENCH_RUNS ?? 20);

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

async function main() {
  build({ ifStale: true });
  const db = await scratchDatabase('counterfoil_bench_console');
  const services = await createServices({ config: loadConfig({}), log: createLogger('warn'), databaseUrl: db.url, temporalAddress: '127.0.0.1:7233', migrate: true, poolSize: 2 });
  const tenant = await services.orm.em.fork().transactional((em) => createEnterpriseWithAdmin(em, { legalName: 'Bench Ltd', jurisdiction: 'GB', secretTtlDays: 1 }));
  await closeServices(services);

  const api = await spawnApi({ DATABASE_URL: db.url, LOG_LEVEL: 'warn', COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '100000' });
  const browser = await launchChromium();
  try {
    const token = (await (
      await fetch(`${api.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: tenant.client_id, client_secret: tenant.client_secret }),
      })
    ).json()) as { access_token: string };
    const { publicKey } = await generateKeyPair('RS256');
    await fetch(`${api.url}/identity-providers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token.access_token}` },
      body: JSON.stringify({ display_name: 'Corporate SSO', issuer: 'https://sso.example.com', audience: 'console', jwks: { keys: [await exportJWK(publicKey)] }, console_sign_in: true }),
    });
    const url = `${api.url}/console/?enterprise=${tenant.enterprise_id}`;
    const probeBefore = machineProbeMs();

    /** Navigation start → the sign-in button is there and enabled; plus the JavaScript the page fetched. */
    const measure = async (page: import('playwright-core').Page, load: () => Promise<unknown>) => {
      const started = Date.now();
      await load();
      await page.getByRole('button', { name: /^Sign in with / }).waitFor();
      const ms = Date.now() - started;
      const js = await page.evaluate(() =>
        (performance.getEntriesByType('resource') as unknown as Array<{ name: string; transferSize: number; decodedBodySize: number }>)
          .filter((r) => r.name.endsWith('.js'))
          .reduce((sum, r) => ({ wire: sum.wire + r.transferSize, decoded: sum.decoded + r.decodedBodySize }), { wire: 0, decoded: 0 }),
      );
      return { ms, js };
    };

    const cold: number[] = [];
    let coldJs = { wire: 0, decoded: 0 };
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const r = await measure(page, () => page.goto(url));
      cold.push(r.ms);
      coldJs = r.js;
      await context.close();
    }

    const warm: number[] = [];
    let warmJs = { wire: 0, decoded: 0 };
    const context = await browser.newContext();
    const page = await context.newPage();
    await measure(page, () => page.goto(url));
    for (let i = 0; i < RUNS; i++) {
      const r = await measure(page, () => page.goto(url));
      warm.push(r.ms);
      warmJs = r.js;
    }
    await context.close();

    report(`Console first load on loopback (sign-in page interactive), ${RUNS} runs each; machine probe ${probeBefore} → ${machineProbeMs()} ms`, {
      'JavaScript on the wire, cold (KB)': (coldJs.wire / 1024).toFixed(1),
      'JavaScript decoded (KB)': (coldJs.decoded / 1024).toFixed(1),
      'JavaScript on the wire, warm (KB)': (warmJs.wire / 1024).toFixed(1),
      'cold: interactive p50 / p95 (ms)': `${percentile(cold, 50)} / ${percentile(cold, 95)}`,
      'warm: interactive p50 / p95 (ms)': `${percentile(warm, 50)} / ${percentile(warm, 95)}`,
    });
  } finally {
    await browser.close();
    await api.stop();
    await db.drop();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
