import http from 'node:http';
import net from 'node:net';
import { call, createTenant, startSignedTestApp, tokenFor, type SignedTestApp } from '../helpers/app';
import { MAX_INPUT_DEPTH } from '../../src/http/validation';
import { MAX_REQUEST_TARGET } from '../../src/http/malformed';
import { until } from '../helpers/reference-connector';

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
    ['an over-long URL', `GET ${longUrl} HTTP/1.1\r\nHost: x\r\n\r\n`, 414, 'EdgeUriTooLong'],
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
    ['an over-long URL', `GET /v1/balance?${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 414, 'URI_TOO_LONG', 2008],
    ['an over-long header', `GET /v1/balance HTTP/1.1\r\nHost: x\r\nX-Pad: ${'p'.repeat(20_000)}\r\n\r\n`, 431, 'HEADERS_TOO_LARGE', 2004],
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

  it('fetch sees the same 414 answer for an over-long URL', async () => {
    const res = await call(app.url, 'GET', longUrl, { token });
    expectProblem(res, 414, 'EdgeUriTooLong');
  });
});

describe('a request-target is at most 8 KiB (MAX_REQUEST_TARGET), then 414 in the API\'s error body', () => {
  /** A request-target of exactly `length` characters. */
  const target = (path: string, length: number) => `${path}?q=${'q'.repeat(length - path.length - 3)}`;
  const get = (t: string, extra = '') => `GET ${t} HTTP/1.1\r\nHost: x\r\n${extra}Connection: close\r\n\r\n`;

  it.each([
    // Within Node's 16 KiB, so the request is parsed and refused before the app; then beyond it, refused by the parser.
    ['one character over the limit', get(target('/enterprises', MAX_REQUEST_TARGET + 1))],
    ['15,000 characters', get(target('/enterprises', 15_000))],
    ['20,000 characters, beyond what the parser reads', get(target('/enterprises', 20_000))],
    ['9,000 characters with headers that take the head past 16 KiB', get(target('/enterprises', 9_000), `X-Pad: ${'p'.repeat(9_000)}\r\n`)],
    ['over the limit in absolute form', get(`http://x${target('/enterprises', MAX_REQUEST_TARGET)}`)],
  ])('tenant API: %s → 414 EdgeUriTooLong', async (_name, request) => {
    const res = await rawExchange(app.url, request);
    expect(res.status).toBe(414);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.body).toMatchObject({ status: 414, code: 'EdgeUriTooLong', reason: 'uri_too_long', request_id: res.headers['x-request-id'] });
  });

  it('a target of exactly 8 KiB reaches the app (here its 401)', async () => {
    const res = await rawExchange(app.url, get(target('/enterprises', MAX_REQUEST_TARGET)));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'Unauthorized', reason: 'token_missing' });
  });

  it('a 414 the parser did not force keeps the connection: the body is read past, the next request is served', async () => {
    const { hostname, port } = new URL(app.url);
    const refused = `POST ${target('/enterprises', 10_000)} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;
    const text = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => socket.write(refused + get('/enterprises')));
      const chunks: Buffer[] = [];
      socket.on('data', (c) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
    });
    expect([...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]))).toEqual([414, 401]);
  });

  it('a target over 16 KiB sent in two pieces: the parser stops in the second, which shows no request line, so 431', async () => {
    const { hostname, port } = new URL(app.url);
    const serverSide = new Promise<net.Socket>((resolve) => app.server.server.once('connection', resolve));
    const first = `GET /enterprises?q=${'q'.repeat(10_000)}`;
    const text = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, async () => {
        socket.write(first);
        const server = await serverSide;
        await until('the server to read the first piece', async () => server.bytesRead >= first.length);
        socket.write(`${'q'.repeat(10_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      });
      const chunks: Buffer[] = [];
      socket.on('data', (c) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
    });
    const [head, body] = text.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 .*\r\nContent-Type: application\/problem\+json\r\n/);
    expect(JSON.parse(body)).toMatchObject({ status: 431, code: 'EdgeRequestHeaderFieldsTooLarge' });
  });

  it.each([
    ['one character over the limit', get(target('/v1/balance', MAX_REQUEST_TARGET + 1))],
    ['20,000 characters, beyond what the parser reads', get(target('/v1/balance', 20_000))],
  ])('signed API: %s → 414 URI_TOO_LONG', async (_name, request) => {
    const res = await rawExchange(app.signedUrl, request);
    expect(res.status).toBe(414);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body).toEqual({ errorCode: 2008, errorLabel: 'URI_TOO_LONG', errorDescription: expect.any(String), reason: 'uri_too_long' });
  });
});
