import { z } from '../../schema/zod';
import { uuidv7 } from '../../ids';
import { Webhook } from 'standardwebhooks';
import { postToConnector, type ConnectorTransport } from './outbound';

/** A connector as the client needs it: its name, where it listens, and the secret that signs for it. */
export interface ConnectorTarget {
  id: string;
  name: string;
  baseUrl: string;
  secret: string;
}

export type ConnectorFailureKind = 'unreachable' | 'timeout' | 'status' | 'malformed';

/**
 * A connector that did not give a usable answer: unreachable or refused, no complete answer in time,
 * an unexpected status, or a body that is not the protocol's. `message` is for logs; what a client
 * of the API sees names only the provider (src/providers/index.ts).
 */
export class ConnectorFailure extends Error {
  constructor(
    readonly connector: string,
    readonly kind: ConnectorFailureKind,
    detail: string,
  ) {
    super(`connector ${connector}: ${detail}`);
    this.name = 'ConnectorFailure';
  }
}

/**
 * Counterfoil → connector (docs/connectors.md): every request is a JSON POST signed as a Standard
 * Webhooks message (`webhook-id`, `webhook-timestamp`, `webhook-signature`: HMAC-SHA256 of
 * `id.timestamp.body` under the connector's secret) with the business key in `Idempotency-Key`. One
 * attempt per call: retries with backoff belong to the calling activity's retry policy.
 */
export class ConnectorClient {
  constructor(
    readonly target: ConnectorTarget,
    private readonly transport: ConnectorTransport,
  ) {}

  get name(): string {
    return this.target.name;
  }

  /** The answer parsed by `schema`; null for a 404 when `notFound` is `null` (an unknown payout). */
  post<S extends z.ZodType>(path: string, body: Record<string, unknown>, schema: S, idempotencyKey: string, notFound?: null): Promise<z.output<S> | null> {
    const send = () => this.send(path, body, schema, idempotencyKey, notFound);
    return this.transport.metrics ? this.transport.metrics.timeConnector(this.name, path, send) : send();
  }

  private async send<S extends z.ZodType>(path: string, body: Record<string, unknown>, schema: S, idempotencyKey: string, notFound?: null): Promise<z.output<S> | null> {
    const text = JSON.stringify(body);
    const id = `msg_${uuidv7()}`;
    const signedAt = new Date();
    const res = await postToConnector(
      `${this.target.baseUrl}${path}`,
      {
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
        // Standard Webhooks, as the connector verifies it (the secret is `whsec_` + base64, which the library reads).
        'webhook-signature': new Webhook(this.target.secret).sign(id, signedAt, text),
        'idempotency-key': idempotencyKey,
      },
      text,
      this.transport,
      path,
    );
    if (res.status === null) throw new ConnectorFailure(this.name, res.timedOut ? 'timeout' : 'unreachable', res.error ?? 'no answer');
    if (res.status === 404 && notFound === null) return null;
    if (res.status < 200 || res.status >= 300) throw new ConnectorFailure(this.name, 'status', `POST ${path} answered ${res.status}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(res.body!.toString('utf8'));
    } catch {
      throw new ConnectorFailure(this.name, 'malformed', `POST ${path} answered a body that is not JSON`);
    }
    const checked = schema.safeParse(parsed);
    if (!checked.success) throw new ConnectorFailure(this.name, 'malformed', `POST ${path} answered outside the protocol: ${checked.error.issues[0]?.message ?? 'invalid'} at ${checked.error.issues[0]?.path.join('.')}`);
    return checked.data;
  }
}
