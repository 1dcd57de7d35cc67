import type { Sql, TransactionSql } from 'postgres';
import { FIRST_API_VERSION, isApiVersion, renderAt } from '../../versions';
import type { ScopePaths } from '../../events/log';
import { presentEvent, type EventRepresentation, type EventRow } from '../../events/present';
import type { SigningSubscription } from './signing';
import type { SubscriptionRow } from './subscriptions';
import { matchesEventType } from './event-types';

/* Which subscriptions receive an event, and the body each is sent: the event rendered at its API version. */

export interface SubscriptionTarget {
  id: string;
  enterprise_id: string;
  scope_ref: string;
  event_types: string[];
  lane: SubscriptionRow['lane'];
  api_version: string | null;
}

/** An event as delivered to a subscription: its representation rendered at the subscription's API version. */
export function eventBody(event: EventRow, apiVersion: string | null): string {
  return renderedBody(presentEvent(event), apiVersion);
}

/** An event's representation rendered at a subscription's API version (unpinned: the first), as sent. */
export function renderedBody(representation: EventRepresentation, apiVersion: string | null): string {
  return JSON.stringify(renderAt(representation, apiVersion && isApiVersion(apiVersion) ? apiVersion : FIRST_API_VERSION, 'tenant'));
}

/** A subscription receives an event of one of its types (or patterns) at its scope or beneath it. */
export async function subscriptionMatches(paths: ScopePaths, sub: SubscriptionTarget, event: Pick<EventRow, 'enterprise_id' | 'type' | 'scope_ref'>): Promise<boolean> {
  if (sub.enterprise_id !== event.enterprise_id || !matchesEventType(sub.event_types, event.type)) return false;
  if (sub.scope_ref === `enterprises/${event.enterprise_id}` || sub.scope_ref === event.scope_ref) return true;
  const path = await paths.of(event.scope_ref);
  return !!path && path.includes(sub.scope_ref);
}

export async function activeSubscriptions(sql: Sql | TransactionSql, enterpriseIds: string[]): Promise<Array<SubscriptionTarget & SigningSubscription>> {
  if (enterpriseIds.length === 0) return [];
  return sql<Array<SubscriptionTarget & SigningSubscription>>`
    select id, enterprise_id, scope_ref, event_types, lane, url, secret_sealed, previous_secret_sealed, previous_secret_expires_at, api_version
      from webhook_subscriptions
     where status = 'active' and enterprise_id = any(${enterpriseIds}::uuid[])`;
}

