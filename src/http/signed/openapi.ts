import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import path from 'node:path';
import { z } from '../../schema/zod';
import { ERROR_REASONS, type ErrorReason } from '../../errors';
import { SIGNED_ERRORS, SIGNED_ERROR_LABELS, type SignedErrorLabel } from './errors';
import type { SignedRoute } from './routes';
import { EVERY_ANSWER, headerRefs, registerResponseHeaders } from '../response-headers';
import { API_VERSIONS, LATEST_API_VERSION, VERSION_CHANGES, VERSION_HEADER } from '../../versions';
import type { RecordedExample } from '../openapi';
import recordedExamples from './openapi-examples.json';

/** One exchange per operation, recorded from a test run and scrubbed as the tenant API's are (`npm run record:examples`). */
export const SIGNED_EXAMPLES_FILE = path.join(__dirname, 'openapi-examples.json');
const EXAMPLES = recordedExamples as Record<string, RecordedExample>;
const recorded = (value: unknown) => ({ recorded: { summary: 'Recorded from a test run (ids, times and signatures replaced)', value } });

const COMMON: Record<'get' | 'post', SignedErrorLabel[]> = {
  get: ['MISSING_API_KEY', 'INVALID_API_KEY', 'UNAUTHORIZED', 'INVALID_IP', 'KYC_NOT_VERIFIED', 'API_NOT_AVAILABLE', 'RATE_LIMITED', 'INVALID_API_VERSION'],
  post: [
    'MISSING_API_KEY',
    'INVALID_API_KEY',
    'UNAUTHORIZED',
    'INVALID_IP',
    'KYC_NOT_VERIFIED',
    'API_NOT_AVAILABLE',
    'RATE_LIMITED',
    'MISSING_SIGNATURE',
    'INVALID_SIGNATURE',
    'INVALID_TIMESTAMP',
    'INVALID_RECV_WINDOW',
    'INVALID_BODY',
    'UNSUPPORTED_MEDIA_TYPE',
    'PAYLOAD_TOO_LARGE',
    'INVALID_API_VERSION',
  ],
};

/** The signed surface's own changes; none yet, so every version renders it the same. */
const SIGNED_CHANGES = VERSION_CHANGES.filter((c) => c.surface !== 'tenant');

export const V1Error = z
  .object({
    errorCode: z.number().int().openapi({ description: 'Numeric code; see the table in the description of this document.' }),
    errorLabel: z.enum(SIGNED_ERROR_LABELS as [SignedErrorLabel, ...SignedErrorLabel[]]),
    errorDescription: z.string(),
    reason: z.enum(ERROR_REASONS).openapi({ description: "A name narrower than `errorLabel`, shared with the tenant API's problems: the domain's own (`client_suspended`, `amount_precision`) or the label's." }),
  })
  .openapi('V1Error');

const errorTable = [
  '| HTTP | errorCode | errorLabel | reason | Condition |',
  '|---|---|---|---|---|',
  ...SIGNED_ERROR_LABELS.map((l) => `| ${SIGNED_ERRORS[l].status} | ${SIGNED_ERRORS[l].code} | ${l} | \`${SIGNED_ERRORS[l].reason}\` | ${SIGNED_ERRORS[l].when} |`),
].join('\n');

/** Narrower reasons the shared domain gives under a label (the others answer the label's own). */
const NARROWER: Partial<Record<SignedErrorLabel, ErrorReason[]>> = {
  INVALID_BODY: ['malformed_body'],
  UNKNOWN_PAIR: ['unknown_asset'],
  AMOUNT_OUT_OF_RANGE: ['amount_too_small', 'amount_malformed', 'amount_not_positive', 'amount_precision', 'amount_too_large'],
  QUOTE_USED: ['business_key_reused'],
  ACCOUNT_RESTRICTED: ['client_suspended', 'account_suspended', 'enterprise_suspended'],
  UNAUTHORIZED: ['client_closed', 'account_closed', 'enterprise_closed'],
};

/** The reasons a response with these labels can carry: the labels' own and the narrower ones under them. */
export const reasonsOf = (labels: SignedErrorLabel[]): ErrorReason[] => [...new Set(labels.flatMap((l) => [SIGNED_ERRORS[l].reason, ...(NARROWER[l] ?? [])]))].sort();

