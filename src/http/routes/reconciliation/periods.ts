import { z } from '../../../schema/zod';
import { defineRoute } from '../../route';
import { Uuid } from '../../../schema/common';
import { checkpointSignerOf } from '../ledger-checkpoints';
import { presentPeriod, ReconciliationPeriodBody, ReconciliationPeriodCloseBody } from '../../../domain/reconciliation';
import { presentPeriodClose, requestPeriodClose, requirePeriodClose } from '../../../domain/reconciliation/period-closes';
import { Day, requireAccount } from './shared';

/* Closing a reconciled day (docs/reconciliation.md, "Periods"): at once, or under a policy rule's approval. */

export const closeReconciliationPeriodRoute = defineRoute({
  method: 'post',
  path: '/reconciliation-accounts/{account_id}/periods/{period}/close',
  operationId: 'closeReconciliationPeriod',
  summary: 'Close a day of a reconciled account',
  description:
    'A day (UTC) closes when it is over, a run has read the account past its end plus the lag, it has no open or acknowledged break, and every earlier day with activity is closed; ' +
    'otherwise 409 `period_not_closable` with `blocker` (`not_ended`, `not_read`, `open_breaks`, `earlier_period_open`). The figures are signed with the ledger checkpoint key. ' +
    'Closed again is 409 `period_closed`. Policy rules of family `reconciliation_period_close` weigh the day\'s statement turnover: one that requires approval answers 202 with the ' +
    'close request, and the day closes once its quorum approves (the signed text names the approvers); one waiting already is 409 `period_close_pending`; `deny` is 422 `policy_denied`. ' +
    'A posting dated in a closed day later opens a `closed_period_posting` break; the signed figures never change.',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.manage' },
  params: z.object({ account_id: Uuid, period: Day }),
  responses: {
    201: { description: 'The closed period.', schema: ReconciliationPeriodBody },
    202: { description: 'A policy rule requires approval: the close request, pending.', schema: ReconciliationPeriodCloseBody },
  },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeUnprocessable', 'TemporarilyUnavailable'],
  reasons: { EdgeConflict: ['period_not_closable', 'period_closed', 'period_close_pending'], EdgeUnprocessable: ['policy_denied'] },
  handler: async ({ params, caller, services }) => {
    const a = await requireAccount(services, caller, params.account_id, 'reconciliation.manage');
    const outcome = await requestPeriodClose(services, await checkpointSignerOf(services), caller, a, params.period);
    if ('closed' in outcome) return { status: 201 as const, body: presentPeriod(outcome.closed) };
    return { status: 202 as const, body: presentPeriodClose(outcome.pending) };
  },
});

export const getPeriodCloseRoute = defineRoute({
  method: 'get',
  path: '/reconciliation-period-closes/{period_close_id}',
  operationId: 'getReconciliationPeriodClose',
  summary: 'Read a request to close a day',
  description: 'A close a policy rule put under approval: `pending_approval`, then `closed` (the day is closed and signed), `rejected`, `expired`, `cancelled`, or `failed` with the blocker that stopped it once approved.',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.read' },
  params: z.object({ period_close_id: Uuid }),
  responses: { 200: { description: 'The close request.', schema: ReconciliationPeriodCloseBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({ body: presentPeriodClose(await requirePeriodClose(services.sql, caller, params.period_close_id)) }),
});
