// Every header a real answer carries is declared in the OpenAPI document for that operation and status
// (components/headers), on both surfaces: walked over successes and refusals of several routes.
import { tenantOpenApi } from '../../src/http/app';
import { signedOpenApiDocument } from '../../src/http/signed/openapi';
import { signedRoutes } from '../../src/http/signed/routes';
import { call, createTenant, startSignedTestApp, tokenFor, type SignedTestApp } from '../helpers/app';

// Transport and caching headers HTTP itself defines: not part of this API's contract.
const TRANSPORT = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'vary', 'cache-control', 'pragma', 'allow', 'www-authenticate', 'transfer-encoding']);

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>> };
let app: SignedTestApp;
let tenantDoc: Doc;
let signedDoc: Doc;

beforeAll(async () => {
  app = await startSignedTestApp({ COUNTERFOIL_CORS_ORIGINS: 'https://app.example.com' });
  tenantDoc = tenantOpenApi(app.services) as unknown as Doc;
  signedDoc = signedOpenApiDocument(signedRoutes, app.signedUrl) as unknown as Doc;
});
afterAll(() => app?.close());

function undeclared(doc: Doc, path: string, method: string, status: number, headers: Headers): string[] {
  const declared = new Set(Object.keys(doc.paths[path]?.[method]?.responses[String(status)]?.headers ?? {}).map((h) => h.toLowerCase()));
  return [...headers.keys()].filter((h) => !TRANSPORT.has(h) && !declared.has(h));
}

it('declares every header of tenant answers, successes and refusals', async () => {
  const tenant = await createTenant(app.services);
  const token = await tokenFor(app.url, tenant);
  const origin = { Origin: 'https://app.example.com' };
  const cases: Array<[string, string, string, Parameters<typeof call>[3]]> = [
    ['/enterprises/{enterprise_id}', 'get', `/enterprises/${tenant.enterpriseId}`, { token, headers: origin }],
    ['/enterprises/{enterprise_id}', 'get', `/enterprises/${tenant.enterpriseId}`, { headers: origin }],
    // A conditional GET that matches: 304, declared with its headers.
    ['/enterprises/{enterprise_id}', 'get', `/enterprises/${tenant.enterpriseId}`, { token, headers: { ...origin, 'if-none-match': '*' } }],
    ['/clients', 'post', '/clients', { token, headers: { ...origin, 'idempotency-key': 'headers-1' }, body: {} }],
    ['/clients', 'get', '/clients', { token, headers: origin }],
  ];
  let walked = 0;
  for (const [path, method, url, opts] of cases) {
    const res = await call(app.url, method.toUpperCase(), url, opts);
    expect({ url, status: res.status, documented: tenantDoc.paths[path]?.[method]?.responses[String(res.status)] !== undefined }).toEqual({ url, status: res.status, documented: true });
    expect({ path, status: res.status, undeclared: undeclared(tenantDoc, path, method, res.status, res.headers) }).toEqual({ path, status: res.status, undeclared: [] });
    walked++;
  }
  expect(walked).toBe(cases.length);
});

it('declares every header of signed answers, and Retry-After on every 429 and 503', async () => {
  const res = await fetch(`${app.signedUrl}/v1/balance`);
  expect(res.status).toBe(401);
  expect(undeclared(signedDoc, '/v1/balance', 'get', 401, res.headers)).toEqual([]);
  for (const doc of [tenantDoc, signedDoc]) {
    for (const ops of Object.values(doc.paths)) {
      for (const op of Object.values(ops)) {
        for (const status of ['429', '503']) if (op.responses[status]) expect(Object.keys(op.responses[status].headers ?? {})).toContain('Retry-After');
      }
    }
  }
});
