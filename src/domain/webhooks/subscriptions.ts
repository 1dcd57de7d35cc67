import type { Sql, TransactionSql } from 'postgres';
import type { SubjectAttribution } from '../../auth/caller';
import { FIRST_API_VERSION } from '../../versions';
import { conflict, notFound, unprocessable } from '../../errors';
import { etagOf } from '../../db/base';
import { uuidv7 } from '../../ids';
import { recordEventSql } from '../../events/outbox';
import { eventTypes } from '../../events/catalogue';
import type { KeyRing } from '../../auth/sealing';
import { OutboundRefused, resolveDestination, type OutboundPolicy } from '../../net/outbound';
import { generateWebhookSecret, sealSecret } from './signing';
import { eventTypeEntryError } from './event-types';
import { WEBHOOK_EVENTS } from './events';
import type { Alongside } from '../../db/base';

export type SubscriptionStatus = 'active' | 'disabled' | 'deleted';
export type DisabledReason = 'disabled_by_caller' | 'receiver_gone' | 'repeated_failures';

export interface SubscriptionRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  scope_ref: string;
  url: string;
  event_types: string[];
  description: string;
  status: SubscriptionStatus;
  disabled_reason: DisabledReason | null;
  secret_sealed: Buffer;
  previous_secret_sealed: Buffer | null;
  previous_secret_expires_at: Date | null;
  failing_since: Date | null;
  /** `direct`: the outbox dispatcher sends first attempts itself; `queued`: deliveries wait for the subscription's lane. */
  lane: 'direct' | 'queued';
  /** Payloads render at this version (src/versions); null: created before versions, the first. */
  api_version: string | null;
}

export function presentSubscription(s: SubscriptionRow) {
  return {
    id: s.id,
    resource: 'webhook_subscription' as const,
    scope_ref: s.scope_ref,
    url: s.url,
    event_types: s.event_types,
    description: s.description,
    status: s.status,
    disabled_reason: s.disabled_reason,
    previous_secret_expires_at: s.previous_secret_expires_at && s.previous_secret_expires_at > new Date() ? s.previous_secret_expires_at.toISOString() : null,
    api_version: s.api_version ?? FIRST_API_VERSION,
    etag: etagOf(s),
    created_at: s.created_at.toISOString(),
    updated_at: s.updated_at.toISOString(),
  };
}

const subscriptionRef = (id: string) => `webhook-subscriptions/${id}`;

async function recordSubscriptionEvent(tx: TransactionSql, type: string, row: SubscriptionRow, attribution: SubjectAttribution | null) {
  await recordEventSql(tx, {
    type,
    enterpriseId: row.enterprise_id,
    scopeRef: row.scope_ref,
    resourceRef: subscriptionRef(row.id),
    payload: presentSubscription(row),
    attribution,
  });
}

/** 422 unless the URL is an allowed receiver under the outbound policy. */
export async function assertReceiverAllowed(url: string, policy: OutboundPolicy): Promise<void> {
  try {
    await resolveDestination(url, policy);
  } catch (err) {
    if (err instanceof OutboundRefused) throw unprocessable('The receiver URL is not allowed.', [{ pointer: '/body/url', detail: err.reason }]);
    throw err;
  }
}

/** Every entry a known type, `*`, or a `<prefix>.*` pattern that selects at least one known type. */
export function assertEventTypes(entries: string[]): void {
  const known = eventTypes().map((t) => t.type);
  const errors = entries.flatMap((entry, i) => {
    const detail = eventTypeEntryError(entry, known);
    return detail ? [{ pointer: `/body/event_types/${i}`, detail }] : [];
  });
  if (errors.length > 0) throw unprocessable('Unknown event types; GET /events/types lists them.', errors);
}

export interface NewSubscription {
  enterpriseId: string;
  scopeRef: string;
  url: string;
  eventTypes: string[];
  description: string;
  policy: OutboundPolicy;
  attribution: SubjectAttribution;
  /** The creating request's API version: its payloads render at it. */
  apiVersion: string;
}

