import type { Schemas, SdkProblem } from '../../clients/typescript/index';
import { accountLabel, closeRefusal, formatDay, kindOf, span, utcDay } from '../../console/src/features/reconciliation/words';

// The reconciliation screens in words: kinds, accounts, days, lengths of time, and why a day cannot close.

type ReconciliationAccount = Schemas['ReconciliationAccount'];

const account = (over: Partial<ReconciliationAccount>) => ({ id: '0193a1c2-7f00-7abc-8def-000000000001', rail: 'sepa', address: 'DE89370400440532013000', currency: 'EUR', description: 'Operating account', ...over }) as ReconciliationAccount;

const refusal = (extensions: Record<string, unknown>, reason = 'period_not_closable') =>
  ({ type: '/docs/problems/EdgeConflict', title: 'Conflict', status: 409, detail: 'the API’s own words', code: 'EdgeConflict', reason, request_id: 'r', errors: [], ...extensions }) as unknown as SdkProblem;

describe('reconciliation in words', () => {
  it('names a kind, and what a posting in a closed day would have been', () => {
    expect(kindOf({ kind: 'duplicate_line', detail: {} })).toBe('Line reported twice');
    expect(kindOf({ kind: 'closed_period_posting', detail: { underlying_kind: 'unmatched_line' } })).toBe('Posting in a closed day: statement line with no ledger match');
    expect(kindOf({ kind: 'closed_period_posting', detail: {} })).toBe('Posting in a closed day');
  });

  it('names an account by its description and currency, and two alike by the end of their address', () => {
    const a = account({});
    expect(accountLabel(a, [a])).toBe('Operating account · EUR');
    expect(accountLabel(account({ description: '' }))).toBe('sepa DE89370400440532013000 · EUR');
    const twin = account({ id: '0193a1c2-7f00-7abc-8def-000000000002', address: 'GB29NWBK60161331926819' });
    expect([accountLabel(a, [a, twin]), accountLabel(twin, [a, twin])]).toEqual(['Operating account · EUR · sepa …013000', 'Operating account · EUR · sepa …926819']);
  });

  it('reads a UTC day as that calendar date wherever the browser is', () => {
    expect(formatDay('2026-12-02')).toBe(new Date(Date.UTC(2026, 11, 2)).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' }));
    expect(utcDay(2, Date.parse('2026-12-04T00:30:00Z'))).toBe('2026-12-02');
  });

  it.each([
    [86_400, '1 day'],
    [3 * 3_600, '3 hours'],
    [90 * 60, '90 minutes'],
    [45, '45 seconds'],
  ])('says %i seconds as %s', (seconds, words) => expect(span(seconds)).toBe(words));

  it.each([
    [{ blocker: 'open_breaks', open_breaks: 3 }, '3 breaks of this day are still live: resolve or accept them first.'],
    [{ blocker: 'open_breaks', open_breaks: 1 }, 'One break of this day is still live: resolve or accept it first.'],
    [{ blocker: 'not_ended' }, 'This day is not over yet (days are counted in UTC).'],
    [{ blocker: 'earlier_period_open', earliest_open: '2026-11-30' }, `${formatDay('2026-11-30')} is not closed yet: days close in order, the earliest first.`],
    [{ blocker: 'something_new' }, 'the API’s own words'],
  ])('says why a day cannot close: %j', (extensions, words) => expect(closeRefusal(refusal(extensions))).toBe(words));

  it('says when a run must read the account, and that a closed day is closed', () => {
    const at = '2026-12-03T03:00:00.000Z';
    expect(closeRefusal(refusal({ blocker: 'not_read', read_after: at }))).toBe(
      `No run has read the account since ${new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })} (the day's end plus the account's lag): run a reconciliation, then close the day.`,
    );
    expect(closeRefusal(refusal({}, 'period_closed'))).toBe('This day is closed already.');
  });
});
