/**
 * The one way Counterfoil calls out to a URL someone else chose (webhook receivers, identity
 * providers' key sets, provider connectors). Each request:
 *
 *   1. resolves the host once and checks every address it resolves to against the block list (addresses.ts)
 *      (SSRF: nothing internal, nothing that tunnels to an internal IPv4 host);
 *   2. connects to exactly the address it checked (no second DNS answer can swap it), while the Host
 *      header and TLS SNI still name the URL's host, so certificates verify as usual;
 *   3. never follows a redirect, and gives up after `timeoutMs` for the whole exchange.
 *
 * Usage:
 *   const dest = await resolveDestination(url, outboundPolicy(config));   // throws OutboundRefused
 *   const res = await sendRequest(dest, { method: 'POST', headers, body, timeoutMs: 15_000 });
 *   // res.status is null when no response came (res.error says why); network failures never throw.
 * or, for a library that takes a fetch function: `pinnedFetch(outboundPolicy(config))`.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { lookup } from 'node:dns/promises';
import { SpanStatusCode } from '@opentelemetry/api';
import type { Config } from '../config';
import { inClientSpan, injectTraceContext, tracingActive } from '../telemetry';
import { classifyAddress } from './addresses';

export interface OutboundPolicy {
  /**
   * Loopback destinations (a developer's receiver, a test server), over http or https. Only in
   * sandbox mode with `COUNTERFOIL_OUTBOUND_ALLOW_LOOPBACK`; every other destination must be public https.
   */
  allowLoopback: boolean;
}

/** The policy a process runs with; read at each call, so a change to the configuration applies to the next request. */
export function outboundPolicy(config: Pick<Config, 'mode' | 'outboundAllowLoopback'>): OutboundPolicy {
  return { allowLoopback: config.mode === 'sandbox' && config.outboundAllowLoopback };
}

/** A destination the policy refused; `reason` is safe to show the tenant who supplied the URL. */
export class OutboundRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'OutboundRefused';
  }
}

/** A checked destination: the URL, and the one address the connection will go to. */
export interface Destination {
  url: URL;
  address: string;
  family: 4 | 6;
}

const article = (cls: string) => (/^[aeiou]/.test(cls) ? 'an' : 'a');

/**
 * Resolves `raw` once and checks it: http(s) without credentials; every resolved address allowed.
 * A host that resolves to several addresses is refused if any one of them is blocked (the kernel or a
 * later lookup could pick that one); the connection goes to the first.
 */
export async function resolveDestination(raw: string | URL, policy: OutboundPolicy): Promise<Destination> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('not a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundRefused('must be an https URL');
  if (url.username || url.password) throw new OutboundRefused('must not carry credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new OutboundRefused(`host ${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new OutboundRefused(`host ${host} does not resolve`);
  const classes = new Set(addresses.map((a) => classifyAddress(a.address)));
  const loopbackOnly = classes.size === 1 && classes.has('loopback');
  if (!(loopbackOnly && policy.allowLoopback)) {
    const refused = [...classes].find((c) => c !== 'public');
    if (refused) {
      const name = refused.replace(/_/g, '-');
      throw new OutboundRefused(`must not resolve to ${article(name)} ${name} address`);
    }
    if (url.protocol !== 'https:') throw new OutboundRefused('must be an https URL');
  }
  return { url, address: addresses[0].address, family: addresses[0].family as 4 | 6 };
}

export interface OutboundRequest {
  method: 'GET' | 'POST';
  /** An agent of the caller's own, e.g. one trusting a connector's CA (src/providers/http); else the shared keep-alive agents. */
  agent?: http.Agent;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole exchange (connect, send, complete response) must finish within this. */
  timeoutMs: number;
  /** Keep the response body, up to this many bytes (a longer one is an error); by default it is read and dropped. */
  maxBodyBytes?: number;
  signal?: AbortSignal;
  /**
   * The client span's name when tracing is on: a template such as `POST /payouts`, never a URL with
   * ids or secrets in it (webhook URLs often carry a token in their path). By default the method alone.
   */
  spanName?: string;
}

export interface OutboundResponse {
  /** Null when no complete response came; `error` then says why. */
  status: number | null;
  headers: http.IncomingHttpHeaders;
  body: Buffer | null;
  latencyMs: number;
  error: string | null;
}

/**
 * How long an idle keep-alive socket is kept. Below the 5 s that Node servers (and many proxies) close
 * idle connections after; with a `timeout` set, Node's agent also honours a shorter `Keep-Alive:
 * timeout=N` hint from the peer (without one it ignores the hint and keeps sockets forever).
 */
const IDLE_SOCKET_MS = 4000;

/** Keep-alive options for every agent of the outbound client (pass them to an agent of the caller's own). */
export const KEEP_ALIVE = { keepAlive: true, timeout: IDLE_SOCKET_MS } as const;

// Keep-alive per origin: a socket is reused only for the origin it was opened for, and it was opened to a checked address.
const AGENTS = {
  'http:': new http.Agent({ ...KEEP_ALIVE, maxSockets: 128 }),
  'https:': new https.Agent({ ...KEEP_ALIVE, maxSockets: 128 }),
};

/**
 * A reused keep-alive socket the peer closed as the request went out: nothing reached its application
 * (no response byte came), so the request is sent once more on a new connection. Every caller's
 * requests may be repeated: GETs, webhooks (receivers deduplicate on `webhook-id`), connector calls
 * (`Idempotency-Key`).
 */
const STALE_SOCKET = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);
const staleSocket = (request: http.ClientRequest, err: NodeJS.ErrnoException, responded: boolean) =>
  request.reusedSocket && !responded && (STALE_SOCKET.has(err.code ?? '') || err.message === 'socket hang up');

