import { z } from '../../schema/zod';
import { defineRoute } from '../route';
import { Timestamp, Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { notFound, unprocessable } from '../../errors';
import type { Sql } from 'postgres';
import type { ScopePath } from '../../auth/caller';
import { eventTypes } from '../../events/catalogue';
import { findEvent, listEvents, ScopePaths } from '../../events/log';
import { presentEvent, type EventRow } from '../../events/present';
import { scopePathOf } from '../../auth/scope-paths';
import { presentDelivery, replayEvent } from '../../domain/webhooks/deliveries';
import { activeSubscriptions, subscriptionMatches } from '../../domain/webhooks/targets';
import { WebhookDeliveryBody } from '../../domain/webhooks/events';
import { auditAlongside } from '../audit-trail';

export const EventBody = z
  .object({
    id: Uuid,
    resource: z.literal('event'),
    type: z.string().openapi({ description: '`<area>.<subject>.<state>.v<n>`', example: 'operations.withdrawal.settled.v1' }),
    occurred_at: Timestamp,
    scope_ref: z.string().openapi({ description: 'Narrowest topology scope of the resource.' }),
    resource_ref: z.string(),
    data: z.unknown().openapi({ description: "The resource's API representation when the event occurred; its JSON Schema is at GET /events/types." }),
    subject_attribution: z.record(z.string(), z.unknown()).nullable(),
  })
  .openapi('Event');

export const EventTypeBody = z
  .object({
    type: z.string(),
    description: z.string(),
    payload_schema: z.record(z.string(), z.unknown()).openapi({ description: 'JSON Schema (draft 2020-12) of the event `data`.' }),
  })
  .openapi('EventType');

/** Events outside known topology (a deleted scope) are still the enterprise's. */
export async function eventPath(sql: Sql, e: Pick<EventRow, 'enterprise_id' | 'scope_ref'>): Promise<ScopePath> {
  return (await scopePathOf(sql, e.scope_ref)) ?? [`enterprises/${e.enterprise_id}`, e.scope_ref];
}

const timeQuery = (name: string, description: string) =>
  z.iso.datetime({ offset: true }).optional().openapi({ param: { name, in: 'query' }, description });

export const listEventsRoute = defineRoute({
  method: 'get',
  path: '/events',
  operationId: 'listEvents',
  summary: 'List events, oldest first',
  description:
    'The event log of the caller\'s enterprise, oldest first by a stable sequence cursor; only events at scopes where the caller holds `events.read`. A page can be shorter than `page_size` while `next_page_token` is set.',
  tags: ['Events'],
  auth: { kind: 'bearer', permission: 'events.read' },
  query: z
    .object({
      type: z.string().max(200).optional().openapi({ param: { name: 'type', in: 'query' }, description: 'Exact event type.' }),
      resource_ref: z.string().max(200).optional().openapi({ param: { name: 'resource_ref', in: 'query' } }),
      scope_ref: z.string().max(200).optional().openapi({ param: { name: 'scope_ref', in: 'query' }, description: 'Events at this scope or beneath it.' }),
      occurred_after: timeQuery('occurred_after', 'Exclusive lower bound.'),
      occurred_before: timeQuery('occurred_before', 'Exclusive upper bound.'),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of events.', schema: listOf(EventBody, 'EventList') } },
  handler: async ({ query, caller, services, pager }) => {
    const after = pager.decode(caller, query);
    // Paged by sequence: a lagging replica only delays events to a later page (DATABASE_READ_URL, docs/ledger.md).
    const { rows, nextAfter } = await listEvents(
      services.reads.recent(),
      caller,
      {
        type: query.type,
        resourceRef: query.resource_ref,
        scopeRef: query.scope_ref,
        occurredAfter: query.occurred_after ? new Date(query.occurred_after) : undefined,
        occurredBefore: query.occurred_before ? new Date(query.occurred_before) : undefined,
      },
      after ? BigInt(after) : null,
      query.page_size,
    );
    return {
      body: {
        items: rows.map(presentEvent),
        next_page_token: nextAfter !== null ? pager.encode(nextAfter.toString(), caller, query) : null,
      },
    };
  },
});

export const listEventTypesRoute = defineRoute({
  method: 'get',
  path: '/events/types',
  operationId: 'listEventTypes',
  summary: 'List event types with the JSON Schema of each payload',
  tags: ['Events'],
  auth: { kind: 'bearer', permission: 'events.read' },
  responses: { 200: { description: 'Every event type the service emits.', schema: listOf(EventTypeBody, 'EventTypeList') } },
  handler: async () => ({
    body: {
      items: eventTypes().map((t) => ({
        type: t.type,
        description: t.description,
        payload_schema: z.toJSONSchema(t.payload, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>,
      })),
      next_page_token: null,
    },
  }),
});

export const getEventRoute = defineRoute({
  method: 'get',
  path: '/events/{event_id}',
  operationId: 'getEvent',
  summary: 'Get an event',
  tags: ['Events'],
  auth: { kind: 'bearer', permission: 'events.read' },
  params: z.object({ event_id: Uuid }),
  responses: { 200: { description: 'The event.', schema: EventBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => {
    const event = await findEvent(services.sql, params.event_id);
    if (!event) throw notFound('event');
    caller.require('events.read', await eventPath(services.sql, event), 'event');
    return { body: presentEvent(event) };
  },
});

export const replayEventRoute = defineRoute({
  method: 'post',
  path: '/events/{event_id}/replay',
  operationId: 'replayEvent',
  summary: 'Deliver an event again',
  description:
    'Creates a new delivery (same `webhook-id`, same body) to every active subscription that matches the event, or only to `subscription_id`, which must match it. Answers 202 with the deliveries started.',
  tags: ['Events'],
  auth: { kind: 'bearer', permission: 'events.replay' },
  idempotency: 'optional',
  params: z.object({ event_id: Uuid }),
  body: z.object({ subscription_id: Uuid.optional() }).strict().openapi('EventReplay'),
  responses: { 202: { description: 'The deliveries started.', schema: listOf(WebhookDeliveryBody, 'WebhookDeliveryStartedList') } },
  errors: ['EdgeNotFound', 'EdgeUnprocessable'],
  handler: async ({ params, body, caller, services, ctx }) => {
    const event = await findEvent(services.sql, params.event_id);
    if (!event) throw notFound('event');
    caller.require('events.replay', await eventPath(services.sql, event), 'event');
    const paths = new ScopePaths(services.sql);
    const candidates = (await activeSubscriptions(services.sql, [event.enterprise_id])).filter((s) => !body?.subscription_id || s.id === body.subscription_id);
    const matching = [];
    for (const s of candidates) if (await subscriptionMatches(paths, s, event)) matching.push(s);
    if (body?.subscription_id && matching.length === 0) {
      throw unprocessable('The subscription is not an active subscription that receives this event.', [
        { pointer: '/body/subscription_id', detail: 'not an active subscription matching the event type and scope' },
      ]);
    }
    const deliveries = await replayEvent(services, event, matching, auditAlongside(ctx, 202, `events/${params.event_id}`));
    return { status: 202, body: { items: deliveries.map((d) => presentDelivery(d)), next_page_token: null } };
  },
});

export const eventRoutes = [listEventsRoute, listEventTypesRoute, getEventRoute, replayEventRoute];
