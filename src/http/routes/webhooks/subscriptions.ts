import type { Sql } from 'postgres';
import { z } from '../../../schema/zod';
import { defineRoute, type RouteDef } from '../../route';
import { Timestamp, Uuid } from '../../../schema/common';
import { iso } from '../../../db/base';
import { listOf, pageQuery } from '../../pagination';
import { assertIfMatch } from '../../etag';
import { notFound } from '../../../errors';
import type { Caller, ScopePath } from '../../../auth/caller';
import type { Permission } from '../../../auth/permissions';
import { scopePathOf } from '../../../auth/scope-paths';
import { ScopePaths } from '../../../events/log';
import { WebhookSubscriptionBody } from '../../../domain/webhooks/events';
import { outboundPolicy } from '../../../net/outbound';
import type { Config } from '../../../config';
import {
  backlogOf,
  changeSubscription,
  createSubscription,
  findSubscription,
  listSubscriptions,
  presentSubscription,
  type SubscriptionChange,
  type SubscriptionRow,
} from '../../../domain/webhooks/subscriptions';
import { wakeLane } from '../../../domain/webhooks/lane-queue';
import { auditRowAlongside } from '../../audit-trail';

const WebhookSubscriptionWithSecret = WebhookSubscriptionBody.extend({
  secret: z.string().openapi({ description: 'The `whsec_` signing secret (Standard Webhooks). Shown only in this response.' }),
}).openapi('WebhookSubscriptionWithSecret');

