import { z } from '../../../schema/zod';
import { defineRoute } from '../../route';
import { Uuid } from '../../../schema/common';
import { listOf, pageQuery } from '../../pagination';
import { ReconciliationAdjustmentBody, requireBreak } from '../../../domain/reconciliation';
import { proposeAdjustment, proposeAdjustmentReversal, requireAdjustment } from '../../../domain/reconciliation/adjustments';
import { adjustmentsOfBreak, presentAdjustment } from '../../../domain/reconciliation/adjustment-store';
import { BreakParams, Money } from './shared';

/* Governed adjustments (docs/reconciliation.md, "Adjustments"): the correcting booking of a break, and its reversal. */

const Note = z.string().min(1).max(2000);

export const adjustBreakRoute = defineRoute({
  method: 'post',
  path: '/reconciliation-breaks/{break_id}/adjustments',
  operationId: 'adjustReconciliationBreak',
  summary: 'Book the correction a break asks for, under policy and approval',
  description:
    "Corrects the books for a live break: a positive difference (the statement holds more) is credited to `account_ref` from the enterprise's external deposits, a negative one " +
    'debited from it to its external withdrawals; `amount` defaults to the whole difference. The policy rules of family `reconciliation_adjustment` ' +
    '(destination `reconciliation-breaks/<id>`) may deny it (422 `policy_denied`) or require approval, by the same machinery as withdrawals (quorum, initiator barred, expiry): ' +
    'the answer is then `pending_approval` with `approval_ref`. The amount is held at once; once approved the ledger posts it, and the break is resolved with that transaction. ' +
    'One adjustment of a break waits or books at a time (409 `adjustment_pending`).',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.manage' },
  idempotency: 'required',
  answerInTransaction: true,
  params: BreakParams,
  body: z
    .object({
      account_ref: z.string().min(1).max(200).openapi({ description: 'A client or master account of the enterprise (`client-accounts/<id>`, `master-accounts/<id>`).' }),
      amount: Money.optional(),
      note: Note.openapi({ description: 'Why: the bank fee, the payment the ledger missed.' }),
    })
    .strict()
    .openapi('ReconciliationAdjustmentCreate'),
  responses: { 201: { description: 'The adjustment, `pending_approval` or `executing`.', schema: ReconciliationAdjustmentBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeUnprocessable', 'TemporarilyUnavailable'],
  reasons: { EdgeConflict: ['break_decided', 'adjustment_pending'] },
  handler: async ({ params, body, caller, services, idempotency }) => ({
    status: 201,
    body: presentAdjustment(await proposeAdjustment(services, caller, params.break_id, { accountRef: body.account_ref, amount: body.amount, note: body.note }, idempotency)),
  }),
});

export const listBreakAdjustmentsRoute = defineRoute({
  method: 'get',
  path: '/reconciliation-breaks/{break_id}/adjustments',
  operationId: 'listReconciliationBreakAdjustments',
  summary: "List a break's adjustments",
  description: 'Every adjustment proposed for the break, whatever became of it, with their reversals; oldest first.',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.read' },
  params: BreakParams,
  query: z.object({ ...pageQuery }).strict(),
  responses: { 200: { description: 'A page of adjustments.', schema: listOf(ReconciliationAdjustmentBody, 'ReconciliationAdjustmentList') } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, query, caller, services, pager }) => {
    const b = await requireBreak(services.sql, caller, params.break_id, 'reconciliation.read');
    return { body: await pager.list(query, caller, (after, limit) => adjustmentsOfBreak(services.sql, b.id, after, limit), presentAdjustment) };
  },
});

const AdjustmentParams = z.object({ adjustment_id: Uuid });

export const getAdjustmentRoute = defineRoute({
  method: 'get',
  path: '/reconciliation-adjustments/{adjustment_id}',
  operationId: 'getReconciliationAdjustment',
  summary: 'Get a reconciliation adjustment',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.read' },
  params: AdjustmentParams,
  responses: { 200: { description: 'The adjustment.', schema: ReconciliationAdjustmentBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({ body: presentAdjustment(await requireAdjustment(services.sql, caller, params.adjustment_id, 'reconciliation.read')) }),
});

export const reverseAdjustmentRoute = defineRoute({
  method: 'post',
  path: '/reconciliation-adjustments/{adjustment_id}/reverse',
  operationId: 'reverseReconciliationAdjustment',
  summary: 'Undo a booked adjustment with another',
  description:
    'A booked adjustment never changes: this proposes a second one, the same amount on the same account the other way (`reverses_id`), governed the same way. ' +
    'Only an executed adjustment is reversed (409 `adjustment_not_executed`), once (409 `adjustment_reversed`), and a reversal is not itself reversed (409 `adjustment_is_reversal`).',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.manage' },
  idempotency: 'required',
  answerInTransaction: true,
  params: AdjustmentParams,
  body: z.object({ note: Note }).strict().openapi('ReconciliationAdjustmentReverse'),
  responses: { 201: { description: 'The reversing adjustment.', schema: ReconciliationAdjustmentBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeUnprocessable', 'TemporarilyUnavailable'],
  reasons: { EdgeConflict: ['adjustment_not_executed', 'adjustment_reversed', 'adjustment_is_reversal', 'adjustment_pending'] },
  handler: async ({ params, body, caller, services, idempotency }) => ({
    status: 201,
    body: presentAdjustment(await proposeAdjustmentReversal(services, caller, params.adjustment_id, body.note, idempotency)),
  }),
});
