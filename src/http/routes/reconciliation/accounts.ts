import { Readable } from 'node:stream';
import { z } from '../../../schema/zod';
import { periodReport, REPORT_COLUMNS, reportFileName } from '../../../domain/reconciliation/report';
import { defineRoute } from '../../route';
import { Uuid } from '../../../schema/common';
import { AppError } from '../../../errors';
import { formatAmount } from '../../../money/assets';
import { listOf, pageQuery } from '../../pagination';
import { parseSignedAmount } from '../../../providers/statements/source';
import { BREAK_KINDS, findRun, listAccounts, listPeriods, listRuns, openReconciliationAccount, planRun, presentPeriod, presentRun, runReconciliationNow, ReconciliationAccountBody, ReconciliationPeriodBody, ReconciliationRunBody } from '../../../domain/reconciliation';
import { AccountParams, Day, Money, requireAccount, mustHold, accountView } from './shared';

/* Reconciled provider accounts (docs/reconciliation.md): their runs and closed periods. */

export const createReconciliationAccountRoute = defineRoute({
  method: 'post',
  path: '/reconciliation-accounts',
  operationId: 'createReconciliationAccount',
  summary: 'Reconcile a provider account',
  description:
    'A custodian wallet or bank account (the one behind deposit instructions, payout rails or collection accounts) on a rail, in one currency. ' +
    'It is reconciled every `interval_seconds` by its own Temporal Schedule (`temporal_schedule_id`). The same rail, address and currency again is 409 `reconciliation_account_exists`.',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.manage' },
  idempotency: 'optional',
  body: z
    .object({
      rail: z.string().min(1).max(40),
      address: z.string().min(1).max(200),
      currency: z.string().min(1).max(16),
      description: z.string().max(500).default(''),
      statement_source: z.enum(['provider', 'files']).default('provider'),
      opening_balance: Money.optional().openapi({ description: 'What the account held before its first statement line (a signed decimal); 0 when absent.' }),
      lag_seconds: z.number().int().min(0).max(30 * 86_400).default(86_400),
      interval_seconds: z.number().int().min(60).max(7 * 86_400).default(3_600),
    })
    .strict()
    .openapi('ReconciliationAccountCreate'),
  responses: { 201: { description: 'The account, with its schedule started.', schema: ReconciliationAccountBody } },
  errors: ['EdgeConflict', 'EdgeUnprocessable'],
  handler: async ({ body, caller, services }) => {
    mustHold(caller, 'reconciliation.manage');
    if (body.opening_balance && body.opening_balance.currency !== body.currency) {
      throw new AppError('EdgeUnprocessable', 'The opening balance is in another currency than the account.', { errors: [{ pointer: '/body/opening_balance/currency', detail: `must be ${body.currency}` }] });
    }
    const row = await openReconciliationAccount(services, {
      enterpriseId: caller.enterpriseId,
      rail: body.rail,
      address: body.address,
      asset: body.currency,
      lagMs: body.lag_seconds * 1000,
      intervalMs: body.interval_seconds * 1000,
      statementSource: body.statement_source,
      openingBalance: body.opening_balance ? parseSignedAmount(body.opening_balance.value, body.currency, '/body/opening_balance/value') : 0n,
      description: body.description,
      attribution: caller.attribution(),
    });
    return { status: 201, body: await accountView(services, row) };
  },
});

export const listReconciliationAccountsRoute = defineRoute({
  method: 'get',
  path: '/reconciliation-accounts',
  operationId: 'listReconciliationAccounts',
  summary: 'List reconciled provider accounts',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.read' },
  query: z.object({ ...pageQuery }).strict(),
  responses: { 200: { description: 'A page of accounts.', schema: listOf(ReconciliationAccountBody, 'ReconciliationAccountList') } },
  handler: async ({ query, caller, services, pager }) => {
    // Enterprise-level objects: a caller without the permission at the enterprise sees none.
    const fetch = async (after: string | null, limit: number) => (caller.can('reconciliation.read', [caller.enterpriseRef]) ? listAccounts(services.sql, caller.enterpriseId, after, limit) : []);
    const page = await pager.list(query, caller, fetch, (a) => a);
    return { body: { ...page, items: await Promise.all(page.items.map((a) => accountView(services, a))) } };
  },
});

