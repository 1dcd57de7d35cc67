import { z } from '../../../schema/zod';
import { defineRoute } from '../../route';
import { AccountRef, ETag, Timestamp, Uuid } from '../../../schema/common';
import { listOf, pageQuery } from '../../pagination';
import { assertIfMatch } from '../../etag';
import { RAIL_CODES } from '../../../reference/bank-rails';
import {
  createPayoutMethod,
  disablePayoutMethod,
  getPayoutMethod,
  listPayoutMethods,
  presentPayoutMethod,
} from '../../../domain/catalogue/payout-methods';
import { pathOfRow, requireAccount, visibility } from '../../../domain/funding/accounts';
import { auditRowAlongside } from '../../audit-trail';

/* The payout methods an account keeps (beneficiary bank accounts): the catalogue's only writes. */

const BeneficiaryBody = z
  .object({
    name: z.string().min(1).max(140),
    iban: z.string().max(42).optional(),
    bic: z.string().max(11).optional(),
    account_number: z.string().max(34).optional(),
    routing_number: z.string().max(9).optional(),
    account_type: z.enum(['checking', 'savings']).optional(),
    sort_code: z.string().max(8).optional(),
  })
  .strict()
  .openapi('PayoutBeneficiary', { description: 'Beneficiary bank details; which fields apply depends on the rail (see the payment method\'s beneficiary_fields).' });

const PayoutMethodBody = z
  .object({
    id: Uuid,
    resource: z.literal('payout_method'),
    account_ref: z.string(),
    payment_method_id: Uuid,
    rail: z.enum(RAIL_CODES),
    currency: z.string(),
    label: z.string(),
    beneficiary: BeneficiaryBody,
    status: z.enum(['active', 'disabled']),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('PayoutMethod');

export const createPayoutMethodRoute = defineRoute({
  method: 'post',
  path: '/payout-methods',
  operationId: 'createPayoutMethod',
  summary: 'Add a payout method to an account',
  description: 'A beneficiary bank account the account can pay out to. Bank details are checked for the rail (IBAN mod-97, BIC, ABA routing checksum, UK sort code); invalid ones are 422 naming the field.',
  tags: ['Payout methods'],
  auth: { kind: 'bearer', permission: 'clients.manage' },
  idempotency: 'optional',
  body: z
    .object({
      account_ref: AccountRef,
      rail: z.enum(RAIL_CODES),
      currency: z.string().max(16),
      label: z.string().min(1).max(100),
      beneficiary: BeneficiaryBody,
    })
    .strict()
    .openapi('PayoutMethodCreate'),
  responses: { 201: { description: 'The payout method.', schema: PayoutMethodBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeGone', 'EdgeUnprocessable'],
  handler: async ({ body, caller, services, ctx }) => {
    const account = await requireAccount(services.sql, caller, body.account_ref, 'clients.manage');
    const row = await createPayoutMethod(
      services.sql,
      { account, rail: body.rail, currency: body.currency, label: body.label, beneficiary: body.beneficiary, attribution: caller.attribution() },
      auditRowAlongside(ctx, 201, 'payout-methods'),
    );
    return { status: 201, body: presentPayoutMethod(row) };
  },
});

export const listPayoutMethodsRoute = defineRoute({
  method: 'get',
  path: '/payout-methods',
  operationId: 'listPayoutMethods',
  summary: 'List payout methods',
  tags: ['Payout methods'],
  auth: { kind: 'bearer', permission: 'catalogue.read' },
  query: z
    .object({
      account_ref: AccountRef.optional().openapi({ param: { name: 'account_ref', in: 'query' } }),
      status: z.enum(['active', 'disabled']).optional().openapi({ param: { name: 'status', in: 'query' } }),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of payout methods.', schema: listOf(PayoutMethodBody, 'PayoutMethodList') } },
  errors: ['EdgeNotFound'],
  handler: async ({ query, caller, services, pager }) => {
    if (query.account_ref) await requireAccount(services.sql, caller, query.account_ref, 'catalogue.read');
    const visible = visibility(caller, 'catalogue.read');
    const fetch = (after: string | null, limit: number) =>
      listPayoutMethods(services.sql, { enterpriseId: caller.enterpriseId, visible, accountRef: query.account_ref, status: query.status, after, limit });
    return { body: await pager.list(query, caller, fetch, presentPayoutMethod) };
  },
});

const PayoutParams = z.object({ payout_method_id: Uuid });

export const getPayoutMethodRoute = defineRoute({
  method: 'get',
  path: '/payout-methods/{payout_method_id}',
  operationId: 'getPayoutMethod',
  summary: 'Get a payout method',
  tags: ['Payout methods'],
  auth: { kind: 'bearer', permission: 'catalogue.read' },
  params: PayoutParams,
  responses: { 200: { description: 'The payout method.', schema: PayoutMethodBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => {
    const row = await getPayoutMethod(services.sql, params.payout_method_id);
    caller.require('catalogue.read', pathOfRow(row), 'payout method');
    return { body: presentPayoutMethod(row) };
  },
});

export const disablePayoutMethodRoute = defineRoute({
  method: 'post',
  path: '/payout-methods/{payout_method_id}/disable',
  operationId: 'disablePayoutMethod',
  summary: 'Disable a payout method',
  description: 'active → disabled (terminal); already disabled is 409 `payout_method_disabled`.',
  tags: ['Payout methods'],
  auth: { kind: 'bearer', permission: 'clients.manage' },
  ifMatch: true,
  params: PayoutParams,
  responses: { 200: { description: 'The disabled payout method.', schema: PayoutMethodBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeGone', 'EdgePreconditionFailed'],
  handler: async ({ params, caller, services, ctx }) => {
    const existing = await getPayoutMethod(services.sql, params.payout_method_id);
    caller.require('clients.manage', pathOfRow(existing), 'payout method');
    const row = await disablePayoutMethod(services.sql, existing.id, {
      assertCurrent: (r) => assertIfMatch(ctx, r),
      attribution: caller.attribution(),
      alongside: auditRowAlongside(ctx, 200, 'payout-methods'),
    });
    return { body: presentPayoutMethod(row) };
  },
});
