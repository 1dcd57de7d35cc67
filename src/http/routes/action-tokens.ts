import { z } from '../../schema/zod';
import { defineRoute } from '../route';
import { Timestamp, Uuid } from '../../schema/common';
import {
  BATCH_ACTIONS,
  GOVERNED_ACTIONS,
  MAX_ACTION_TOKEN_TTL_SECONDS,
  approvalBatchRef,
  issueActionToken,
  type ActionTokenProof,
  type GovernedAction,
} from '../../auth/action-tokens';
import type Koa from 'koa';
import type { Caller } from '../../auth/caller';
import type { Services } from '../../services';
import { AppError, badRequest } from '../../errors';
import { passkeyRequired } from '../../domain/approvals/settings';
import { principalRef } from '../../domain/iam/present';
import { auditInTransaction } from '../audit-trail';

const governedList = Object.entries(GOVERNED_ACTIONS)
  .map(([action, what]) => `- \`${action}\`: ${what}`)
  .join('\n');

export const ActionName = z.enum(Object.keys(GOVERNED_ACTIONS) as [GovernedAction, ...GovernedAction[]]).openapi('GovernedAction', {
  description: `Actions that require an action token in X-Action-Token:\n${governedList}`,
});

export const ActionTokenBody = z
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

/** The approvals a bulk decision names (POST /approvals/decisions takes the same list). */
export const APPROVAL_BATCH_MAX = 100;
export const ApprovalBatch = z
  .object({
    decision: z.enum(['approve', 'reject']),
    approval_ids: z.array(Uuid).min(1).max(APPROVAL_BATCH_MAX),
  })
  .strict()
  .openapi('ApprovalBatchBinding');

/** resource_ref for one-resource actions, batch for batch actions: each other's field is refused where it does not belong. */
export function boundResource(body: { action: GovernedAction; resource_ref?: string; batch?: z.infer<typeof ApprovalBatch> }): string {
  if (BATCH_ACTIONS.has(body.action)) {
    if (!body.batch || body.resource_ref !== undefined) {
      throw badRequest(`Action ${body.action} binds to a batch: give batch, not resource_ref.`, [{ pointer: '/body/batch', detail: 'required for this action, with no resource_ref' }]);
    }
    return approvalBatchRef(body.batch.decision, body.batch.approval_ids);
  }
  if (!body.resource_ref || body.batch !== undefined) {
    throw badRequest(`Action ${body.action} binds to one resource: give resource_ref, not batch.`, [{ pointer: '/body/resource_ref', detail: 'required for this action, with no batch' }]);
  }
  return body.resource_ref;
}

export const createActionTokenRoute = defineRoute({
  method: 'post',
  path: '/action-tokens',
  operationId: 'createActionToken',
  summary: 'Issue an action token',
  description:
    'A short-lived (at most 5 minutes), single-use token bound to the caller (the subject of its access token), one governed action and one resource. ' +
    'A governed request without one is 428 EdgeActionTokenRequired; with one that is expired, already used, or bound to another subject, action or resource it is 403 EdgeForbidden. ' +
    'The token is spent when the governed request passes authentication, validation and the permission check, whatever the handler then answers; a retry needs a new token. ' +
    "While the enterprise's governance setting `passkey_step_up` is on, deciding approvals and creating API keys take a token from a passkey assertion only (POST /action-tokens/passkey-challenges, then POST /action-tokens/passkey): asking here is 403 `passkey_required`.\n\n" +
    `Governed actions:\n${governedList}`,
  tags: ['Tokens'],
  auth: { kind: 'bearer', permission: 'action_tokens.create' },
  body: z
    .object({
      action: ActionName,
      resource_ref: z
        .string()
        .regex(/^[a-z][a-z-]*\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a <collection>/<id> reference')
        .optional()
        .openapi({ example: 'service-accounts/0193a1c2-7f00-7abc-8def-0123456789ab', description: 'The resource the action acts on; required for every action but `approvals.decide_many`.' }),
      batch: ApprovalBatch.optional().openapi({ description: 'For `approvals.decide_many` only (and required there): the decision and the approvals it binds the token to, in any order.' }),
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
    const resourceRef = boundResource(body);
    if (await passkeyRequired(services.sql, caller.enterpriseId, body.action)) {
      throw new AppError('EdgeForbidden', `The enterprise requires a passkey for ${body.action}: answer a passkey challenge (POST /action-tokens/passkey-challenges) instead.`, {
        reason: 'passkey_required',
        extensions: { action: body.action, resource_ref: resourceRef },
      });
    }
    return issueAnswered(services, ctx, caller, { action: body.action, resourceRef, ttlSeconds: body.expires_in_seconds ?? services.config.actionTokenTtlSeconds });
  },
});

/**
 * Issues an action token and audits it in one transaction; the 201 answer both issuing routes give
 * (a plain request, or one proven by a passkey).
 */
export async function issueAnswered(
  services: Services,
  ctx: Koa.Context,
  caller: Caller,
  grant: { action: GovernedAction; resourceRef: string; ttlSeconds: number; proof?: ActionTokenProof },
) {
  const issued = await services.sql.begin(async (tx) => {
    const token = await issueActionToken(tx, caller, grant);
    await auditInTransaction(tx, ctx, { status: 201, resourceRef: grant.resourceRef });
    return token;
  });
  return {
    status: 201 as const,
    headers: { 'Cache-Control': 'no-store' },
    body: {
      id: issued.id,
      resource: 'action_token' as const,
      action: issued.action,
      resource_ref: issued.resourceRef,
      subject_ref: principalRef(caller.subject.kind, caller.subject.id),
      token: issued.token,
      expires_at: issued.expiresAt.toISOString(),
      created_at: issued.createdAt.toISOString(),
    },
  };
}

export const actionTokenRoutes = [createActionTokenRoute];
