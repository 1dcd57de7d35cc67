import type { Sql } from 'postgres';
import type { Services } from '../../services';
import { outboundPolicy, resolveDestination, type Destination } from '../../net/outbound';
import { nextDrainRate, plannedDelayAfter, withJitter, type LaneStep, type LaneStepInput } from './messages';
import type { DeliveryOrigin } from './deliveries';
import { recordAttempt } from './attempts';
import { sendAttempt } from './send';
import type { SigningSubscription } from './signing';
import type { SubscriptionStatus } from './subscriptions';

/** A step sends about a second's worth of the drain rate, and at most this many: a lane's history grows by a few markers per second at most. */
const MAX_PER_STEP = 500;


/**
 * Gives the subscription back to the dispatcher if nothing waits in its lane. The row lock waits for
 * any dispatcher transaction that is queueing behind the lane (they hold KEY SHARE on it); the
 * statement after it sees what they committed.
 */
async function handBack(sql: Sql, subscriptionId: string): Promise<boolean> {
  return sql.begin(async (tx) => {
    await tx`select 1 from webhook_subscriptions where id = ${subscriptionId} for update`;
    const [{ waiting }] = await tx<{ waiting: boolean }[]>`
      select exists (select 1 from webhook_deliveries where subscription_id = ${subscriptionId} and status = 'pending' and in_lane) as waiting`;
    if (!waiting) await tx`update webhook_subscriptions set lane = 'direct' where id = ${subscriptionId} and lane = 'queued'`;
    return !waiting;
  }) as Promise<boolean>;
}

/** A disabled or deleted subscription ends everything that waits in its lane. */
async function closeLane(sql: Sql, subscriptionId: string, status: SubscriptionStatus): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`select 1 from webhook_subscriptions where id = ${subscriptionId} for update`;
    await tx`
      update webhook_deliveries set status = 'failed', failure_reason = ${`subscription_${status}`}, next_attempt_at = null,
             completed_at = now(), updated_at = now()
       where subscription_id = ${subscriptionId} and status = 'pending' and in_lane`;
    await tx`update webhook_subscriptions set lane = 'direct' where id = ${subscriptionId} and lane = 'queued'`;
  });
}

