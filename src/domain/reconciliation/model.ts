/*
 * Matching statement lines to ledger transactions: pure. Rules run in their order over what the
 * rules before them left; each says which fields must agree (criteria) and how many items on each
 * side one match takes (strategy). The store feeds it keyed batches; nothing here does I/O.
 */

export type MatchStrategy = 'one_to_one' | 'one_to_many' | 'many_to_one';
export type TextField = 'reference' | 'description' | 'counterparty';
export type GroupKey = 'reference' | 'counterparty' | 'booked_date';

export type Criterion =
  | { field: 'amount'; /** minor units */ drift_absolute?: bigint; /** basis points of the ledger amount */ drift_bp?: number }
  | { field: 'currency' }
  | { field: 'date'; window_seconds: number }
  | TextCriterion;

/** `equals` / `contains` compare the line's field with the ledger's (`against`, default the same); `pattern` matches the line's, and its capture group, if any, must equal the ledger's. */
export interface TextCriterion {
  field: TextField;
  operator: 'equals' | 'contains' | 'pattern';
  pattern?: string;
  against?: TextField;
}

export interface MatchRule {
  id: string;
  name: string;
  strategy: MatchStrategy;
  criteria: Criterion[];
  /** one_to_many: ledger transactions grouped by this; many_to_one: statement lines. */
  groupBy?: GroupKey;
}

/** A statement line or a ledger transaction, as the matcher compares them. */
export interface MatchItem {
  id: string;
  /** Signed minor units from the provider account's side: credits positive. */
  amount: bigint;
  asset: string;
  /** Milliseconds since the epoch: booked time (line) or settled time (ledger). */
  at: number;
  reference: string | null;
  description: string | null;
  counterparty: string | null;
}

export interface Match {
  ruleId: string;
  strategy: MatchStrategy;
  lineIds: string[];
  transactionIds: string[];
  /** Lines' sum minus the transactions': zero when exact, the drift otherwise. */
  difference: bigint;
}

export interface MatchOutcome {
  matches: Match[];
  unmatchedLines: MatchItem[];
  unmatchedTransactions: MatchItem[];
}

/** The longest pattern a rule may hold, and the longest text it runs on: a pattern stays cheap. */
export const MAX_PATTERN = 200;
const MAX_TEXT = 500;

/**
 * A rule's pattern is a bounded regular expression: at most MAX_PATTERN characters, no
 * backreferences or lookarounds, no quantified group that is itself quantified (the shapes that
 * backtrack without end), and one capture group at most (what is compared). Null when acceptable.
 */
export function patternProblem(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN) return `at most ${MAX_PATTERN} characters`;
  if (/\\[1-9]|\\k<|\(\?[=!<]/.test(pattern)) return 'no backreferences or lookarounds';
  if (/\)[*+?{][^)]*\)[*+{]/.test(pattern) || /\([^)]*[*+][^)]*\)[*+{]/.test(pattern)) return 'no nested quantifiers';
  try {
    const groups = new RegExp(`${pattern}|`).exec('')!.length - 1;
    if (groups > 1) return 'one capture group at most';
  } catch (err) {
    return `not a regular expression: ${(err as Error).message}`;
  }
  return null;
}

export const normalizeText = (s: string | null) => (s === null ? null : s.trim().replace(/\s+/g, ' ').toUpperCase());

const compiled = new Map<string, RegExp>();
function regex(pattern: string): RegExp {
  let r = compiled.get(pattern);
  if (!r) compiled.set(pattern, (r = new RegExp(pattern, 'i')));
  return r;
}

function textAgrees(c: TextCriterion, line: MatchItem, tx: MatchItem): boolean {
  const mine = line[c.field];
  const theirs = tx[c.against ?? c.field];
  if (mine === null || theirs === null) return false;
  if (c.operator === 'equals') return normalizeText(mine) === normalizeText(theirs);
  if (c.operator === 'contains') return normalizeText(mine)!.includes(normalizeText(theirs)!);
  const m = regex(c.pattern ?? '').exec(mine.slice(0, MAX_TEXT));
  if (!m) return false;
  return m.length > 1 ? normalizeText(m[1] ?? null) === normalizeText(theirs) : true;
}

const abs = (n: bigint) => (n < 0n ? -n : n);

/** Whether amounts agree: exactly, or within the larger of the rule's absolute and percent drift. */
export function amountAgrees(c: Extract<Criterion, { field: 'amount' }>, lineAmount: bigint, txAmount: bigint): boolean {
  const diff = abs(lineAmount - txAmount);
  if (diff === 0n) return true;
  if ((lineAmount < 0n) !== (txAmount < 0n)) return false;
  if (c.drift_absolute !== undefined && diff <= c.drift_absolute) return true;
  if (c.drift_bp !== undefined && diff * 10_000n <= abs(txAmount) * BigInt(c.drift_bp)) return true;
  return false;
}

/** Whether one line and one transaction (or a group's sums and spans) agree on every criterion. */
function agrees(rule: MatchRule, line: MatchItem, tx: MatchItem): boolean {
  for (const c of rule.criteria) {
    switch (c.field) {
      case 'amount':
        if (!amountAgrees(c, line.amount, tx.amount)) return false;
        break;
      case 'currency':
        if (line.asset !== tx.asset) return false;
        break;
      case 'date':
        if (Math.abs(line.at - tx.at) > c.window_seconds * 1000) return false;
        break;
      default:
        if (!textAgrees(c, line, tx)) return false;
    }
  }
  // Without an amount criterion a match still needs the amounts exact: a rule never matches by text alone.
  if (!rule.criteria.some((c) => c.field === 'amount') && line.amount !== tx.amount) return false;
  return line.asset === tx.asset;
}

