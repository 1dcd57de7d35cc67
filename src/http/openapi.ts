import path from 'node:path';
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from '../schema/zod';
import { ERROR_CODES, ERROR_REASONS, type ErrorCode, type ErrorReason } from '../errors';
import { ActionTokenHeader, IdempotencyKeyHeader, IfMatchHeader, IfNoneMatchHeader, Problem } from './schemas';
import { PERMISSIONS } from '../auth/permissions';
import type { RouteDef } from './route';
import { API_VERSIONS, LATEST_API_VERSION, VERSION_CHANGES, VERSION_HEADER } from '../versions';
import { eventTypes, type EventTypeDef } from '../events/catalogue';
import { EventBody } from './routes/events';
import recordedExamples from './openapi-examples.json';
import recordedWebhookExamples from './openapi-webhook-examples.json';
import { EVERY_ANSWER, headerRefs, registerResponseHeaders } from './response-headers';

/**
 * One exchange per operation, recorded from a test run and scrubbed (`npm run record:examples`,
 * CONTRIBUTING.md): the `examples` of the operation's request body and of its answer with that status.
 */
export interface RecordedExample {
  status: number;
  request?: unknown;
  /** Absent when the answer has no body (POST /oauth/revoke). */
  response?: unknown;
}
export const EXAMPLES_FILE = path.join(__dirname, 'openapi-examples.json');
const EXAMPLES = recordedExamples as Record<string, RecordedExample>;
/** One delivery body per event type, from the events a recording run wrote (the same command, scrubbed the same way). */
export const WEBHOOK_EXAMPLES_FILE = path.join(__dirname, 'openapi-webhook-examples.json');
const WEBHOOK_EXAMPLES = recordedWebhookExamples as Record<string, unknown>;

/** The media type object's `examples`: one, named for where it comes from. */
const BINARY = z.string().openapi({ format: 'binary' });
const recorded = (value: unknown) => ({ recorded: { summary: 'Recorded from a test run (ids, times and secrets replaced)', value } });

/** The tag of the `webhooks` entries: what a receiver implements, not operations of this API. */
const WEBHOOK_TAG = 'Webhook events';

/** `operations.withdrawal.settled.v1` → `OperationsWithdrawalSettledV1Event`: the component of one event type's delivery body. */
export const eventComponentName = (type: string) =>
  `${type.replace(/(^|[._])([a-z0-9])/g, (_m, _sep, c: string) => c.toUpperCase())}Event`;

/** The Standard Webhooks headers of every delivery (docs/events-webhooks-exports.md, "Deliveries"). */
const DeliveryHeaders = z.object({
  'webhook-id': z.string().openapi({ description: 'The event id: the same on every attempt, redelivery and replay. Deduplicate on it.', example: '0193a1c2-7f00-7abc-8def-0123456789ab' }),
  'webhook-timestamp': z.string().openapi({ description: "The attempt's Unix time in seconds. Refuse a message more than five minutes away from your clock.", example: '1767225600' }),
  'webhook-signature': z.string().openapi({
    description: 'Space-separated `v1,<signature>`, the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, one per live secret of the subscription (two during a rotation overlap): accept the message when any one verifies.',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  }),
});

/**
 * The delivery body of each event type: the event representation (GET /events/{id}) with `type` fixed and
 * `data` described by the schema the event type was declared with in the catalogue (src/events/catalogue.ts).
 */
export function deliveryBody(t: EventTypeDef): z.ZodType {
  return z.object({ ...EventBody.shape, type: z.literal(t.type), data: t.payload }).openapi({ description: t.description });
}

function registerWebhooks(registry: OpenAPIRegistry): void {
  for (const t of eventTypes()) {
    // Registered by name: the generator emits no component for a schema that only a webhook references.
    const body = registry.register(eventComponentName(t.type), deliveryBody(t));
    const example = WEBHOOK_EXAMPLES[t.type];
    registry.registerWebhook({
      method: 'post',
      path: t.type,
      operationId: `on${eventComponentName(t.type)}`,
      summary: t.type,
      description: `${t.description}\n\nPOSTed to every active webhook subscription whose \`event_types\` include \`${t.type}\`, signed per Standard Webhooks; \`data\` is rendered at the subscription's \`api_version\`.`,
      tags: [WEBHOOK_TAG],
      security: [],
      request: {
        headers: DeliveryHeaders,
        body: { required: true, content: { 'application/json': { schema: body, ...(example === undefined ? {} : { examples: recorded(example) }) } } },
      },
      responses: {
        200: { description: 'Any 2xx acknowledges the delivery.' },
        410: { description: 'Gone: the subscription is disabled (`receiver_gone`) and the delivery ends.' },
        500: { description: 'Any other status, a redirect, a connection error or a timeout is a failed attempt, retried on the schedule.' },
      },
    });
  }
}

