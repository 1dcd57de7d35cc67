import { api } from './session';

/*
 * The governed money records, which several features show (the records screens, the approvals inbox):
 * their types, as the generated client reads them, and the one read of a record by its collection.
 */
const getWithdrawal = (id: string) => api.GET('/withdrawals/{withdrawal_id}', { params: { path: { withdrawal_id: id } } });
const getTransfer = (id: string) => api.GET('/internal-transfers/{internal_transfer_id}', { params: { path: { internal_transfer_id: id } } });
const getConversion = (id: string) => api.GET('/conversions/{conversion_id}', { params: { path: { conversion_id: id } } });

export type DataOf<F extends (...args: never[]) => Promise<{ data?: unknown }>> = NonNullable<Awaited<ReturnType<F>>['data']>;
export type WithdrawalRecord = DataOf<typeof getWithdrawal>;
export type TransferRecord = DataOf<typeof getTransfer>;
export type ConversionRecord = DataOf<typeof getConversion>;
export type AnyRecord = WithdrawalRecord | TransferRecord | ConversionRecord;
export type RecordStatus = AnyRecord['status'];

type One = { data?: AnyRecord; error?: unknown; response: Response };

/** The statuses every family has: what the list filter offers (a withdrawal's own, such as `returned`, show on the record). */
export const STATUSES = ['pending_approval', 'executing', 'executed', 'rejected', 'expired', 'cancelled', 'failed'] as const satisfies readonly RecordStatus[];
export type ListStatus = (typeof STATUSES)[number];
export const TERMINAL = new Set<RecordStatus>(['executed', 'rejected', 'expired', 'cancelled', 'failed']);

/** A record's collection (the first segment of its ref, and its path in the API and in the console) and its name. */
export const RECORD_COLLECTIONS = {
  withdrawals: 'Withdrawal',
  'internal-transfers': 'Internal transfer',
  conversions: 'Conversion',
} as const;
export type RecordCollection = keyof typeof RECORD_COLLECTIONS;

/** `withdrawals/<id>` → its collection and id, or null for a ref that is no money record. */
export function recordOf(ref: string): { collection: RecordCollection; id: string } | null {
  const [collection, id] = ref.split('/');
  return collection in RECORD_COLLECTIONS && id ? { collection: collection as RecordCollection, id } : null;
}

/** A record by its collection and id. */
export function getRecord(collection: RecordCollection, id: string): Promise<One> {
  if (collection === 'withdrawals') return getWithdrawal(id);
  if (collection === 'internal-transfers') return getTransfer(id);
  return getConversion(id);
}
