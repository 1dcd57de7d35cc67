import { api } from '../../../lib/session';
import { getRecord, type AnyRecord, type DataOf, type ListStatus, type RecordStatus } from '../../../lib/records';

const getWithdrawalLedger = (id: string) => api.GET('/withdrawals/{withdrawal_id}/ledger-entries', { params: { path: { withdrawal_id: id } } });
/** A record's holds and ledger transactions (the same shape for every family). */
export type LedgerEntries = DataOf<typeof getWithdrawalLedger>;

export interface ListQuery {
  status?: ListStatus;
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
    get: (id) => getRecord('withdrawals', id),
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
    get: (id) => getRecord('internal-transfers', id),
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
    get: (id) => getRecord('conversions', id),
    ledger: (id) => api.GET('/conversions/{conversion_id}/ledger-entries', { params: { path: { conversion_id: id } } }),
    cancelPermission: 'conversions.create',
    cancellable: new Set<RecordStatus>(['pending_approval']),
    cancel: (id) => api.POST('/conversions/{conversion_id}/cancel', { params: { path: { conversion_id: id } } }),
  },
};

export const getDestination = (id: string) => api.GET('/withdrawal-destinations/{destination_id}', { params: { path: { destination_id: id } } });

export const getApproval = (id: string) => api.GET('/approvals/{approval_id}', { params: { path: { approval_id: id } } });

/** A record's event log, oldest first: its status history. */
export const listEvents = (resourceRef: string) => api.GET('/events', { params: { query: { resource_ref: resourceRef, page_size: 100 } } });
