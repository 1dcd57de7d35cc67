import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { notFound } from '../../errors';
import { BoundaryRef } from '../../domain/iam/present';
import { resolveBoundary } from '../../domain/iam/scopes';
import { CAPABILITIES, CAPABILITY_NAMES, capabilitiesAt, isCapability, setCapability } from '../../domain/capabilities';
import { auditedBy } from '../audit-trail';

export const CapabilityItemBody = z
  .object({
    name: z.enum(CAPABILITY_NAMES as [string, ...string[]]).openapi({
      description: Object.entries(CAPABILITIES).map(([name, d]) => `- \`${name}\`: ${d}`).join('\n'),
    }),
    enabled: z.boolean(),
  })
  .openapi('CapabilityItem');

export const listCapabilities = defineRoute({
  method: 'get',
  path: '/capabilities',
  operationId: 'listCapabilities',
  summary: 'Capabilities in force at a scope',
  description:
    'Every capability with its effective value at `scope_ref` (default: the caller’s enterprise): the client’s own setting, else the enterprise’s, else enabled.',
  tags: ['Capabilities'],
  auth: { kind: 'bearer', permission: 'capabilities.read' },
  query: z
    .object({ scope_ref: BoundaryRef.optional().openapi({ param: { name: 'scope_ref', in: 'query' }, description: 'Enterprise or client; default the caller’s enterprise.' }), ...pageQuery })
    .strict(),
  responses: { 200: { description: 'Capability items, by name.', schema: listOf(CapabilityItemBody, 'CapabilityList') } },
  errors: ['EdgeNotFound'],
  handler: async ({ query, caller, services, pager }) => {
    const scopeRef = query.scope_ref ?? caller.enterpriseRef;
    const fetch = async (after: string | null, limit: number) => {
      const path = await resolveBoundary(services.sql, caller, scopeRef);
      caller.require('capabilities.read', path, 'scope');
      const items = (await capabilitiesAt(services.sql, path)).filter((c) => !after || c.name > after);
      return items.slice(0, limit).map((c) => ({ id: c.name, ...c }));
    };
    return { body: await pager.list(query, caller, fetch, ({ name, enabled }) => ({ name, enabled })) };
  },
});

export const setClientCapability = defineRoute({
  method: 'put',
  path: '/clients/{client_id}/capabilities/{capability_name}',
  operationId: 'setClientCapability',
  summary: 'Switch a capability on or off for a client',
  description: 'The client’s setting overrides the enterprise’s. Routes that need a disabled capability answer 403 ForbiddenCapabilityScope for that client. Setting the current value again changes nothing.',
  tags: ['Capabilities'],
  auth: { kind: 'bearer', permission: 'capabilities.manage' },
  params: z.object({ client_id: Uuid, capability_name: z.string().max(100) }),
  body: z.object({ enabled: z.boolean() }).strict().openapi('CapabilitySetting'),
  responses: { 200: { description: 'The capability as now set for the client.', schema: CapabilityItemBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, body, caller, services, ctx }) => {
    const path = await resolveBoundary(services.sql, caller, `clients/${params.client_id}`, 'client');
    caller.require('capabilities.manage', path, 'client');
    if (!isCapability(params.capability_name)) throw notFound('capability');
    const audited = auditedBy(ctx, () => ({ status: 200, resourceRef: `clients/${params.client_id}` }));
    return { body: await setCapability(services.orm.em.fork(), caller, path, params.capability_name, body.enabled, audited) };
  },
});

export const capabilityRoutes: RouteDef[] = [listCapabilities, setClientCapability];
