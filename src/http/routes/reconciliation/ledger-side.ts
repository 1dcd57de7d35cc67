import { z } from '../../../schema/zod';
import { defineRoute, type RouteDef } from '../../route';
import { Timestamp, Uuid } from '../../../schema/common';
import { formatAmount } from '../../../money/assets';
import { listOf, pageQuery } from '../../pagination';
import type { Caller, ScopePath } from '../../../auth/caller';
import type { Permission } from '../../../auth/permissions';
import type { Services } from '../../../services';
import { readWithdrawal } from '../../../domain/withdrawals';
import { getDeposit } from '../../../domain/deposits/deposits';
import { pathOfRow } from '../../../domain/funding/accounts';
import { requireOffRamp } from '../../../domain/ramps';
import { getPayoutMethod } from '../../../domain/catalogue/payout-methods';
import { BREAK_KINDS, listLedgerSide, operationRefOf, reconcileOperation, type BreakRow, type LedgerSideRow, type OperationKind, type ReconciledOperation } from '../../../domain/reconciliation';
import { AccountParams, Money, requireAccount } from './shared';

/*
 * A match seen from the ledger side (docs/reconciliation.md, "Matching"): an account's ledger transactions
 * with their matches and breaks, and whether one withdrawal, deposit or off-ramp payout is reconciled.
 */

const ReconciliationTransactionBody = z
  .object({
    ledger_transaction_id: Uuid,
    resource: z.literal('reconciliation_transaction'),
    account_id: Uuid,
    operation_ref: z.string().openapi({
      description: 'The operation it moved money for (`deposits/<id>`, `withdrawals/<id>`, `off-ramp-sessions/<id>`); a payout returned or a deposit reversed names the operation too.',
      example: 'withdrawals/0193a1c2-7f00-7abc-8def-0123456789ab',
    }),
    amount: Money.openapi({ description: "Signed from the account's side: money in positive, out negative." }),
    settled_at: Timestamp.openapi({ description: 'When the ledger settled it (a deposit credited, a payout executed or sent).' }),
    reference: z.string().nullable().openapi({ description: "The rail's reference, as the statement quotes it." }),
    counterparty: z.string().nullable(),
    match_id: Uuid.nullable().openapi({ description: 'The match that takes it; null while unmatched.' }),
    break_id: Uuid.nullable().openapi({ description: 'The live (open or acknowledged) break naming it or its match, if any.' }),
  })
  .openapi('ReconciliationTransaction');

const present = (accountId: string, asset: string) => (t: LedgerSideRow) => ({
  ledger_transaction_id: t.id,
  resource: 'reconciliation_transaction' as const,
  account_id: accountId,
  operation_ref: operationRefOf(t.description),
  amount: { currency: asset, value: formatAmount(BigInt(t.amount), asset) },
  settled_at: t.at.toISOString(),
  reference: t.reference,
  counterparty: t.counterparty,
  match_id: t.match_id,
  break_id: t.break_id,
});

