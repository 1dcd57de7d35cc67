import { normalizeText, type MatchItem } from './model';

/*
 * Expected payments, pure: which statement lines fulfil which expectation. A line fits when it moves
 * money the expected way in the expected asset, inside the window, quotes the reference (as the line's
 * reference or inside its remittance text) and names the counterparty where the expectation gives
 * them, and does not take the expectation past its maximum. Several lines may fulfil one expectation
 * (an invoice paid in parts); a line fulfils one at most.
 */

export type ExpectationStatus = 'unreconciled' | 'partially_reconciled' | 'reconciled' | 'cancelled';

export interface Expectation {
  id: string;
  direction: 'credit' | 'debit';
  asset: string;
  /** Magnitudes, minor units. */
  min: bigint;
  max: bigint;
  /** Milliseconds since the epoch. */
  from: number;
  to: number;
  reference: string | null;
  counterparty: string | null;
  /** What lines fulfilled so far (a magnitude). */
  reconciled: bigint;
}

const magnitude = (n: bigint) => (n < 0n ? -n : n);

export function fits(e: Expectation, line: MatchItem): boolean {
  if (line.asset !== e.asset || line.at < e.from || line.at > e.to) return false;
  if ((e.direction === 'credit') !== line.amount > 0n) return false;
  if (e.reference !== null) {
    const ref = normalizeText(e.reference)!;
    if (normalizeText(line.reference) !== ref && !(normalizeText(line.description) ?? '').includes(ref)) return false;
  }
  if (e.counterparty !== null && !(normalizeText(line.counterparty) ?? '').includes(normalizeText(e.counterparty)!)) return false;
  return true;
}

export const statusOf = (e: Pick<Expectation, 'min' | 'reconciled'>): ExpectationStatus => (e.reconciled >= e.min ? 'reconciled' : e.reconciled > 0n ? 'partially_reconciled' : 'unreconciled');

/**
 * The links lines make with expectations, in the order given (expectations by window, lines by booking),
 * and each expectation's total after them. An expectation already reconciled takes a line only while it
 * stays within its maximum.
 */
export function fulfil(expectations: readonly Expectation[], lines: readonly MatchItem[]): { links: Array<{ expectationId: string; lineId: string }>; reconciled: Map<string, bigint> } {
  const totals = new Map(expectations.map((e) => [e.id, e.reconciled]));
  const links: Array<{ expectationId: string; lineId: string }> = [];
  for (const line of lines) {
    const e = expectations.find((x) => fits(x, line) && totals.get(x.id)! + magnitude(line.amount) <= x.max);
    if (!e) continue;
    totals.set(e.id, totals.get(e.id)! + magnitude(line.amount));
    links.push({ expectationId: e.id, lineId: line.id });
  }
  return { links, reconciled: totals };
}