/** Creates an active subscription; the signing secret is returned here once and stored sealed. */
export async function createSubscription(
  { sql, keyRing }: { sql: Sql; keyRing: KeyRing },
  input: NewSubscription,
  alongside?: Alongside<SubscriptionRow>,
): Promise<{ row: SubscriptionRow; secret: string }> {
  assertEventTypes(input.eventTypes);
  await assertReceiverAllowed(input.url, input.policy);
  const id = uuidv7();
  const secret = generateWebhookSecret();
  const sealed = sealSecret(keyRing, id, secret);
  const row = await sql.begin(async (tx) => {
    const [created] = await tx<SubscriptionRow[]>`
      insert into webhook_subscriptions (id, enterprise_id, scope_ref, url, event_types, description, secret_sealed, api_version)
      values (${id}, ${input.enterpriseId}, ${input.scopeRef}, ${input.url}, ${input.eventTypes}, ${input.description}, ${sealed}, ${input.apiVersion})
      returning *`;
    await recordSubscriptionEvent(tx, WEBHOOK_EVENTS.created, created, input.attribution);
    await alongside?.(tx, created);
    return created;
  });
  return { row, secret };
}

export async function findSubscription(sql: Sql | TransactionSql, id: string): Promise<SubscriptionRow | null> {
  const [row] = await sql<SubscriptionRow[]>`select * from webhook_subscriptions where id = ${id}`;
  return row ?? null;
}

export async function listSubscriptions(sql: Sql, enterpriseId: string, afterId: string | null, limit: number, status?: SubscriptionStatus) {
  return sql<SubscriptionRow[]>`
    select * from webhook_subscriptions
     where enterprise_id = ${enterpriseId}
       and ${status ? sql`status = ${status}` : sql`status <> 'deleted'`}
       and ${afterId ? sql`id > ${afterId}` : sql`true`}
     order by id limit ${limit}`;
}

export type SubscriptionChange =
  | { kind: 'update'; url?: string; eventTypes?: string[]; description?: string; policy: OutboundPolicy }
  | { kind: 'enable' }
  | { kind: 'disable' }
  | { kind: 'delete' }
  | { kind: 'rotate_secret'; overlapSeconds: number };

/**
 * Applies one change to a subscription under a row lock, with its event, in one transaction.
 * `authorize` sees the locked row (scope check, If-Match) before anything changes.
 */
