import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedReceiver } from './url-policy';

export interface SendResult {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** From a `Retry-After` header (seconds or HTTP date), when present and in the future. */
  retryAfterMs: number | null;
}

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 128 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 128 }),
};

export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * One POST to a checked receiver. The connection goes to the address the policy checked (no second
 * DNS answer), redirects are not followed, and the whole exchange must finish within `timeoutMs`.
 */
export function postToReceiver(target: ResolvedReceiver, headers: Record<string, string>, body: string, timeoutMs: number): Promise<SendResult> {
  const started = process.hrtime.bigint();
  const elapsed = () => Number((process.hrtime.bigint() - started) / 1_000_000n);
  const pinned: LookupFunction = (_host, options, cb) => {
    if ((options as { all?: boolean }).all) (cb as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: target.address, family: target.family }]);
    else cb(null, target.address, target.family);
  };
  const payload = Buffer.from(body, 'utf8');
  const transport = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, latencyMs: elapsed() });
    };
    const req = transport.request(
      target.url,
      {
        method: 'POST',
        agent: agents[target.url.protocol as 'http:' | 'https:'],
        lookup: pinned,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length), 'user-agent': 'Counterfoil-Webhooks/1' },
      },
      (res) => {
        // Drain (and ignore) the response body so the socket can be reused.
        res.on('data', () => {});
        res.on('end', () => {
          const status = res.statusCode ?? null;
          const redirect = status !== null && status >= 300 && status < 400;
          finish({
            statusCode: status,
            error: redirect ? `redirect to ${res.headers.location ?? '(no location)'} not followed` : null,
            retryAfterMs: parseRetryAfter(res.headers['retry-after'] as string | undefined),
          });
        });
        res.on('error', (err) => finish({ statusCode: res.statusCode ?? null, error: err.message, retryAfterMs: null }));
      },
    );
    const timer = setTimeout(() => {
      finish({ statusCode: null, error: `no complete response within ${timeoutMs} ms`, retryAfterMs: null });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err) => finish({ statusCode: null, error: err.message, retryAfterMs: null }));
    req.end(payload);
  });
}
