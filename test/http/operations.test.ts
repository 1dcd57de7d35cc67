import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { createLogger } from '../../src/logger';
import { closeServices, createServices } from '../../src/services';
import { createTenantApp } from '../../src/http/app';
import { listen } from '../../src/http/server';
import { call, createTenant, startTestApp, testConfig, tokenFor, type TestApp } from '../helpers/app';
import { runState } from '../helpers/run-state';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('operations endpoints', () => {
  it('GET /healthz answers ok', async () => {
    const res = await call(app.url, 'GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /readyz checks PostgreSQL and Temporal', async () => {
    const res = await call(app.url, 'GET', '/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', checks: { postgres: 'ok', temporal: 'ok' } });
  });

  it('GET /readyz is 503 TemporarilyUnavailable when Temporal is unreachable', async () => {
    const config = testConfig();
    const services = await createServices({ config, log: createLogger('silent'), databaseUrl: runState().databaseUrl, temporalAddress: '127.0.0.1:1', poolSize: 2 });
    const server = await listen(createTenantApp(services), config, 0);
    try {
      const res = await call(server.url, 'GET', '/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'TemporarilyUnavailable', checks: { postgres: 'ok', temporal: 'down' } });
      expect(res.headers.get('retry-after')).toBe('5');
    } finally {
      await server.close(100);
      await closeServices(services);
    }
  });

  it('GET /metrics is not served on the public port (it is on the ops port: test/e2e/ops.test.ts)', async () => {
    const res = await call(app.url, 'GET', '/metrics');
    expect(res.status).toBe(404);
  });
});

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1, version 0.1.0, with both security schemes and every route', async () => {
    const res = await call(app.url, 'GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe('0.1.0');
    expect(Object.keys(res.body.components.securitySchemes).sort()).toEqual(['bearerAuth', 'oauth2ClientCredentials']);
    expect(res.body.components.securitySchemes.oauth2ClientCredentials.flows.clientCredentials.tokenUrl).toBe('/oauth/token');
    expect(res.body.paths['/enterprises/{enterprise_id}'].get.operationId).toBe('getEnterprise');
    expect(res.body.paths['/enterprises/{enterprise_id}'].get.responses['404'].content['application/problem+json']).toBeDefined();
    expect(res.body.components.parameters).toHaveProperty('IdempotencyKey');
  });

  it.each(['/openapi.json', '/connectors/openapi.json'])('%s passes `redocly lint` with no errors', async (document) => {
    const res = await call(app.url, 'GET', document);
    const file = path.join(runState().tmpDir, document.replace(/\//g, '-').slice(1));
    writeFileSync(file, res.text);
    const redocly = path.resolve(__dirname, '../../node_modules/.bin/redocly');
    // Exit code 0 means no errors (warnings are allowed); a failure prints the problems.
    const { stdout, stderr } = await promisify(execFile)(redocly, ['lint', file, '--format=summary'], { timeout: 60_000 });
    expect(stdout + stderr).toMatch(/Your API description is valid/);
  });
});

describe('rate limits', () => {
  it('429 EdgeRateLimited with Retry-After and RateLimit headers once the bucket is empty', async () => {
    const limited = await startTestApp({ COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '2', COUNTERFOIL_RATE_LIMIT_BURST_SECONDS: '1' });
    try {
      const tenant = await createTenant(limited.services);
      const token = await tokenFor(limited.url, tenant);
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i++) {
        last = await call(limited.url, 'GET', '/enterprises', { token });
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 2)).toEqual([200, 200]);
      expect(statuses[3]).toBe(429);
      expect(last!.body.code).toBe('EdgeRateLimited');
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(last!.headers.get('ratelimit-policy')).toBe('"read";q=2;w=1');
      expect(last!.headers.get('ratelimit')).toMatch(/^"read";r=0;t=\d+$/);
    } finally {
      await limited.close();
    }
  });
});
