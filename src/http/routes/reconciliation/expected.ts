import { z } from '../../../schema/zod';
import { defineRoute } from '../../route';
import { Timestamp, Uuid } from '../../../schema/common';
import { listOf, pageQuery } from '../../pagination';
import { ExpectedPaymentBody } from '../../../domain/reconciliation/events';
import { cancelExpectedPayment, createExpectedPayment, listExpectedPayments, presentWithLines, requireExpectedPayment } from '../../../domain/reconciliation/expected';
import { Money, mustHold, requireAccount } from './shared';

/* Expected payments (docs/reconciliation.md, "Expected payments"): what an integrator says will arrive or leave, fulfilled by the statement. */

const Params = z.object({ expected_payment_id: Uuid });

export const createExpectedPaymentRoute = defineRoute({
  method: 'post',
  path: '/expected-payments',
  operationId: 'createExpectedPayment',
  summary: 'Declare a payment you expect on a reconciled account',
  description:
    'Every run of the account fulfils it from the statement: lines moving money the expected way, inside `window`, quoting `reference` (as their reference or in their remittance text) ' +
    'and naming `counterparty` where given, up to `amount_range.max`. `unreconciled` → `partially_reconciled` (below the minimum) → `reconciled` (within the range), each an event. ' +
    'A reference or a counterparty is required: an amount alone would match any payment.',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.manage' },
  idempotency: 'optional',
  body: z
    .object({
      account_id: Uuid,
      direction: z.enum(['credit', 'debit']),
      amount_range: z.object({ min: Money, max: Money }).strict(),
      window: z.object({ from: Timestamp, to: Timestamp }).strict(),
      reference: z.string().min(1).max(200).optional(),
      counterparty: z.string().min(1).max(200).optional(),
      description: z.string().max(500).default(''),
      metadata: z.record(z.string().max(40), z.string().max(500)).default({}),
    })
    .strict()
    .openapi('ExpectedPaymentCreate'),
  responses: { 201: { description: 'The expected payment, `unreconciled`.', schema: ExpectedPaymentBody } },
  errors: ['EdgeNotFound', 'EdgeUnprocessable'],
  handler: async ({ body, caller, services }) => {
    const account = await requireAccount(services, caller, body.account_id, 'reconciliation.manage');
    const row = await createExpectedPayment(services.sql, caller, account, {
      direction: body.direction,
      amountMin: body.amount_range.min,
      amountMax: body.amount_range.max,
      from: new Date(body.window.from),
      to: new Date(body.window.to),
      reference: body.reference ?? null,
      counterparty: body.counterparty ?? null,
      description: body.description,
      metadata: body.metadata,
    });
    return { status: 201, body: await presentWithLines(services.sql, row) };
  },
});

export const listExpectedPaymentsRoute = defineRoute({
  method: 'get',
  path: '/expected-payments',
  operationId: 'listExpectedPayments',
  summary: 'List expected payments',
  description: 'Newest first.',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.read' },
  query: z
    .object({
      account_id: Uuid.optional().openapi({ param: { name: 'account_id', in: 'query' } }),
      status: z.enum(['unreconciled', 'partially_reconciled', 'reconciled', 'cancelled']).optional().openapi({ param: { name: 'status', in: 'query' } }),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of expected payments.', schema: listOf(ExpectedPaymentBody, 'ExpectedPaymentList') } },
  handler: async ({ query, caller, services, pager }) => {
    // Enterprise-level objects: a caller without the permission at the enterprise sees none.
    const visible = caller.can('reconciliation.read', [caller.enterpriseRef]);
    const page = await pager.list(query, caller, async (after, limit) => (visible ? listExpectedPayments(services.sql, caller.enterpriseId, { accountId: query.account_id, status: query.status, after, limit }) : []), (e) => e);
    return { body: { ...page, items: await Promise.all(page.items.map((e) => presentWithLines(services.sql, e))) } };
  },
});

export const getExpectedPaymentRoute = defineRoute({
  method: 'get',
  path: '/expected-payments/{expected_payment_id}',
  operationId: 'getExpectedPayment',
  summary: 'Get an expected payment',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.read' },
  params: Params,
  responses: { 200: { description: 'The expected payment, with the lines that fulfilled it.', schema: ExpectedPaymentBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({ body: await presentWithLines(services.sql, await requireExpectedPayment(services.sql, caller, params.expected_payment_id, 'reconciliation.read')) }),
});

export const cancelExpectedPaymentRoute = defineRoute({
  method: 'post',
  path: '/expected-payments/{expected_payment_id}/cancel',
  operationId: 'cancelExpectedPayment',
  summary: 'Withdraw an expected payment',
  description: 'Only one no statement line has fulfilled (409 `expected_payment_fulfilled` otherwise).',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.manage' },
  params: Params,
  responses: { 200: { description: 'The expected payment, cancelled.', schema: ExpectedPaymentBody } },
  errors: ['EdgeNotFound', 'EdgeConflict'],
  reasons: { EdgeConflict: ['expected_payment_fulfilled'] },
  handler: async ({ params, caller, services }) => {
    mustHold(caller, 'reconciliation.manage');
    return { body: await presentWithLines(services.sql, await cancelExpectedPayment(services.sql, caller, params.expected_payment_id)) };
  },
});
