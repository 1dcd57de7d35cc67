import { z } from './zod';

/** Who did something, as every area's records and events describe it (auth/caller SubjectAttribution on the wire). */
const PrincipalRef = z.object({ id: z.string(), kind: z.string(), tenant_ref: z.string() });

/** An approver, with the service account the decision was made through (null: the person authenticated themselves). */
export const ApproverRefBody = PrincipalRef.extend({ actor: PrincipalRef.nullable().optional() }).openapi('ApproverRef', {
  description: 'A person who approved; `actor`: the service account the decision was made through, null when the person authenticated themselves.',
});

export const SubjectAttributionBody = z
  .object({
    authenticated_principal: PrincipalRef,
    subject: PrincipalRef,
    actor: PrincipalRef.nullable(),
    identity_source: z.string(),
    federation: z.object({ issuer: z.string(), subject: z.string() }).nullable(),
    enterprise_binding: z.object({ tenant_type: z.literal('enterprise'), topology_ref: z.string() }),
    initiated_by: PrincipalRef.nullable(),
    approved_by: z.array(ApproverRefBody).nullable(),
    compliance_released_by: z
      .array(ApproverRefBody)
      .optional()
      .openapi({ description: 'A withdrawal screening froze: the people whose compliance decision released it (docs/compliance.md).' }),
  })
  .openapi('SubjectAttribution');
