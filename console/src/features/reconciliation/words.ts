import type { SdkProblem as Problem, Schemas } from '../../../../clients/typescript/index';

// The generated types themselves, not the api/ module's: these words load nothing of the session.
type Break = Schemas['ReconciliationBreak'];
type BreakKind = Break['kind'];
type ReconciliationAccount = Schemas['ReconciliationAccount'];
type Adjustment = Schemas['ReconciliationAdjustment'];
type ExpectedPayment = Schemas['ExpectedPayment'];

/* Reconciliation in words: what a break's kind and status mean, how days and accounts read, and why a day cannot close. */

export const KIND_LABELS: Record<BreakKind, string> = {
  unmatched_line: 'Statement line with no ledger match',
  unmatched_transaction: 'Ledger transaction missing from the statement',
  amount_mismatch: 'Amounts differ',
  duplicate_line: 'Line reported twice',
  balance_drift: "Provider balance differs from its statement",
  ledger_drift: 'Ledger and provider balances differ, unexplained',
  closed_period_posting: 'Posting in a closed day',
};

/** The kind of a break; a posting in a closed day says what it would have been otherwise. */
export function kindOf(b: Pick<Break, 'kind' | 'detail'>): string {
  const underlying = b.detail.underlying_kind as BreakKind | undefined;
  return b.kind === 'closed_period_posting' && underlying && underlying in KIND_LABELS ? `${KIND_LABELS.closed_period_posting}: ${KIND_LABELS[underlying].toLowerCase()}` : KIND_LABELS[b.kind];
}

export const STATUS_CHOICES = [
  ['live', 'Live'],
  ['open', 'Open'],
  ['acknowledged', 'Acknowledged'],
  ['resolved', 'Resolved'],
  ['accepted', 'Accepted'],
] as const;

export const RESOLUTIONS: Record<NonNullable<Break['resolution']>, string> = {
  matched: 'matched by a later run',
  corrected: 'corrected by a ledger transaction',
  cleared: 'the difference is gone',
};

/** Which way an adjustment moves money, from the account's side. */
export const ADJUSTMENT_DIRECTIONS: Record<Adjustment['direction'], string> = {
  credit: 'Credit to the account',
  debit: 'Debit from the account',
};

/** What a live break's adjustment would book: its difference's sign decides the way. */
export const adjustmentInWords = (difference: string) =>
  difference.startsWith('-')
    ? "The statement shows less than the ledger: the adjustment debits the account (to the enterprise's external withdrawals), holding the amount on it meanwhile."
    : "The statement shows more than the ledger: the adjustment credits the account (from the enterprise's external deposits).";

/** Which way an expected payment moves money. */
export const EXPECTED_DIRECTIONS: Record<ExpectedPayment['direction'], string> = { credit: 'Incoming', debit: 'Outgoing' };

export const isLive = (b: Pick<Break, 'status'>) => b.status === 'open' || b.status === 'acknowledged';

/** A UTC day (YYYY-MM-DD) as a date in the browser's locale. */
export const formatDay = (day: string, style: 'medium' | 'full' = 'medium') => new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: style, timeZone: 'UTC' });

/** Today's UTC day, and the one `n` days before it. */
export const utcDay = (n = 0, now = Date.now()) => new Date(now - n * 86_400_000).toISOString().slice(0, 10);

/** An account as people name it: its description (else rail and address) and currency; two alike get the end of their address. */
export function accountLabel(a: ReconciliationAccount, all: ReconciliationAccount[] = []): string {
  const base = (x: ReconciliationAccount) => `${x.description || `${x.rail} ${x.address}`} · ${x.currency}`;
  const twins = all.filter((x) => base(x) === base(a)).length > 1;
  return twins ? `${base(a)} · ${a.rail} …${a.address.slice(-6)}` : base(a);
}

/** A moment in the browser's locale, to the minute. */
export const formatMoment = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const moment = (iso: unknown) => (typeof iso === 'string' ? formatMoment(iso) : 'later');

/** Why the API refused to close a day, as a person reads it (the problem's `blocker` and its figures). */
export function closeRefusal(problem: Problem): string {
  const p = problem as Problem & { blocker?: string; open_breaks?: number; read_after?: string; earliest_open?: string };
  if (problem.reason === 'period_closed') return 'This day is closed already.';
  if (problem.reason !== 'period_not_closable') return problem.detail;
  if (p.blocker === 'not_ended') return 'This day is not over yet (days are counted in UTC).';
  if (p.blocker === 'not_read') return `No run has read the account since ${moment(p.read_after)} (the day's end plus the account's lag): run a reconciliation, then close the day.`;
  if (p.blocker === 'open_breaks') {
    const n = p.open_breaks ?? 0;
    return n === 1 ? 'One break of this day is still live: resolve or accept it first.' : `${n} breaks of this day are still live: resolve or accept them first.`;
  }
  if (p.blocker === 'earlier_period_open') return `${p.earliest_open ? formatDay(p.earliest_open) : 'An earlier day'} is not closed yet: days close in order, the earliest first.`;
  return problem.detail;
}

/** A setting's length of time in the largest whole unit: "1 day", "3 hours", "90 seconds". */
export function span(seconds: number): string {
  const [unit, size] = (
    [
      ['day', 86_400],
      ['hour', 3_600],
      ['minute', 60],
    ] as const
  ).find(([, size]) => seconds >= size && seconds % size === 0) ?? ['second', 1];
  const n = seconds / size;
  return `${n.toLocaleString()} ${unit}${n === 1 ? '' : 's'}`;
}

/** How long a run took, in the unit that reads best. */
export const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toLocaleString(undefined, { maximumFractionDigits: 1 })} s`);
