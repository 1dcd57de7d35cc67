import { z } from '../../../schema/zod';
import { defineRoute } from '../../route';
import { Uuid } from '../../../schema/common';
import { listOf, pageQuery } from '../../pagination';
import { withOptimisticLock } from '../../etag';
import { notFound } from '../../../errors';
import { auditedAs } from '../../audit-trail';
import {
  findKycDecision,
  KycDecisionBody,
  listKycDecisions,
  presentKycDecision,
  recordKycDecision,
  type KycDecisionRow,
} from '../../../domain/clients/kyc';
import { authorizedClient } from '../../../domain/clients/clients';
import { signedApiCaches } from '../../signed/caches';

/* The operator's KYC decisions on a client (each overrides the KYC provider's last one). */

export const recordKycDecisionRoute = defineRoute({
  method: 'post',
  path: '/clients/{client_id}/kyc-decisions',
  operationId: 'recordKycDecision',
  summary: "Record a KYC decision for a client",
  description:
    "An operator records the outcome of the client's identity verification (whichever provider serves KYC; it overrides the provider's last decision). Sets the client's `kyc_status`: the signed API answers 9013 KYC_NOT_VERIFIED until it is `verified`. Needs an action token (`clients.record_kyc_decision`, resource `clients/<id>`). A closed client is 409.",
  tags: ['Clients'],
  auth: { kind: 'bearer', permission: 'kyc.decide' },
  actionToken: 'clients.record_kyc_decision',
  actionTokenResource: (p: { client_id: string }) => `clients/${p.client_id}`,
  idempotency: 'optional',
  params: z.object({ client_id: Uuid }),
  body: z
    .object({
      status: z.enum(['pending', 'verified', 'rejected']),
      reason: z.string().min(1).max(500).optional(),
      reference: z.string().min(1).max(200).optional().openapi({ description: "The verification provider's case or check reference." }),
    })
    .strict()
    .openapi('KycDecisionCreate'),
  responses: { 201: { description: 'The decision.', schema: KycDecisionBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeActionTokenRequired'],
  handler: async ({ params, body, caller, services, ctx }) => {
    const { decision } = await withOptimisticLock(() =>
      recordKycDecision(
        services.orm.em.fork(),
        {
          clientId: params.client_id,
          status: body.status,
          reason: body.reason ?? null,
          reference: body.reference ?? null,
          attribution: caller.attribution(),
          authorize: (c) => caller.require('kyc.decide', [`enterprises/${c.enterpriseId}`, `clients/${c.id}`], 'client'),
        },
        auditedAs<KycDecisionRow>(ctx, 201, 'kyc-decisions'),
      ),
    );
    signedApiCaches(services).invalidateStanding(); // the signed API of this process sees the change on its next request
    return { status: 201, body: presentKycDecision(decision) };
  },
});

export const listKycDecisionsRoute = defineRoute({
  method: 'get',
  path: '/clients/{client_id}/kyc-decisions',
  operationId: 'listKycDecisions',
  summary: "List a client's KYC decisions",
  description: "Every decision recorded for the client, by its KYC provider's connector or by an operator, oldest first; the last one set the client's `kyc_status`.",
  tags: ['Clients'],
  auth: { kind: 'bearer', permission: 'kyc.read' },
  params: z.object({ client_id: Uuid }),
  query: z.object({ ...pageQuery }).strict(),
  responses: { 200: { description: 'A page of decisions, oldest first.', schema: listOf(KycDecisionBody, 'KycDecisionList') } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, query, caller, services, pager }) => {
    const client = await authorizedClient(services.orm.em.fork(), caller, params.client_id, 'kyc.read');
    return { body: await pager.list(query, caller, (after, limit) => listKycDecisions(services.sql, client.id, after, limit), presentKycDecision) };
  },
});

export const getKycDecisionRoute = defineRoute({
  method: 'get',
  path: '/kyc-decisions/{kyc_decision_id}',
  operationId: 'getKycDecision',
  summary: 'Get a KYC decision',
  description: 'What `resource_ref: kyc-decisions/<id>` of a connector event or a `clients.kyc_decision.recorded.v1` event points to.',
  tags: ['Clients'],
  auth: { kind: 'bearer', permission: 'kyc.read' },
  params: z.object({ kyc_decision_id: Uuid }),
  responses: { 200: { description: 'The decision.', schema: KycDecisionBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => {
    const decision = await findKycDecision(services.sql, params.kyc_decision_id);
    if (!decision) throw notFound('KYC decision');
    caller.require('kyc.read', [`enterprises/${decision.enterprise_id}`, `clients/${decision.client_id}`], 'KYC decision');
    return { body: presentKycDecision(decision) };
  },
});