/** The key items are looked up by: an `equals` criterion's field makes it a keyed lookup, else the currency. */
function lookupKey(rule: MatchRule): { line: (i: MatchItem) => string | null; tx: (i: MatchItem) => string | null } {
  const eq = rule.criteria.find((c): c is TextCriterion => 'operator' in c && c.operator === 'equals');
  if (!eq) return { line: (i) => i.asset, tx: (i) => i.asset };
  return { line: (i) => (i[eq.field] === null ? null : `${i.asset}|${normalizeText(i[eq.field])}`), tx: (i) => (i[eq.against ?? eq.field] === null ? null : `${i.asset}|${normalizeText(i[eq.against ?? eq.field])}`) };
}

function groupKeyOf(by: GroupKey, i: MatchItem): string | null {
  if (by === 'booked_date') return `${i.asset}|${new Date(i.at).toISOString().slice(0, 10)}`;
  const v = i[by];
  return v === null ? null : `${i.asset}|${normalizeText(v)}`;
}

function sumItem(key: string, items: MatchItem[]): MatchItem {
  const first = items[0];
  return { ...first, id: key, amount: items.reduce((s, i) => s + i.amount, 0n), at: Math.max(...items.map((i) => i.at)) };
}

function byIndex<T extends MatchItem>(items: T[], key: (i: T) => string | null): Map<string, T[]> {
  const index = new Map<string, T[]>();
  for (const i of items) {
    const k = key(i);
    if (k === null) continue;
    const list = index.get(k);
    if (list) list.push(i);
    else index.set(k, [i]);
  }
  return index;
}

/** One rule over what is left: the matches it makes, and what it leaves. */
function applyRule(rule: MatchRule, lines: MatchItem[], txs: MatchItem[], matches: Match[]): { lines: MatchItem[]; txs: MatchItem[] } {
  const takenLines = new Set<string>();
  const takenTxs = new Set<string>();
  const key = lookupKey(rule);
  if (rule.strategy === 'one_to_one') {
    const index = byIndex(txs, key.tx);
    for (const line of lines) {
      const k = key.line(line);
      const candidates = k === null ? undefined : index.get(k);
      if (!candidates) continue;
      // The nearest in time of those that agree.
      let best: MatchItem | null = null;
      for (const tx of candidates) {
        if (takenTxs.has(tx.id) || !agrees(rule, line, tx)) continue;
        if (!best || Math.abs(tx.at - line.at) < Math.abs(best.at - line.at)) best = tx;
      }
      if (!best) continue;
      takenLines.add(line.id);
      takenTxs.add(best.id);
      matches.push({ ruleId: rule.id, strategy: rule.strategy, lineIds: [line.id], transactionIds: [best.id], difference: line.amount - best.amount });
    }
  } else {
    // The grouped side is summed per key; a group matches one item of the other side whose key is the group's.
    const by = rule.groupBy ?? 'reference';
    const manyLines = rule.strategy === 'many_to_one';
    const groups = byIndex(manyLines ? lines : txs, (i) => groupKeyOf(by, i));
    for (const single of manyLines ? txs : lines) {
      const k = groupKeyOf(by, single);
      const members = k === null ? undefined : groups.get(k);
      if (!members || members.length === 0) continue;
      const sum = sumItem(k!, members);
      const [line, tx] = manyLines ? [sum, single] : [single, sum];
      if (!agrees(rule, line, tx)) continue;
      groups.delete(k!);
      for (const m of members) (manyLines ? takenLines : takenTxs).add(m.id);
      (manyLines ? takenTxs : takenLines).add(single.id);
      matches.push({
        ruleId: rule.id,
        strategy: rule.strategy,
        lineIds: manyLines ? members.map((m) => m.id) : [single.id],
        transactionIds: manyLines ? [single.id] : members.map((m) => m.id),
        difference: line.amount - tx.amount,
      });
    }
  }
  return { lines: lines.filter((l) => !takenLines.has(l.id)), txs: txs.filter((t) => !takenTxs.has(t.id)) };
}

/** Runs the rules in order; each item takes part in one match at most. */
export function matchItems(rules: readonly MatchRule[], lines: MatchItem[], transactions: MatchItem[]): MatchOutcome {
  const matches: Match[] = [];
  let left = { lines, txs: transactions };
  for (const rule of rules) {
    if (left.lines.length === 0 || left.txs.length === 0) break;
    left = applyRule(rule, left.lines, left.txs, matches);
  }
  return { matches, unmatchedLines: left.lines, unmatchedTransactions: left.txs };
}

/** The rule every enterprise starts with: the rail's reference and the amount, exactly, within the account's lag. */
export function defaultRules(lagSeconds: number): MatchRule[] {
  return [
    {
      id: 'default/reference',
      name: 'Reference and amount',
      strategy: 'one_to_one',
      criteria: [{ field: 'reference', operator: 'equals' }, { field: 'amount' }, { field: 'currency' }, { field: 'date', window_seconds: lagSeconds }],
    },
  ];
}
