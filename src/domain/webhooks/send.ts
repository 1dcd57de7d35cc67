import { sendRequest, type Destination } from '../../net/outbound';

export interface SendResult {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** From a `Retry-After` header (seconds or HTTP date), when present and in the future. */
  retryAfterMs: number | null;
}

export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** One signed POST to a checked receiver, through the pinned outbound client (no redirects, one deadline). */
export async function postToReceiver(target: Destination, headers: Record<string, string>, body: string, timeoutMs: number): Promise<SendResult> {
  const res = await sendRequest(target, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'Counterfoil-Webhooks/1' },
    body,
    timeoutMs,
  });
  return {
    statusCode: res.status,
    latencyMs: res.latencyMs,
    error: res.error,
    retryAfterMs: res.status === null ? null : parseRetryAfter(res.headers['retry-after'] as string | undefined),
  };
}