interface Waiting {
  id: string;
  webhook_id: string;
  body: string;
  origin: DeliveryOrigin;
  attempt_count: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One step of a subscription's lane: sends what waits, oldest first, at most `webhookLaneConcurrency`
 * in flight and the drain rate started per second (from `webhookDrainPerSecond`, rising while the
 * receiver keeps up to `webhookDrainMaxPerSecond`: `nextDrainRate`). A probing step (after a failure) waits for
 * the oldest delivery's retry time, sends one at a time until one succeeds, and gives up after two
 * failures (the second is the next delivery: one the receiver rejects for itself does not hold back the
 * rest, which go through while it keeps its own schedule); a draining step stops starting attempts at
 * the first failure. The lane then waits for the longest delay its failures asked for (the retry
 * schedule, or the receiver's longer Retry-After) and probes again: a failing receiver costs two
 * attempts per backoff, however many events wait.
 */
export async function runLaneStep(services: Pick<Services, 'sql' | 'config' | 'platformKeys'>, input: LaneStepInput): Promise<LaneStep> {
  const { sql, config } = services;
  const [sub] = await sql<Array<SigningSubscription & { status: SubscriptionStatus }>>`
    select id, status, url, secret_sealed, previous_secret_sealed, previous_secret_expires_at from webhook_subscriptions where id = ${input.subscriptionId}`;
  if (!sub) return { kind: 'closed' };
  if (sub.status !== 'active') {
    await closeLane(sql, sub.id, sub.status);
    return { kind: 'closed' };
  }
  if (input.probe && !input.now) {
    // A probe starts with the oldest delivery, at its retry time: on recovery the backlog goes out in order.
    const [head] = await sql<{ next_attempt_at: Date | null }[]>`
      select next_attempt_at from webhook_deliveries where subscription_id = ${sub.id} and status = 'pending' and in_lane order by id limit 1`;
    if (head?.next_attempt_at && head.next_attempt_at.getTime() > Date.now()) return { kind: 'backoff', delayMs: head.next_attempt_at.getTime() - Date.now() };
  }
  const limits = { start: config.webhookDrainPerSecond, max: config.webhookDrainMaxPerSecond };
  const rate = input.probe || !input.rate ? limits.start : Math.min(limits.max, Math.max(limits.start, input.rate));
  const batch = Math.max(1, Math.min(Math.floor(rate), MAX_PER_STEP));
  const due = await sql<Waiting[]>`
    select id, webhook_id, body, origin, attempt_count from webhook_deliveries
     where subscription_id = ${sub.id} and status = 'pending' and in_lane
       and ${input.now ? sql`true` : sql`(next_attempt_at is null or next_attempt_at <= now())`}
     order by id limit ${batch}`;
  if (due.length === 0) {
    // Nothing due: only deliveries waiting for their retry time (few: each failed an attempt), or nothing at all.
    const [next] = await sql<{ at: Date | null }[]>`
      select min(next_attempt_at) as at from webhook_deliveries where subscription_id = ${sub.id} and status = 'pending' and in_lane`;
    if (next.at) return { kind: 'backoff', delayMs: Math.max(1, next.at.getTime() - Date.now()) };
    return (await handBack(sql, sub.id)) ? { kind: 'idle' } : { kind: 'sent', delivered: 0 };
  }

  const schedule = config.webhookRetryScheduleSeconds;
  // The receiver is checked once per step (at most a second or a response timeout), then every attempt is pinned to it.
  let target: Promise<Destination> | undefined;
  const resolve = (url: string) => (target ??= resolveDestination(url, outboundPolicy(config)));
  let limit = input.probe ? 1 : config.webhookLaneConcurrency;
  const maxFailures = input.probe ? 2 : 1;
  let failures = 0;
  let delivered = 0;
  let backoffMs = 0;
  let closed = false;
  const attempt = async (d: Waiting) => {
    const number = d.attempt_count + 1;
    const sent = await sendAttempt(services, sub, d.webhook_id, d.body, resolve);
    const outcome = await sql.begin((tx) =>
      recordAttempt(tx, config, { id: d.id, subscription_id: sub.id, origin: d.origin, in_lane: true }, number, sent, plannedDelayAfter(schedule, number)),
    );
    if (outcome.status === 'succeeded') {
      delivered++;
      limit = config.webhookLaneConcurrency; // the receiver answers: open up
      return;
    }
    failures++;
    if (outcome.subscriptionStatus !== 'active') closed = true;
    // A delivery that used its whole schedule is over, but the receiver still fails: the lane waits the longest step.
    backoffMs = Math.max(backoffMs, outcome.nextDelayMs ?? withJitter(schedule[schedule.length - 1] ?? 0));
  };

  const running = new Set<Promise<void>>();
  const interval = 1000 / rate;
  let nextStart = Date.now();
  for (const d of due) {
    while (running.size >= limit) await Promise.race(running);
    if (failures >= maxFailures || closed) break;
    const wait = nextStart - Date.now();
    if (wait > 0) await sleep(wait);
    nextStart = Math.max(nextStart, Date.now()) + interval; // starts at least 1/rate apart, never in a burst
    const p: Promise<void> = attempt(d).finally(() => running.delete(p));
    running.add(p);
  }
  await Promise.all(running);
  if (failures === 0 && nextStart > Date.now()) await sleep(nextStart - Date.now()); // the next step keeps the pace
  if (closed) return { kind: 'sent', delivered }; // the next step finds the subscription disabled and closes the lane
  if (failures > 0) return { kind: 'backoff', delayMs: Math.max(1, backoffMs) };
  return { kind: 'sent', delivered, rate: nextDrainRate(rate, limits, { sent: due.length, failures }) };
}
