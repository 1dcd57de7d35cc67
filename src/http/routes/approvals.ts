import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import {
  APPROVAL_STATUSES,
  ApprovalBody,
  cancelApproval,
  decideApproval,
  decideApprovalsInBulk,
  eligibleApprovers,
  listApprovals,
  presentApproval,
  readApproval,
  viewApproval,
} from '../../domain/approvals';
import { ACTION_FAMILIES } from '../../domain/policies';
import { GOVERNANCE_FAMILIES } from '../../domain/approvals/messages';
import { writeItemEntry } from '../../domain/audit/entries';
import { auditedPerItem, carriedEntry, itemEntry } from '../audit-trail';
import { approvalBatchRef } from '../../auth/action-tokens';
import { unprocessable } from '../../errors';
import { Problem } from '../schemas';
import { problemBody } from '../problem';
import { APPROVAL_BATCH_MAX } from './action-tokens';

const ApprovalParams = z.object({ approval_id: Uuid });

const Note = z.string().trim().min(1).max(1000);

/** Why the person decides so: a reason with a rejection, an optional comment with an approval (votes[].note). */
const DecisionNote = {
  approve: z
    .object({ comment: Note.optional().openapi({ description: 'An optional comment, kept with the vote (`votes[].note`).' }) })
    .strict()
    .optional()
    .openapi('ApprovalApproveRequest'),
  reject: z
    .object({ reason: Note.optional().openapi({ description: 'Why it is rejected, kept with the vote (`votes[].note`) and shown with the approval. The console always asks for one.' }) })
    .strict()
    .optional()
    .openapi('ApprovalRejectRequest'),
};

export const listApprovalsRoute = defineRoute({
  method: 'get',
  path: '/approvals',
  operationId: 'listApprovals',
  summary: 'List approvals',
  tags: ['Approvals'],
  auth: { kind: 'bearer', permission: 'approvals.read' },
  query: z
    .object({
      scope_ref: z.string().max(200).optional().openapi({ param: { name: 'scope_ref', in: 'query' }, description: 'Approvals of operations at or below this scope (enterprise, client or account).' }),
      status: z.enum(APPROVAL_STATUSES).optional().openapi({ param: { name: 'status', in: 'query' } }),
      action_family: z.enum([...ACTION_FAMILIES, ...GOVERNANCE_FAMILIES]).optional().openapi({ param: { name: 'action_family', in: 'query' } }),
      decidable: z
        .enum(['true', 'false'])
        .optional()
        .openapi({
          param: { name: 'decidable', in: 'query' },
          description:
            '`true`: only what waits for the caller\'s decision — pending and unexpired, the caller an eligible approver (the approving role and `approvals.decide` at the governed scope), not the initiator a rule bars, no vote cast yet. Empty for a service account: only people decide.',
        }),
      ...pageQuery,
    })
    .strict(),
  conditional: true,
  responses: {
    200: {
      description: 'A page of approvals. Its ETag (weak, of this answer) lets a poller ask with If-None-Match whether anything changed.',
      schema: listOf(ApprovalBody, 'ApprovalList'),
    },
    304: { description: 'Nothing changed since the answer whose ETag If-None-Match names: no body.' },
  },
  handler: async ({ query, caller, services, pager }) => {
    return { body: await pager.list(query, caller, (after, limit) => listApprovals(services.sql, caller, {
      scopeRef: query.scope_ref,
      status: query.status,
      actionFamily: query.action_family,
      decidable: query.decidable === 'true',
      after,
      limit,
    }), (r) => presentApproval(r, r.votes)) };
  },
});

