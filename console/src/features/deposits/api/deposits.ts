import type { Schemas } from '../../../../../clients/typescript/index';
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

/** One deposit with every return an operator proposed of it, read together. */
export async function loadDeposit(id: string) {
  const [deposit, returns] = await Promise.all([
    api.GET('/deposits/{deposit_id}', { params: { path: { deposit_id: id } } }),
    api.GET('/deposits/{deposit_id}/returns', { params: { path: { deposit_id: id }, query: { page_size: 100 } } }),
  ]);
  if (!deposit.data) return { error: deposit.error, response: deposit.response };
  if (!returns.data) return { error: returns.error, response: returns.response };
  return { data: { deposit: deposit.data, returns: returns.data.items }, response: deposit.response };
}

/** The key is the dialog's, kept for one intended return: a resubmission with it replays the first answer. */
export const returnDeposit = (id: string, idempotencyKey: string, body: Schemas['DepositReturnCreate']) =>
  api.POST('/deposits/{deposit_id}/return', { params: { path: { deposit_id: id }, header: { 'Idempotency-Key': idempotencyKey } }, body });
