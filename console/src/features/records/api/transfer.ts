import type { Schemas } from '../../../../../clients/typescript/index';
import { api } from '../../../lib/session';

/** What a transfer can be made between: the active accounts in reach, and the catalogue's assets. */
export async function loadTransferChoices() {
  const [accounts, assets] = await Promise.all([api.GET('/client-accounts', { params: { query: { page_size: 200, status: 'active' } } }), api.GET('/assets')]);
  if (!accounts.data) return { error: accounts.error, response: accounts.response };
  if (!assets.data) return { error: assets.error, response: assets.response };
  return { data: { accounts: accounts.data.items, assets: assets.data.items }, response: accounts.response };
}

export interface TransferIntent {
  sourceRef: string;
  targetRef: string;
  currency: string;
  value: string;
}

/** The decision the policy would give this transfer now; nothing is stored. */
export const previewTransfer = (i: TransferIntent) =>
  api.POST('/policy-rules/evaluate', { body: { action_family: 'internal_transfer', account_ref: i.sourceRef, amount: { currency: i.currency, value: i.value } } });

/** The key is the form's, kept for one intended transfer: a resubmission with it replays the first answer. */
export const createTransfer = (idempotencyKey: string, i: TransferIntent) =>
  api.POST('/internal-transfers', {
    params: { header: { 'Idempotency-Key': idempotencyKey } },
    body: { source_ref: i.sourceRef, target_ref: i.targetRef, amount: { currency: i.currency, value: i.value } },
  });

/** The key is the dialog's, kept for one intended reversal: a resubmission with it replays the first answer. */
export const reverseTransfer = (id: string, idempotencyKey: string, body: Schemas['InternalTransferReverse']) =>
  api.POST('/internal-transfers/{internal_transfer_id}/reverse', { params: { path: { internal_transfer_id: id }, header: { 'Idempotency-Key': idempotencyKey } }, body });
