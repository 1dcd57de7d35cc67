// npm run bench:api — GET /enterprises with a valid token: requests/s and p99 at 32 connections,
// and the API process's RSS after the load. Targets: ≥ 5,000 req/s, p99 ≤ 20 ms.
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { closeServices, createServices } from '../../src/services';
import { createEnterpriseWithAdmin } from '../../src/bootstrap';
import { load, report, rssMiB, scratchDatabase, spawnApi } from './support';

async function main() {
  const db = await scratchDatabase('counterfoil_bench_api');
  const services = await createServices({ config: loadConfig({}), log: createLogger('warn'), databaseUrl: db.url, temporalAddress: '127.0.0.1:7233', migrate: true, poolSize: 2 });
  const tenant = await services.orm.em.fork().transactional((em) => createEnterpriseWithAdmin(em, { legalName: 'Bench Ltd', jurisdiction: 'GB', secretTtlDays: 1 }));
  await closeServices(services);

  const logLevel = process.env.BENCH_LOG_LEVEL ?? 'warn';
  const api = await spawnApi({ DATABASE_URL: db.url, LOG_LEVEL: logLevel, COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '10000000' });
  try {
    const tokenRes = await fetch(`${api.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: tenant.client_id, client_secret: tenant.client_secret }),
    });
    const { access_token } = (await tokenRes.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${access_token}` };
    const rssBefore = rssMiB(api.child.pid!);
    await load({ url: `${api.url}/enterprises`, connections: 32, duration: 3, headers }); // warm-up
    const r = await load({ url: `${api.url}/enterprises`, connections: 32, duration: Number(process.env.BENCH_SECONDS ?? 15), headers });
    report(`GET /enterprises, 32 connections, LOG_LEVEL=${logLevel}`, {
      'requests/s': r.requestsPerSecond,
      'latency p50 (ms)': r.p50,
      'latency p99 (ms)': r.p99,
      'requests total': r.total,
      'non-2xx / errors': `${r.non2xx} / ${r.errors}`,
      'API RSS before load (MiB)': rssBefore,
      'API RSS after load (MiB)': rssMiB(api.child.pid!),
    });
  } finally {
    await api.stop();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
