import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { ETag, Ref, Timestamp, Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { assertIfMatch } from '../etag';
import { AppError } from '../../errors';
import { scopePathOf } from '../../auth/scope-paths';
import { formatAmount, parseAmount, assetOf } from '../../money/assets';
import { OPERATION_TYPES } from '../../domain/fees/engine';
import { getAgreement, issueAgreement, listAgreements, presentAgreement, quoteFees } from '../../domain/fees/agreements';
import { railProblem } from '../../domain/fees/schedule';
import { auditAlongside, auditRowAlongside } from '../audit-trail';

const Decimal = z.string().max(100).openapi({ description: 'Decimal string in the rule\'s asset, e.g. "1.50".', example: '1.50' });

const ServiceFeeRule = z
  .object({
    operation_type: z.enum(OPERATION_TYPES),
    asset: z.string().nullable().openapi({ description: 'Asset code; null applies to any asset (then only rate_bps may be set).' }),
    rail: z.string().nullable().openapi({ description: 'Crypto network or bank rail code; null applies to any rail.' }),
    fixed_fee: Decimal.nullable(),
    rate_bps: z.number().int().min(0).max(10_000).nullable().openapi({ description: 'Basis points of the principal, rounded up to the asset\'s minor unit.' }),
    min_fee: Decimal.nullable(),
    max_fee: Decimal.nullable(),
  })
  .strict()
  .openapi('ServiceFeeRule');

const NetworkFeeRule = z.object({ network: z.string(), asset: z.string(), amount: Decimal }).strict().openapi('NetworkFeeRule');

export const FeeScheduleBody = z
  .object({
    service_fees: z.array(ServiceFeeRule).max(200),
    network_fees: z.array(NetworkFeeRule).max(200),
    refund_on_return: z.enum(['never', 'full_return']).optional().openapi({
      description: 'When the rail returns a payout, are its fees refunded? `full_return`: once all of it came back; `never` (the default when neither this agreement nor the platform says).',
    }),
  })
  .strict()
  .openapi('FeeSchedule', {
    description: 'Rules layered on the platform schedule: for an operation, the most specific matching enterprise rule wins, else the platform\'s.',
  });

export const CommercialAgreementBody = z
  .object({
    id: Uuid,
    resource: z.literal('enterprise_commercial_agreement'),
    scope_ref: Ref('enterprises'),
    version: z.number().int().openapi({ description: 'Agreement version (1, 2, ...), recorded as enterprise_ca_version by fee previews and executed operations.' }),
    status: z.enum(['in_force', 'superseded']),
    fee_schedule: FeeScheduleBody,
    effective_from: Timestamp,
    superseded_at: Timestamp.nullable(),
    supersedes: z.string().nullable(),
    superseded_by: z.string().nullable(),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('EnterpriseCommercialAgreement');

const AgreementParams = z.object({ agreement_id: Uuid });

export const createAgreement = defineRoute({
  method: 'post',
  path: '/enterprise-commercial-agreements',
  operationId: 'createEnterpriseCommercialAgreement',
  summary: 'Issue a new commercial agreement version',
  description: 'The new version comes into force at once and the previous one is superseded in the same transaction; exactly one is in force.',
  tags: ['Commercial agreements'],
  auth: { kind: 'bearer', permission: 'fees.manage' },
  idempotency: 'optional',
  body: z.object({ scope_ref: Ref('enterprises'), fee_schedule: FeeScheduleBody }).strict().openapi('EnterpriseCommercialAgreementCreate'),
  responses: { 201: { description: 'The agreement now in force.', schema: CommercialAgreementBody } },
  errors: ['EdgeNotFound', 'EdgeGone', 'EdgeUnprocessable'],
  handler: async ({ body, caller, services, ctx }) => {
    caller.require('fees.manage', [body.scope_ref], 'enterprise');
    const row = await issueAgreement(
      services.sql,
      { enterpriseId: caller.enterpriseId, schedule: body.fee_schedule, attribution: caller.attribution() },
      auditRowAlongside(ctx, 201, 'enterprise-commercial-agreements'),
    );
    return { status: 201, body: presentAgreement(row) };
  },
});

export const listAgreementsRoute = defineRoute({
  method: 'get',
  path: '/enterprise-commercial-agreements',
  operationId: 'listEnterpriseCommercialAgreements',
  summary: 'List commercial agreement versions',
  tags: ['Commercial agreements'],
  auth: { kind: 'bearer', permission: 'fees.read' },
  query: z.object({ status: z.enum(['in_force', 'superseded']).optional().openapi({ param: { name: 'status', in: 'query' } }), ...pageQuery }).strict(),
  responses: { 200: { description: 'A page of agreements, oldest first.', schema: listOf(CommercialAgreementBody, 'EnterpriseCommercialAgreementList') } },
  handler: async ({ query, caller, services, pager }) => {
    const fetch = async (after: string | null, limit: number) =>
      caller.can('fees.read', [caller.enterpriseRef]) ? listAgreements(services.sql, { enterpriseId: caller.enterpriseId, status: query.status, after, limit }) : [];
    return { body: await pager.list(query, caller, fetch, presentAgreement) };
  },
});

export const getAgreementRoute = defineRoute({
  method: 'get',
  path: '/enterprise-commercial-agreements/{agreement_id}',
  operationId: 'getEnterpriseCommercialAgreement',
  summary: 'Get a commercial agreement version',
  tags: ['Commercial agreements'],
  auth: { kind: 'bearer', permission: 'fees.read' },
  params: AgreementParams,
  responses: { 200: { description: 'The agreement (in force or superseded).', schema: CommercialAgreementBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => {
    const row = await getAgreement(services.sql, params.agreement_id);
    caller.require('fees.read', [`enterprises/${row.enterprise_id}`], 'commercial agreement');
    return { body: presentAgreement(row) };
  },
});

export const supersedeAgreement = defineRoute({
  method: 'post',
  path: '/enterprise-commercial-agreements/{agreement_id}/supersede',
  operationId: 'supersedeEnterpriseCommercialAgreement',
  summary: 'Supersede the agreement in force with a new version',
  description:
    'Like creating a version, but only if this agreement is still the one in force (else 409 `agreement_not_in_force`); with If-Match, only if it is unchanged (else 412). Returns the new version.',
  tags: ['Commercial agreements'],
  auth: { kind: 'bearer', permission: 'fees.manage' },
  ifMatch: true,
  idempotency: 'optional',
  params: AgreementParams,
  body: z.object({ fee_schedule: FeeScheduleBody }).strict().openapi('EnterpriseCommercialAgreementSupersede'),
  responses: { 201: { description: 'The new agreement in force.', schema: CommercialAgreementBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeGone', 'EdgePreconditionFailed', 'EdgeUnprocessable'],
  handler: async ({ params, body, caller, services, ctx }) => {
    const current = await getAgreement(services.sql, params.agreement_id);
    caller.require('fees.manage', [`enterprises/${current.enterprise_id}`], 'commercial agreement');
    const row = await issueAgreement(
      services.sql,
      {
        enterpriseId: current.enterprise_id,
        schedule: body.fee_schedule,
        attribution: caller.attribution(),
        replaces: { id: current.id, assertCurrent: (r) => assertIfMatch(ctx, r) },
      },
      // Named after the superseded version, as the path names it.
      auditAlongside(ctx, 201, `enterprise-commercial-agreements/${params.agreement_id}`),
    );
    return { status: 201, body: presentAgreement(row) };
  },
});

const AmountAmount = z.object({ amount: z.string().max(100), currency: z.string().max(16) }).strict();

const FeePreviewBody = z
  .object({
    fee_preview: z.object({
      binding: z.literal('non_binding'),
      computed_at: Timestamp,
      operation_type: z.enum(OPERATION_TYPES),
      service_type: z.string().nullable(),
      subject_ref: z.string(),
      principal_amount: AmountAmount,
      enterprise_ca_version: z.number().int().openapi({ description: '0 when the enterprise has no agreement: platform schedule only.' }),
      platform_ca_version: z.number().int(),
      fee_summary: z.object({
        components: z.array(z.object({ type: z.enum(['network_fee', 'service_fee']), amount: AmountAmount, payee_ref: z.string().nullable() })),
        total: AmountAmount,
      }),
    }),
  })
  .openapi('FeePreview');

export const createFeePreview = defineRoute({
  method: 'post',
  path: '/fee-previews',
  operationId: 'createFeePreview',
  summary: 'Preview the fees of an operation',
  description:
    'Computed by the same engine that charges the executed operation, from the agreement in force. `service_type` names the rail: a crypto network (`ethereum`) or a bank rail (`sepa`); null for operations without one. Nothing is stored.',
  tags: ['Commercial agreements'],
  auth: { kind: 'bearer', permission: 'fees.read' },
  body: z
    .object({
      operation_type: z.enum(OPERATION_TYPES),
      service_type: z.string().max(32).nullable().optional(),
      principal_amount: AmountAmount,
      requested_at: Timestamp.optional(),
      settlement_amount: AmountAmount.nullable().optional(),
      subject_ref: z.string().max(80).openapi({ description: 'Account (or enterprise) the operation is for.' }),
    })
    .strict()
    .openapi('FeePreviewRequest'),
  responses: { 200: { description: 'The non-binding fee preview.', schema: FeePreviewBody } },
  errors: ['EdgeNotFound', 'EdgeUnprocessable'],
  handler: async ({ body, caller, services }) => {
    const path = await scopePathOf(services.sql, body.subject_ref);
    if (!path) throw new AppError('EdgeNotFound', 'The subject does not exist.');
    caller.require('fees.read', path, 'subject');
    const asset = assetOf(body.principal_amount.currency, '/body/principal_amount/currency');
    const amount = parseAmount(body.principal_amount.amount, asset, '/body/principal_amount/amount');
    const rail = body.service_type ?? null;
    const problem = rail === null ? null : railProblem(rail, asset.code);
    if (problem) throw new AppError('EdgeUnprocessable', `Invalid service_type: ${problem}.`, { errors: [{ pointer: '/body/service_type', detail: problem }] });
    const quote = await quoteFees(services.sql, { enterpriseId: caller.enterpriseId, operationType: body.operation_type, asset: asset.code, amount, rail });
    const amountOf = (minor: bigint) => ({ amount: formatAmount(minor, asset), currency: asset.code });
    return {
      body: {
        fee_preview: {
          binding: 'non_binding' as const,
          computed_at: new Date().toISOString(),
          operation_type: body.operation_type,
          service_type: rail,
          subject_ref: body.subject_ref,
          principal_amount: amountOf(amount),
          enterprise_ca_version: quote.enterpriseCaVersion,
          platform_ca_version: quote.platformCaVersion,
          fee_summary: {
            components: quote.components.map((c) => ({ type: c.type, amount: amountOf(c.amount), payee_ref: c.payeeRef })),
            total: amountOf(quote.total),
          },
        },
      },
    };
  },
});

export const feeRoutes: RouteDef[] = [createAgreement, listAgreementsRoute, getAgreementRoute, supersedeAgreement, createFeePreview];
