import type { TransactionSql } from 'postgres';
import pLimit from 'p-limit';
import type { Services } from '../../services';
import { uuidv7 } from '../../ids';
import { ScopePaths } from '../../events/log';
import type { EventRow } from '../../events/present';
import { outboundPolicy, resolveDestination, type Destination } from '../../net/outbound';
import { recordAttempt } from './attempts';
import { activeSubscriptions, eventBody, subscriptionMatches, type SubscriptionTarget } from './targets';
import { isSuccess, sendAttempt, type ReceiverResolver } from './send';
import type { SigningSubscription } from './signing';
import { plannedDelayAfter } from './messages';

export interface FirstAttemptOptions {
  /** First attempts in flight at once. */
  concurrency: number;
}

type Subscription = SubscriptionTarget & SigningSubscription;

interface Pair {
  event: EventRow;
  sub: Subscription;
  body: string;
}

const pairKey = (eventId: string, subscriptionId: string) => `${eventId}/${subscriptionId}`;

/**
 * Hands a claimed batch of outbox events over to their subscriptions, inside the claim's transaction
 * `tx`. A subscription whose lane is `direct` gets each new event's first attempt sent now, and the
 * delivery and attempt written in `tx`; a first attempt that failed and may be retried puts the
 * subscription's deliveries in its lane (`queued`). A subscription already `queued` gets its events
 * written as pending deliveries behind its backlog, nothing sent: a failing receiver costs a row per
 * event here, and its lane's probes. Returns the subscriptions whose lane must be woken after the commit.
 */
export async function deliverFirstAttempts(services: Services, tx: TransactionSql, events: EventRow[], options: FirstAttemptOptions): Promise<Array<{ id: string; enterprise_id: string }>> {
  const { config } = services;
  const subscriptions = await activeSubscriptions(tx, [...new Set(events.map((e) => e.enterprise_id))]);
  if (subscriptions.length === 0) return [];

  // A delivery an earlier release's per-delivery workflow opened for the pair is that workflow's.
  const opened = new Set(
    (
      await tx<{ event_id: string; subscription_id: string }[]>`
        select event_id, subscription_id from webhook_deliveries where origin = 'event' and event_id = any(${events.map((e) => e.id)}::uuid[])`
    ).map((d) => pairKey(d.event_id, d.subscription_id)),
  );
  const paths = new ScopePaths(services.sql);
  const pairs: Pair[] = [];
  for (const event of events) {
    // One rendering per API version the matching subscriptions are pinned to.
    const bodies = new Map<string | null, string>();
    for (const sub of subscriptions) {
      if (!(await subscriptionMatches(paths, sub, event)) || opened.has(pairKey(event.id, sub.id))) continue;
      const body = bodies.get(sub.api_version) ?? eventBody(event, sub.api_version);
      bodies.set(sub.api_version, body);
      pairs.push({ event, sub, body });
    }
  }
  if (pairs.length === 0) return [];

  // Which lanes are queued, read under KEY SHARE: a lane handing its subscription back waits for this
  // transaction, so what is queued here is seen by that lane, never stranded.
  const seenQueued = [...new Set(pairs.filter((p) => p.sub.lane === 'queued').map((p) => p.sub.id))];
  const queued = new Set(
    seenQueued.length === 0
      ? []
      : (await tx<{ id: string }[]>`select id from webhook_subscriptions where id = any(${seenQueued}::uuid[]) and lane = 'queued' for key share`).map((r) => r.id),
  );
  const direct = pairs.filter((p) => !queued.has(p.sub.id));
  const behindBacklog = pairs.filter((p) => queued.has(p.sub.id));

  // The receiver policy is checked when sending, once per receiver URL per batch (a batch lasts at most one response timeout).
  const receivers = new Map<string, Promise<Destination>>();
  const resolve: ReceiverResolver = (url) => {
    let target = receivers.get(url);
    if (!target) receivers.set(url, (target = resolveDestination(url, outboundPolicy(config))));
    return target;
  };
  const limit = pLimit(options.concurrency);
  const sent = await Promise.all(direct.map((p) => limit(() => sendAttempt(services, p.sub, p.event.id, p.body, resolve))));

  const row = (p: Pair) => ({
    id: uuidv7(),
    enterprise_id: p.event.enterprise_id,
    subscription_id: p.sub.id,
    event_id: p.event.id,
    event_type: p.event.type,
    webhook_id: p.event.id,
    origin: 'event',
    body: p.body,
    in_lane: true,
  });
  const rows = [...direct, ...behindBacklog].map(row);
  const inserted = new Set(
    (await tx<{ id: string }[]>`insert into webhook_deliveries ${tx(rows)} on conflict (event_id, subscription_id) where origin = 'event' do nothing returning id`).map((r) => r.id),
  );

  // Only a lane just queued needs waking: one already queued is running, and finds new work when it next looks.
  const toWake = new Map<string, { id: string; enterprise_id: string }>();
  const record = async (i: number) => {
    if (!inserted.has(rows[i].id)) return; // opened meanwhile by an earlier release's workflow, which owns it
    const outcome = await recordAttempt(
      tx,
      config,
      { id: rows[i].id, subscription_id: direct[i].sub.id, origin: 'event', in_lane: true },
      1,
      sent[i],
      plannedDelayAfter(config.webhookRetryScheduleSeconds, 1),
    );
    if (!outcome.done) toWake.set(direct[i].sub.id, direct[i].sub);
  };
  // A success only clears its subscription's failure run: successes are recorded all at once (pipelined on
  // the transaction's connection). A failure reads and extends the run, and may disable the subscription:
  // one subscription's failures are recorded in order.
  const successes: number[] = [];
  const failuresBySubscription = new Map<string, number[]>();
  sent.forEach(({ result }, i) => {
    if (isSuccess(result.statusCode)) successes.push(i);
    else failuresBySubscription.set(direct[i].sub.id, [...(failuresBySubscription.get(direct[i].sub.id) ?? []), i]);
  });
  await Promise.all([
    ...successes.map(record),
    ...[...failuresBySubscription.values()].map(async (indexes) => {
      for (const i of indexes) await record(i);
    }),
  ]);
  return [...toWake.values()];
}
