import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Timestamp, Uuid } from '../../schema/common';
import { findMasterAccount } from '../../domain/tenancy/master-accounts';
import { authorizedClientAccount } from '../../domain/clients/accounts';
import { balancesOf, emptyBalance, presentBalance } from '../../ledger';
import { ASSET_CODES } from '../../money/assets';
import { accountBalancesAt } from '../../domain/statements/statements';
import type { Services } from '../../services';

export const BalanceItem = z
  .object({
    asset: z.string(),
    available: z.string().openapi({ description: 'total - held; negative only within the overdraft limit.' }),
    held: z.string().openapi({ description: 'Reserved by pending holds.' }),
    total: z.string().openapi({ description: 'Fold of the posted ledger entries.' }),
    overdraft_limit: z.string().nullable(),
    overdraft_used: z.string(),
    overdraft_headroom: z.string().nullable(),
    restricted_reason: z.string().nullable().openapi({
      description: 'Why no money may leave the balance (`reversal_shortfall`: a recall took it below zero; `overdraft_used` is the shortfall), or null. It lifts once the shortfall is repaid (docs/returns-and-reversals.md).',
    }),
    owner_ref: z.string(),
    owner_subtype: z.enum(['client_account', 'master_account']),
    updated_at: Timestamp,
  })
  .openapi('BalanceItem');

const BalanceList = z.object({ items: z.array(BalanceItem) }).openapi('BalanceList');
const AsOfQuery = z.iso
  .datetime({ offset: true })
  .optional()
  .openapi({
    param: { name: 'as_of', in: 'query' },
    description: 'Balances at this instant (RFC 3339, not in the future): everything booked at or before it. `updated_at` is then this instant; the overdraft limit is the current one.',
    example: '2026-11-21T10:00:00Z',
  });
const AssetQuery = z.enum(ASSET_CODES).optional().openapi({ param: { name: 'asset', in: 'query' }, description: 'Only this asset (a zero balance when the account never held it).' });
const BalanceQuery = z.object({ asset: AssetQuery, as_of: AsOfQuery }).strict();

async function balanceItems(services: Services, enterpriseId: string, ownerRef: string, { asset, as_of }: z.infer<typeof BalanceQuery>) {
  // What was booked by a past instant never changes: read on the replica once it has replayed past it.
  if (as_of) return { items: (await accountBalancesAt(services.reads.upTo(as_of), enterpriseId, ownerRef, as_of, asset)).map(presentBalance) };
  const rows = await balancesOf(services.sql, ownerRef, asset);
  if (asset && rows.length === 0) rows.push(emptyBalance(enterpriseId, ownerRef, asset, new Date()));
  return { items: rows.map(presentBalance) };
}

export const clientAccountBalancesRoute = defineRoute({
  method: 'get',
  path: '/client-accounts/{client_account_id}/balances',
  operationId: 'getClientAccountBalances',
  summary: 'Balances of a client account',
  description: 'One item per asset the account holds or held; with `as_of`, the balances at that instant (exact: the latest snapshot before it plus the entries after the snapshot). Amounts are exact decimal strings in the asset\'s precision.',
  tags: ['Client accounts'],
  auth: { kind: 'bearer', permission: 'balances.read' },
  params: z.object({ client_account_id: Uuid }),
  query: BalanceQuery,
  responses: { 200: { description: 'The balances.', schema: BalanceList } },
  errors: ['EdgeNotFound', 'EdgeUnprocessable'],
  handler: async ({ params, query, caller, services }) => {
    const account = await authorizedClientAccount(services.orm.em.fork(), caller, params.client_account_id, 'balances.read');
    return { body: await balanceItems(services, account.enterpriseId, `client-accounts/${account.id}`, query) };
  },
});

export const masterAccountBalancesRoute = defineRoute({
  method: 'get',
  path: '/master-accounts/{master_account_id}/balances',
  operationId: 'getMasterAccountBalances',
  summary: 'Balances of a master account',
  description: 'One item per asset the master account holds or held; with `as_of`, the balances at that instant.',
  tags: ['Master accounts'],
  auth: { kind: 'bearer', permission: 'balances.read' },
  params: z.object({ master_account_id: Uuid }),
  query: BalanceQuery,
  responses: { 200: { description: 'The balances.', schema: BalanceList } },
  errors: ['EdgeNotFound', 'EdgeUnprocessable'],
  handler: async ({ params, query, caller, services }) => {
    const row = await findMasterAccount(services.orm.em.fork(), params.master_account_id);
    // A master account is an enterprise-level object, read at the enterprise as GET /master-accounts/{id} reads it.
    caller.require('balances.read', [`enterprises/${row.enterpriseId}`], 'master account');
    return { body: await balanceItems(services, row.enterpriseId, `master-accounts/${row.id}`, query) };
  },
});

export const balanceRoutes: RouteDef[] = [clientAccountBalancesRoute, masterAccountBalancesRoute];
