// The clients of a topology run: every money request carries an Idempotency-Key and is retried with it, on
// any API, until it gets a definitive answer (2xx acknowledged, 4xx refused), as a client of a
// load-balanced API does (the README's advice to integrators).
import type { CallResult } from '../../test/helpers/app';

export interface Tally {
  /** Attempts with no answer within the request timeout (retried like a lost connection). */
  timeouts: number;
  acknowledged: number;
  refused: number;
  retries: number;
  status5xx: number;
  /** Requests still without a definitive answer when the retry budget ran out. */
  unanswered: number;
  /** The longest single attempt, in ms (bounded by the request timeout unless something hangs). */
  slowestMs: number;
}

/** One attempt as it ended: what an observer (an outage meter) sees. */
export interface Attempt {
  method: string;
  path: string;
  status: number;
  startedAt: number;
  endedAt: number;
  /** 2xx or 4xx: the client stops retrying. */
  definitive: boolean;
}

export interface ClientOptions {
  /** How long one request is retried (same Idempotency-Key) while processes restart. */
  retryForMs?: number;
  /** An attempt without an answer within this counts as no answer (status 0) and is retried. */
  requestTimeoutMs?: number;
  onAttempt?: (attempt: Attempt) => void;
}

/**
 * How patient the drills' clients are: one request retried (same Idempotency-Key) this long while
 * processes restart, an attempt given up after `requestTimeoutMs`, and the work given `settleTimeoutMs`
 * to reach its end after the load.
 */
export const PATIENCE = { retryForMs: 90_000, requestTimeoutMs: 20_000, settleTimeoutMs: 180_000 } as const;

/** A drill's log line on stderr: `[<name> hh:mm:ss] message`. */
export const drillLog = (name: string) => (m: string) => process.stderr.write(`[${name} ${new Date().toISOString().slice(11, 19)}] ${m}\n`);

/** Something with a tenant API base URL (a Role). */
export interface Api {
  readonly url: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Client {
  readonly tally: Tally = { timeouts: 0, acknowledged: 0, refused: 0, retries: 0, status5xx: 0, unanswered: 0, slowestMs: 0 };
  readonly retryForMs: number;
  readonly requestTimeoutMs: number;
  private roundRobin = 0;

  constructor(private readonly options: ClientOptions = {}) {
    this.retryForMs = options.retryForMs ?? 90_000;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 20_000;
  }

  /** The next API in turn (requests are spread over every API given). */
  next<T extends Api>(apis: T[]): T {
    return apis[this.roundRobin++ % apis.length];
  }

  private retryable(res: CallResult): boolean {
    if (res.status === 0 || res.status === 429) return true;
    if (res.status >= 500) {
      this.tally.status5xx++;
      return true;
    }
    return res.status === 409 && res.body?.reason === 'idempotency_key_in_use';
  }

  /** One HTTP attempt with a deadline; no answer in time (or no connection) answers status 0. */
  async request(base: string, method: string, urlPath: string, token: string, body: unknown, headers: Record<string, string>): Promise<CallResult> {
    const startedAt = Date.now();
    let res: CallResult;
    try {
      const answer = await fetch(base + urlPath, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.requestTimeoutMs),
      });
      const text = await answer.text();
      res = { status: answer.status, headers: answer.headers, body: text ? JSON.parse(text) : undefined, text };
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') this.tally.timeouts++;
      res = { status: 0, headers: new Headers(), body: undefined, text: '' };
    }
    const endedAt = Date.now();
    this.tally.slowestMs = Math.max(this.tally.slowestMs, endedAt - startedAt);
    this.options.onAttempt?.({ method, path: urlPath, status: res.status, startedAt, endedAt, definitive: res.status > 0 && res.status < 500 && res.status !== 429 && !(res.status === 409 && res.body?.reason === 'idempotency_key_in_use') });
    return res;
  }

  /** Sends until a definitive answer, with the same headers (so the same Idempotency-Key) every time. */
  async send(apis: Api[], method: string, urlPath: string, token: string, body: unknown, headers: Record<string, string> = {}): Promise<CallResult> {
    const deadline = Date.now() + this.retryForMs;
    for (let attempt = 0; ; attempt++) {
      const res = await this.request(this.next(apis).url, method, urlPath, token, body, headers);
      if (!this.retryable(res)) {
        if (res.status < 300) this.tally.acknowledged++;
        else this.tally.refused++;
        return res;
      }
      if (Date.now() > deadline) {
        this.tally.unanswered++;
        return res;
      }
      this.tally.retries++;
      await sleep(Math.min(2000, 100 * 2 ** Math.min(attempt, 4)));
    }
  }
}
