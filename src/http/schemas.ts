import { z } from '../schema/zod';
import { ERROR_CODES, ERROR_REASONS } from '../errors';

export const Problem = z
  .object({
    type: z.string().openapi({
      format: 'uri-reference',
      description: "The problem's page in this API's reference, relative to the API's base URL (`/docs/problems/<code>`).",
      example: '/docs/problems/EdgeNotFound',
    }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]]),
    reason: z.enum(ERROR_REASONS).openapi({
      description: 'A name narrower than `code`, for clients to branch on: on every problem, the generic one of its code when nothing narrower applies (docs/errors.md).',
    }),
    request_id: z.string(),
    errors: z.array(z.object({ pointer: z.string(), detail: z.string() })),
  })
  .catchall(z.unknown())
  .openapi('Problem', { description: 'RFC 9457 problem details; `code` is the error name.' });

/** Header parameters the tenant API contract names (IdempotencyKey, IfMatch, XActionToken). */
export const IdempotencyKeyHeader = z.string().max(255).openapi({
  param: { name: 'Idempotency-Key', in: 'header' },
  description: 'Client-chosen key: the first answer is replayed for 24 h to retries with the same body.',
});
export const IfMatchHeader = z.string().openapi({ param: { name: 'If-Match', in: 'header' }, description: 'ETag of the version being changed.' });
export const IfNoneMatchHeader = z
  .string()
  .openapi({ param: { name: 'If-None-Match', in: 'header' }, description: 'ETag of the answer already held: 304 when nothing changed since.' });
export const ActionTokenHeader = z.string().openapi({ param: { name: 'X-Action-Token', in: 'header' }, description: 'Single-use action token (POST /action-tokens).' });
