import type { Schemas } from '../../../../../clients/typescript';
import { api } from '../../../lib/session';

export const listActiveAccounts = (pageToken: string | undefined) => api.GET('/client-accounts', { params: { query: { page_size: 20, status: 'active', page_token: pageToken } } });

export const getAccountBalances = (accountId: string) => api.GET('/client-accounts/{client_account_id}/balances', { params: { path: { client_account_id: accountId } } });

/** The key is the caller's, kept for one intended transfer: a resubmission with it replays the first answer. */
export const createTransfer = (idempotencyKey: string, body: Schemas['InternalTransferCreate']) =>
  api.POST('/internal-transfers', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body });
