import type { TransactionSql } from 'postgres';
import type { Services } from '../../services';
import { uuidv7 } from '../../ids';
import { ScopePaths } from '../../events/log';
import { presentEvent, type EventRow } from '../../events/present';
import {
  activeSubscriptions,
  isSuccess,
  recordAttempt,
  sendAttempt,
  startDeliveryWorkflow,
  subscriptionMatches,
  type DeliveryStatus,
  type ReceiverResolver,
  type SigningSubscription,
  type SubscriptionTarget,
} from './deliveries';
import { resolveReceiver, type ResolvedReceiver } from './url-policy';
import { plannedDelayAfter } from './messages';

export interface FirstAttemptOptions {
  taskQueue?: string;
  /** First attempts in flight at once. */
  concurrency: number;
}

type Subscription = SubscriptionTarget & SigningSubscription;

interface Pair {
  event: EventRow;
  sub: Subscription;
  body: string;
}

/** A pair whose delivery workflow must run: attempts from `attempt` on, the first after `delayMs`. */
interface Handover {
  event: EventRow;
  sub: Subscription;
  attempt: number;
  delayMs: number;
}

interface OpenedDelivery {
  event_id: string;
  subscription_id: string;
  status: DeliveryStatus;
  attempt_count: number;
  next_attempt_at: Date | null;
}

/** Runs `task` over `items` with at most `limit` in flight; results in input order. */
async function inPool<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

const pairKey = (eventId: string, subscriptionId: string) => `${eventId}/${subscriptionId}`;

/**
 * Hands a claimed batch of outbox events over to their subscriptions, inside the claim's transaction
 * `tx`. Each new (event, subscription) pair has its first attempt sent now; its delivery record and
 * attempt are written in `tx`; if the attempt failed and may be retried, the pair's delivery workflow
 * is started (deterministic id, so at most once) to own attempt 2 onwards. A pair already opened —
 * by the retry workflow of a dispatcher that died before committing — is not sent from here: its
 * workflow is started (a duplicate start is refused) and left to it. Returns the ids of the events
 * fully handed over; an event whose workflow could not be started stays in the outbox for the next pass.
 */
export async function deliverFirstAttempts(services: Services, tx: TransactionSql, events: EventRow[], options: FirstAttemptOptions): Promise<string[]> {
  const { config, log } = services;
  const eventIds = events.map((e) => e.id);
  const subscriptions = await activeSubscriptions(tx, [...new Set(events.map((e) => e.enterprise_id))]);
  if (subscriptions.length === 0) return eventIds;

  const opened = await tx<OpenedDelivery[]>`
    select event_id, subscription_id, status, attempt_count, next_attempt_at from webhook_deliveries
     where origin = 'event' and event_id = any(${eventIds}::uuid[])`;
  const openedBy = new Map(opened.map((d) => [pairKey(d.event_id, d.subscription_id), d]));
  const paths = new ScopePaths(services.sql);
  const fresh: Pair[] = [];
  const handovers: Handover[] = [];
  for (const event of events) {
    let body: string | undefined;
    for (const sub of subscriptions) {
      if (!(await subscriptionMatches(paths, sub, event))) continue;
      const open = openedBy.get(pairKey(event.id, sub.id));
      if (!open) fresh.push({ event, sub, body: (body ??= JSON.stringify(presentEvent(event))) });
      else if (open.status === 'pending') {
        handovers.push({ event, sub, attempt: open.attempt_count + 1, delayMs: Math.max(0, (open.next_attempt_at?.getTime() ?? 0) - Date.now()) });
      }
    }
  }

  // The receiver policy is checked when sending, once per receiver URL per batch (a batch lasts at most one response timeout).
  const receivers = new Map<string, Promise<ResolvedReceiver>>();
  const resolve: ReceiverResolver = (url) => {
    let target = receivers.get(url);
    if (!target) receivers.set(url, (target = resolveReceiver(url, config.mode)));
    return target;
  };
  const sent = await inPool(fresh, options.concurrency, (p) => sendAttempt(services, p.sub, p.event.id, p.body, resolve));

  const rows = fresh.map((p) => ({
    id: uuidv7(),
    enterprise_id: p.event.enterprise_id,
    subscription_id: p.sub.id,
    event_id: p.event.id,
    event_type: p.event.type,
    webhook_id: p.event.id,
    origin: 'event',
    body: p.body,
  }));
  const inserted = new Set(
    rows.length === 0
      ? []
      : (await tx<{ id: string }[]>`insert into webhook_deliveries ${tx(rows)} on conflict (event_id, subscription_id) where origin = 'event' do nothing returning id`).map((r) => r.id),
  );

  const record = async (i: number) => {
    const { event, sub } = fresh[i];
    const { attemptedAt, result } = sent[i];
    if (!inserted.has(rows[i].id)) {
      // Opened meanwhile by a dead dispatcher's retry workflow, which owns it: only note this extra attempt.
      await tx`
        insert into webhook_delivery_attempts (delivery_id, number, attempted_at, status_code, latency_ms, error)
        select id, 1, ${attemptedAt}, ${result.statusCode}, ${result.latencyMs}, ${result.error} from webhook_deliveries
         where event_id = ${event.id} and subscription_id = ${sub.id} and origin = 'event'
        on conflict (delivery_id, number) do nothing`;
      return;
    }
    const outcome = await recordAttempt(tx, config, { id: rows[i].id, subscription_id: sub.id, origin: 'event' }, 1, sent[i], plannedDelayAfter(config.webhookRetryScheduleSeconds, 1));
    if (!outcome.done) handovers.push({ event, sub, attempt: 2, delayMs: outcome.nextDelayMs! });
  };
  // A success only clears its subscription's failure run: successes are recorded all at once (pipelined on
  // the transaction's connection). A failure reads and extends the run, and may disable the subscription:
  // one subscription's failures are recorded in order.
  const successes: number[] = [];
  const failuresBySubscription = new Map<string, number[]>();
  sent.forEach(({ result }, i) => {
    if (isSuccess(result.statusCode)) successes.push(i);
    else failuresBySubscription.set(fresh[i].sub.id, [...(failuresBySubscription.get(fresh[i].sub.id) ?? []), i]);
  });
  await Promise.all([
    ...successes.map(record),
    ...[...failuresBySubscription.values()].map(async (indexes) => {
      for (const i of indexes) await record(i);
    }),
  ]);

  const starts = await Promise.allSettled(
    handovers.map((h) =>
      startDeliveryWorkflow(
        services,
        { enterpriseId: h.event.enterprise_id, subscriptionId: h.sub.id, eventId: h.event.id, resume: { attempt: h.attempt, delayMs: h.delayMs } },
        options.taskQueue,
      ),
    ),
  );
  const kept = new Set<string>();
  starts.forEach((s, i) => {
    if (s.status === 'fulfilled') return;
    kept.add(handovers[i].event.id);
    log.error({ err: s.reason, event_id: handovers[i].event.id }, 'delivery workflow not started; the event stays in the outbox');
  });
  return eventIds.filter((id) => !kept.has(id));
}
