import type { Schemas } from '../../../../../clients/typescript/index';
import { api } from '../../../lib/session';

type Asset = Schemas['ClientAccountStatementExportRequest']['asset'];

export interface Period {
  accountRef: string;
  asset: Asset;
  /** RFC 3339; the statement covers (from, to]. */
  from: string;
  to: string;
}

const accountId = (ref: string) => ref.slice('client-accounts/'.length);

/** The active accounts in reach and the catalogue's assets, for the period form. */
export async function loadStatementChoices() {
  const [accounts, assets] = await Promise.all([api.GET('/client-accounts', { params: { query: { page_size: 200, status: 'active' } } }), api.GET('/assets')]);
  if (!accounts.data) return { error: accounts.error, response: accounts.response };
  if (!assets.data) return { error: assets.error, response: assets.response };
  return { data: { accounts: accounts.data.items, assets: assets.data.items.map((a) => a.code as Asset) }, response: accounts.response };
}

/** One page of the statement (the opening and closing balances repeat on every page). */
export const getStatementPage = (p: Period, pageToken?: string) =>
  api.GET('/client-accounts/{client_account_id}/statement', {
    params: { path: { client_account_id: accountId(p.accountRef) }, query: { asset: p.asset, from: p.from, to: p.to, page_size: 200, page_token: pageToken } },
  });

/** Every entry of the period, page after page, for the file a person downloads. */
export async function getWholeStatement(p: Period) {
  const first = await getStatementPage(p);
  if (!first.data) return first;
  const entries = [...first.data.entries];
  let token = first.data.next_page_token;
  while (token) {
    const next = await getStatementPage(p, token);
    if (!next.data) return next;
    entries.push(...next.data.entries);
    token = next.data.next_page_token;
  }
  return { data: { ...first.data, entries, next_page_token: null }, response: first.response };
}

/** The account's balance in the asset at one moment (`as_of`), from the ledger's history. */
export const getBalanceAsOf = (accountRef: string, asset: Asset, asOf: string) =>
  api.GET('/client-accounts/{client_account_id}/balances', { params: { path: { client_account_id: accountId(accountRef) }, query: { asset, as_of: asOf } } });

export const listStatementExports = () => api.GET('/client-account-statement-exports', { params: { query: { page_size: 20 } } });

/** A CSV file of the period, made by the worker; it is `queued`, then `running`, then `completed`. */
export const createStatementExport = (p: Period) =>
  api.POST('/client-account-statement-exports', { body: { scope_ref: p.accountRef, asset: p.asset, from: p.from, to: p.to, format: 'csv' } });

/** The export's file, as the browser will save it. */
export const downloadStatementExport = (exportId: string) =>
  api.GET('/client-account-statement-exports/{export_id}/download', { params: { path: { export_id: exportId } }, parseAs: 'blob' });
