import { normalizeText, type Match, type MatchItem } from './model';

/*
 * What a reconciliation run calls a break: pure. Given what matching left on each side, the matches
 * that agree only within a drift, and the provider's balance, it names every difference once, with a
 * fingerprint that stays the same from run to run, so a rerun finds the break it opened before.
 */

export const BREAK_KINDS = ['unmatched_line', 'unmatched_transaction', 'amount_mismatch', 'duplicate_line', 'balance_drift', 'ledger_drift', 'closed_period_posting'] as const;
export type BreakKind = (typeof BREAK_KINDS)[number];

export interface DetectedBreak {
  kind: BreakKind;
  /** Stable across runs: the line, transaction or match it is about, or the balance of a day. */
  fingerprint: string;
  /** The UTC day (YYYY-MM-DD) the difference belongs to: the line's booking, the transaction's settlement, the balance's read. */
  period: string;
  statementLineId: string | null;
  ledgerTransactionId: string | null;
  /** Signed minor units from the provider account's side: the statement's view minus the ledger's. */
  difference: bigint;
  detail: Record<string, unknown>;
}

export interface BreakInput {
  /** Milliseconds since the epoch: when the run read both sides. */
  readAt: number;
  /** How late the provider may report what the ledger booked. */
  lagMs: number;
  unmatchedLines: readonly MatchItem[];
  unmatchedTransactions: readonly MatchItem[];
  /** Lines matched by this or an earlier run: a second report of one of them is a duplicate. */
  matchedLines: readonly MatchItem[];
  /** Matches whose two sides differ (a rule's drift let them agree), by match id. */
  driftMatches: ReadonlyArray<Pick<Match, 'lineIds' | 'transactionIds' | 'difference'> & { id: string; at: number }>;
  /** The provider's balance and what its statement adds up to (opening balance plus every line); absent for file-only accounts. */
  balance: { provider: bigint; statement: bigint; asOf: number } | null;
  /** Days already closed: a difference dated inside one is a `closed_period_posting`, and the closed figures stay. */
  closedPeriods: ReadonlySet<string>;
  /** Renders minor units as the wire's decimal string (amounts in `detail`). */
  format: (minor: bigint) => string;
}

export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const refKey = (i: MatchItem) => (i.reference === null ? null : `${i.asset}|${normalizeText(i.reference)}`);

/** Every break the run sees, once each. */
export function detectBreaks(input: BreakInput): DetectedBreak[] {
  const out: DetectedBreak[] = [];
  const push = (b: DetectedBreak) => {
    if (b.kind !== 'balance_drift' && input.closedPeriods.has(b.period)) out.push({ ...b, kind: 'closed_period_posting', detail: { ...b.detail, underlying_kind: b.kind } });
    else out.push(b);
  };

  const matchedByRef = new Map<string, MatchItem[]>();
  for (const m of input.matchedLines) {
    const k = refKey(m);
    if (k !== null) matchedByRef.set(k, [...(matchedByRef.get(k) ?? []), m]);
  }
  const openTxByRef = new Map<string, MatchItem[]>();
  for (const t of input.unmatchedTransactions) {
    const k = refKey(t);
    if (k !== null) openTxByRef.set(k, [...(openTxByRef.get(k) ?? []), t]);
  }
  const paired = new Set<string>();

  for (const line of input.unmatchedLines) {
    const k = refKey(line);
    const twin = k === null ? undefined : matchedByRef.get(k)?.find((m) => m.amount === line.amount);
    if (twin) {
      push({ kind: 'duplicate_line', fingerprint: `line:${line.id}`, period: dayOf(line.at), statementLineId: line.id, ledgerTransactionId: null, difference: line.amount, detail: { duplicate_of: twin.id, reference: line.reference } });
      continue;
    }
    // The same reference on both sides with another amount: one break for the pair, not two.
    const other = k === null ? undefined : openTxByRef.get(k)?.find((t) => !paired.has(t.id) && t.amount !== line.amount);
    if (other) {
      paired.add(other.id);
      push({
        kind: 'amount_mismatch',
        fingerprint: `line:${line.id}`,
        period: dayOf(line.at),
        statementLineId: line.id,
        ledgerTransactionId: other.id,
        difference: line.amount - other.amount,
        detail: { reference: line.reference, statement_amount: input.format(line.amount), ledger_amount: input.format(other.amount), operation: other.description },
      });
      continue;
    }
    push({ kind: 'unmatched_line', fingerprint: `line:${line.id}`, period: dayOf(line.at), statementLineId: line.id, ledgerTransactionId: null, difference: line.amount, detail: { reference: line.reference, counterparty: line.counterparty, description: line.description } });
  }

  for (const tx of input.unmatchedTransactions) {
    if (paired.has(tx.id)) continue;
    // The provider may still report it: only past the account's lag is its absence a break.
    if (tx.at + input.lagMs > input.readAt) continue;
    push({ kind: 'unmatched_transaction', fingerprint: `transaction:${tx.id}`, period: dayOf(tx.at), statementLineId: null, ledgerTransactionId: tx.id, difference: -tx.amount, detail: { reference: tx.reference, operation: tx.description } });
  }

  for (const m of input.driftMatches) {
    if (m.difference === 0n) continue;
    push({
      kind: 'amount_mismatch',
      fingerprint: `match:${m.id}`,
      period: dayOf(m.at),
      statementLineId: m.lineIds.length === 1 ? m.lineIds[0] : null,
      ledgerTransactionId: m.transactionIds.length === 1 ? m.transactionIds[0] : null,
      difference: m.difference,
      detail: { match_id: m.id, line_ids: m.lineIds, transaction_ids: m.transactionIds },
    });
  }

  // The provider's balance against its own statement: a difference means lines it has not reported (or reported wrong).
  if (input.balance && input.balance.provider !== input.balance.statement) {
    push({
      kind: 'balance_drift',
      fingerprint: 'balance',
      period: dayOf(input.balance.asOf),
      statementLineId: null,
      ledgerTransactionId: null,
      difference: input.balance.provider - input.balance.statement,
      detail: { provider_balance: input.format(input.balance.provider), statement_balance: input.format(input.balance.statement), as_of: new Date(input.balance.asOf).toISOString() },
    });
  }
  return out;
}