/**
 * zod-to-openapi writes a nullable named schema as `allOf: [{$ref}, {type: [object, null]}]`, which null
 * never satisfies (the `$ref` still requires an object). It becomes
 * `anyOf: [{$ref}, {type: 'null'}]`, the other keywords (the description) kept beside it.
 */
function nullableReferences<T>(node: T): T {
  if (Array.isArray(node)) return node.map(nullableReferences) as T;
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, nullableReferences(v)])) as Record<string, unknown>;
  const parts = out.allOf as Array<Record<string, unknown>> | undefined;
  const nullable = parts?.length === 2 && parts[0]!.$ref !== undefined && Array.isArray(parts[1]!.type) && (parts[1]!.type as string[]).includes('null');
  if (!nullable) return out as T;
  const besides = { ...parts[1]! };
  delete out.allOf;
  delete besides.type;
  return { ...out, ...besides, anyOf: [parts[0], { type: 'null' }] } as T;
}

const COMMON_ERRORS: ErrorCode[] = ['EdgeBadRequest', 'Unauthorized', 'EdgeForbidden', 'EdgeRateLimited'];

/**
 * The reasons an answer with this code can carry on this route: the code's own, those the request pipeline
 * gives (validation, tokens, keys, page tokens, amounts) and those the route declares (`reasons`).
 */
function reasonsFor(def: RouteDef, code: ErrorCode): ErrorReason[] {
  const query = def.query && 'shape' in def.query ? (def.query as unknown as { shape: object }).shape : {};
  const body = def.body && 'shape' in def.body ? (def.body as unknown as { shape: object }).shape : {};
  const pipeline: Partial<Record<ErrorCode, Array<ErrorReason | false>>> = {
    EdgeBadRequest: [
      'invalid_field',
      'unknown_api_version',
      def.body !== undefined && 'malformed_body',
      def.idempotency !== undefined && 'idempotency_key_invalid',
      def.idempotency === 'required' && 'idempotency_key_required',
      'page_token' in query && 'invalid_page_token',
    ],
    Unauthorized: def.auth.kind === 'bearer' ? ['token_missing', 'token_invalid', 'token_revoked', 'principal_inactive'] : [],
    EdgeUnprocessable: [
      def.idempotency !== undefined && 'idempotency_key_reused',
      // Money movement (its key is required): the ledger's and the policies' refusals.
      ...(def.idempotency === 'required' ? (['insufficient_funds', 'policy_denied'] as const) : []),
      'metadata' in body && 'metadata_too_large',
      ...(['amount', 'source_amount', 'target_amount'].some((k) => k in body) ? (['amount_malformed', 'amount_not_positive', 'amount_precision', 'amount_too_large', 'unknown_asset'] as const) : []),
    ],
    EdgeConflict: [
      def.idempotency !== undefined && 'idempotency_key_in_use',
      ...(def.idempotency === 'required' ? (['account_restricted', 'account_suspended', 'client_suspended', 'enterprise_suspended'] as const) : []),
    ],
  };
  const declared = def.reasons?.[code] ?? [];
  return [...new Set([ERROR_CODES[code].reason, ...(pipeline[code] ?? []).filter((r): r is ErrorReason => r !== false), ...declared, ...describedReasons(def, code), ...stateReasons(def, code)])].sort();
}

const KNOWN_REASONS = new Set<string>(ERROR_REASONS);