export const getReconciliationAccountRoute = defineRoute({
  method: 'get',
  path: '/reconciliation-accounts/{account_id}',
  operationId: 'getReconciliationAccount',
  summary: 'Get a reconciled provider account',
  description: '`reconciled_through` is the last day of the unbroken run of closed periods: the account is reconciled up to and including it.',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.read' },
  params: AccountParams,
  responses: { 200: { description: 'The account.', schema: ReconciliationAccountBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({ body: await accountView(services, await requireAccount(services, caller, params.account_id, 'reconciliation.read')) }),
});

const RunPreviewBody = z
  .object({
    dry_run: z.literal(true),
    matches: z.number().int(),
    breaks: z.array(z.object({ kind: z.enum(BREAK_KINDS), fingerprint: z.string(), period: z.string(), difference: Money })),
  })
  .openapi('ReconciliationRunPreview');

export const runReconciliationRoute = defineRoute({
  method: 'post',
  path: '/reconciliation-accounts/{account_id}/runs',
  operationId: 'runReconciliation',
  summary: 'Reconcile an account now',
  description:
    'Starts a run as its own workflow (as the schedule does) and waits up to 30 s: 201 with the run, or 202 with the workflow id while it is still going. ' +
    '`dry_run: true` answers the matches and breaks a run would make from what is stored now (no pull) and writes nothing.',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.manage' },
  params: AccountParams,
  body: z.object({ dry_run: z.boolean().default(false) }).strict().openapi('ReconciliationRunCreate'),
  responses: {
    200: { description: 'The dry run: what a run would do.', schema: RunPreviewBody },
    201: { description: 'The run, finished.', schema: ReconciliationRunBody },
    202: { description: 'The run is still going.', schema: z.object({ workflow_id: z.string() }).openapi('ReconciliationRunPending') },
  },
  errors: ['EdgeNotFound'],
  handler: async ({ params, body, caller, services }) => {
    const account = await requireAccount(services, caller, params.account_id, 'reconciliation.manage');
    if (body.dry_run) {
      const plan = await planRun(services.sql, account, new Date());
      return {
        body: {
          dry_run: true as const,
          matches: plan.outcome.matches.length,
          breaks: plan.detected.map((b) => ({ kind: b.kind, fingerprint: b.fingerprint, period: b.period, difference: { currency: account.asset, value: formatAmount(b.difference, account.asset) } })),
        },
      };
    }
    const started = await runReconciliationNow(services, account);
    if (!started.runId) return { status: 202, body: { workflow_id: started.workflowId } };
    return { status: 201, body: presentRun((await findRun(services.sql, started.runId))!, account.asset) };
  },
});

export const listReconciliationRunsRoute = defineRoute({
  method: 'get',
  path: '/reconciliation-accounts/{account_id}/runs',
  operationId: 'listReconciliationRuns',
  summary: "List an account's reconciliation runs",
  description: 'The append-only run log, newest first.',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.read' },
  params: AccountParams,
  query: z.object({ ...pageQuery }).strict(),
  responses: { 200: { description: 'A page of runs.', schema: listOf(ReconciliationRunBody, 'ReconciliationRunList') } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, query, caller, services, pager }) => {
    const a = await requireAccount(services, caller, params.account_id, 'reconciliation.read');
    return { body: await pager.list(query, caller, (after, limit) => listRuns(services.sql, a.id, after, limit), (r) => presentRun(r, a.asset)) };
  },
});

export const listReconciliationPeriodsRoute = defineRoute({
  method: 'get',
  path: '/reconciliation-accounts/{account_id}/periods',
  operationId: 'listReconciliationPeriods',
  summary: "List an account's closed periods",
  description: 'Newest first; each with its signed figures.',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.read' },
  params: AccountParams,
  query: z.object({ ...pageQuery }).strict(),
  responses: { 200: { description: 'A page of closed periods.', schema: listOf(ReconciliationPeriodBody, 'ReconciliationPeriodList') } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, query, caller, services, pager }) => {
    const a = await requireAccount(services, caller, params.account_id, 'reconciliation.read');
    return { body: await pager.list(query, caller, async (after, limit) => (await listPeriods(services.sql, a.id, after, limit)).map((p) => ({ ...p, id: p.period })), (p) => presentPeriod(p)) };
  },
});

export const reconciliationReportRoute = defineRoute({
  method: 'get',
  path: '/reconciliation-accounts/{account_id}/periods/{period}/report',
  operationId: 'getReconciliationReport',
  summary: "Download a day's reconciliation report (CSV)",
  description:
    'Every statement line booked that day (UTC) with the match that took it (its ledger transactions) or its break; then every ledger transaction of the day no line matched, ' +
    'with its operation and break; then the day\'s breaks about neither (a balance drift). Streamed; any day, closed or not. Columns: ' +
    `${REPORT_COLUMNS.join(', ')}.`,
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.read' },
  params: z.object({ account_id: Uuid, period: Day }),
  responses: {
    200: {
      description: 'The report.',
      contentType: 'text/csv',
      schema: z.string(),
      sample: [
        REPORT_COLUMNS.join(','),
        'statement_line,2026-11-30T09:12:00.000Z,0193a1c2-7f00-7abc-8def-0123456789ab,SBX1A2B3C4D5E6F7A8B,0x9f3c…e1,,1000.000000,USDC,0193a1c2-7f00-7abc-8def-0123456789ac,0193a1c2-7f00-7abc-8def-0123456789ad,,,,,',
        'statement_line,2026-11-30T10:40:00.000Z,0193a1c2-7f00-7abc-8def-0123456789ae,SBX9F8E7D6C5B4A3F2E,FEE-1,REFERENCE BANK,-2.500000,USDC,,,,,0193a1c2-7f00-7abc-8def-0123456789af,unmatched_line,resolved',
        'ledger_transaction,2026-11-30T11:02:00.000Z,,,0x7d1a…04,,-100.000000,USDC,,,0193a1c2-7f00-7abc-8def-0123456789b0,withdrawal/0193a1c2-7f00-7abc-8def-0123456789b1,0193a1c2-7f00-7abc-8def-0123456789b2,unmatched_transaction,accepted',
      ].join('\r\n') + '\r\n',
      headers: { 'Content-Disposition': { description: '`attachment; filename="reconciliation-<account id>-<day>.csv"`.', schema: { type: 'string' } } },
    },
  },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => {
    const a = await requireAccount(services, caller, params.account_id, 'reconciliation.read');
    return {
      body: Readable.from(periodReport(services.sql, a, params.period)),
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${reportFileName(a, params.period)}"` },
    };
  },
});

