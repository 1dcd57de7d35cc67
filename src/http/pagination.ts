import { z } from '../schema/zod';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** Shared list parameters. A `page_size` above 200 is coerced to 200 (as Google AIP-158 advises). */
export const pageQuery = {
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .transform((n) => Math.min(n ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE))
    .openapi({ param: { name: 'page_size', in: 'query' }, description: 'Items per page: default 50; values above 200 are coerced to 200.', example: 50 }),
  page_token: z
    .string()
    .max(512)
    .optional()
    .openapi({ param: { name: 'page_token', in: 'query' }, description: 'Opaque cursor from `next_page_token`: valid only on the list that issued it, for the same caller and the same filters; any other is 400 `invalid_page_token`.' }),
};

export function listOf<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({ items: z.array(item), next_page_token: z.string().nullable() })
    .openapi(name);
}
