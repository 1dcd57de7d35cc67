import type { Services } from '../../services';
import { OutboundRefused, outboundPolicy, resolveDestination, sendRequest, type Destination } from '../../net/outbound';
import { signedHeaders, type SigningSubscription } from './signing';

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
    spanName: 'POST webhook',
  });
  return {
    statusCode: res.status,
    latencyMs: res.latencyMs,
    error: res.error,
    retryAfterMs: res.status === null ? null : parseRetryAfter(res.headers['retry-after'] as string | undefined),
  };
}

export interface SentAttempt {
  attemptedAt: Date;
  result: SendResult;
}

export type ReceiverResolver = (url: string) => Promise<Destination>;

/**
 * Sends one attempt: the receiver is checked again now (a refused receiver is a failed attempt, not
 * an error) and the stored body is signed with the subscription's live secrets.
 */
export async function sendAttempt(
  services: Pick<Services, 'config' | 'platformKeys'>,
  sub: SigningSubscription,
  webhookId: string,
  body: string,
  resolve: ReceiverResolver = (url) => resolveDestination(url, outboundPolicy(services.config)),
): Promise<SentAttempt> {
  const attemptedAt = new Date();
  try {
    const target = await resolve(sub.url);
    return { attemptedAt, result: await postToReceiver(target, await signedHeaders(services.platformKeys, sub, webhookId, body), body, services.config.webhookResponseTimeoutMs) };
  } catch (err) {
    if (!(err instanceof OutboundRefused)) throw err;
    return { attemptedAt, result: { statusCode: null, latencyMs: 0, error: `receiver refused: ${err.reason}`, retryAfterMs: null } };
  }
}

/** 2xx is success; anything else (3xx included: redirects are not followed) is not. */
export const isSuccess = (statusCode: number | null) => statusCode !== null && statusCode >= 200 && statusCode < 300;
