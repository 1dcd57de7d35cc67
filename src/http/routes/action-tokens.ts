import { z } from '../../schema/zod';
import { defineRoute } from '../route';
import { Timestamp, Uuid } from '../../schema/common';
import { GOVERNED_ACTIONS, MAX_ACTION_TOKEN_TTL_SECONDS, actionTokenTtlSeconds, issueActionToken, type GovernedAction } from '../../auth/action-tokens';
import { principalRef } from '../../domain/iam/present';
import { auditInTransaction } from '../../domain/audit/entries';

const governedList = Object.entries(GOVERNED_ACTIONS)
  .map(([action, what]) => `- \`${action}\`: ${what}`)
  .join('\n');

const ActionName = z.enum(Object.keys(GOVERNED_ACTIONS) as [GovernedAction, ...GovernedAction[]]).openapi('GovernedAction', {
  description: `Actions that require an action token in X-Action-Token:\n${governedList}`,
});

const ActionTokenBody = z
  .object({
    id: Uuid,
    resource: z.literal('action_token'),
    action: ActionName,
    resource_ref: z.string(),
    subject_ref: z.string().openapi({ description: 'The principal the token is bound to (the subject of the access token that asked for it).' }),
    token: z.string().openapi({ description: 'Send as `X-Action-Token`; returned once, stored only as a hash.' }),
    expires_at: Timestamp,
    created_at: Timestamp,
  })
  .openapi('ActionToken');

export const createActionTokenRoute = defineRoute({
  method: 'post',
  path: '/action-tokens',
  operationId: 'createActionToken',
  summary: 'Issue an action token',
  description:
    'A short-lived (at most 5 minutes), single-use token bound to the caller (the subject of its access token), one governed action and one resource. ' +
    'A governed request without one is 428 EdgeActionTokenRequired; with one that is expired, already used, or bound to another subject, action or resource it is 403 EdgeForbidden. ' +
    'The token is spent when the governed request passes authentication, validation and the permission check, whatever the handler then answers; a retry needs a new token.\n\n' +
    `Governed actions:\n${governedList}`,
  tags: ['Tokens'],
  auth: { kind: 'bearer', permission: 'action_tokens.create' },
  body: z
    .object({
      action: ActionName,
      resource_ref: z
        .string()
        .regex(/^[a-z][a-z-]*\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a <collection>/<id> reference')
        .openapi({ example: 'service-accounts/0193a1c2-7f00-7abc-8def-0123456789ab' }),
      expires_in_seconds: z
        .number()
        .int()
        .min(1)
        .max(MAX_ACTION_TOKEN_TTL_SECONDS)
        .optional()
        .openapi({ description: 'Lifetime; default COUNTERFOIL_ACTION_TOKEN_TTL_SECONDS (300), at most 300.' }),
    })
    .strict()
    .openapi('ActionTokenCreate'),
  responses: { 201: { description: 'The action token (the token itself only in this answer).', schema: ActionTokenBody } },
  handler: async ({ body, caller, services, ctx }) => {
    const issued = await services.sql.begin(async (tx) => {
      const token = await issueActionToken(tx, caller, {
        action: body.action,
        resourceRef: body.resource_ref,
        ttlSeconds: body.expires_in_seconds ?? actionTokenTtlSeconds(),
      });
      await auditInTransaction(tx, ctx, { status: 201, resourceRef: body.resource_ref });
      return token;
    });
    return {
      status: 201,
      headers: { 'Cache-Control': 'no-store' },
      body: {
        id: issued.id,
        resource: 'action_token',
        action: issued.action,
        resource_ref: issued.resourceRef,
        subject_ref: principalRef(caller.subject.kind, caller.subject.id),
        token: issued.token,
        expires_at: issued.expiresAt.toISOString(),
        created_at: issued.createdAt.toISOString(),
      },
    };
  },
});

export const actionTokenRoutes = [createActionTokenRoute];
