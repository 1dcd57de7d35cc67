import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { notFound } from '../../errors';
import { pathOfRow } from '../../domain/funding/accounts';
import { depositForReturns, proposeDepositReturn } from '../../domain/deposits/return-propose';
import { getDepositReturn, presentDepositReturn, returnsOfDeposit } from '../../domain/deposits/return-store';
import { DepositReturnBody, DepositReturnReasonBody } from '../../domain/deposits/return-events';

export const returnDepositRoute = defineRoute({
  method: 'post',
  path: '/deposits/{deposit_id}/return',
  operationId: 'returnDeposit',
  summary: 'Return a credited deposit to its sender',
  description:
    'Pays all of what remains of a credited deposit (or `amount` of it) back to the sender, through the provider of the rail it came by. ' +
    'Consults the policy rules (family `deposit_return`, destination = `deposits/<id>`): a rule may deny it (422 `policy_denied`) or require approval ' +
    '(answer `pending_approval` with `approval_ref`; the initiator cannot approve when the rule says so). The amount is held on the account at once: ' +
    'a return never overdraws, so an account that no longer holds it is 422 `insufficient_funds` (409 `account_restricted` while a recall\'s shortfall is unpaid). ' +
    'The workflow `deposit-return/<id>` then pays it back and books a ledger reversal of the credit (`executed`; the deposit becomes `partially_reversed` or `reversed` ' +
    'with the return in `reversals`), or releases the hold (`rejected`, `expired`, `cancelled`, `failed`). More than remains (what was reversed and what open returns hold ' +
    'count against it) is 422 `reversal_exceeds_remaining` with `remaining`; a deposit that is not credited is 422 `deposit_not_credited`.',
  tags: ['Deposits'],
  auth: { kind: 'bearer', permission: 'deposits.return' },
  idempotency: 'required',
  answerInTransaction: true,
  params: z.object({ deposit_id: Uuid }),
  body: z
    .object({
      reason: DepositReturnReasonBody,
      amount: z.object({ currency: z.string().max(16), value: z.string().max(100) }).strict().optional().openapi({ description: 'Absent: all of what remains to return.' }),
    })
    .strict()
    .openapi('DepositReturnCreate'),
  responses: { 201: { description: 'The return, `pending_approval` or `executing`.', schema: DepositReturnBody } },
  errors: ['EdgeBadRequest', 'EdgeNotFound', 'EdgeConflict', 'EdgeUnprocessable', 'TemporarilyUnavailable'],
  handler: async ({ params, body, caller, services, idempotency }) => {
    const row = await proposeDepositReturn(services, caller, params.deposit_id, { reason: body.reason, amount: body.amount }, idempotency);
    return { status: 201, body: presentDepositReturn(row) };
  },
});

export const listDepositReturnsRoute = defineRoute({
  method: 'get',
  path: '/deposits/{deposit_id}/returns',
  operationId: 'listDepositReturns',
  summary: "List a deposit's returns to its sender",
  description: 'Every return an operator proposed, whatever became of it, oldest first; the executed ones are also in the deposit\'s `reversals`.',
  tags: ['Deposits'],
  auth: { kind: 'bearer', permission: 'funding.read' },
  params: z.object({ deposit_id: Uuid }),
  query: z.object({ ...pageQuery }).strict(),
  responses: { 200: { description: 'A page of returns, oldest first.', schema: listOf(DepositReturnBody, 'DepositReturnList') } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, query, caller, services, pager }) => {
    const deposit = await depositForReturns(services.sql, caller, params.deposit_id);
    return { body: await pager.list(query, caller, (after, limit) => returnsOfDeposit(services.sql, deposit.id, after, limit), presentDepositReturn) };
  },
});

export const getDepositReturnRoute = defineRoute({
  method: 'get',
  path: '/deposit-returns/{deposit_return_id}',
  operationId: 'getDepositReturn',
  summary: 'Get a deposit return',
  tags: ['Deposits'],
  auth: { kind: 'bearer', permission: 'funding.read' },
  params: z.object({ deposit_return_id: Uuid }),
  responses: { 200: { description: 'The return.', schema: DepositReturnBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => {
    const row = await getDepositReturn(services.sql, params.deposit_return_id);
    if (!row || row.enterprise_id !== caller.enterpriseId) throw notFound('deposit return');
    const [d] = await services.sql`select client_id from deposits where id = ${row.deposit_id}`;
    caller.require('funding.read', pathOfRow({ enterprise_id: row.enterprise_id, client_id: d.client_id, account_ref: row.account_ref }), 'deposit return');
    return { body: presentDepositReturn(row) };
  },
});

export const depositReturnRoutes: RouteDef[] = [returnDepositRoute, listDepositReturnsRoute, getDepositReturnRoute];