export interface LedgerBalanceInput {
  /** The provider's balance and its read time (ms since the epoch). */
  provider: bigint;
  asOf: number;
  /** The ledger's balance of the account as of `asOf`: its opening balance plus what it moved through it by then, a matched transaction counted when the provider booked its line. */
  ledger: bigint;
  /** Unmatched ledger transactions by `asOf` that the provider may still report (inside the lag): no break yet. */
  inFlight: readonly MatchItem[];
  /** Everything the run detected (decided or not: an accepted difference stays a difference), with the time of the item each is about. */
  named: ReadonlyArray<{ brk: DetectedBreak; at: number }>;
  format: (minor: bigint) => string;
}

export interface LedgerBalanceCheck {
  /** The provider's balance minus the ledger's, all of it. */
  difference: bigint;
  inFlight: bigint;
  /** The part the run's breaks name (item by item, and the provider's own statement drift). */
  explained: bigint;
  /** What nothing explains: a `ledger_drift` break when not zero. */
  unexplained: bigint;
  brk: DetectedBreak | null;
}

/**
 * The ledger's balance against the provider's, at the provider's read time: what differs must be in
 * flight (inside the lag) or named by a break. A remainder means the ledger moved money through the
 * account that reconciliation does not account for (a matched operation changed since, say): a
 * `ledger_drift` break, one per day, that clears when the books agree again.
 */
export function checkLedgerBalance(input: LedgerBalanceInput): LedgerBalanceCheck {
  const difference = input.provider - input.ledger;
  // In flight: the ledger counts it, the provider does not yet; it lowers (raises) the provider's side.
  const inFlight = input.inFlight.filter((t) => t.at <= input.asOf).reduce((sum, t) => sum - t.amount, 0n);
  const explained = input.named
    .filter(({ brk, at }) => brk.kind !== 'ledger_drift' && (brk.kind === 'balance_drift' || at <= input.asOf))
    .reduce((sum, { brk }) => sum + brk.difference, 0n);
  const unexplained = difference - inFlight - explained;
  const period = dayOf(input.asOf);
  const brk: DetectedBreak | null =
    unexplained === 0n
      ? null
      : {
          kind: 'ledger_drift',
          fingerprint: 'ledger',
          period,
          statementLineId: null,
          ledgerTransactionId: null,
          difference: unexplained,
          detail: {
            provider_balance: input.format(input.provider),
            ledger_balance: input.format(input.ledger),
            in_flight: input.format(inFlight),
            explained: input.format(explained),
            as_of: new Date(input.asOf).toISOString(),
          },
        };
  return { difference, inFlight, explained, unexplained, brk };
}

export const breakKey = (b: Pick<DetectedBreak, 'kind' | 'fingerprint' | 'period'>) => `${b.kind}|${b.fingerprint}|${b.period}`;

export interface LiveBreak {
  id: string;
  kind: BreakKind;
  fingerprint: string;
  period: string;
  difference: bigint;
}

/**
 * What a run does to the breaks it finds against those still live (open or acknowledged): new ones
 * open; a live one no longer seen is resolved (matched since, or the difference is gone); a live one
 * still seen takes the new difference. Decided breaks (resolved, accepted) are never reopened:
 * `known` holds every break's key, decided or not.
 */
export function reconcileBreaks(detected: readonly DetectedBreak[], live: readonly LiveBreak[], known: ReadonlySet<string>) {
  const seen = new Map(detected.map((d) => [breakKey(d), d]));
  // A difference that had its break before its day closed is not a later posting: it was decided then.
  const itemsKnown = new Set([...known].map((k) => k.slice(k.indexOf('|') + 1)));
  const open = detected.filter((d) => !known.has(breakKey(d)) && !(d.kind === 'closed_period_posting' && itemsKnown.has(`${d.fingerprint}|${d.period}`)));
  const cleared = live.filter((l) => !seen.has(breakKey(l)));
  const changed = live.flatMap((l) => {
    const d = seen.get(breakKey(l));
    return d && d.difference !== l.difference ? [{ id: l.id, difference: d.difference, detail: d.detail }] : [];
  });
  return { open, cleared, changed };
}
