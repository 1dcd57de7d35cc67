import type { Schemas } from '../../../../../clients/typescript/index';
import { api } from '../../../lib/session';

export type Break = Schemas['ReconciliationBreak'];
export type BreakKind = Break['kind'];
export type BreakStatus = Break['status'];
export type ReconciliationAccount = Schemas['ReconciliationAccount'];
export type Run = Schemas['ReconciliationRun'];
export type Period = Schemas['ReconciliationPeriod'];
export type StatementLine = Schemas['StatementLine'];
export type Adjustment = Schemas['ReconciliationAdjustment'];
export type ExpectedPayment = Schemas['ExpectedPayment'];

/** How many pages of 200 a screen reads of one list before it says the list goes on. */
const MAX_PAGES = 10;

type Page<T> = { data?: { items: T[]; next_page_token: string | null }; error?: unknown; response: Response };
type All<T> = { data: { items: T[]; truncated: boolean }; response: Response } | { data?: undefined; error: unknown; response: Response };

/** Every page of a list, up to MAX_PAGES: these lists come oldest first, and the screens show them newest first. */
async function allPages<T>(page: (token: string | undefined) => Promise<Page<T>>, found?: (items: T[]) => boolean): Promise<All<T>> {
  const items: T[] = [];
  let token: string | undefined;
  let response: Response | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const res = await page(token);
    if (!res.data) return { error: res.error, response: res.response };
    response ??= res.response;
    items.push(...res.data.items);
    token = res.data.next_page_token ?? undefined;
    if (!token || found?.(items)) return { data: { items, truncated: false }, response };
  }
  return { data: { items, truncated: true }, response: response! };
}

export const listAccounts = () =>
  allPages((page_token) => api.GET('/reconciliation-accounts', { params: { query: { page_size: 200, page_token } } }));

/**
 * Never from the browser's cache: the account's ETag is its row's, and `reconciled_through` moves when
 * a day closes without changing it, so a revalidated copy (304) would still show the day before.
 */
export const getAccount = (id: string) => api.GET('/reconciliation-accounts/{account_id}', { params: { path: { account_id: id } }, cache: 'no-store' });

export interface BreakFilter {
  accountId?: string;
  kind?: BreakKind;
  /** `live`: open or acknowledged, what still needs someone. */
  status: BreakStatus | 'live';
  period?: string;
  includeSnoozed?: boolean;
}

const byNewest = (a: Break, b: Break) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

/** The breaks a filter selects, newest first; `live` reads the open and the acknowledged ones side by side. */
export async function listBreaks(f: BreakFilter) {
  const one = (status: BreakStatus) =>
    allPages((page_token) =>
      api.GET('/reconciliation-breaks', {
        params: {
          query: { account_id: f.accountId || undefined, kind: f.kind || undefined, status, period: f.period || undefined, include_snoozed: f.includeSnoozed ? 'true' : undefined, page_size: 200, page_token },
        },
      }),
    );
  const parts = await Promise.all((f.status === 'live' ? (['open', 'acknowledged'] as const) : [f.status]).map(one));
  const failed = parts.find((p) => !p.data);
  if (failed) return failed;
  const ok = parts as Array<Extract<All<Break>, { data: object }>>;
  return { data: { items: ok.flatMap((p) => p.data.items).sort(byNewest), truncated: ok.some((p) => p.data.truncated) }, response: ok[0].response };
}

/** The statement lines a break is about (its line, a match's lines, the line it repeats), found page after page. */
export async function findLines(accountId: string, ids: string[]) {
  const wanted = new Set(ids);
  const got = new Map<string, StatementLine>();
  if (wanted.size === 0) return { data: got, response: new Response() };
  // Most breaks are about unmatched lines: read those first, the matched ones only if one is still missing.
  for (const matched of ['false', 'true'] as const) {
    const res = await allPages(
      (page_token) => api.GET('/reconciliation-accounts/{account_id}/statement-lines', { params: { path: { account_id: accountId }, query: { matched, page_size: 200, page_token } } }),
      (items) => items.filter((l) => wanted.has(l.id)).length + got.size >= wanted.size,
    );
    if (!res.data) return res;
    for (const l of res.data.items) if (wanted.has(l.id)) got.set(l.id, l);
    if (got.size >= wanted.size) break;
  }
  return { data: got, response: new Response() };
}

/** The money operation a ledger transaction belongs to (`withdrawal/<id>`, `deposit/<id>`, `off_ramp/<id>`), read in a common shape. */
export interface Operation {
  kind: 'withdrawal' | 'deposit' | 'off_ramp';
  id: string;
  amount: Schemas['Money'];
  accountRef: string;
  status: string;
  /** When it settled, was credited or paid out. */
  at: string | null;
  railReference: string | null;
}

const failed = (res: { error?: unknown; response: Response }) => ({ error: res.error, response: res.response });

