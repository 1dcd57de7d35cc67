import http from 'node:http';
import net from 'node:net';
import { call, createTenant, startSignedTestApp, tokenFor, type SignedTestApp } from '../helpers/app';
import { MAX_INPUT_DEPTH } from '../../src/http/validation';

let app: SignedTestApp;
let token: string;
let enterpriseId: string;

beforeAll(async () => {
  app = await startSignedTestApp();
  const tenant = await createTenant(app.services, 'Hostile Input Ltd');
  enterpriseId = tenant.enterpriseId;
  token = await tokenFor(app.url, tenant);
});
afterAll(() => app.close());

const expectProblem = (res: { status: number; headers: Headers; body: any }, status: number, code: string, pointer?: string) => {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ status, code, request_id: res.headers.get('x-request-id') });
  if (pointer) expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
};

const nested = (depth: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

describe('text no column can store is 400, on every route, before any query runs', () => {
  it.each([
    ['a NUL byte in a list filter', '/policy-rules?scope_ref=%00', '/query/scope_ref'],
    ['a NUL byte in page_token', '/events?page_token=a%00b', '/query/page_token'],
    ['a NUL byte in an unknown parameter', '/conversion-pairs?x=%00', '/query/x'],
    ['a NUL byte in a free-text filter', '/withdrawal-destinations?asset=%00', undefined],
  ])('%s', async (_name, path, pointer) => {
    const res = await call(app.url, 'GET', path, { token });
    expect(res.status).toBe(400);
    expectProblem(res, 400, 'EdgeBadRequest', pointer);
  });

  it.each([
    ['a NUL byte in a string', '{"metadata":{"team":"a\\u0000b"}}', '/body/metadata/team'],
    ['a NUL byte in a member name', '{"metadata":{"a\\u0000":"b"}}', '/body/metadata'],
    ['a lone high surrogate', '{"metadata":{"team":"\\ud800"}}', '/body/metadata/team'],
    ['a lone low surrogate', '{"metadata":{"team":"x\\udc00"}}', '/body/metadata/team'],
    ['nesting deeper than the limit', JSON.stringify({ metadata: nested(MAX_INPUT_DEPTH + 5) }), undefined],
    ['100,000 levels of nesting', '['.repeat(100_000) + ']'.repeat(100_000), undefined],
    // Found by the fuzzer: `null` was read as an empty body, and an all-optional PATCH answered 200.
    ['a JSON null instead of an object', 'null', undefined],
  ])('%s in a JSON body', async (_name, rawBody, pointer) => {
    const res = await call(app.url, 'PATCH', `/enterprises/${enterpriseId}`, { token, headers: { 'content-type': 'application/json' }, rawBody });
    expectProblem(res, 400, 'EdgeBadRequest', pointer);
    const after = await call(app.url, 'GET', `/enterprises/${enterpriseId}`, { token });
    expect(after.body.metadata).toEqual({});
  });

  it('a paired surrogate (an emoji) is ordinary text', async () => {
    const res = await call(app.url, 'PATCH', `/enterprises/${enterpriseId}`, { token, body: { metadata: { team: 'treasury 🏦' } } });
    expect(res.status).toBe(200);
    expect(res.body.metadata).toEqual({ team: 'treasury 🏦' });
    await call(app.url, 'PATCH', `/enterprises/${enterpriseId}`, { token, body: { metadata: {} } });
  });
});

/** Sends raw bytes and reads the whole answer (the server closes the connection). */
function rawExchange(url: string, request: string): Promise<{ status: number; headers: Record<string, string>; body: any }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString();
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(rest.join('\r\n')) });
    });
  });
}

describe("requests Node's parser refuses get the API's error body", () => {
  const longUrl = `/enterprises?page_token=${'a'.repeat(60_000)}`;
  const bigHeader = `GET /enterprises HTTP/1.1\r\nHost: x\r\nX-Padding: ${'b'.repeat(20_000)}\r\n\r\n`;

  it.each([
    ['an over-long URL', `GET ${longUrl} HTTP/1.1\r\nHost: x\r\n\r\n`, 431, 'EdgeRequestHeaderFieldsTooLarge'],
    ['an over-long header', bigHeader, 431, 'EdgeRequestHeaderFieldsTooLarge'],
    ['a header line without a colon', 'GET /enterprises HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n', 400, 'EdgeBadRequest'],
    ['a bad request line', 'GARBAGE\r\n\r\n', 400, 'EdgeBadRequest'],
  ])('tenant API: %s → problem+json', async (_name, request, status, code) => {
    const res = await rawExchange(app.url, request);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.headers.connection).toBe('close');
    expect(res.body).toMatchObject({ status, code, request_id: res.headers['x-request-id'] });
  });

  // Answers Node gives itself unless told otherwise: a bare 400, a bare 417, a closed socket.
  it.each([
    ['an HTTP/1.1 request without Host', 'GET /enterprises HTTP/1.1\r\n\r\n', 400, 'EdgeBadRequest', 'host_header_required'],
    ['an Expect other than 100-continue', 'POST /enterprises HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nContent-Length: 2\r\n\r\n', 417, 'EdgeExpectationFailed', 'expectation_unsupported'],
    ['CONNECT', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 405, 'EdgeMethodNotAllowed', 'method_not_allowed'],
  ])('tenant API: %s → problem+json with a reason', async (_name, request, status, code, reason) => {
    const res = await rawExchange(app.url, request);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.body).toMatchObject({ status, code, reason, request_id: res.headers['x-request-id'] });
  });

  it('an HTTP/1.0 request without Host is still served (only HTTP/1.1 requires it)', async () => {
    const { hostname, port } = new URL(app.url);
    const text = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => socket.write('GET /enterprises HTTP/1.0\r\n\r\n'));
      const chunks: Buffer[] = [];
      socket.on('data', (c) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
    });
    // Unauthenticated, so the app's own 401: the request reached the pipeline.
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
  });

  it.each([
    ['an HTTP/1.1 request without Host', 'GET /v1/balance HTTP/1.1\r\n\r\n', 400, 'MALFORMED_REQUEST'],
    ['CONNECT', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 405, 'METHOD_NOT_ALLOWED'],
  ])('signed API: %s → its own error body', async (_name, request, status, label) => {
    const res = await rawExchange(app.signedUrl, request);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body).toMatchObject({ errorLabel: label });
  });

  it.each([
    ['an over-long URL', `GET /v1/balance?${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431, 'HEADERS_TOO_LARGE', 2004],
    ['a header line without a colon', 'GET /v1/balance HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n', 400, 'MALFORMED_REQUEST', 2005],
  ])('signed API: %s → its own error body', async (_name, request, status, label, code) => {
    const res = await rawExchange(app.signedUrl, request);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body).toEqual({ errorCode: code, errorLabel: label, errorDescription: expect.any(String), reason: expect.any(String) });
  });

  it("Node still shows a socket's response in flight as socket._httpMessage (the handler answers only without one)", async () => {
    const server = http.createServer((req, res) => res.end(String((req.socket as net.Socket & { _httpMessage?: unknown })._httpMessage === res)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}/`);
      expect(await res.text()).toBe('true');
    } finally {
      server.close();
    }
  });

  it('fetch sees the same 431 answer for an over-long URL', async () => {
    const res = await call(app.url, 'GET', longUrl, { token });
    expectProblem(res, 431, 'EdgeRequestHeaderFieldsTooLarge');
  });
});
