import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Timestamp, Uuid } from '../../schema/common';
import { AppError, notFound } from '../../errors';
import { uuidv7 } from '../../ids';
import { formatAmount } from '../../money/assets';
import { ReturnReasonBody } from '../../schema/returns';
import { findWithdrawal, presentWithdrawal, returnWithdrawal, WithdrawalRecordBody } from '../../domain/withdrawals';
import { OffRampSessionBody, presentOffRamp, requireOffRamp, returnOffRamp } from '../../domain/ramps';
import { getDeposit } from '../../domain/deposits/deposits';
import { reverseDeposit } from '../../domain/deposits/reversal';
import { DepositBody } from '../../domain/funding/events';
import { presentDeposit } from '../../domain/funding/present';
import { pathOfRow } from '../../domain/funding/accounts';

/*
 * The sandbox's rails send money back (docs/returns-and-reversals.md): what a connector's
 * `payout.returned` and `deposit.reversed` events do, driven by hand. Absent (404) outside sandbox mode.
 */

const Amount = z.object({ currency: z.string().min(1).max(16), value: z.string().max(100) }).strict();

const SimulatedReturn = (what: string) =>
  z
    .object({
      return_id: z.string().min(1).max(200).optional().openapi({ description: `The rail's id of the return (a new one when absent); the same id again books nothing.` }),
      amount: Amount.optional().openapi({ description: `What comes back; absent: all that is left of the ${what}.` }),
      reason: ReturnReasonBody,
      occurred_at: Timestamp.optional(),
    })
    .strict();

const sandboxOnly = (mode: string, path: string) => {
  if (mode !== 'sandbox') throw new AppError('EdgeNotFound', `No route matches POST ${path}.`);
};

/** The rest of a record when the simulation names no amount. */
const rest = (currency: string, principal: string, returned: string, format: (minor: bigint) => string) => ({ currency, value: format(BigInt(principal) - BigInt(returned)) });

export const simulateWithdrawalReturn = defineRoute({
  method: 'post',
  path: '/sandbox/withdrawals/{withdrawal_id}/return',
  operationId: 'simulateWithdrawalReturn',
  summary: 'Simulate the rail returning a settled withdrawal (sandbox only)',
  description:
    'The rail sends back `amount` (absent: all that is left) of an `executed` or `partially_returned` withdrawal: the ledger credits it to the account as a reversal linked to the settlement, and the withdrawal becomes `partially_returned` or `returned`. An unsettled withdrawal is 422 `payout_not_settled`; more than is left, 422 `reversal_exceeds_remaining`.',
  tags: ['Sandbox'],
  auth: { kind: 'bearer', permission: 'sandbox.control' },
  params: z.object({ withdrawal_id: Uuid }),
  body: SimulatedReturn('withdrawal').openapi('SandboxPayoutReturn'),
  responses: { 200: { description: 'The withdrawal, returned.', schema: WithdrawalRecordBody } },
  errors: ['EdgeNotFound', 'EdgeUnprocessable'],
  handler: async ({ params, body, caller, services, ctx }) => {
    sandboxOnly(services.config.mode, ctx.path);
    const w = await findWithdrawal(services.sql, params.withdrawal_id);
    if (!w || w.enterprise_id !== caller.enterpriseId) throw notFound('withdrawal');
    caller.require('sandbox.control', w.scope_path, 'withdrawal');
    const r = await returnWithdrawal(
      services.sql,
      caller.enterpriseId,
      w.id,
      {
        externalId: body.return_id ?? uuidv7(),
        amount: body.amount ?? rest(w.asset, w.amount, w.returned_amount, (m) => formatAmount(m, w.asset)),
        reason: body.reason,
        occurredAt: body.occurred_at ? new Date(body.occurred_at) : new Date(),
      },
      services.metrics,
    );
    return { body: presentWithdrawal(r.withdrawal) };
  },
});

export const simulateOffRampReturn = defineRoute({
  method: 'post',
  path: '/sandbox/off-ramp-sessions/{session_id}/return',
  operationId: 'simulateOffRampReturn',
  summary: 'Simulate the bank rail returning a completed off-ramp payout (sandbox only)',
  description:
    'The bank rail sends back `amount` (absent: all that is left) of a `completed` or `partially_returned` session\'s fiat payout: the ledger credits the fiat to the account as a reversal linked to the session\'s exchange, and the session becomes `partially_returned` or `returned`. The conversion is not undone.',
  tags: ['Sandbox'],
  auth: { kind: 'bearer', permission: 'sandbox.control' },
  params: z.object({ session_id: Uuid }),
  body: SimulatedReturn('payout').openapi('SandboxOffRampReturn'),
  responses: { 200: { description: 'The session, returned.', schema: OffRampSessionBody } },
  errors: ['EdgeNotFound', 'EdgeUnprocessable'],
  handler: async ({ params, body, caller, services, ctx }) => {
    sandboxOnly(services.config.mode, ctx.path);
    const s = await requireOffRamp(services.sql, caller, params.session_id, 'sandbox.control');
    const r = await returnOffRamp(
      services.sql,
      caller.enterpriseId,
      s.id,
      {
        externalId: body.return_id ?? uuidv7(),
        amount: body.amount ?? rest(s.fiat_currency, s.fiat_amount ?? '0', s.returned_amount, (m) => formatAmount(m, s.fiat_currency)),
        reason: body.reason,
        occurredAt: body.occurred_at ? new Date(body.occurred_at) : new Date(),
      },
      services.metrics,
    );
    return { body: presentOffRamp(r.session) };
  },
});

export const simulateDepositReversal = defineRoute({
  method: 'post',
  path: '/sandbox/deposits/{deposit_id}/reversal',
  operationId: 'simulateDepositReversal',
  summary: 'Simulate a recall or chargeback of a credited deposit (sandbox only)',
  description:
    'The sender\'s bank recalls `amount` (absent: all that is left) of a `credited` or `partially_reversed` deposit: the ledger debits the account by a reversal linked to the credit. If the account no longer holds it, the shortfall is overdraft used, the account is restricted (`account_restricted` on money out) and `funding.account.restricted.v1` is emitted.',
  tags: ['Sandbox'],
  auth: { kind: 'bearer', permission: 'sandbox.control' },
  params: z.object({ deposit_id: Uuid }),
  body: SimulatedReturn('deposit').openapi('SandboxDepositReversal'),
  responses: { 200: { description: 'The deposit, reversed.', schema: DepositBody } },
  errors: ['EdgeNotFound', 'EdgeUnprocessable'],
  handler: async ({ params, body, caller, services, ctx }) => {
    sandboxOnly(services.config.mode, ctx.path);
    const d = await getDeposit(services.sql, params.deposit_id);
    if (d.enterprise_id !== caller.enterpriseId) throw notFound('deposit');
    caller.require('sandbox.control', pathOfRow(d), 'deposit');
    const r = await reverseDeposit(
      services.sql,
      caller.enterpriseId,
      d.id,
      {
        kind: 'deposit_reversal',
        externalId: body.return_id ?? uuidv7(),
        amount: body.amount ?? rest(d.asset, d.amount, d.reversed_amount, (m) => formatAmount(m, d.asset)),
        reason: body.reason,
        occurredAt: body.occurred_at ? new Date(body.occurred_at) : new Date(),
      },
      services.metrics,
    );
    return { body: presentDeposit(r.deposit) };
  },
});

export const sandboxReturnRoutes: RouteDef[] = [simulateWithdrawalReturn, simulateOffRampReturn, simulateDepositReversal];
