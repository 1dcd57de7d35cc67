import { z } from '../../../schema/zod';
import { defineRoute } from '../../route';
import { Timestamp, Uuid } from '../../../schema/common';
import { listOf, pageQuery } from '../../pagination';
import { BREAK_KINDS, BREAK_STATUSES, decideBreak, listBreaks, presentBreak, requireBreak, ReconciliationBreakBody } from '../../../domain/reconciliation';
import { BreakParams, Day } from './shared';

/* The breaks inbox and the decisions on a break (docs/reconciliation.md, "Breaks"). */

export const listReconciliationBreaksRoute = defineRoute({
  method: 'get',
  path: '/reconciliation-breaks',
  operationId: 'listReconciliationBreaks',
  summary: 'List reconciliation breaks',
  description: 'The breaks inbox, newest first unless `order=oldest_first`. Breaks snoozed until later are left out unless `include_snoozed=true`.',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.read' },
  query: z
    .object({
      account_id: Uuid.optional().openapi({ param: { name: 'account_id', in: 'query' } }),
      status: z.enum(BREAK_STATUSES as ['open', 'acknowledged', 'resolved', 'accepted']).optional().openapi({ param: { name: 'status', in: 'query' } }),
      kind: z.enum(BREAK_KINDS).optional().openapi({ param: { name: 'kind', in: 'query' } }),
      period: Day.optional().openapi({ param: { name: 'period', in: 'query' } }),
      include_snoozed: z.enum(['true', 'false']).optional().openapi({ param: { name: 'include_snoozed', in: 'query' } }),
      order: z.enum(['newest_first', 'oldest_first']).default('newest_first').openapi({ param: { name: 'order', in: 'query' }, description: 'By when the break was opened; newest first unless asked.' }),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of breaks.', schema: listOf(ReconciliationBreakBody, 'ReconciliationBreakList') } },
  handler: async ({ query, caller, services, pager }) => {
    // Enterprise-level objects: a caller without the permission at the enterprise sees none.
    const visible = caller.can('reconciliation.read', [caller.enterpriseRef]);
    return {
      body: await pager.list(
        query,
        caller,
        async (after, limit) =>
          !visible ? [] : listBreaks(services.sql, caller.enterpriseId, { accountId: query.account_id, status: query.status, kind: query.kind, period: query.period, includeSnoozed: query.include_snoozed === 'true', newestFirst: query.order === 'newest_first', after, limit }),
        presentBreak,
      ),
    };
  },
});

export const getReconciliationBreakRoute = defineRoute({
  method: 'get',
  path: '/reconciliation-breaks/{break_id}',
  operationId: 'getReconciliationBreak',
  summary: 'Get a reconciliation break',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.read' },
  params: BreakParams,
  responses: { 200: { description: 'The break.', schema: ReconciliationBreakBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({ body: presentBreak(await requireBreak(services.sql, caller, params.break_id, 'reconciliation.read')) }),
});

const decision = <B extends z.ZodType>(action: 'acknowledge' | 'snooze' | 'accept' | 'resolve', summary: string, description: string, body: B, toDecision: (b: z.output<B>) => Parameters<typeof decideBreak>[3]) =>
  defineRoute({
    method: 'post',
    path: `/reconciliation-breaks/{break_id}/${action}`,
    operationId: `${action}ReconciliationBreak`,
    summary,
    description: `${description} A break whose status no longer allows it is 409 \`break_decided\`.`,
    tags: ['Reconciliation'],
    auth: { kind: 'bearer', permission: 'reconciliation.manage' },
    params: BreakParams,
    body,
    responses: { 200: { description: 'The break after the decision.', schema: ReconciliationBreakBody } },
    errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeUnprocessable'],
    reasons: { EdgeConflict: ['break_decided'] },
    handler: async ({ params, body, caller, services }) => ({ body: presentBreak(await decideBreak(services.sql, caller, params.break_id, toDecision(body))) }),
  });

const Note = z.string().min(1).max(2000);

export const acknowledgeBreakRoute = decision(
  'acknowledge',
  'Acknowledge a break',
  'Someone has it in hand: `open` → `acknowledged`.',
  z.object({ note: Note.optional() }).strict().openapi('ReconciliationBreakAcknowledge'),
  (b) => ({ action: 'acknowledge', note: b.note }),
);
export const snoozeBreakRoute = decision(
  'snooze',
  'Snooze a break',
  'Leaves it out of the inbox until `until`; it stays live, and its period cannot close.',
  z.object({ until: Timestamp, note: Note.optional() }).strict().openapi('ReconciliationBreakSnooze'),
  (b) => ({ action: 'snooze', until: new Date(b.until), note: b.note }),
);
export const acceptBreakRoute = decision(
  'accept',
  'Accept a break',
  'The difference is explained and stays: a note is required, and the evidence (the lines and transactions as they are now) is frozen on the break.',
  z.object({ note: Note }).strict().openapi('ReconciliationBreakAccept'),
  (b) => ({ action: 'accept', note: b.note }),
);
export const resolveBreakRoute = decision(
  'resolve',
  'Resolve a break with its correcting ledger transaction',
  'The books were corrected: `ledger_transaction_id` names the transaction that did it (one of this enterprise\'s, else 422).',
  z.object({ ledger_transaction_id: Uuid, note: Note.optional() }).strict().openapi('ReconciliationBreakResolve'),
  (b) => ({ action: 'resolve', ledgerTransactionId: b.ledger_transaction_id, note: b.note }),
);
