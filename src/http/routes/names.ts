import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { lookupNames, NAMED_COLLECTIONS } from '../../domain/iam/names';

const NamedObjectRef = z
  .string()
  .regex(new RegExp(`^(${NAMED_COLLECTIONS.join('|')})/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`), `must be a <collection>/<id> reference to one of ${NAMED_COLLECTIONS.join(', ')}`)
  .openapi({ example: 'users/0193a1c2-7f00-7abc-8def-0123456789ab' });

export const lookupNamesRoute = defineRoute({
  method: 'post',
  path: '/names/lookup',
  operationId: 'lookupNames',
  summary: 'Names of people, clients, accounts, destinations and roles, by reference',
  description:
    'Display names and labels for up to 200 references in one request, so a screen listing records names every initiator, account and ' +
    'destination at once. Each reference needs the read permission of its collection at its scope; a reference out of reach or ' +
    'unknown is left out of the answer, as a read of it would be 404.',
  tags: ['Me'],
  auth: { kind: 'bearer', permission: 'me.read' },
  body: z.object({ refs: z.array(NamedObjectRef).min(1).max(200) }).strict().openapi('NameLookup'),
  responses: {
    200: {
      description: 'The names the caller may read, in the order asked.',
      schema: z.object({ items: z.array(z.object({ ref: z.string(), name: z.string() })) }).openapi('NameList'),
    },
  },
  handler: async ({ body, caller, services }) => ({ body: { items: await lookupNames(services.sql, caller, body.refs) } }),
});

export const nameRoutes: RouteDef[] = [lookupNamesRoute];
