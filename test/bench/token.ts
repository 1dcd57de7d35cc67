// npm run bench:token — POST /oauth/token (client_credentials, form body) requests/s at 16 connections
// against an API process of its own on a scratch database (dropped afterwards).
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { closeServices, createServices } from '../../src/services';
import { createEnterpriseWithAdmin } from '../../src/bootstrap';
import { load, report, scratchDatabase, spawnApi } from './support';

const CONNECTIONS = 16;

async function main() {
  const db = await scratchDatabase('counterfoil_bench_token');
  try {
    const services = await createServices({ config: loadConfig({}), log: createLogger('warn'), databaseUrl: db.url, temporalAddress: '127.0.0.1:7233', migrate: true, poolSize: 2 });
    const tenant = await services.orm.em.fork().transactional((em) => createEnterpriseWithAdmin(em, { legalName: 'Bench Ltd', jurisdiction: 'GB', secretTtlDays: 1 }));
    await closeServices(services);

    // The token endpoint is rate-limited per client IP (20/s by default); the benchmark measures the endpoint, not the limiter.
    const api = await spawnApi({ DATABASE_URL: db.url, COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '10000000' });
    try {
      const request = {
        url: `${api.url}/oauth/token`,
        method: 'POST' as const,
        connections: CONNECTIONS,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: tenant.client_id, client_secret: tenant.client_secret }).toString(),
      };
      await load({ ...request, duration: 3 }); // warm-up
      const r = await load({ ...request, duration: Number(process.env.BENCH_SECONDS ?? 10) });
      report(`POST /oauth/token (client_credentials), ${CONNECTIONS} connections`, {
        'requests/s': r.requestsPerSecond,
        'latency p50 (ms)': r.p50,
        'latency p99 (ms)': r.p99,
        'requests total': r.total,
        'non-2xx / errors': `${r.non2xx} / ${r.errors}`,
      });
    } finally {
      await api.stop();
    }
  } finally {
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
