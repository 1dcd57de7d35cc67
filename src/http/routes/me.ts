import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Uuid } from '../../schema/common';
import { capabilitiesAt } from '../../domain/capabilities';
import { boundaryPath } from '../../domain/iam/scopes';
import { homeScopeOf, navigationOf } from '../../domain/iam/me';
import { PermissionName } from '../../domain/iam/present';
import { CapabilityItemBody } from './capabilities';

export const getMyCapabilities = defineRoute({
  method: 'get',
  path: '/me/capabilities',
  operationId: 'getMyCapabilities',
  summary: 'Capabilities in force where the caller belongs',
  description: 'Effective capabilities at the calling principal’s own scope (a user’s `scope_ref`, a service account’s `parent_ref`).',
  tags: ['Me'],
  auth: { kind: 'bearer', permission: 'me.read' },
  responses: {
    200: {
      description: 'The caller’s scope and its capabilities.',
      schema: z.object({ scope_ref: z.string(), items: z.array(CapabilityItemBody), next_page_token: z.null() }).openapi('MyCapabilities'),
    },
  },
  handler: async ({ caller, services }) => {
    const scopeRef = await homeScopeOf(services.sql, caller);
    return { body: { scope_ref: scopeRef, items: await capabilitiesAt(services.sql, boundaryPath(caller.enterpriseId, scopeRef)), next_page_token: null } };
  },
});

const NavigationBody = z
  .object({
    subject: z.object({ id: Uuid, kind: z.enum(['user', 'service_account']), tenant_ref: z.string() }),
    areas: z.array(
      z.object({
        area: z.string().openapi({ example: 'withdrawals' }),
        permissions: z.array(
          z.object({
            permission: PermissionName,
            description: z.string(),
            scopes: z.array(
              z.object({
                scope_ref: z.string(),
                scope_propagation: z.enum(['subtree', 'exact']),
                available: z.boolean().openapi({ description: 'False when every capability this permission needs is off at the scope.' }),
                disabled_capabilities: z.array(z.string()),
              }),
            ),
          }),
        ),
      }),
    ),
  })
  .openapi('Navigation');

export const getMyNavigation = defineRoute({
  method: 'get',
  path: '/me/navigation',
  operationId: 'getMyNavigation',
  summary: 'What the caller may do, and where',
  description: 'The caller’s active grants folded into areas → permissions → scopes, each scope marked with the capabilities switched off there.',
  tags: ['Me'],
  auth: { kind: 'bearer', permission: 'me.read' },
  responses: { 200: { description: 'The caller’s navigation.', schema: NavigationBody } },
  handler: async ({ caller, services }) => ({ body: await navigationOf(services.sql, caller) }),
});

export const meRoutes: RouteDef[] = [getMyCapabilities, getMyNavigation];