export async function changeSubscription(
  { sql, keyRing }: { sql: Sql; keyRing: KeyRing },
  id: string,
  change: SubscriptionChange,
  authorize: (row: SubscriptionRow) => Promise<void> | void,
  attribution: SubjectAttribution,
  alongside?: Alongside<SubscriptionRow>,
): Promise<{ row: SubscriptionRow; secret?: string }> {
  if (change.kind === 'update') {
    if (change.eventTypes) assertEventTypes(change.eventTypes);
    if (change.url) await assertReceiverAllowed(change.url, change.policy);
  }
  const secret = change.kind === 'rotate_secret' ? generateWebhookSecret() : undefined;
  const sealed = secret ? sealSecret(keyRing, id, secret) : undefined;
  return sql.begin(async (tx) => {
    const [row] = await tx<SubscriptionRow[]>`select * from webhook_subscriptions where id = ${id} for update`;
    if (!row) throw notFound('webhook subscription');
    await authorize(row);
    if (row.status === 'deleted') throw conflict('The webhook subscription is deleted.', 'subscription_deleted');
    let updated: SubscriptionRow;
    let type: string;
    switch (change.kind) {
      case 'update':
        [updated] = await tx<SubscriptionRow[]>`
          update webhook_subscriptions
             set url = ${change.url ?? row.url}, event_types = ${change.eventTypes ?? row.event_types},
                 description = ${change.description ?? row.description}, version = version + 1, updated_at = now()
           where id = ${id} returning *`;
        type = WEBHOOK_EVENTS.updated;
        break;
      case 'enable':
        // Enabling an active subscription answers it unchanged (idempotent), as the contract's enable does.
        if (row.status === 'active') return { row };
        [updated] = await tx<SubscriptionRow[]>`
          update webhook_subscriptions set status = 'active', disabled_reason = null, failing_since = null,
                 version = version + 1, updated_at = now()
           where id = ${id} returning *`;
        type = WEBHOOK_EVENTS.enabled;
        break;
      case 'disable':
        if (row.status === 'disabled') return { row };
        [updated] = await tx<SubscriptionRow[]>`
          update webhook_subscriptions set status = 'disabled', disabled_reason = 'disabled_by_caller',
                 version = version + 1, updated_at = now()
           where id = ${id} returning *`;
        type = WEBHOOK_EVENTS.disabled;
        break;
      case 'delete':
        [updated] = await tx<SubscriptionRow[]>`
          update webhook_subscriptions set status = 'deleted', version = version + 1, updated_at = now()
           where id = ${id} returning *`;
        type = WEBHOOK_EVENTS.deleted;
        break;
      case 'rotate_secret':
        [updated] = await tx<SubscriptionRow[]>`
          update webhook_subscriptions
             set previous_secret_sealed = secret_sealed, secret_sealed = ${sealed!},
                 previous_secret_expires_at = now() + make_interval(secs => ${change.overlapSeconds}),
                 version = version + 1, updated_at = now()
           where id = ${id} returning *`;
        type = WEBHOOK_EVENTS.secretRotated;
        break;
    }
    await recordSubscriptionEvent(tx, type, updated, attribution);
    await alongside?.(tx, updated);
    return { row: updated, secret };
  });
}

/**
 * The delivery side's verdicts on a subscription, inside the attempt's transaction: a success clears
 * the failure run; a 410 disables it; failures lasting the whole window disable it. Returns the status.
 */
export async function noteDeliveryOutcome(
  tx: TransactionSql,
  subscriptionId: string,
  outcome: 'succeeded' | 'failed' | 'gone',
  failureWindowSeconds: number,
): Promise<SubscriptionStatus> {
  if (outcome === 'succeeded') {
    await tx`update webhook_subscriptions set failing_since = null where id = ${subscriptionId} and failing_since is not null`;
    return 'active';
  }
  const [row] = await tx<SubscriptionRow[]>`
    update webhook_subscriptions set failing_since = coalesce(failing_since, now())
     where id = ${subscriptionId} returning *`;
  if (!row || row.status !== 'active') return row?.status ?? 'deleted';
  const windowOver = Date.now() - row.failing_since!.getTime() >= failureWindowSeconds * 1000;
  if (outcome !== 'gone' && !windowOver) return 'active';
  const reason: DisabledReason = outcome === 'gone' ? 'receiver_gone' : 'repeated_failures';
  const [disabled] = await tx<SubscriptionRow[]>`
    update webhook_subscriptions set status = 'disabled', disabled_reason = ${reason}, version = version + 1, updated_at = now()
     where id = ${subscriptionId} returning *`;
  await recordSubscriptionEvent(tx, WEBHOOK_EVENTS.disabled, disabled, null);
  return 'disabled';
}

export interface Backlog {
  pending: number;
  oldestPendingAt: Date | null;
  nextAttemptAt: Date | null;
}

/** What waits for a subscription's receiver: pending deliveries, the oldest one's creation, the next planned attempt. */
export async function backlogOf(sql: Sql, subscriptionId: string): Promise<Backlog> {
  const [row] = await sql<{ pending: number; oldest: Date | null; next: Date | null }[]>`
    select count(*)::int as pending,
           (select created_at from webhook_deliveries where subscription_id = ${subscriptionId} and status = 'pending' order by id limit 1) as oldest,
           min(next_attempt_at) as next
      from webhook_deliveries where subscription_id = ${subscriptionId} and status = 'pending'`;
  return { pending: row.pending, oldestPendingAt: row.oldest, nextAttemptAt: row.next };
}
