import { z } from '../../../schema/zod';
import { defineRoute, type RouteDef } from '../../route';
import { Uuid } from '../../../schema/common';
import { listOf, pageQuery } from '../../pagination';
import { assertIfMatch } from '../../etag';
import { notFound } from '../../../errors';
import type { Caller } from '../../../auth/caller';
import type { Permission } from '../../../auth/permissions';
import { auditRowAlongside } from '../../audit-trail';
import { ConnectorBody } from '../../../domain/connectors/events';
import {
  changeConnector,
  createConnector,
  findConnector,
  listConnectors,
  presentConnector,
  type ConnectorChange,
  type ConnectorRow,
} from '../../../domain/connectors/connectors';
import { applyConnectorEvent, authenticateConnectorEvent, ConnectorEventAnswer } from '../../../domain/connectors/inbound';
import { ConnectorEventBody } from '../../../providers/http/events';
import { signedApiCaches } from '../../signed/caches';
import type { Services } from '../../../services';
import { connectorProtocolDocument } from '../../../providers/http/openapi';

/*
 * Provider connectors (docs/connectors.md): the enterprise's registrations and the events a connector
 * posts. Connectors are enterprise-level objects; KYC decisions are in kyc-decisions.ts.
 */

const ConnectorWithSecret = ConnectorBody.extend({
  secret: z.string().openapi({ description: 'The `whsec_` signing secret (Standard Webhooks) both directions use. Shown only in this response.' }),
}).openapi('ConnectorWithSecret');

const ConnectorParams = z.object({ connector_id: Uuid });

async function authorizedConnector(services: Services, caller: Caller, id: string, permission: Permission): Promise<ConnectorRow> {
  const row = await findConnector(services.sql, id);
  if (!row) throw notFound('connector');
  caller.require(permission, [`enterprises/${row.enterprise_id}`], 'connector');
  return row;
}

export const createConnectorRoute = defineRoute({
  method: 'post',
  path: '/connectors',
  operationId: 'createConnector',
  summary: 'Register a provider connector',
  description:
    'Registers the connector service this enterprise uses for the provider `name` of the routing configuration (COUNTERFOIL_PROVIDERS). `base_url` must be https and resolve only to public addresses (loopback only where the deployment allows it: COUNTERFOIL_CONNECTOR_ALLOW_LOOPBACK). The signing secret is returned once. A name already registered in the enterprise is 409 `connector_name_taken`. Counterfoil\'s requests to the connector are described in the separate document served at GET /connectors/openapi.json.',
  tags: ['Connectors'],
  auth: { kind: 'bearer', permission: 'connectors.manage' },
  idempotency: 'optional',
  body: z
    .object({
      name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be 1-40 of a-z, 0-9 and -, starting with a letter or digit'),
      base_url: z.string().max(2048),
      description: z.string().max(500).optional(),
    })
    .strict()
    .openapi('ConnectorCreate'),
  responses: { 201: { description: 'The connector, with its signing secret.', schema: ConnectorWithSecret } },
  errors: ['EdgeConflict', 'EdgeUnprocessable'],
  handler: async ({ body, caller, services, ctx }) => {
    caller.require('connectors.manage', [caller.enterpriseRef], 'enterprise');
    const { row, secret } = await createConnector(
      services.sql,
      {
        ring: services.keyRing,
        enterpriseId: caller.enterpriseId,
        name: body.name,
        baseUrl: body.base_url,
        description: body.description ?? '',
        routing: services.config.providers,
        allowLoopback: services.config.connectorAllowLoopback,
        attribution: caller.attribution(),
      },
      auditRowAlongside(ctx, 201, 'connectors'),
    );
    return { status: 201, body: { ...presentConnector(row, services.config.providers), secret } };
  },
});

export const listConnectorsRoute = defineRoute({
  method: 'get',
  path: '/connectors',
  operationId: 'listConnectors',
  summary: 'List connectors',
  tags: ['Connectors'],
  auth: { kind: 'bearer', permission: 'connectors.read' },
  query: z.object({ ...pageQuery }).strict(),
  responses: { 200: { description: 'A page of connectors, oldest first.', schema: listOf(ConnectorBody, 'ConnectorList') } },
  handler: async ({ query, caller, services, pager }) => {
    // Enterprise-level objects: a caller without the permission at the enterprise sees none.
    const fetch = async (after: string | null, limit: number) => (caller.can('connectors.read', [caller.enterpriseRef]) ? listConnectors(services.sql, caller.enterpriseId, after, limit) : []);
    return { body: await pager.list(query, caller, fetch, (r) => presentConnector(r, services.config.providers)) };
  },
});