export async function getOperation(ref: string | null): Promise<{ data?: Operation | null; error?: unknown; response: Response }> {
  const [kind, id] = (ref ?? '').split('/');
  if (kind === 'withdrawal') {
    const res = await api.GET('/withdrawals/{withdrawal_id}', { params: { path: { withdrawal_id: id } } });
    const w = res.data;
    return w ? { data: { kind, id, amount: w.principal_amount, accountRef: w.account_ref, status: w.status, at: w.settled_at, railReference: w.rail_reference }, response: res.response } : failed(res);
  }
  if (kind === 'deposit') {
    const res = await api.GET('/deposits/{deposit_id}', { params: { path: { deposit_id: id } } });
    const d = res.data;
    return d ? { data: { kind, id, amount: d.amount, accountRef: d.account_ref, status: d.status, at: d.credited_at, railReference: d.transaction_hash }, response: res.response } : failed(res);
  }
  if (kind === 'off_ramp') {
    const res = await api.GET('/off-ramp-sessions/{session_id}', { params: { path: { session_id: id } } });
    const o = res.data;
    return o
      ? { data: { kind, id, amount: o.fiat_amount ?? o.amount, accountRef: o.account_ref, status: o.status, at: o.completed_at ?? o.payout_sent_at, railReference: o.payout_reference }, response: res.response }
      : failed(res);
  }
  return { data: null, response: new Response() };
}

export type Decision = { action: 'acknowledge' } | { action: 'accept'; note: string } | { action: 'resolve'; ledgerTransactionId: string; note?: string } | { action: 'snooze'; until: string };

export function decideBreak(id: string, d: Decision) {
  const path = { break_id: id };
  if (d.action === 'acknowledge') return api.POST('/reconciliation-breaks/{break_id}/acknowledge', { params: { path }, body: {} });
  if (d.action === 'accept') return api.POST('/reconciliation-breaks/{break_id}/accept', { params: { path }, body: { note: d.note } });
  if (d.action === 'resolve') return api.POST('/reconciliation-breaks/{break_id}/resolve', { params: { path }, body: { ledger_transaction_id: d.ledgerTransactionId, note: d.note } });
  return api.POST('/reconciliation-breaks/{break_id}/snooze', { params: { path }, body: { until: d.until } });
}

export const listRuns = (accountId: string, pageToken: string | undefined) =>
  api.GET('/reconciliation-accounts/{account_id}/runs', { params: { path: { account_id: accountId }, query: { page_size: 20, page_token: pageToken } } });

/** A run now: 201 with the run once it finished, 202 while it goes on. */
export const runNow = (accountId: string) => api.POST('/reconciliation-accounts/{account_id}/runs', { params: { path: { account_id: accountId } }, body: { dry_run: false } });

/** What the days of an account show: the closed ones (newest first, the latest 200) and the live breaks by day. */
export async function loadDays(accountId: string) {
  const [periods, live] = await Promise.all([
    api.GET('/reconciliation-accounts/{account_id}/periods', { params: { path: { account_id: accountId }, query: { page_size: 200 } } }),
    listBreaks({ accountId, status: 'live', includeSnoozed: true }),
  ]);
  if (!periods.data) return { error: periods.error, response: periods.response };
  if (!live.data) return live;
  return { data: { closed: periods.data.items, live: live.data.items }, response: periods.response };
}

export const closeDay = (accountId: string, day: string) =>
  api.POST('/reconciliation-accounts/{account_id}/periods/{period}/close', { params: { path: { account_id: accountId, period: day } } });

/** A break's adjustments, oldest first, with their reversals (a break has a handful at most). */
export const listAdjustments = (breakId: string) =>
  allPages((page_token) => api.GET('/reconciliation-breaks/{break_id}/adjustments', { params: { path: { break_id: breakId }, query: { page_size: 200, page_token } } }));

/** The accounts an adjustment can bear on: the enterprise's master accounts (none when out of reach) and its active client accounts. */
export async function loadAdjustableAccounts() {
  const [masters, clients] = await Promise.all([
    api.GET('/master-accounts', { params: { query: { page_size: 200 } } }),
    api.GET('/client-accounts', { params: { query: { page_size: 200, status: 'active' } } }),
  ]);
  if (!clients.data) return { error: clients.error, response: clients.response };
  return { data: { masters: (masters.data?.items ?? []).filter((m) => m.status === 'active'), clients: clients.data.items }, response: clients.response };
}

/** The key is the form's, one per intended adjustment: a second click or a retry replays the first answer instead of holding twice. */
export const proposeAdjustment = (breakId: string, idempotencyKey: string, body: Schemas['ReconciliationAdjustmentCreate']) =>
  api.POST('/reconciliation-breaks/{break_id}/adjustments', { params: { path: { break_id: breakId }, header: { 'Idempotency-Key': idempotencyKey } }, body });

export const reverseAdjustment = (id: string, idempotencyKey: string, note: string) =>
  api.POST('/reconciliation-adjustments/{adjustment_id}/reverse', { params: { path: { adjustment_id: id }, header: { 'Idempotency-Key': idempotencyKey } }, body: { note } });

export const listExpectedPayments = (accountId: string, pageToken: string | undefined) =>
  api.GET('/expected-payments', { params: { query: { account_id: accountId, page_size: 20, page_token: pageToken } } });

export const declareExpectedPayment = (idempotencyKey: string, body: Omit<Schemas['ExpectedPaymentCreate'], 'description' | 'metadata'>) =>
  api.POST('/expected-payments', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body: { description: '', metadata: {}, ...body } });

export const cancelExpectedPayment = (id: string) => api.POST('/expected-payments/{expected_payment_id}/cancel', { params: { path: { expected_payment_id: id } } });