const TopologyRef = z
  .string()
  .regex(/^(enterprises|clients|client-accounts)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be an enterprise, client or client-account reference')
  .openapi({ example: 'enterprises/0193a1c2-7f00-7abc-8def-0123456789ab' });

const EventTypes = z
  .array(z.string().max(200))
  .min(1)
  .max(100)
  .openapi({
    description: 'Event types (`<area>.<subject>.<state>.v<n>`, listed at GET /events/types), `*` for every type, or `<prefix>.*` for every type under a prefix (`operations.*`, `operations.withdrawal.*`), including types added later.',
    example: ['operations.*'],
  });

export const SubscriptionParams = z.object({ subscription_id: Uuid });

async function subscriptionPath(sql: Sql, row: Pick<SubscriptionRow, 'enterprise_id' | 'scope_ref'>): Promise<ScopePath> {
  return (await scopePathOf(sql, row.scope_ref)) ?? [`enterprises/${row.enterprise_id}`, row.scope_ref];
}

/** The subscription if the caller holds `permission` at its scope (404 out of scope, 403 without it). */
export async function authorizedSubscription(sql: Sql, caller: Caller, id: string, permission: Permission): Promise<SubscriptionRow> {
  const row = await findSubscription(sql, id);
  if (!row) throw notFound('webhook subscription');
  caller.require(permission, await subscriptionPath(sql, row), 'webhook subscription');
  return row;
}

export const createWebhookSubscription = defineRoute({
  method: 'post',
  path: '/webhook-subscriptions',
  operationId: 'createWebhookSubscription',
  summary: 'Create a webhook subscription',
  description:
    'The receiver `url` must be https and must not resolve to a loopback, private, link-local, metadata, multicast, documentation, benchmarking, IPv4-translation or otherwise reserved address (checked now and before every attempt). In sandbox mode loopback receivers over http or https are allowed. The signing secret is returned once.',
  tags: ['Webhooks'],
  auth: { kind: 'bearer', permission: 'webhooks.manage' },
  idempotency: 'optional',
  body: z
    .object({
      scope_ref: TopologyRef,
      url: z.string().max(2048),
      event_types: EventTypes,
      description: z.string().max(500).optional(),
    })
    .strict()
    .openapi('WebhookSubscriptionCreate'),
  responses: { 201: { description: 'The subscription, with its signing secret.', schema: WebhookSubscriptionWithSecret } },
  errors: ['EdgeNotFound', 'EdgeUnprocessable'],
  handler: async ({ body, caller, services, ctx }) => {
    const path = await scopePathOf(services.sql, body.scope_ref);
    caller.require('webhooks.manage', path ?? [body.scope_ref], 'scope');
    const { row, secret } = await createSubscription(
      services,
      {
        enterpriseId: caller.enterpriseId,
        scopeRef: body.scope_ref,
        url: body.url,
        eventTypes: [...new Set(body.event_types)],
        description: body.description ?? '',
        policy: outboundPolicy(services.config),
        attribution: caller.attribution(),
        apiVersion: ctx.state.apiVersion,
      },
      auditRowAlongside(ctx, 201, 'webhook-subscriptions'),
    );
    return { status: 201, body: { ...presentSubscription(row), secret } };
  },
});

export const listWebhookSubscriptions = defineRoute({
  method: 'get',
  path: '/webhook-subscriptions',
  operationId: 'listWebhookSubscriptions',
  summary: 'List webhook subscriptions',
  description: 'Deleted subscriptions are left out unless `status=deleted` is asked for.',
  tags: ['Webhooks'],
  auth: { kind: 'bearer', permission: 'webhooks.read' },
  query: z
    .object({
      status: z.enum(['active', 'disabled', 'deleted']).optional().openapi({ param: { name: 'status', in: 'query' } }),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of subscriptions.', schema: listOf(WebhookSubscriptionBody, 'WebhookSubscriptionList') } },
  handler: async ({ query, caller, services, pager }) => {
    const fetch = (after: string | null, limit: number) => listSubscriptions(services.sql, caller.enterpriseId, after, limit, query.status);
    const visible = async (rows: SubscriptionRow[]) => {
      const paths = new ScopePaths(services.sql);
      const kept: SubscriptionRow[] = [];
      for (const row of rows) if (caller.can('webhooks.read', (await paths.of(row.scope_ref)) ?? [`enterprises/${row.enterprise_id}`, row.scope_ref])) kept.push(row);
      return kept;
    };
    return { body: await pager.list(query, caller, fetch, presentSubscription, { visible }) };
  },
});

const WebhookSubscriptionWithBacklog = WebhookSubscriptionBody.extend({
  backlog: z
    .object({
      lane: z.enum(['direct', 'queued']).openapi({
        description: '`direct`: each event is sent as it is committed; `queued`: the receiver failed, and deliveries wait in order behind the backlog while it is retried as a whole.',
      }),
      pending: z.number().int().openapi({ description: 'Deliveries waiting (not yet succeeded or failed for good).' }),
      oldest_pending_at: Timestamp.nullable().openapi({ description: 'When the oldest waiting delivery was created.' }),
      next_attempt_at: Timestamp.nullable().openapi({ description: 'When the receiver is next tried.' }),
    })
    .openapi('WebhookBacklog'),
}).openapi('WebhookSubscriptionWithBacklog');

export const getWebhookSubscription = defineRoute({
  method: 'get',
  path: '/webhook-subscriptions/{subscription_id}',
  operationId: 'getWebhookSubscription',
  summary: 'Get a webhook subscription',
  description: 'With its `backlog`: how many deliveries wait for the receiver, since when, and when it is next tried.',
  tags: ['Webhooks'],
  auth: { kind: 'bearer', permission: 'webhooks.read' },
  params: SubscriptionParams,
  responses: { 200: { description: 'The subscription and its backlog.', schema: WebhookSubscriptionWithBacklog } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => {
    const row = await authorizedSubscription(services.sql, caller, params.subscription_id, 'webhooks.read');
    const backlog = await backlogOf(services.sql, row.id);
    return {
      body: {
        ...presentSubscription(row),
        backlog: { lane: row.lane, pending: backlog.pending, oldest_pending_at: iso(backlog.oldestPendingAt), next_attempt_at: iso(backlog.nextAttemptAt) },
      },
    };
  },
});

interface ChangeRoute<B extends z.ZodType> {
  method: 'post' | 'patch';
  suffix: string;
  operationId: string;
  summary: string;
  description?: string;
  capability?: string;
  body?: B;
  withSecret?: boolean;
  change: (body: z.infer<B>, services: { config: Config }) => SubscriptionChange;
}

/** Every subscription mutation: scope check and If-Match on the locked row, one change, its event. */
function changeRoute<B extends z.ZodType = z.ZodUndefined>(spec: ChangeRoute<B>): RouteDef {
  return defineRoute({
    method: spec.method,
    path: `/webhook-subscriptions/{subscription_id}${spec.suffix}`,
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.description,
    tags: ['Webhooks'],
    auth: { kind: 'bearer', permission: 'webhooks.manage', ...(spec.capability ? { capability: spec.capability } : {}) },
    ifMatch: true,
    params: SubscriptionParams,
    body: spec.body,
    responses: {
      200: {
        description: spec.withSecret ? 'The subscription, with its new signing secret.' : 'The subscription.',
        schema: spec.withSecret ? WebhookSubscriptionWithSecret : WebhookSubscriptionBody,
      },
    },
    errors: ['EdgeNotFound', 'EdgeConflict', 'EdgePreconditionFailed', ...(spec.body ? (['EdgeUnprocessable'] as const) : [])],
    handler: async ({ params, body, caller, services, ctx }) => {
      // Scope first, outside the row lock: a subscription's scope never changes, and a second pooled query
      // while holding the lock let concurrent changes of one subscription take every connection and wait forever.
      await authorizedSubscription(services.sql, caller, params.subscription_id, 'webhooks.manage');
      const { row, secret } = await changeSubscription(
        services,
        params.subscription_id,
        spec.change(body, services),
        (locked) => assertIfMatch(ctx, locked),
        caller.attribution(),
        // Where events (and so money movements) are announced: the change and its audit entry commit together.
        auditRowAlongside(ctx, 200, 'webhook-subscriptions'),
      );
      // A lane in a long backoff would end the backlog of a disabled or deleted subscription only at its next probe: now instead.
      if (row.status !== 'active' && row.lane === 'queued') await wakeLane(services, row, { probeNow: true });
      return { body: secret ? { ...presentSubscription(row), secret } : presentSubscription(row) };
    },
  });
}

export const updateWebhookSubscription = changeRoute({
  method: 'patch',
  suffix: '',
  operationId: 'updateWebhookSubscription',
  summary: 'Update a webhook subscription',
  description: 'Changes `url`, `event_types` or `description`. With If-Match, a stale ETag is 412 and nothing changes.',
  body: z
    .object({ url: z.string().max(2048).optional(), event_types: EventTypes.optional(), description: z.string().max(500).optional() })
    .strict()
    .openapi('WebhookSubscriptionUpdate'),
  change: (body, services) => ({
    kind: 'update',
    url: body.url,
    eventTypes: body.event_types ? [...new Set<string>(body.event_types)] : undefined,
    description: body.description,
    policy: outboundPolicy(services.config),
  }),
});

export const enableWebhookSubscription = changeRoute({
  method: 'post',
  suffix: '/enable',
  operationId: 'enableWebhookSubscription',
  summary: 'Enable a webhook subscription',
  description: 'Answers the subscription with `status` `active`; enabling an active subscription changes nothing.',
  capability: 'webhooks.manage',
  change: () => ({ kind: 'enable' }),
});

export const disableWebhookSubscription = changeRoute({
  method: 'post',
  suffix: '/disable',
  operationId: 'disableWebhookSubscription',
  summary: 'Disable a webhook subscription',
  description: 'No new deliveries start, and pending deliveries stop at their next attempt.',
  capability: 'webhooks.manage',
  change: () => ({ kind: 'disable' }),
});

export const deleteWebhookSubscription = changeRoute({
  method: 'post',
  suffix: '/delete',
  operationId: 'deleteWebhookSubscription',
  summary: 'Delete a webhook subscription',
  description: 'The subscription stays readable with `status` `deleted`; it can no longer change or receive deliveries.',
  change: () => ({ kind: 'delete' }),
});

export const rotateWebhookSecret = changeRoute({
  method: 'post',
  suffix: '/rotate-secret',
  operationId: 'rotateWebhookSubscriptionSecret',
  summary: 'Rotate the signing secret (extension of the tenant API contract)',
  description:
    'Returns a new secret once. For `overlap_seconds` (default from configuration) deliveries carry signatures with both the new and the previous secret.',
  body: z.object({ overlap_seconds: z.number().int().min(0).max(30 * 86400).optional() }).strict().openapi('WebhookSecretRotation'),
  withSecret: true,
  change: (body, services) => ({ kind: 'rotate_secret', overlapSeconds: body?.overlap_seconds ?? services.config.webhookSecretOverlapSeconds }),
});