export const getConnectorRoute = defineRoute({
  method: 'get',
  path: '/connectors/{connector_id}',
  operationId: 'getConnector',
  summary: 'Get a connector',
  tags: ['Connectors'],
  auth: { kind: 'bearer', permission: 'connectors.read' },
  params: ConnectorParams,
  responses: { 200: { description: 'The connector.', schema: ConnectorBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({
    body: presentConnector(await authorizedConnector(services, caller, params.connector_id, 'connectors.read'), services.config.providers),
  }),
});

function changeRoute<B extends z.ZodType = z.ZodUndefined>(spec: {
  suffix: string;
  operationId: string;
  summary: string;
  description: string;
  body?: B;
  change: (body: z.infer<B> | undefined, services: Services) => ConnectorChange;
  withSecret?: boolean;
}): RouteDef {
  return defineRoute({
    method: 'post',
    path: `/connectors/{connector_id}${spec.suffix}`,
    operationId: spec.operationId,
    summary: spec.summary,
    description: `${spec.description} With If-Match, a stale ETag is 412 and nothing changes.`,
    tags: ['Connectors'],
    auth: { kind: 'bearer', permission: 'connectors.manage' },
    ifMatch: true,
    params: ConnectorParams,
    body: spec.body,
    responses: { 200: { description: spec.withSecret ? 'The connector, with its new signing secret.' : 'The connector.', schema: spec.withSecret ? ConnectorWithSecret : ConnectorBody } },
    errors: ['EdgeNotFound', 'EdgeConflict', 'EdgePreconditionFailed'],
    handler: async ({ params, body, caller, services, ctx }) => {
      const { row, secret } = await changeConnector(
        services.sql,
        services.keyRing,
        params.connector_id,
        spec.change(body as z.infer<B> | undefined, services),
        (locked) => {
          caller.require('connectors.manage', [`enterprises/${locked.enterprise_id}`], 'connector');
          assertIfMatch(ctx, locked);
        },
        services.config.providers,
        caller.attribution(),
        auditRowAlongside(ctx, 200, 'connectors'),
      );
      const presented = presentConnector(row, services.config.providers);
      return { body: secret ? { ...presented, secret } : presented };
    },
  });
}

export const rotateConnectorSecret = changeRoute({
  suffix: '/rotate-secret',
  operationId: 'rotateConnectorSecret',
  summary: "Rotate a connector's signing secret",
  description:
    'Returns a new secret once. For `overlap_seconds` (default COUNTERFOIL_WEBHOOK_SECRET_OVERLAP_SECONDS) events signed with the previous secret are still accepted, so the connector can switch without losing any. Counterfoil signs its own requests with the new secret at once. A disabled connector is 409.',
  body: z.object({ overlap_seconds: z.number().int().min(0).max(30 * 86400).optional() }).strict().openapi('ConnectorSecretRotation'),
  withSecret: true,
  change: (body, services) => ({ kind: 'rotate_secret', overlapSeconds: body?.overlap_seconds ?? services.config.webhookSecretOverlapSeconds }),
});

export const disableConnector = changeRoute({
  suffix: '/disable',
  operationId: 'disableConnector',
  summary: 'Disable a connector',
  description:
    'Nothing more is sent to the connector and its events are refused (403). Payouts routed to it wait, retried by their workflows, until it is enabled again (or another connector of the same name serves them); prices routed to it are 502.',
  change: () => ({ kind: 'disable' }),
});

export const enableConnector = changeRoute({
  suffix: '/enable',
  operationId: 'enableConnector',
  summary: 'Enable a disabled connector',
  description: 'Enabling an active connector changes nothing.',
  change: () => ({ kind: 'enable' }),
});

export const receiveConnectorEvent = defineRoute({
  method: 'post',
  path: '/connectors/{connector_id}/events',
  operationId: 'receiveConnectorEvent',
  summary: 'A connector reports an event',
  description:
    "Called by the connector, not by API clients: a Standard Webhooks message (`webhook-id`, `webhook-timestamp`, `webhook-signature`) signed with the connector's secret over the raw body, at most five minutes old. A missing or bad signature (or an unknown connector) is 401 and changes nothing; a disabled connector is 403. `webhook-id` is the event id: the same id again answers what it answered the first time (`replayed: true`) and changes nothing. `payout.updated` makes Counterfoil ask the payout's outcome now; `deposit.received` records a deposit and credits it through its `deposit/<id>` workflow; `kyc.decision` records the client's KYC decision. A refusal (4xx) is remembered for the event id as well.",
  tags: ['Connectors'],
  auth: { kind: 'public', reason: "Authenticated by the connector's signature over the raw body." },
  params: ConnectorParams,
  body: ConnectorEventBody,
  responses: { 200: { description: 'The event was applied (or had been).', schema: ConnectorEventAnswer } },
  errors: ['EdgeBadRequest', 'Unauthorized', 'EdgeForbidden', 'EdgeConflict', 'EdgeUnprocessable'],
  handler: async ({ params, body, services, ctx }) => {
    const connector = await authenticateConnectorEvent(services.sql, services.keyRing, params.connector_id, ctx.headers, ctx.state.rawBody as Buffer);
    const answer = await applyConnectorEvent(services, connector, String(ctx.get('webhook-id')), body);
    if (body.type === 'kyc.decision') signedApiCaches(services).invalidateStanding();
    return answer;
  },
});

let protocolDocument: unknown;

export const connectorProtocolRoute = defineRoute({
  method: 'get',
  path: '/connectors/openapi.json',
  operationId: 'getConnectorProtocol',
  summary: 'The connector protocol (OpenAPI 3.1)',
  description: "What a connector service implements: the requests Counterfoil sends it (signed, with idempotency keys) and the events it sends to POST /connectors/{connector_id}/events. docs/connectors.md.",
  tags: ['Connectors'],
  auth: { kind: 'public', reason: 'API description' },
  responses: { 200: { description: 'OpenAPI 3.1 document.' } },
  handler: async () => ({ body: (protocolDocument ??= connectorProtocolDocument()) as object }),
});
