import { z } from '../../schema/zod';
import { defineEventType } from '../../events/catalogue';
import { ETag, Timestamp, Uuid } from '../../schema/common';
import { ApproverRefBody, SubjectAttributionBody } from '../../schema/attribution';

const PrincipalRefBody = z.object({ id: z.string(), kind: z.string(), tenant_ref: z.string() });



export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'expired', 'cancelled'] as const;

export const RequirementSnapshotBody = z
  .object({
    authority_ref: z.string().openapi({ description: 'The policy rule that required the approval (`policy-rules/<id>`), or for a policy change the enterprise\'s governance settings (`governance-settings/<enterprise id>`).' }),
    governed_ref: z.string(),
    expires_at: Timestamp,
    initiator_cannot_approve: z.boolean(),
    reason_code: z.string().openapi({ description: 'The first condition of the deciding rule (`amount_at_least`, `velocity`, ...), or `unconditional`.' }),
    required_human_approvals: z.number().int(),
    requirement_key: z.string().openapi({ description: '`policy-rules/<id>/v<version>`: the rule version the requirement came from.' }),
    source: z.enum(['policy', 'governance']).openapi({ description: '`policy`: a policy rule required it; `governance`: a policy change (docs/policy-changes.md).' }),
    approver_role_ref: z.string().openapi({ description: 'Holders of this role at the governed scope may approve.' }),
  })
  .openapi('ApprovalRequirementSnapshot');

export const ApprovalBody = z
  .object({
    id: Uuid,
    resource: z.literal('approval'),
    status: z.enum(APPROVAL_STATUSES).openapi({ description: 'pending → approved | rejected | expired | cancelled (all terminal).' }),
    action_family: z.string(),
    governed_ref: z.string(),
    operation_id: z.string(),
    scope_ref: z.string().openapi({ description: 'The governed account.' }),
    decision: z
      .object({
        outcome: z.enum(['approved', 'rejected', 'expired', 'cancelled']),
        decided_at: Timestamp,
        decided_by: PrincipalRefBody.nullable(),
        approved_by: z.array(ApproverRefBody),
      })
      .nullable()
      .openapi({ description: 'Null while pending.' }),
    votes: z.array(
      z.object({
        principal: PrincipalRefBody,
        actor: PrincipalRefBody.nullable().optional().openapi({ description: 'The service account the vote was cast through; null when the person authenticated themselves.' }),
        proof: z.enum(['sign_in', 'passkey', 'delegated']).optional().openapi({
          description: '`sign_in`: the person signed in themselves; `passkey`: a passkey assertion bound to this approval proved them; `delegated`: a delegate decided (only while the governance setting `delegated_approvals` is on).',
        }),
        verdict: z.enum(['approve', 'reject']),
        note: z.string().nullable().optional().openapi({ description: 'Why: the reason given with a rejection, or the comment given with an approval; null when none was given.' }),
        created_at: Timestamp,
      }),
    ),
    expires_at: Timestamp,
    initiated_by: SubjectAttributionBody,
    requirement_snapshot: RequirementSnapshotBody,
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('Approval');

const approvalEvent = (state: string, description: string) => defineEventType(`approvals.approval.${state}.v1`, description, ApprovalBody);

export const APPROVAL_EVENTS = {
  pending: approvalEvent('pending', 'A governed operation now waits for human approval.'),
  approved: approvalEvent('approved', 'The approval reached its quorum: the operation proceeds.'),
  rejected: approvalEvent('rejected', 'An eligible approver rejected the operation.'),
  expired: approvalEvent('expired', 'Nobody decided before expires_at: the operation expired.'),
  cancelled: approvalEvent('cancelled', 'The initiator (or a cancel of the operation) withdrew the approval.'),
} as const;