/** The reasons the route's own description names with this code's status (`422 \`reversal_exceeds_remaining\``), so the list and the prose agree. */
function describedReasons(def: RouteDef, code: ErrorCode): ErrorReason[] {
  const status = String(ERROR_CODES[code].status);
  const named = [...(def.description ?? '').matchAll(/\b([45]\d\d)\b[^`.;]{0,60}?`([a-z_]+)`/g)];
  return named.filter((m) => m[1] === status && KNOWN_REASONS.has(m[2])).map((m) => m[2] as ErrorReason);
}

/**
 * A change to one object (a path with its id) is refused 409 by the object's state (`withdrawal_executed`:
 * stateReason in src/errors.ts): every state reason of the path's resource, named from its first segment.
 */
function stateReasons(def: RouteDef, code: ErrorCode): ErrorReason[] {
  if (code !== 'EdgeConflict' || def.method === 'get' || !def.path.includes('{')) return [];
  const resource = def.path.split('/')[1].replace(/-/g, '_').replace(/s$/, '').replace(/_session$/, '');
  // Not those the description gives another status (`422 \`deposit_not_credited\``).
  const elsewhere = new Set((Object.keys(ERROR_CODES) as ErrorCode[]).filter((c) => c !== code).flatMap((c) => describedReasons(def, c)));
  return ERROR_REASONS.filter((r) => r.startsWith(`${resource}_`) && !elsewhere.has(r));
}

/** The OpenAPI 3.1 document, generated from the same route definitions that validate requests. */
export function buildOpenApiDocument(defs: RouteDef[], info: { title: string; description: string; serverUrl: string }) {
  const registry = new OpenAPIRegistry();
  registry.register('Problem', Problem);
  registerResponseHeaders(registry);
  // A shared parameter's `required` cannot be overridden where it is referenced: the shared ones are
  // optional, and money movement, which requires its key, declares the header inline as required.
  const idem = registry.registerParameter('IdempotencyKey', IdempotencyKeyHeader.optional());
  const ifMatch = registry.registerParameter('IfMatch', IfMatchHeader.optional());
  const actionToken = registry.registerParameter('XActionToken', ActionTokenHeader);
  const ifNoneMatch = registry.registerParameter('IfNoneMatch', IfNoneMatchHeader.optional());
  const apiVersion = registry.registerParameter(
    'CounterfoilVersion',
    z
      .enum(API_VERSIONS)
      .optional()
      .openapi({
        param: { name: VERSION_HEADER, in: 'header' },
        description:
          `The dated API version to answer at (docs/api-versions.md); the answer's \`${VERSION_HEADER}\` header names the version used. ` +
          'Default: the calling service account\'s pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). ' +
          `This document describes ${LATEST_API_VERSION}. Changes: ${VERSION_CHANGES.filter((c) => c.surface !== 'signed')
            .map((c) => `${c.version}: ${c.summary}`)
            .join(' ')}`,
      }),
  );
  registry.register(
    'Permission',
    z.enum(Object.keys(PERMISSIONS) as [string, ...string[]]).openapi({
      description: Object.entries(PERMISSIONS).map(([p, d]) => `- \`${p}\`: ${d}`).join('\n'),
    }),
  );
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'Access token from POST /oauth/token, sent as `Authorization: Bearer <token>`.',
  });
  registry.registerComponent('securitySchemes', 'oauth2ClientCredentials', {
    type: 'oauth2',
    flows: { clientCredentials: { tokenUrl: '/oauth/token', scopes: {} } },
  });

  for (const def of defs) {
    const headers: z.ZodType[] = [apiVersion];
    if (def.idempotency) headers.push(def.idempotency === 'required' ? IdempotencyKeyHeader : idem);
    if (def.ifMatch) headers.push(ifMatch);
    if (def.actionToken) headers.push(actionToken);
    // A resource with a version answers its ETag; a polled read the tag of its body.
    const tagged = (spec: RouteDef['responses'][number]) => def.conditional || (!!spec.schema && 'shape' in spec.schema && 'etag' in (spec.schema as { shape: object }).shape);
    // A GET that answers an ETag takes If-None-Match and answers 304 when it names the current tag (src/http/mount.ts).
    const revalidates = def.method === 'get' && !!def.responses[200] && tagged(def.responses[200]);
    if (revalidates) headers.push(ifNoneMatch);
    const example = EXAMPLES[`${def.method.toUpperCase()} ${def.path}`];
    const responses: RouteConfig['responses'] = {};
    const declared = revalidates && !def.responses[304] ? { ...def.responses, 304: { description: 'Not modified: If-None-Match names the current ETag (or is `*`). No body.' } } : def.responses;
    for (const [status, spec] of Object.entries(declared)) {
      const examples = spec.sample !== undefined ? { examples: { sample: { summary: 'A sample', value: spec.sample } } } : example?.status === Number(status) ? { examples: recorded(example.response) } : {};
      responses[status] = {
        description: spec.description,
        headers: headerRefs([
          ...EVERY_ANSWER,
          ...(tagged(spec) || status === '304' ? ['ETag'] : []),
          ...(def.idempotency ? ['Idempotent-Replayed'] : []),
        ]) as never,
        ...(spec.schema ? { content: { [spec.contentType ?? 'application/json']: { schema: spec.schema, ...examples } } } : {}),
      };
    }
    const base: ErrorCode[] = def.auth.kind === 'bearer' ? COMMON_ERRORS : ['EdgeBadRequest', 'EdgeRateLimited'];
    const errors = new Set<ErrorCode>([...base, ...(def.errors ?? [])]);
    // An Idempotency-Key reused with another request is 422 on every route that takes the header.
    if (def.idempotency) errors.add('EdgeUnprocessable');
    const reasons = new Map<string, ErrorReason[]>();
    for (const code of errors) {
      const status = String(ERROR_CODES[code].status);
      const prior = responses[status] as { description: string } | undefined;
      reasons.set(status, [...new Set([...(reasons.get(status) ?? []), ...reasonsFor(def, code)])].sort());
      const codes = prior ? `${prior.description.replace(/\. Reasons: .*$/s, '')} | ${code}` : code;
      // `x-reasons`: the values of the problem's `reason` this answer can carry, for generators that branch on them.
      responses[status] = Object.assign(
        {
          description: `${codes}. Reasons: ${reasons.get(status)!.map((r) => `\`${r}\``).join(', ')}.`,
          headers: headerRefs([...EVERY_ANSWER, ...(status === '429' || status === '503' ? ['Retry-After'] : [])]) as never,
          content: { 'application/problem+json': { schema: Problem } },
        },
        { 'x-reasons': reasons.get(status)! },
      );
    }
    const description = [
      def.description,
      def.auth.kind === 'bearer' ? `Requires permission \`${def.auth.permission}\`.` : undefined,
      def.auth.kind === 'bearer' && def.auth.capability ? `Requires capability \`${def.auth.capability}\`.` : undefined,
      def.actionToken ? `Requires an action token for action \`${def.actionToken}\` in X-Action-Token.` : undefined,
    ]
      .filter(Boolean)
      .join('\n\n');
    registry.registerPath({
      method: def.method,
      path: def.path,
      operationId: def.operationId,
      summary: def.summary,
      description: description || undefined,
      tags: def.tags,
      // Either scheme describes the same bearer token: OAuth 2.0 client credentials is how it is obtained.
      security: def.auth.kind === 'bearer' ? [{ bearerAuth: [] }, { oauth2ClientCredentials: [] }] : [],
      ...(def.auth.kind === 'bearer' ? { 'x-permission': def.auth.permission } : {}),
      request: {
        params: def.params as never,
        query: def.query as never,
        headers: headers.length ? headers : undefined,
        body: def.upload
          ? { required: true, description: def.upload.description, content: Object.fromEntries(Object.entries(def.upload.samples).map(([t, value]) => [t, { schema: BINARY, examples: { sample: { summary: 'A sample file', value } } }])) }
          : def.body
          ? {
              required: true,
              content: Object.fromEntries(
                (def.bodyTypes ?? ['application/json']).map((t) => [t, { schema: def.body!, ...(example?.request === undefined ? {} : { examples: recorded(example.request) }) }]),
              ),
            }
          : undefined,
      },
      responses,
    });
  }

  registerWebhooks(registry);

  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: info.title, version: '0.1.0', description: info.description, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } },
    servers: [{ url: info.serverUrl, description: 'This deployment' }],
    security: [{ bearerAuth: [] }, { oauth2ClientCredentials: [] }],
    tags: [
      ...[...new Set(defs.flatMap((d) => d.tags))].map((name) => ({ name, description: `${name} operations.` })),
      { name: WEBHOOK_TAG, description: 'What Counterfoil POSTs to a webhook subscription: one entry per event type (GET /events/types).' },
    ],
  });
  return nullableReferences(document);
}