/**
 * One request to a checked destination. Never throws for the network's or the peer's failures. With
 * tracing on, a client span covers it and `traceparent` tells the peer which trace the call belongs to.
 */
export function sendRequest(dest: Destination, req: OutboundRequest): Promise<OutboundResponse> {
  if (!tracingActive()) return exchange(dest, req, process.hrtime.bigint());
  const attributes = { 'http.request.method': req.method, 'server.address': dest.url.hostname, 'server.port': Number(dest.url.port) || (dest.url.protocol === 'https:' ? 443 : 80) };
  return inClientSpan(req.spanName ?? req.method, attributes, async (span) => {
    const res = await exchange(dest, { ...req, headers: injectTraceContext({ ...req.headers }) }, process.hrtime.bigint());
    if (res.status !== null) span?.setAttribute('http.response.status_code', res.status);
    if (res.status === null || res.status >= 500) span?.setStatus({ code: SpanStatusCode.ERROR, message: res.error ?? `status ${res.status}` });
    return res;
  });
}

function exchange(dest: Destination, req: OutboundRequest, started: bigint): Promise<OutboundResponse> {
  const elapsed = () => Number((process.hrtime.bigint() - started) / 1_000_000n);
  const pinned: LookupFunction = (_host, options, cb) => {
    if ((options as { all?: boolean }).all) (cb as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: dest.address, family: dest.family }]);
    else cb(null, dest.address, dest.family);
  };
  const payload = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, 'utf8');
  const transport = dest.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: Omit<OutboundResponse, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', abort);
      resolve({ ...r, latencyMs: elapsed() });
    };
    const headers: Record<string, string> = { 'user-agent': 'Counterfoil/1', ...req.headers };
    if (payload) headers['content-length'] = String(payload.length);
    let responded = false;
    const request = transport.request(dest.url, { method: req.method, agent: req.agent ?? AGENTS[dest.url.protocol as 'http:' | 'https:'], lookup: pinned, headers }, (res) => {
      responded = true;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (req.maxBodyBytes === undefined) return; // read and dropped, so the socket can be reused
        size += chunk.length;
        if (size > req.maxBodyBytes) {
          finish({ status: null, headers: res.headers, body: null, error: `response body larger than ${req.maxBodyBytes} bytes` });
          request.destroy();
        } else chunks.push(chunk);
      });
      res.on('end', () => {
        const status = res.statusCode ?? null;
        const redirect = status !== null && status >= 300 && status < 400;
        finish({
          status,
          headers: res.headers,
          body: req.maxBodyBytes === undefined ? null : Buffer.concat(chunks),
          error: redirect ? `redirect to ${res.headers.location ?? '(no location)'} not followed` : null,
        });
      });
      res.on('error', (err) => finish({ status: res.statusCode ?? null, headers: res.headers, body: null, error: err.message }));
    });
    const timer = setTimeout(() => {
      finish({ status: null, headers: {}, body: null, error: `no complete response within ${req.timeoutMs} ms` });
      request.destroy();
    }, req.timeoutMs);
    const abort = () => {
      finish({ status: null, headers: {}, body: null, error: 'aborted' });
      request.destroy();
    };
    req.signal?.addEventListener('abort', abort, { once: true });
    request.on('error', (err: NodeJS.ErrnoException) => {
      const left = req.timeoutMs - elapsed();
      if (settled || left <= 0 || !staleSocket(request, err, responded)) return finish({ status: null, headers: {}, body: null, error: err.message });
      // Each stale socket is destroyed by its failure, so this ends at the first new connection at the latest.
      settled = true;
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', abort);
      resolve(exchange(dest, { ...req, timeoutMs: left }, started));
    });
    request.end(payload);
  });
}

/**
 * A `fetch` for libraries that take one (jose's remote key sets): GET only, checked and pinned as
 * above, body capped at `maxBodyBytes`. A refused destination or a failed exchange rejects.
 */
export function pinnedFetch(policy: OutboundPolicy, options: { timeoutMs: number; maxBodyBytes: number; spanName?: string }) {
  return async (url: string | URL, init: { headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<Response> => {
    const dest = await resolveDestination(url, policy);
    const res = await sendRequest(dest, { method: 'GET', headers: init.headers, timeoutMs: options.timeoutMs, maxBodyBytes: options.maxBodyBytes, signal: init.signal, spanName: options.spanName });
    if (res.status === null) throw new Error(res.error ?? 'no response');
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const nullBody = res.status === 204 || res.status === 304;
    return new Response(nullBody ? null : new Uint8Array(res.body ?? Buffer.alloc(0)), { status: res.status, headers });
  };
}
