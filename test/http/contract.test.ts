import { call, createTenant, startTestApp, tokenFor, type TestApp, type Tenant } from '../helpers/app';

let app: TestApp;
let tenant: Tenant;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenant(app.services);
  token = await tokenFor(app.url, tenant);
});
afterAll(() => app.close());

interface Case {
  name: string;
  method: string;
  path: string;
  auth?: boolean;
  headers?: Record<string, string>;
  rawBody?: string | Buffer;
  status: number;
  code: string;
  pointer?: string;
}

const cases: Case[] = [
  { name: 'no bearer token', method: 'GET', path: '/enterprises', auth: false, status: 401, code: 'Unauthorized' },
  { name: 'garbage bearer token', method: 'GET', path: '/enterprises', auth: false, headers: { authorization: 'Bearer abc.def.ghi' }, status: 401, code: 'Unauthorized' },
  { name: 'non-bearer scheme', method: 'GET', path: '/enterprises', auth: false, headers: { authorization: 'Basic Zm9vOmJhcg==' }, status: 401, code: 'Unauthorized' },
  { name: 'unknown route', method: 'GET', path: '/no-such-thing', status: 404, code: 'EdgeNotFound' },
  { name: 'wrong method', method: 'DELETE', path: '/enterprises', status: 405, code: 'EdgeMethodNotAllowed' },
  { name: 'path id not a uuid', method: 'GET', path: '/enterprises/not-a-uuid', status: 400, code: 'EdgeBadRequest', pointer: '/params/enterprise_id' },
  { name: 'unknown query parameter', method: 'GET', path: '/enterprises?colour=red', status: 400, code: 'EdgeBadRequest', pointer: '/query/colour' },
  { name: 'page_size not a number', method: 'GET', path: '/enterprises?page_size=ten', status: 400, code: 'EdgeBadRequest', pointer: '/query/page_size' },
  { name: 'page_size zero', method: 'GET', path: '/enterprises?page_size=0', status: 400, code: 'EdgeBadRequest', pointer: '/query/page_size' },
  { name: 'forged page_token', method: 'GET', path: '/enterprises?page_token=eyJhIjoieCJ9.AAAA', status: 400, code: 'EdgeBadRequest', pointer: '/query/page_token' },
  { name: 'malformed JSON', method: 'PATCH', path: '/enterprises/{self}', headers: { 'content-type': 'application/json' }, rawBody: '{"metadata":', status: 400, code: 'EdgeBadRequest', pointer: '/body' },
  { name: 'unknown body field', method: 'PATCH', path: '/enterprises/{self}', headers: { 'content-type': 'application/json' }, rawBody: '{"metadata":{},"colour":"red"}', status: 400, code: 'EdgeBadRequest', pointer: '/body/colour' },
  { name: 'wrong body field type', method: 'PATCH', path: '/enterprises/{self}', headers: { 'content-type': 'application/json' }, rawBody: '{"metadata":{"a":1}}', status: 400, code: 'EdgeBadRequest', pointer: '/body/metadata/a' },
  { name: 'unsupported content type', method: 'PATCH', path: '/enterprises/{self}', headers: { 'content-type': 'text/plain' }, rawBody: 'metadata', status: 415, code: 'EdgeUnsupportedMediaType' },
  { name: 'body over 1 MiB', method: 'PATCH', path: '/enterprises/{self}', headers: { 'content-type': 'application/json' }, rawBody: Buffer.alloc(1024 * 1024 + 10, 0x20), status: 413, code: 'EdgePayloadTooLarge' },
  { name: 'stale If-Match', method: 'PATCH', path: '/enterprises/{self}', headers: { 'content-type': 'application/json', 'if-match': '"stale"' }, rawBody: '{"metadata":{}}', status: 412, code: 'EdgePreconditionFailed' },
  { name: 'another enterprise', method: 'GET', path: '/enterprises/0193a1c2-7f00-7abc-8def-0123456789ab', status: 404, code: 'EdgeNotFound' },
];

describe('error contract: bad input in, status and code out', () => {
  it.each(cases)('$name → $status $code', async (c) => {
    const res = await call(app.url, c.method, c.path.replace('{self}', tenant.enterpriseId), {
      token: c.auth === false ? undefined : token,
      headers: c.headers,
      rawBody: c.rawBody,
    });
    expect(res.status).toBe(c.status);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: c.status, code: c.code, request_id: res.headers.get('x-request-id') });
    expect(typeof res.body.title).toBe('string');
    expect(res.body.type).toMatch(new RegExp(`/${c.code}$`));
    expect(Array.isArray(res.body.errors)).toBe(true);
    if (c.pointer) expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(c.pointer);
    expect(res.text).not.toMatch(/at .*\.ts:\d+|select |insert /i); // no stack trace, no SQL
  });

  it('401 carries a Bearer challenge (RFC 6750)', async () => {
    const missing = await call(app.url, 'GET', '/enterprises');
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="counterfoil"');
    const bad = await call(app.url, 'GET', '/enterprises', { headers: { authorization: 'Bearer nope' } });
    expect(bad.headers.get('www-authenticate')).toMatch(/^Bearer realm="counterfoil", error="invalid_token"/);
  });

  it('405 lists the allowed methods', async () => {
    const res = await call(app.url, 'DELETE', '/enterprises', { token });
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('echoes a caller X-Request-Id and makes one up otherwise', async () => {
    const echoed = await call(app.url, 'GET', '/healthz', { headers: { 'x-request-id': 'trace-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123');
    const made = await call(app.url, 'GET', '/healthz');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a refused mutation changes nothing', async () => {
    const before = await call(app.url, 'GET', `/enterprises/${tenant.enterpriseId}`, { token });
    await call(app.url, 'PATCH', `/enterprises/${tenant.enterpriseId}`, { token, headers: { 'if-match': '"stale"' }, body: { metadata: { a: 'b' } } });
    const after = await call(app.url, 'GET', `/enterprises/${tenant.enterpriseId}`, { token });
    expect(after.body).toEqual(before.body);
  });
});
