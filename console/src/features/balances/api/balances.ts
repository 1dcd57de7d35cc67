import { api } from '../../../lib/session';

export const listActiveAccounts = (pageToken: string | undefined) => api.GET('/client-accounts', { params: { query: { page_size: 20, status: 'active', page_token: pageToken } } });

const getAccountBalances = (accountId: string) => api.GET('/client-accounts/{client_account_id}/balances', { params: { path: { client_account_id: accountId } } });

/** A page of active accounts with their balances (one read per account of the page, together), so the page can total them per asset. */
export async function listAccountsWithBalances(pageToken: string | undefined) {
  const accounts = await listActiveAccounts(pageToken);
  if (!accounts.data) return { error: accounts.error, response: accounts.response };
  const balances = await Promise.all(accounts.data.items.map((a) => getAccountBalances(a.id)));
  const failed = balances.find((b) => !b.data);
  if (failed) return { error: failed.error, response: failed.response };
  return {
    data: { items: accounts.data.items.map((account, i) => ({ account, balances: balances[i].data!.items })), next_page_token: accounts.data.next_page_token },
    response: accounts.response,
  };
}
