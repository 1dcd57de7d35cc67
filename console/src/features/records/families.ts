import { api } from '../../lib/session';

const getWithdrawal = (id: string) => api.GET('/withdrawals/{withdrawal_id}', { params: { path: { withdrawal_id: id } } });
const getTransfer = (id: string) => api.GET('/internal-transfers/{internal_transfer_id}', { params: { path: { internal_transfer_id: id } } });
const getConversion = (id: string) => api.GET('/conversions/{conversion_id}', { params: { path: { conversion_id: id } } });
const getWithdrawalLedger = (id: string) => api.GET('/withdrawals/{withdrawal_id}/ledger-entries', { params: { path: { withdrawal_id: id } } });

type DataOf<F extends (...args: never[]) => Promise<{ data?: unknown }>> = NonNullable<Awaited<ReturnType<F>>['data']>;
/** Records as the client reads them (the generated response types). */
export type WithdrawalRecord = DataOf<typeof getWithdrawal>;
export type TransferRecord = DataOf<typeof getTransfer>;
export type ConversionRecord = DataOf<typeof getConversion>;
export type AnyRecord = WithdrawalRecord | TransferRecord | ConversionRecord;
export type RecordStatus = AnyRecord['status'];
/** A record's holds and ledger transactions (the same shape for every family). */
export type LedgerEntries = DataOf<typeof getWithdrawalLedger>;

export const STATUSES: RecordStatus[] = ['pending_approval', 'executing', 'executed', 'rejected', 'expired', 'cancelled', 'failed'];
export const TERMINAL = new Set<RecordStatus>(['executed', 'rejected', 'expired', 'cancelled', 'failed']);

export interface ListQuery {
  status?: RecordStatus;
  account_ref?: string;
  page_token?: string;
}

type Page = { data?: { items: AnyRecord[]; next_page_token: string | null }; error?: unknown; response: Response };
type One = { data?: AnyRecord; error?: unknown; response: Response };
type Ledger = { data?: LedgerEntries; error?: unknown; response: Response };

/** One governed money family: where it lives in the API, and its workflow in Temporal. */
export interface Family {
  path: '/withdrawals' | '/internal-transfers' | '/conversions';
  label: string;
  singular: string;
  workflowId: (id: string) => string;
  list(q: ListQuery): Promise<Page>;
  get(id: string): Promise<One>;
  /** Holds and ledger transactions the record booked. */
  ledger(id: string): Promise<Ledger>;
  /** Cancelling needs this permission, and the record in one of these states (the API has the last word: 409 otherwise). */
  cancelPermission: string;
  cancellable: ReadonlySet<RecordStatus>;
  cancel(id: string): Promise<One>;
}

const pageSize = 25;

export const FAMILIES: Record<'withdrawals' | 'transfers' | 'conversions', Family> = {
  withdrawals: {
    path: '/withdrawals',
    label: 'Withdrawals',
    singular: 'Withdrawal',
    workflowId: (id) => `withdrawal/${id}`,
    list: (q) => api.GET('/withdrawals', { params: { query: { ...q, page_size: pageSize } } }),
    get: getWithdrawal,
    ledger: getWithdrawalLedger,
    cancelPermission: 'withdrawals.create',
    // Until the rail has it: a withdrawal already submitted answers 409 withdrawal_submitted.
    cancellable: new Set<RecordStatus>(['pending_approval', 'executing']),
    cancel: (id) => api.POST('/withdrawals/{withdrawal_id}/cancel', { params: { path: { withdrawal_id: id } } }),
  },
  transfers: {
    path: '/internal-transfers',
    label: 'Internal transfers',
    singular: 'Internal transfer',
    workflowId: (id) => `internal-transfer/${id}`,
    list: (q) => api.GET('/internal-transfers', { params: { query: { ...q, page_size: pageSize } } }),
    get: getTransfer,
    ledger: (id) => api.GET('/internal-transfers/{internal_transfer_id}/ledger-entries', { params: { path: { internal_transfer_id: id } } }),
    cancelPermission: 'transfers.create',
    cancellable: new Set<RecordStatus>(['pending_approval']),
    cancel: (id) => api.POST('/internal-transfers/{internal_transfer_id}/cancel', { params: { path: { internal_transfer_id: id } } }),
  },
  conversions: {
    path: '/conversions',
    label: 'Conversions',
    singular: 'Conversion',
    workflowId: (id) => `conversion/${id}`,
    list: (q) => api.GET('/conversions', { params: { query: { ...q, page_size: pageSize } } }),
    get: getConversion,
    ledger: (id) => api.GET('/conversions/{conversion_id}/ledger-entries', { params: { path: { conversion_id: id } } }),
    cancelPermission: 'conversions.create',
    cancellable: new Set<RecordStatus>(['pending_approval']),
    cancel: (id) => api.POST('/conversions/{conversion_id}/cancel', { params: { path: { conversion_id: id } } }),
  },
};