export const listReconciliationTransactionsRoute = defineRoute({
  method: 'get',
  path: '/reconciliation-accounts/{account_id}/transactions',
  operationId: 'listReconciliationTransactions',
  summary: "List a reconciled account's ledger side",
  description:
    'Every ledger transaction a run reconciles on the account: credited deposits on its rail and asset, executed withdrawals and sent off-ramp payouts, and what came back of them, ' +
    'each with its operation, the match that takes it and the live break about it. By ledger transaction id.',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.read' },
  params: AccountParams,
  query: z
    .object({
      matched: z.enum(['true', 'false']).optional().openapi({ param: { name: 'matched', in: 'query' }, description: 'Only transactions a match takes (`true`) or none does (`false`).' }),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of ledger transactions.', schema: listOf(ReconciliationTransactionBody, 'ReconciliationTransactionList') } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, query, caller, services, pager }) => {
    const a = await requireAccount(services, caller, params.account_id, 'reconciliation.read');
    const matched = query.matched === undefined ? undefined : query.matched === 'true';
    return { body: await pager.list(query, caller, (after, limit) => listLedgerSide(services.sql, a, { matched }, after, limit), present(a.id, a.asset)) };
  },
});

const BreakSummary = z
  .object({
    id: Uuid,
    kind: z.enum(BREAK_KINDS),
    status: z.enum(['open', 'acknowledged']),
    period: z.string().openapi({ description: 'The UTC day (YYYY-MM-DD) the difference belongs to.' }),
    difference: Money.openapi({ description: 'Signed: positive when the statement holds more than the ledger.' }),
  })
  .openapi('ReconciliationBreakSummary', { description: 'A live break; the whole of it is GET /reconciliation-breaks/{break_id}.' });

const OperationReconciliationBody = z
  .object({
    resource: z.literal('operation_reconciliation'),
    operation_ref: z.string().openapi({ example: 'withdrawals/0193a1c2-7f00-7abc-8def-0123456789ab' }),
    state: z.enum(['reconciled', 'unreconciled', 'not_reconciled']).openapi({
      description:
        '`reconciled`: a match takes its ledger transaction (and any return of it); `unreconciled`: the enterprise reconciles the account of its rail and asset and no match takes it yet; ' +
        '`not_reconciled`: no reconciliation account covers its rail and asset, or it has no ledger transaction there yet.',
    }),
    account_id: Uuid.nullable().openapi({ description: 'The reconciliation account covering its rail and asset (of several, the one whose match took it, else the first made).' }),
    ledger_transaction_id: Uuid.nullable().openapi({ description: 'Its booking; null until it books one.' }),
    match_id: Uuid.nullable().openapi({ description: 'The match that takes its booking.' }),
    statement_line_ids: z.array(Uuid).openapi({ description: "That match's statement lines." }),
    breaks: z.array(BreakSummary).openapi({ description: 'Live breaks naming any of its transactions or their matches.' }),
    transactions: z.array(ReconciliationTransactionBody).openapi({ description: "Its rows on the account's ledger side: its booking first, then what came back of it." }),
  })
  .openapi('OperationReconciliation');

const presentBreakSummary = (b: BreakRow) => ({
  id: b.id,
  kind: b.kind,
  status: b.status as 'open' | 'acknowledged',
  period: b.period,
  difference: { currency: b.asset, value: formatAmount(BigInt(b.difference), b.asset) },
});

/** What a family's read answers: the operation as reconciliation sees it, and the scope it is read at. */
type Readable = Omit<ReconciledOperation, 'kind' | 'id'> & { path: ScopePath };

interface OperationFamily {
  kind: OperationKind;
  /** API collection and path parameter. */
  collection: 'withdrawals' | 'deposits' | 'off-ramp-sessions';
  param: string;
  operationId: string;
  permission: Permission;
  tag: string;
  /** Its name in errors, and with its article in the document. */
  what: string;
  noun: string;
  /** Reads the operation as the caller may (404 out of scope, 403 without the permission there). */
  read(services: Services, caller: Caller, id: string): Promise<Readable>;
}

function operationReconciliationRoute(f: OperationFamily): RouteDef {
  return defineRoute({
    method: 'get',
    path: `/${f.collection}/{${f.param}}/reconciliation`,
    operationId: f.operationId,
    summary: `Whether ${f.noun} is reconciled`,
    description:
      `Whether a statement line of the provider account ${f.noun} moved money through has been matched to its ledger transaction: the account, the match and its lines, and the live breaks about it. ` +
      `Read with \`${f.permission}\` where the ${f.what} is, and \`reconciliation.read\` there too.`,
    tags: [f.tag],
    auth: { kind: 'bearer', permission: f.permission },
    params: z.object({ [f.param]: Uuid }),
    responses: { 200: { description: 'Its reconciliation.', schema: OperationReconciliationBody } },
    errors: ['EdgeNotFound'],
    handler: async ({ params, caller, services }) => {
      const id = (params as Record<string, string>)[f.param];
      const { path, ...op } = await f.read(services, caller, id);
      // What reconciliation found is read as reconciliation is: the operation's permission alone does not show it.
      caller.require('reconciliation.read', path, f.what);
      const r = await reconcileOperation(services.sql, { ...op, kind: f.kind, id });
      return {
        body: {
          resource: 'operation_reconciliation' as const,
          operation_ref: `${f.collection}/${id}`,
          state: r.state,
          account_id: r.account?.id ?? null,
          ledger_transaction_id: op.ledgerTransactionId,
          match_id: r.matchId,
          statement_line_ids: r.statementLineIds,
          breaks: r.breaks.map(presentBreakSummary),
          transactions: r.account ? r.transactions.map(present(r.account.id, r.account.asset)) : [],
        },
      };
    },
  });
}

export const operationReconciliationRoutes: RouteDef[] = [
  operationReconciliationRoute({
    kind: 'withdrawal',
    collection: 'withdrawals',
    param: 'withdrawal_id',
    operationId: 'getWithdrawalReconciliation',
    permission: 'withdrawals.read',
    tag: 'Withdrawals',
    what: 'withdrawal',
    noun: 'a withdrawal',
    read: async (s, c, id) => {
      const w = await readWithdrawal(s.sql, c, id);
      return { path: w.scope_path, enterpriseId: w.enterprise_id, rail: w.rail, asset: w.asset, ledgerTransactionId: w.ledger_transaction_id };
    },
  }),
  operationReconciliationRoute({
    kind: 'deposit',
    collection: 'deposits',
    param: 'deposit_id',
    operationId: 'getDepositReconciliation',
    permission: 'funding.read',
    tag: 'Deposits',
    what: 'deposit',
    noun: 'a deposit',
    read: async (s, c, id) => {
      const d = await getDeposit(s.sql, id);
      c.require('funding.read', pathOfRow(d), 'deposit');
      return { path: pathOfRow(d), enterpriseId: d.enterprise_id, rail: d.rail, asset: d.asset, ledgerTransactionId: d.ledger_transaction_id };
    },
  }),
  operationReconciliationRoute({
    kind: 'off_ramp',
    collection: 'off-ramp-sessions',
    param: 'session_id',
    operationId: 'getOffRampSessionReconciliation',
    permission: 'ramps.read',
    tag: 'Ramps',
    what: 'off-ramp session',
    noun: 'an off-ramp session',
    read: async (s, c, id) => {
      const o = await requireOffRamp(s.sql, c, id, 'ramps.read');
      // The payout leaves through the bank account of its payout method's rail, in the session's fiat.
      const method = await getPayoutMethod(s.sql, o.payout_method_id);
      return { path: pathOfRow(o), enterpriseId: o.enterprise_id, rail: method.rail, asset: o.fiat_currency, ledgerTransactionId: o.ledger_transaction_id };
    },
  }),
];
