import { z } from './zod';
import { ERROR_CODES } from '../errors';

export const Uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a lowercase UUID');
export const Timestamp = z.string().openapi({ format: 'date-time', example: '2026-11-21T10:00:00.000Z' });
export const ETag = z.string().openapi({ description: 'Strong entity tag; send it back in If-Match.', example: '"pD1l5bC3q8TzHkR2mXyA"' });
export const Ref = (collection: string) =>
  z.string().regex(new RegExp(`^${collection}/[0-9a-f-]{36}$`), `must be a ${collection}/<id> reference`).openapi({ example: `${collection}/0193a1c2-7f00-7abc-8def-0123456789ab` });

export const Problem = z
  .object({
    type: z.string().openapi({ format: 'uri' }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]]),
    reason: z.string().optional(),
    request_id: z.string(),
    errors: z.array(z.object({ pointer: z.string(), detail: z.string() })),
  })
  .catchall(z.unknown())
  .openapi('Problem', { description: 'RFC 9457 problem details; `code` is the error name.' });

/** Header parameters the seed names (IdempotencyKey, IfMatch, XActionToken). */
export const IdempotencyKeyHeader = z.string().max(255).openapi({
  param: { name: 'Idempotency-Key', in: 'header' },
  description: 'Client-chosen key: the first answer is replayed for 24 h to retries with the same body.',
});
export const IfMatchHeader = z.string().openapi({ param: { name: 'If-Match', in: 'header' }, description: 'ETag of the version being changed.' });
export const ActionTokenHeader = z.string().openapi({ param: { name: 'X-Action-Token', in: 'header' }, description: 'Single-use action token (POST /action-tokens).' });
