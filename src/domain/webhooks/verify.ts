import type { Sql, TransactionSql } from 'postgres';
import { ScopePaths } from '../../events/log';
import { subscriptionMatches } from './targets';

/*
 * What `counterfoil ledger verify` asks of the outbox: every dispatched event reached each subscription
 * that matched it, as a delivery of its own, and a delivery marked succeeded has an attempt a receiver
 * acknowledged.
 */

/**
 * A subscription is judged only on events dispatched after its last change (created, edited, paused,
 * re-enabled) plus this margin: a dispatch that read the subscription a moment before a change
 * committed followed the old settings, rightly.
 */
const SETTLED_AFTER_CHANGE = '1 minute';
const LIMIT = 50;

export async function deliveryViolations(tx: Sql | TransactionSql): Promise<{ checked: number; violations: string[] }> {
  const [{ n }] = await tx`select count(*)::int as n from events where dispatched_at is not null`;
  // The types and the enterprise narrow the pairs in SQL (matchesEventType's `*` and `<prefix>.*`); the
  // scope, which needs the topology, is decided by the dispatcher's own subscriptionMatches below.
  const candidates = await tx`
    select s.id as subscription_id, s.enterprise_id, s.scope_ref as subscription_scope, s.event_types, s.lane, s.api_version,
           e.id as event_id, e.type, e.scope_ref
      from webhook_subscriptions s
      join events e on e.enterprise_id = s.enterprise_id
       and e.dispatched_at > greatest(s.created_at, s.updated_at) + ${SETTLED_AFTER_CHANGE}::interval
       and exists (select from unnest(s.event_types) p where p = '*' or p = e.type or (right(p, 2) = '.*' and starts_with(e.type, left(p, -1))))
     where s.status = 'active'
       and not exists (select from webhook_deliveries d where d.event_id = e.id and d.subscription_id = s.id and d.origin = 'event')
     order by e.seq limit 5000`;
  const paths = new ScopePaths(tx as Sql);
  const violations: string[] = [];
  for (const c of candidates) {
    if (violations.length >= LIMIT) break;
    const sub = { id: c.subscription_id, enterprise_id: c.enterprise_id, scope_ref: c.subscription_scope, event_types: c.event_types, lane: c.lane, api_version: c.api_version };
    if (await subscriptionMatches(paths, sub, { enterprise_id: c.enterprise_id, type: c.type, scope_ref: c.scope_ref })) {
      violations.push(`event ${c.event_id} (${c.type}) was dispatched without a delivery to webhook subscription ${c.subscription_id}`);
    }
  }
  const unacknowledged = await tx`
    select d.id from webhook_deliveries d
     where d.status = 'succeeded'
       and not exists (select from webhook_delivery_attempts a where a.delivery_id = d.id and a.status_code between 200 and 299)
     order by d.id limit ${LIMIT}`;
  violations.push(...unacknowledged.map((r) => `webhook delivery ${r.id} is succeeded without an attempt a receiver acknowledged (2xx)`));
  return { checked: n, violations };
}