const DESCRIPTION = `Balances and conversions for business clients, authenticated with an API key and Ed25519 request signatures.

Every request sends the API key in \`x-apikey\`. Every POST also sends \`Content-Type: application/json\` and \`x-signature\`: the base64 of the 64-byte Ed25519 signature over the raw body bytes exactly as sent, made with the private key (PKCS#8 DER, base64) returned when the key was created. Every POST body carries \`timestamp\` (ms since the Unix epoch) and may carry \`recvWindow\` (ms, default 5000, at most 60000); a request is accepted only when \`timestamp < serverTime + 1000\` and \`serverTime - timestamp <= recvWindow\`.

Answers are rendered at a dated API version: the \`${VERSION_HEADER}\` request header's (one of ${API_VERSIONS.join(', ')}; an unknown one is 400 \`2007 INVALID_API_VERSION\` and nothing is done), else the version the API key was pinned to at its creation (\`api_version\` on the tenant API's API key resource). Every answer names its version in the \`${VERSION_HEADER}\` response header. The header is not covered by the signature, which is over the body bytes only; the version changes how an answer is written, never what a request does. This document describes ${LATEST_API_VERSION}. ${
  SIGNED_CHANGES.length ? `Changes: ${SIGNED_CHANGES.map((c) => `${c.version}: ${c.summary}`).join(' ')}` : 'The shapes of this surface are the same at every version so far.'
}

Every refusal has the body \`{errorCode, errorLabel, errorDescription, reason}\`; each response lists the reasons it can carry in \`x-reasons\`:

${errorTable}`;

/** The OpenAPI 3.1 document of the signed surface, generated from the same schemas that validate it. */
export function signedOpenApiDocument(routes: SignedRoute[], serverUrl: string) {
  const registry = new OpenAPIRegistry();
  registry.register('V1Error', V1Error);
  registerResponseHeaders(registry, [...EVERY_ANSWER, 'Retry-After', 'Idempotent-Replayed', 'X-Replayed']);
  registry.registerComponent('securitySchemes', 'apiKey', { type: 'apiKey', in: 'header', name: 'x-apikey', description: 'The API key, on every request.' });
  const apiVersion = registry.registerParameter(
    'CounterfoilVersion',
    z
      .enum(API_VERSIONS)
      .optional()
      .openapi({ param: { name: VERSION_HEADER, in: 'header' }, description: "The dated API version to answer at; default: the API key's pinned version. Not covered by the signature." }),
  );
  const signature = registry.registerParameter(
    'XSignature',
    z.string().openapi({ param: { name: 'x-signature', in: 'header' }, description: 'Base64 of the 64-byte Ed25519 signature over the raw body bytes.' }),
  );

  for (const route of routes) {
    const example = EXAMPLES[`${route.method.toUpperCase()} ${route.path}`];
    const responses: RouteConfig['responses'] = {
      200: {
        description: route.summary,
        headers: headerRefs([...EVERY_ANSWER, ...(route.method === 'post' ? ['Idempotent-Replayed', 'X-Replayed'] : [])]) as never,
        content: { 'application/json': { schema: route.response, ...(example?.response === undefined ? {} : { examples: recorded(example.response) }) } },
      },
    };
    const byStatus = new Map<number, SignedErrorLabel[]>();
    for (const label of new Set([...COMMON[route.method], ...route.errors, 'INTERNAL_ERROR' as const])) {
      const status = SIGNED_ERRORS[label].status;
      byStatus.set(status, [...(byStatus.get(status) ?? []), label]);
    }
    for (const [status, labels] of byStatus) {
      responses[status] = Object.assign(
        {
          description: `${labels.map((l) => `${SIGNED_ERRORS[l].code} ${l}`).join(' | ')}. Reasons: ${reasonsOf(labels).map((r) => `\`${r}\``).join(', ')}.`,
          headers: headerRefs([...EVERY_ANSWER, ...(status === 429 || status === 503 ? ['Retry-After'] : [])]) as never,
          content: { 'application/json': { schema: V1Error } },
        },
        { 'x-reasons': reasonsOf(labels) },
      );
    }
    registry.registerPath({
      method: route.method,
      path: route.path,
      operationId: route.operationId,
      summary: route.summary,
      description: route.description,
      tags: [route.path.startsWith('/v1/convert') ? 'Convert' : 'Account'],
      security: [{ apiKey: [] }],
      request: route.body
        ? {
            headers: [apiVersion, signature],
            body: { required: true, content: { 'application/json': { schema: route.body, ...(example?.request === undefined ? {} : { examples: recorded(example.request) }) } } },
          }
        : { headers: [apiVersion] },
      responses,
    });
  }

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Counterfoil signed API', version: '1', description: DESCRIPTION, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } },
    servers: [{ url: serverUrl, description: 'This deployment' }],
    security: [{ apiKey: [] }],
    tags: [
      { name: 'Account', description: "The key's account." },
      { name: 'Convert', description: 'Conversion pairs, quotes and exchanges.' },
    ],
  });
}
