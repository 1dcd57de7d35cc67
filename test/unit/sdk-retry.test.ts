import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createCounterfoilClient, isRetryableStatus, MAX_RETRY_DELAY_MS, paginate, retryAfterMs, retryingFetch, RETRYABLE_STATUSES, takesIdempotencyKey, unwrap, CounterfoilError } from '../../clients/typescript/index';

/** The retry rule both SDKs share, as vectors; the Go SDK's TestSharedRetryRule reads the same file. */
const RULE = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'clients', 'go', 'counterfoil', 'testdata', 'retry-rule.json'), 'utf8')) as {
  retryable_statuses: number[];
  max_delay_ms: number;
  retry_after: { header: string; now_ms: number; wait_ms: number | null }[];
  statuses: { status: number; retry: boolean }[];
};

/** A real HTTP server answering each request with the next of `statuses` (then 200), recording what it got. */
async function server(statuses: number[], headers: Record<string, string> = {}) {
  const seen: { method: string; url: string; key: string | undefined; body: string }[] = [];
  const s = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, key: req.headers['idempotency-key'] as string | undefined, body });
      const status = statuses[seen.length - 1] ?? 200;
      res.writeHead(status, { 'content-type': 'application/json', ...(status >= 400 ? headers : {}) }).end('{}');
    });
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, seen, close: () => new Promise((r) => s.close(r)) };
}

const send = retryingFetch((input) => fetch(input), { baseDelayMs: 5, retries: 3 });

describe('the SDK retries', () => {
  it('keys a money POST itself and retries 5xx with the same key and body', async () => {
    const srv = await server([503, 502]);
    try {
      const res = await send(new Request(`${srv.url}/internal-transfers`, { method: 'POST', body: '{"amount":"1.00"}' }));
      expect(res.status).toBe(200);
      expect(srv.seen).toHaveLength(3);
      expect(new Set(srv.seen.map((r) => r.key)).size).toBe(1);
      expect(srv.seen[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
      expect(srv.seen.map((r) => r.body)).toEqual(Array(3).fill('{"amount":"1.00"}'));
    } finally {
      await srv.close();
    }
  });

  it('keeps the caller\'s key, and gives up after its retries with the last answer', async () => {
    const srv = await server([500, 500, 500, 500, 500]);
    try {
      const res = await send(new Request(`${srv.url}/withdrawals`, { method: 'POST', headers: { 'Idempotency-Key': 'order-42' }, body: '{}' }));
      expect(res.status).toBe(500);
      expect(srv.seen.map((r) => r.key)).toEqual(['order-42', 'order-42', 'order-42', 'order-42']);
    } finally {
      await srv.close();
    }
  });

  it('never repeats a POST without a key after a 5xx, but retries its 429 as the server asks', async () => {
    const failing = await server([503]);
    const limited = await server([429], { 'retry-after': '0' });
    try {
      expect((await send(new Request(`${failing.url}/oauth/token`, { method: 'POST', body: '{}' }))).status).toBe(503);
      expect(failing.seen).toHaveLength(1);
      expect(failing.seen[0]!.key).toBeUndefined();
      expect((await send(new Request(`${limited.url}/oauth/token`, { method: 'POST', body: '{}' }))).status).toBe(200);
      expect(limited.seen).toHaveLength(2);
    } finally {
      await failing.close();
      await limited.close();
    }
  });

  it('retries a GET that cannot connect, then throws a CounterfoilError network_error', async () => {
    const srv = await server([]);
    await srv.close();
    let attempts = 0;
    const counting = retryingFetch((input) => (attempts++, fetch(input)), { baseDelayMs: 1, retries: 2 });
    const thrown = await counting(new Request(`${srv.url}/clients`)).catch((err: unknown) => err);
    expect(thrown).toBeInstanceOf(CounterfoilError);
    expect(thrown).toMatchObject({ code: 'network_error', status: 0 });
    expect((thrown as Error).cause).toMatchObject({ message: 'fetch failed' });
    expect(attempts).toBe(3);
  });

  it('follows the rule shared with the Go SDK: its statuses, Retry-After as seconds or a date, one cap', () => {
    expect([...RETRYABLE_STATUSES]).toEqual(RULE.retryable_statuses);
    expect(MAX_RETRY_DELAY_MS).toBe(RULE.max_delay_ms);
    for (const c of RULE.statuses) expect([c.status, isRetryableStatus(c.status)]).toEqual([c.status, c.retry]);
    for (const c of RULE.retry_after) {
      const asked = retryAfterMs(c.header, c.now_ms);
      expect([c.header, asked === undefined ? null : Math.min(MAX_RETRY_DELAY_MS, asked)]).toEqual([c.header, c.wait_ms]);
    }
  });

  it('does not retry a 501, which the rule leaves out', async () => {
    const srv = await server([501]);
    try {
      expect((await send(new Request(`${srv.url}/clients`))).status).toBe(501);
      expect(srv.seen).toHaveLength(1);
    } finally {
      await srv.close();
    }
  });

  it('reads Retry-After as seconds or an HTTP date, and knows the keyed operations', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
    expect(takesIdempotencyKey('POST', '/withdrawals')).toBe(true);
    expect(takesIdempotencyKey('POST', '/internal-transfers')).toBe(true);
    expect(takesIdempotencyKey('GET', '/withdrawals')).toBe(false);
    expect(takesIdempotencyKey('POST', '/oauth/token')).toBe(false);
  });
});

describe('the client reports', () => {
  it('an unreachable host as network_error, without retries too', async () => {
    const srv = await server([]);
    await srv.close();
    const api = createCounterfoilClient({ baseUrl: srv.url, retry: false });
    await expect(api.GET('/clients')).rejects.toMatchObject({ name: 'CounterfoilError', code: 'network_error' });
  });

  it('an answer that is not problem+json as unexpected_response with its status', async () => {
    const s = http.createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>'));
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    try {
      const api = createCounterfoilClient({ baseUrl: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, retry: false });
      const thrown = await api.GET('/clients').then(unwrap).catch((err: unknown) => err);
      expect(thrown).toBeInstanceOf(CounterfoilError);
      expect(thrown).toMatchObject({ code: 'unexpected_response', status: 404 });
    } finally {
      await new Promise((r) => s.close(r));
    }
  });
});

describe('paginate', () => {
  const page = (items: number[], next: string | null) => ({ data: { items, next_page_token: next }, response: new Response('{}') });

  it('yields every item across pages, asking with each next_page_token', async () => {
    const asked: (string | undefined)[] = [];
    const pages: Record<string, ReturnType<typeof page>> = { first: page([1, 2], 'b'), b: page([3], 'c'), c: page([4, 5], null) };
    const items: number[] = [];
    for await (const n of paginate(async (token: string | undefined) => (asked.push(token), pages[token ?? 'first']!))) items.push(n);
    expect(items).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([undefined, 'b', 'c']);
  });

  it('throws the failed page as a CounterfoilError', async () => {
    const problem = { type: 'about:blank', title: 'Not Found', status: 404, detail: 'gone', code: 'EdgeNotFound' as const, request_id: 'r1', errors: [] };
    const iterate = async () => {
      for await (const _ of paginate(async () => ({ error: problem, response: new Response('{}', { status: 404 }) }))) void _;
    };
    await expect(iterate()).rejects.toMatchObject({ name: 'CounterfoilError', code: 'EdgeNotFound', status: 404, requestId: 'r1' });
    await expect(iterate()).rejects.toBeInstanceOf(CounterfoilError);
  });
});
