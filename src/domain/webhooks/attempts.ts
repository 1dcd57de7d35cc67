import type { Sql, TransactionSql } from 'postgres';
import type { Services } from '../../services';
import type { SigningSubscription } from './signing';
import { noteDeliveryOutcome, type SubscriptionStatus } from './subscriptions';
import type { DeliveryRow, DeliveryStatus } from './deliveries';
import { queueForLane } from './lane-queue';
import { isSuccess, sendAttempt, type SentAttempt } from './send';

/* An attempt at a delivery: sent, recorded with the subscription's verdict, and what comes next decided. */

export interface AttemptOutcome {
  done: boolean;
  status: DeliveryStatus;
  /** How long to wait before the next attempt (the plan, or longer if the receiver sent Retry-After). */
  nextDelayMs: number | null;
}

/** Retry-After is honoured up to this long; a receiver cannot park a delivery for days. */
const MAX_RETRY_AFTER_MS = 24 * 3600 * 1000;

type DeliveryWithSubscription = DeliveryRow & Omit<SigningSubscription, 'id'> & { subscription_status: SubscriptionStatus };

/**
 * Records attempt `number` of a delivery inside `tx`, with the subscription's verdict (a success
 * clears its failure run, a 410 or a failure window's end disables it), and decides what comes next.
 * A delivery of a lane that stays pending puts its subscription's deliveries in the lane (`queued`).
 */
export async function recordAttempt(
  tx: TransactionSql,
  config: Services['config'],
  d: Pick<DeliveryRow, 'id' | 'subscription_id' | 'origin' | 'in_lane'>,
  number: number,
  { attemptedAt, result }: SentAttempt,
  plannedNextDelayMs: number | null,
): Promise<AttemptOutcome & { subscriptionStatus: SubscriptionStatus }> {
  const code = result.statusCode;
  const outcome = isSuccess(code) ? 'succeeded' : code === 410 ? 'gone' : 'failed';
  const nextDelayMs =
    outcome === 'failed' && plannedNextDelayMs !== null ? Math.max(plannedNextDelayMs, Math.min(result.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS)) : null;
  const subscriptionStatus = d.origin === 'test' ? 'active' : await noteDeliveryOutcome(tx, d.subscription_id, outcome, config.webhookFailureWindowSeconds);
  const done = outcome !== 'failed' || nextDelayMs === null || subscriptionStatus !== 'active';
  const status: DeliveryStatus = outcome === 'succeeded' ? 'succeeded' : done ? 'failed' : 'pending';
  const reason =
    status !== 'failed' ? null : outcome === 'gone' ? 'receiver_gone' : subscriptionStatus !== 'active' ? 'subscription_disabled' : 'attempts_exhausted';
  const nextAt = done ? null : new Date(attemptedAt.getTime() + result.latencyMs + nextDelayMs!);
  await tx`
    insert into webhook_delivery_attempts (delivery_id, number, attempted_at, status_code, latency_ms, error, next_attempt_at)
    values (${d.id}, ${number}, ${attemptedAt}, ${code}, ${result.latencyMs}, ${result.error}, ${nextAt})
    on conflict (delivery_id, number) do update
       set attempted_at = excluded.attempted_at, status_code = excluded.status_code, latency_ms = excluded.latency_ms,
           error = excluded.error, next_attempt_at = excluded.next_attempt_at`;
  await tx`
    update webhook_deliveries
       set attempt_count = greatest(attempt_count, ${number}), last_attempt_at = ${attemptedAt}, last_status_code = ${code},
           next_attempt_at = ${nextAt}, status = ${status}, failure_reason = ${reason},
           completed_at = ${done ? new Date() : null}, updated_at = now()
     where id = ${d.id}`;
  if (!done && d.in_lane) await queueForLane(tx, [d.subscription_id]);
  return { done, status, nextDelayMs: done ? null : nextDelayMs, subscriptionStatus };
}

/**
 * Attempt `number` of a delivery: checks the subscription and the receiver (again, at send time),
 * sends the stored body, records the attempt and the subscription's verdict in one transaction.
 * Idempotent: a delivery already finished is not sent again.
 */
export async function attemptDelivery(services: Pick<Services, 'sql' | 'config' | 'platformKeys'>, deliveryId: string, number: number, plannedNextDelayMs: number | null): Promise<AttemptOutcome> {
  const { sql, config } = services;
  const [d] = await sql<DeliveryWithSubscription[]>`
    select d.*, s.status as subscription_status, s.url, s.secret_sealed, s.previous_secret_sealed, s.previous_secret_expires_at
      from webhook_deliveries d join webhook_subscriptions s on s.id = d.subscription_id
     where d.id = ${deliveryId}`;
  if (!d) return { done: true, status: 'failed', nextDelayMs: null };
  if (d.status !== 'pending') return { done: true, status: d.status, nextDelayMs: null };
  // A test may probe a disabled subscription's receiver; everything else needs an active subscription.
  const live = d.subscription_status === 'active' || (d.origin === 'test' && d.subscription_status === 'disabled');
  if (!live) {
    await finishDelivery(sql, d.id, 'failed', `subscription_${d.subscription_status}`);
    return { done: true, status: 'failed', nextDelayMs: null };
  }
  const sent = await sendAttempt(services, { ...d, id: d.subscription_id }, d.webhook_id, d.body);
  return sql.begin((tx) => recordAttempt(tx, config, d, number, sent, plannedNextDelayMs));
}

async function finishDelivery(sql: Sql, id: string, status: DeliveryStatus, reason: string | null) {
  await sql`
    update webhook_deliveries set status = ${status}, failure_reason = ${reason}, next_attempt_at = null,
           completed_at = now(), updated_at = now()
     where id = ${id} and status = 'pending'`;
}
