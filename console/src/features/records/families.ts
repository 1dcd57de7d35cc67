import { api } from '../../lib/session';

const getWithdrawal = (id: string) => api.GET('/withdrawals/{withdrawal_id}', { params: { path: { withdrawal_id: id } } });
const getTransfer = (id: string) => api.GET('/internal-transfers/{internal_transfer_id}', { params: { path: { internal_transfer_id: id } } });
const getConversion = (id: string) => api.GET('/conversions/{conversion_id}', { params: { path: { conversion_id: id } } });

type DataOf<F extends (...args: never[]) => Promise<{ data?: unknown }>> = NonNullable<Awaited<ReturnType<F>>['data']>;
/** Records as the client reads them (the generated response types). */
export type WithdrawalRecord = DataOf<typeof getWithdrawal>;
export type TransferRecord = DataOf<typeof getTransfer>;
export type ConversionRecord = DataOf<typeof getConversion>;
export type AnyRecord = WithdrawalRecord | TransferRecord | ConversionRecord;
export type RecordStatus = AnyRecord['status'];

export const STATUSES: RecordStatus[] = ['pending_approval', 'executing', 'executed', 'rejected', 'expired', 'cancelled', 'failed'];
export const TERMINAL = new Set<RecordStatus>(['executed', 'rejected', 'expired', 'cancelled', 'failed']);

export interface ListQuery {
  status?: RecordStatus;
  account_ref?: string;
  page_token?: string;
}

type Page = { data?: { items: AnyRecord[]; next_page_token: string | null }; error?: unknown; response: Response };
type One = { data?: AnyRecord; error?: unknown; response: Response };

/** One governed money family: where it lives in the API, and its workflow in Temporal. */
export interface Family {
  path: '/withdrawals' | '/internal-transfers' | '/conversions';
  label: string;
  singular: string;
  workflowId: (id: string) => string;
  list(q: ListQuery): Promise<Page>;
  get(id: string): Promise<One>;
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
  },
  transfers: {
    path: '/internal-transfers',
    label: 'Internal transfers',
    singular: 'Internal transfer',
    workflowId: (id) => `internal-transfer/${id}`,
    list: (q) => api.GET('/internal-transfers', { params: { query: { ...q, page_size: pageSize } } }),
    get: getTransfer,
  },
  conversions: {
    path: '/conversions',
    label: 'Conversions',
    singular: 'Conversion',
    workflowId: (id) => `conversion/${id}`,
    list: (q) => api.GET('/conversions', { params: { query: { ...q, page_size: pageSize } } }),
    get: getConversion,
  },
};
