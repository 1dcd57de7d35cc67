import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Timestamp, Uuid } from '../../schema/common';
import { pageQuery } from '../pagination';
import { authorizedClientAccount } from '../../domain/clients/accounts';
import { accountStatement } from '../../domain/statements/statements';
import { OPERATION_KINDS } from '../../domain/statements/operations';
import { presentBalance } from '../../ledger';
import { ASSET_CODES, formatAmount } from '../../money/assets';
import { BalanceItem } from './balances';

const Instant = (name: string, description: string) =>
  z.iso.datetime({ offset: true }).openapi({ param: { name, in: 'query' }, description, example: '2026-11-21T10:00:00Z' });

const StatementEntry = z
  .object({
    transaction_id: Uuid.openapi({ description: 'The ledger transaction\'s id.' }),
    kind: z.string().openapi({ description: 'The ledger transaction\'s kind (deposit, withdrawal, internal_transfer, payout_return, …).' }),
    booked_at: Timestamp.openapi({ description: 'Instant of the ledger transaction, to the microsecond (usable as `as_of`).' }),
    amount: z.string().openapi({ description: 'Signed: positive credits the account, negative debits it.' }),
    balance_after: z.string().openapi({ description: 'The account\'s `total` right after this entry.' }),
    operation_kind: z.enum(OPERATION_KINDS).nullable().openapi({
      description:
        'The operation that booked the entry: a withdrawal, internal transfer, deposit, deposit return, conversion, off-ramp or on-ramp session. ' +
        'A return of a withdrawal, deposit or off-ramp session names the record it returns. Null for a booking of no operation.',
    }),
    operation_id: Uuid.nullable().openapi({
      description: 'That operation\'s id, as its resource has it (`GET /withdrawals/{withdrawal_id}`, `/internal-transfers/{internal_transfer_id}`, …).',
    }),
  })
  .openapi('StatementEntry');

const Statement = z
  .object({
    resource: z.literal('statement'),
    account_ref: z.string(),
    asset: z.string(),
    from: Timestamp,
    to: Timestamp,
    opening_balance: BalanceItem.openapi({ description: 'The balance at `from`.' }),
    closing_balance: BalanceItem.openapi({ description: 'The balance at `to`.' }),
    entries: z.array(StatementEntry),
    next_page_token: z.string().nullable(),
  })
  .openapi('Statement');

export const clientAccountStatementRoute = defineRoute({
  method: 'get',
  path: '/client-accounts/{client_account_id}/statement',
  operationId: 'getClientAccountStatement',
  summary: 'Statement of a client account',
  description:
    'The balance at `from`, every entry booked after `from` and at or before `to` in booking order with the running `total`, and the balance at `to`. ' +
    'Entries are paged (`page_token`); every page repeats the opening and closing balances.',
  tags: ['Client accounts'],
  auth: { kind: 'bearer', permission: 'balances.read' },
  params: z.object({ client_account_id: Uuid }),
  query: z
    .object({
      from: Instant('from', 'Start (exclusive) of the period, RFC 3339.'),
      to: Instant('to', 'End (inclusive) of the period, RFC 3339, not in the future.'),
      asset: z.enum(ASSET_CODES).openapi({ param: { name: 'asset', in: 'query' } }),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'The statement.', schema: Statement } },
  errors: ['EdgeNotFound', 'EdgeBadRequest', 'EdgeUnprocessable'],
  handler: async ({ params, query, caller, services, pager }) => {
    const account = await authorizedClientAccount(services.orm.em.fork(), caller, params.client_account_id, 'balances.read');
    const accountRef = `client-accounts/${account.id}`;
    const cursor = pager.decode(caller, query);
    const [at, transactionId] = cursor ? cursor.split('|') : [];
    // Everything a statement shows was booked by `to` (not in the future): the replica once it has replayed past it.
    const s = await accountStatement(services.reads.upTo(query.to), {
      enterpriseId: account.enterpriseId,
      accountRef,
      asset: query.asset,
      from: query.from,
      to: query.to,
      after: cursor ? { at, transactionId } : null,
      limit: query.page_size,
    });
    return {
      body: {
        resource: 'statement' as const,
        account_ref: accountRef,
        asset: s.asset,
        from: s.from,
        to: s.to,
        opening_balance: presentBalance(s.opening),
        closing_balance: presentBalance(s.closing),
        entries: s.entries.map((e) => ({
          transaction_id: e.transactionId,
          kind: e.kind,
          booked_at: e.bookedAt,
          amount: formatAmount(e.amount, s.asset),
          balance_after: formatAmount(e.balanceAfter, s.asset),
          operation_kind: e.operation?.kind ?? null,
          operation_id: e.operation?.id ?? null,
        })),
        next_page_token: s.next ? pager.encode(`${s.next.at}|${s.next.transactionId}`, caller, query) : null,
      },
    };
  },
});

export const statementRoutes: RouteDef[] = [clientAccountStatementRoute];