export const getApprovalRoute = defineRoute({
  method: 'get',
  path: '/approvals/{approval_id}',
  operationId: 'getApproval',
  summary: 'Get an approval',
  tags: ['Approvals'],
  auth: { kind: 'bearer', permission: 'approvals.read' },
  params: ApprovalParams,
  responses: { 200: { description: 'The approval.', schema: ApprovalBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => {
    await readApproval(services.sql, caller, params.approval_id);
    return { body: await viewApproval(services.sql, params.approval_id) };
  },
});

const DECISION_DESCRIPTION =
  'Only a human decides: a user token (403 `human_approval_required`) holding the approving role at the governed scope (403 `not_an_eligible_approver`); ' +
  'the initiator is refused when the rule bars it (403 `initiator_cannot_approve`). A decided or expired approval is 409 (`approval_<status>`). ' +
  'Needs an action token (`X-Action-Token`) for the action named below, bound to `approvals/<id>`. The decision is delivered to the governed workflow as a validated Update; the answer is the approval as the workflow accepted it. ' +
  'A decision the workflow took but could not record within 8 s (a database failover) is 503 `decision_in_progress`: read the approval a moment later, and decide again (with a new action token) only if it is still pending without the vote.';

function decisionRoute(verdict: 'approve' | 'reject') {
  return defineRoute({
    method: 'post',
    path: `/approvals/{approval_id}/${verdict}`,
    operationId: `${verdict}Approval`,
    summary: verdict === 'approve' ? 'Approve a governed operation' : 'Reject a governed operation',
    description:
      verdict === 'approve'
        ? `Counts the caller towards the quorum (a second approval by the same user counts once); at the quorum the approval is \`approved\` and the operation proceeds. The body's optional \`comment\` is kept with the vote. ${DECISION_DESCRIPTION} Action: \`approvals.approve\`.`
        : `One rejection rejects: the approval is \`rejected\` and the operation ends \`rejected\`, its hold released. The body's \`reason\` is kept with the vote. ${DECISION_DESCRIPTION} Action: \`approvals.reject\`.`,
    tags: ['Approvals'],
    auth: { kind: 'bearer', permission: 'approvals.decide' },
    actionToken: verdict === 'approve' ? 'approvals.approve' : 'approvals.reject',
    actionTokenResource: (p: { approval_id: string }) => `approvals/${p.approval_id}`,
    params: ApprovalParams,
    body: DecisionNote[verdict],
    responses: { 200: { description: 'The approval after the decision.', schema: ApprovalBody } },
    errors: ['EdgeNotFound', 'EdgeForbidden', 'EdgeConflict', 'EdgeActionTokenRequired', 'TemporarilyUnavailable'],
    // The workflow's activity commits the entry (carried by the Update) with the vote or the decision.
    handler: async ({ params, body, caller, services, ctx }) => {
      const note = body && ('reason' in body ? body.reason : 'comment' in body ? body.comment : undefined);
      return { body: await decideApproval(services, caller, params.approval_id, verdict, carriedEntry(ctx, 200), ctx.state.actionTokenProof, note) };
    },
  });
}

const BulkDecisionBody = z
  .object({
    resource: z.literal('approval_decision_batch'),
    decision: z.enum(['approve', 'reject']),
    results: z.array(
      z.object({
        approval_id: Uuid,
        status: z.number().int().openapi({ description: 'What the decision alone would have answered: 200, or the problem\'s status.' }),
        approval: ApprovalBody.nullable().openapi({ description: 'The approval after the decision (status 200); null otherwise.' }),
        problem: Problem.nullable().openapi({ description: 'Why this approval was not decided; null on 200. An approval that does not exist or is out of the caller\'s scope is 404 alike.' }),
      }),
    ),
  })
  .openapi('ApprovalDecisionBatch');

export const decideApprovalsRoute = defineRoute({
  method: 'post',
  path: '/approvals/decisions',
  operationId: 'decideApprovals',
  summary: 'Approve or reject several approvals at once',
  description:
    `Up to ${APPROVAL_BATCH_MAX} approvals, one decision, one action token: \`approvals.decide_many\` issued with \`batch\` = this body's decision and ids (any order; the token binds the sorted list). ` +
    'Each approval is decided exactly as POST /approvals/{id}/approve|reject would decide it alone, in the order listed; a refusal of one does not stop the others. ' +
    'The answer is 200 with a result per id: `status` 200 and the approval, or the problem the single decision would have answered (404 for an approval that is missing or out of scope, 403, 409). ' +
    'A repeated id is 422. Each decision leaves its own audit entry naming the approval.',
  tags: ['Approvals'],
  auth: { kind: 'bearer', permission: 'approvals.decide' },
  actionToken: 'approvals.decide_many',
  actionTokenResource: (_p: unknown, body: { decision: 'approve' | 'reject'; approval_ids: string[] }) => approvalBatchRef(body.decision, body.approval_ids),
  body: z
    .object({
      decision: z.enum(['approve', 'reject']),
      approval_ids: z.array(Uuid).min(1).max(APPROVAL_BATCH_MAX),
    })
    .strict()
    .openapi('ApprovalDecisionBatchRequest'),
  responses: { 200: { description: 'A result per approval, in the order given.', schema: BulkDecisionBody } },
  errors: ['EdgeForbidden', 'EdgeUnprocessable', 'EdgeActionTokenRequired'],
  handler: async ({ body, caller, services, ctx, requestId }) => {
    const seen = new Set<string>();
    body.approval_ids.forEach((id, i) => {
      if (seen.has(id.toLowerCase())) throw unprocessable('An approval is listed twice.', [{ pointer: `/body/approval_ids/${i}`, detail: 'repeated' }]);
      seen.add(id.toLowerCase());
    });
    const results = await decideApprovalsInBulk(services, caller, body.approval_ids, body.decision, (id) => ({
      entry: itemEntry(ctx, 200, null, `approvals/${id}`),
      committed: () => undefined,
    }), ctx.state.actionTokenProof);
    // A refused item's entry is written here; a decided one's was committed with its vote.
    for (const r of results) if ('error' in r) await writeItemEntry(services.sql, itemEntry(ctx, r.error.status, r.error.code, `approvals/${r.approvalId}`));
    auditedPerItem(ctx);
    return {
      body: {
        resource: 'approval_decision_batch' as const,
        decision: body.decision,
        results: results.map((r) =>
          'error' in r
            ? { approval_id: r.approvalId, status: r.error.status, approval: null, problem: problemBody(r.error, requestId) }
            : { approval_id: r.approvalId, status: 200, approval: r.approval, problem: null },
        ),
      },
    };
  },
});

export const cancelApprovalRoute = defineRoute({
  method: 'post',
  path: '/approvals/{approval_id}/cancel',
  operationId: 'cancelApproval',
  summary: 'Cancel a pending approval (the initiator)',
  description: 'Only the initiator of the governed operation (403 `not_initiator`); the operation ends `cancelled` and its hold is released. A decided or expired approval is 409. A cancellation not recorded within 8 s (a database failover) is 503 `decision_in_progress`: read the approval a moment later.',
  tags: ['Approvals'],
  auth: { kind: 'bearer', permission: 'approvals.read' },
  params: ApprovalParams,
  responses: { 200: { description: 'The cancelled approval.', schema: ApprovalBody } },
  errors: ['EdgeNotFound', 'EdgeForbidden', 'EdgeConflict', 'TemporarilyUnavailable'],
  // The workflow's activity commits the entry (carried by the Update) with the cancellation.
  handler: async ({ params, caller, services, ctx }) => ({ body: await cancelApproval(services, caller, params.approval_id, carriedEntry(ctx, 200)) }),
});

const EligibleApproverBody = z
  .object({ id: Uuid, resource: z.literal('human_actor'), principal_ref: z.string(), display_name: z.string(), email: z.string() })
  .openapi('EligibleApprover');

export const eligibleApproversRoute = defineRoute({
  method: 'get',
  path: '/approvals/{approval_id}/eligible-approvers',
  operationId: 'listEligibleApprovers',
  summary: 'Users who may decide an approval',
  description: 'Active users holding the approving role through an active assignment that covers the governed account, minus the initiator when the rule bars it.',
  tags: ['Approvals'],
  auth: { kind: 'bearer', permission: 'approvals.read' },
  params: ApprovalParams,
  responses: { 200: { description: 'The eligible approvers.', schema: z.object({ items: z.array(EligibleApproverBody) }).openapi('EligibleApproverList') } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => {
    const approval = await readApproval(services.sql, caller, params.approval_id);
    const users = await eligibleApprovers(services.sql, approval);
    return {
      body: { items: users.map((u) => ({ id: u.id, resource: 'human_actor' as const, principal_ref: `users/${u.id}`, display_name: u.display_name, email: u.email })) },
    };
  },
});

export const approvalRoutes: RouteDef[] = [
  listApprovalsRoute,
  getApprovalRoute,
  decideApprovalsRoute,
  decisionRoute('approve'),
  decisionRoute('reject'),
  cancelApprovalRoute,
  eligibleApproversRoute,
];
