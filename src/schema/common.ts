import { z } from './zod';

/** Shapes every layer describes its data with (event payloads, presenters, request bodies). */
export const Uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a lowercase UUID');
export const Timestamp = z.string().openapi({ format: 'date-time', example: '2026-11-21T10:00:00.000Z' });
export const ETag = z.string().openapi({ description: 'Strong entity tag; send it back in If-Match.', example: '"pD1l5bC3q8TzHkR2mXyA"' });
export const Ref = (collection: string) =>
  z.string().regex(new RegExp(`^${collection}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`), `must be a ${collection}/<id> reference`).openapi({ example: `${collection}/0193a1c2-7f00-7abc-8def-0123456789ab` });
/** A client or master account: `client-accounts/<id>` or `master-accounts/<id>`. */
export const AccountRef = z
  .string()
  .regex(/^(client-accounts|master-accounts)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a client-accounts/<id> or master-accounts/<id> reference')
  .openapi({ example: 'client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab' });
