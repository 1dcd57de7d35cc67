import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { classifyAddress, type AddressClass } from '../../src/net/addresses';
import { OutboundRefused, pinnedFetch, resolveDestination, sendRequest } from '../../src/net/outbound';
import { eventTypeEntryError, matchesEventType } from '../../src/domain/webhooks/event-types';

describe('outbound address classes', () => {
  it.each<[string, AddressClass]>([
    ['93.184.215.14', 'public'],
    ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12::1', 'private'],
    ['fec0::1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['169.254.10.10', 'link_local'],
    ['fe80::1', 'link_local'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.99', 'documentation'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['2001:2::1', 'benchmarking'],
    ['64:ff9b::a00:1', 'ipv4_translation'],
    ['64:ff9b:1::1', 'ipv4_translation'],
    ['2002:a00:1::1', 'ipv4_translation'],
    ['2001:0:4136:e378::1', 'ipv4_translation'],
    ['192.88.99.1', 'ipv4_translation'],
    ['0.0.0.0', 'reserved'],
    ['0.1.2.3', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::', 'reserved'],
    ['::a00:1', 'reserved'],
    ['100::1', 'reserved'],
    ['2001:10::1', 'reserved'],
    ['5f00::1', 'reserved'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a00:1', 'private'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:93.184.215.14', 'public'],
    ['not an address', 'reserved'],
  ])('%s is %s', (address, cls) => {
    expect(classifyAddress(address)).toBe(cls);
  });
});

describe('resolveDestination', () => {
  const strict = { allowLoopback: false };
  it.each([
    { url: 'https://[2002:a00:1::1]/', reason: /ipv4-translation/ },
    { url: 'https://[64:ff9b::a9fe:a9fe]/', reason: /ipv4-translation/ },
    { url: 'https://198.18.0.1/', reason: /a benchmarking address/ },
    { url: 'https://203.0.113.5/', reason: /a documentation address/ },
    { url: 'https://[ff02::1]/', reason: /a multicast address/ },
    { url: 'https://127.0.0.1/', reason: /a loopback address/ },
    { url: 'http://93.184.215.14/', reason: /https/ },
    { url: 'https://u:p@93.184.215.14/', reason: /credentials/ },
    { url: 'gopher://93.184.215.14/', reason: /https/ },
    { url: 'https://localhost.invalid./', reason: /does not resolve/ },
  ])('refuses $url', async ({ url, reason }) => {
    const refusal = await resolveDestination(url, strict).catch((e) => e);
    expect(refusal).toBeInstanceOf(OutboundRefused);
    expect(refusal.reason).toMatch(reason);
  });

  it('allows a public https address, and loopback over http only when the policy says so', async () => {
    await expect(resolveDestination('https://93.184.215.14/x', strict)).resolves.toMatchObject({ address: '93.184.215.14', family: 4 });
    await expect(resolveDestination('http://127.0.0.1:9/', { allowLoopback: true })).resolves.toMatchObject({ address: '127.0.0.1' });
  });
});

describe('sendRequest', () => {
  let server: http.Server;
  let port: number;
  const seen: Array<{ host: string | undefined; path: string | undefined }> = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push({ host: req.headers.host, path: req.url });
      if (req.url === '/moved') res.writeHead(302, { location: 'http://127.0.0.1/elsewhere' }).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [] }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('connects to the checked address, never to a new DNS answer, and names the URL host in Host', async () => {
    // `.invalid` never resolves: reaching the server proves the connection used the pinned address.
    const res = await sendRequest({ url: new URL(`http://receiver.invalid:${port}/hook`), address: '127.0.0.1', family: 4 }, { method: 'GET', timeoutMs: 2000 });
    expect(res).toMatchObject({ status: 200, error: null });
    expect(seen.at(-1)).toEqual({ host: `receiver.invalid:${port}`, path: '/hook' });
  });

  it('does not follow redirects, and caps what it reads', async () => {
    const dest = { url: new URL(`http://127.0.0.1:${port}/moved`), address: '127.0.0.1', family: 4 as const };
    const moved = await sendRequest(dest, { method: 'GET', timeoutMs: 2000 });
    expect(moved).toMatchObject({ status: 302, error: 'redirect to http://127.0.0.1/elsewhere not followed' });
    expect(seen.filter((s) => s.path === '/elsewhere')).toEqual([]);
    const capped = await sendRequest({ ...dest, url: new URL(`http://127.0.0.1:${port}/keys`) }, { method: 'GET', timeoutMs: 2000, maxBodyBytes: 4 });
    expect(capped).toMatchObject({ status: null, error: 'response body larger than 4 bytes' });
  });

  it('pinnedFetch answers a Response, and refuses a destination the policy refuses', async () => {
    const fetchLoopback = pinnedFetch({ allowLoopback: true }, { timeoutMs: 2000, maxBodyBytes: 1024 });
    const res = await fetchLoopback(`http://127.0.0.1:${port}/keys`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ keys: [] });
    await expect(pinnedFetch({ allowLoopback: false }, { timeoutMs: 2000, maxBodyBytes: 1024 })(`http://127.0.0.1:${port}/keys`)).rejects.toBeInstanceOf(OutboundRefused);
  });
});

describe('sendRequest on a keep-alive socket the peer closed', () => {
  // A peer that keeps the first connection alive, then drops it (RST, no answer) at its next request, as a
  // server does when its idle timeout fires just as a reused socket is written to. New connections are answered.
  let server: net.Server;
  let dest: { url: URL; address: string; family: 4 };
  const log: Array<{ connection: number; answered: boolean }> = [];
  beforeAll(async () => {
    let connections = 0;
    server = net.createServer((socket) => {
      const connection = ++connections;
      let requests = 0;
      let buffered = '';
      socket.on('data', (chunk) => {
        buffered += chunk.toString('latin1');
        for (let end = buffered.indexOf('\r\n\r\n'); end >= 0; end = buffered.indexOf('\r\n\r\n')) {
          const length = Number(/content-length: (\d+)/i.exec(buffered.slice(0, end))?.[1] ?? 0);
          if (buffered.length < end + 4 + length) return;
          buffered = buffered.slice(end + 4 + length);
          requests++;
          const answered = !(connection === 1 && requests === 2);
          log.push({ connection, answered });
          if (!answered) return void socket.resetAndDestroy();
          socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok');
        }
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    dest = { url: new URL(`http://127.0.0.1:${port}/hook`), address: '127.0.0.1', family: 4 };
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('sends the request once more on a new connection, and only when the socket was a reused one', async () => {
    const first = await sendRequest(dest, { method: 'POST', body: '{"n":1}', timeoutMs: 2000 });
    expect(first).toMatchObject({ status: 200, error: null });
    const second = await sendRequest(dest, { method: 'POST', body: '{"n":2}', timeoutMs: 2000 });
    expect(second).toMatchObject({ status: 200, error: null });
    expect(log).toEqual([
      { connection: 1, answered: true },
      { connection: 1, answered: false },
      { connection: 2, answered: true },
    ]);
  });
});

describe('event type patterns', () => {
  const known = ['operations.withdrawal.settled.v1', 'operations.conversion.executed.v1', 'webhooks.subscription.created.v1'];
  it.each([
    [['*'], 'operations.withdrawal.settled.v1', true],
    [['operations.*'], 'operations.withdrawal.settled.v1', true],
    [['operations.withdrawal.*'], 'operations.withdrawal.settled.v1', true],
    [['operations.withdrawal.*'], 'operations.conversion.executed.v1', false],
    [['operations.*'], 'operationsx.withdrawal.settled.v1', false],
    [['operations.withdrawal.settled.v1'], 'operations.withdrawal.settled.v1', true],
    [['operations.withdrawal.settled.v1'], 'operations.withdrawal.settled.v2', false],
  ])('%j selects %s: %s', (patterns, type, expected) => {
    expect(matchesEventType(patterns, type)).toBe(expected);
  });

  it.each([
    ['*', null],
    ['operations.*', null],
    ['webhooks.subscription.*', null],
    ['operations.withdrawal.settled.v1', null],
    ['operations.withdrawal.settled.v9', 'unknown event type operations.withdrawal.settled.v9'],
    ['ops.*', 'ops.* matches no event type'],
    ['operations*', 'operations* is not a pattern: use * or <prefix>.* (for example operations.*)'],
    ['*.settled.v1', '*.settled.v1 is not a pattern: use * or <prefix>.* (for example operations.*)'],
  ])('%s: %s', (entry, error) => {
    expect(eventTypeEntryError(entry, known)).toBe(error);
  });
});
