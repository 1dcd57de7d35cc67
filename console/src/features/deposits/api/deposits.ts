import { api } from '../../../lib/session';

export const listActiveAccounts = () => api.GET('/client-accounts', { params: { query: { page_size: 200, status: 'active' } } });

/** Where money for one account goes (crypto addresses and virtual bank accounts), and what has arrived, read together. */
export async function loadAccountFunding(accountRef: string) {
  const [instructions, deposits] = await Promise.all([
    api.GET('/deposit-instructions', { params: { query: { account_ref: accountRef, page_size: 100 } } }),
    api.GET('/deposits', { params: { query: { account_ref: accountRef, page_size: 50 } } }),
  ]);
  if (!instructions.data) return { error: instructions.error, response: instructions.response };
  if (!deposits.data) return { error: deposits.error, response: deposits.response };
  return { data: { instructions: instructions.data.items, deposits: deposits.data.items }, response: instructions.response };
}
