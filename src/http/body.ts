import type Koa from 'koa';
import { AppError } from '../errors';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads the raw request body, refusing more than `limit` bytes (413) as early as the headers allow. */
export async function readRawBody(ctx: Koa.Context, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limit) throw new AppError('EdgePayloadTooLarge', `The request body exceeds ${limit} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      throw new AppError('EdgePayloadTooLarge', `The request body exceeds ${limit} bytes.`, {
        headers: { Connection: 'close' },
      });
    }
    chunks.push(chunk as Buffer);
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

export type BodyType = 'application/json' | 'application/x-www-form-urlencoded';

/** The request's media type without parameters (`application/json; charset=utf-8` → `application/json`), on both surfaces. */
export const mediaTypeOf = (ctx: Koa.Context): string => (ctx.get('content-type').split(';')[0] ?? '').trim().toLowerCase();

/**
 * Parses a body of one of the accepted media types. An empty body parses as `undefined` so that
 * routes without a body accept bare POSTs (`/suspend`, `/enable`).
 */
export async function parseBody(ctx: Koa.Context, accepted: BodyType[]): Promise<{ raw: Buffer; value: unknown }> {
  const raw = await readRawBody(ctx);
  if (raw.length === 0) return { raw, value: undefined };
  const mediaType = mediaTypeOf(ctx);
  if (!accepted.includes(mediaType as BodyType)) {
    throw new AppError('EdgeUnsupportedMediaType', `Content-Type must be one of: ${accepted.join(', ')}.`);
  }
  const text = raw.toString('utf8');
  if (mediaType === 'application/x-www-form-urlencoded') {
    return { raw, value: Object.fromEntries(new URLSearchParams(text)) };
  }
  try {
    return { raw, value: JSON.parse(text) };
  } catch {
    throw new AppError('EdgeBadRequest', 'The request body is not valid JSON.', {
      reason: 'malformed_body',
      errors: [{ pointer: '/body', detail: 'malformed JSON' }],
    });
  }
}
