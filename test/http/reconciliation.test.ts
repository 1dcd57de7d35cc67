import { uuidv7 } from '../../src/ids';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../src/errors';
import { closeServices, type Services } from '../../src/services';
import { createReconciliationAccount, defaultRules, importStatementFile, matchAccount, matchInKeyedBatches, pullStatement, type ReconciliationAccountRow } from '../../src/domain/reconciliation';
import { SandboxStatementSource, injectStatementDiscrepancy } from '../../src/providers/statements';
import { createTenant, testServices } from '../helpers/app';

/** Statement imports and matching on a real database: whole files or nothing, one import per file, reruns that add nothing. */

let services: Services;
let enterpriseId: string;
const IBAN = 'DE89370400440532013000';
const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/statements', name));
async function* body(buf: Buffer, size = 4096): AsyncGenerator<Buffer> {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}
/** The fixtures' account, once per rail (an account is one per rail, address and asset). */
const account = (rail: string): Promise<ReconciliationAccountRow> => createReconciliationAccount(services.sql, { enterpriseId, rail, address: IBAN, asset: 'EUR', lagMs: 86_400_000, intervalMs: 3_600_000 });
const lineCount = async (accountId: string) => Number((await services.sql`select count(*)::int as n from statement_lines where account_id = ${accountId}`)[0].n);

beforeAll(async () => {
  services = await testServices();
  enterpriseId = (await createTenant(services, 'Reconciled GmbH')).enterpriseId;
});
afterAll(() => closeServices(services));

describe('statement imports', () => {
  let main: ReconciliationAccountRow;
  let refused: ReconciliationAccountRow;
  beforeAll(async () => {
    [main, refused] = [await account('sepa'), await account('swift')];
  });

  it('imports the camt.053 example once: the same file again is the same import', async () => {
    const req = { account: main, format: 'camt.053' as const, maxBytes: 1 << 20, attribution: null };
    const first = await importStatementFile(services.sql, { ...req, input: body(fixture('camt053-iso20022-example.xml')) });
    expect(first).toMatchObject({ created: true, row: { line_count: 3, format: 'camt.053', content_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    const again = await importStatementFile(services.sql, { ...req, input: body(fixture('camt053-iso20022-example.xml'), 100) });
    expect(again).toEqual({ created: false, row: first.row });
    expect(await lineCount(main.id)).toBe(3);
    // The camt.054 names the same account with spaces in its IBAN.
    expect((await importStatementFile(services.sql, { ...req, format: 'camt.054', input: body(fixture('camt054-notification.xml')) })).row.line_count).toBe(1);
  });

  it.each([
    ['mt940', 'ach', 'mt940-bank-sample.sta', undefined],
    ['csv', 'fps', 'bank-export.csv', { booked_at: 'Booking date', amount: 'Amount', currency: 'Currency', reference: 'Reference', id: 'Transaction id', delimiter: ';', decimal_separator: ',' as const, date_format: 'DD.MM.YYYY' as const }],
  ])('imports the %s fixture', async (format, rail, file, mapping) => {
    const into = await account(rail);
    const { row } = await importStatementFile(services.sql, { account: into, format: format as 'mt940' | 'csv', mapping, input: body(fixture(file), 50), maxBytes: 1 << 20, attribution: null });
    expect(row.line_count).toBe(3);
    expect(await lineCount(into.id)).toBe(3);
  });

  it.each<[string, string, (s: string) => string, number]>([
    ['a malformed last entry', 'camt053-iso20022-example.xml', (s) => s.replace('<Amt Ccy="EUR">35.00', '<Amt Ccy="EUR">35.0O'), 422],
    ['another account\'s statement', 'camt053-iso20022-example.xml', (s) => s.replace(`<IBAN>${IBAN}</IBAN>`, '<IBAN>FR7630006000011234567890189</IBAN>'), 422],
    ['an entry in another currency', 'camt053-iso20022-example.xml', (s) => s.replace('<Amt Ccy="EUR">35.00', '<Amt Ccy="USD">35.00'), 422],
    ['a file over the limit', 'camt053-iso20022-example.xml', (s) => s + ' '.repeat(20_000), 413],
  ])('refuses %s and imports nothing of it', async (_name, file, change, status) => {
    const fresh = refused;
    const before = await lineCount(fresh.id);
    const failure = await importStatementFile(services.sql, { account: fresh, format: 'camt.053', input: body(Buffer.from(change(fixture(file).toString('utf8')))), maxBytes: 12_000, attribution: null }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).status).toBe(status);
    if (status === 422) expect((failure as AppError).options).toMatchObject({ reason: 'statement_malformed', extensions: { location: expect.any(String) } });
    expect(await lineCount(fresh.id)).toBe(before);
  });
});

describe('matching', () => {
  it('pulls the sandbox statement, matches by reference, and a rerun matches nothing twice', async () => {
    const acct = await createReconciliationAccount(services.sql, { enterpriseId, rail: 'stellar', address: 'GSANDBOXCUSTODY', asset: 'EUR', lagMs: 86_400_000, intervalMs: 60_000 });
    for (const [reference, amount] of [['A-1', 1000n], ['A-2', 2000n], ['A-3', 3001n]] as const) {
      await injectStatementDiscrepancy(services.sql, { enterpriseId, rail: 'stellar', asset: 'EUR', kind: 'unknown_incoming', reference, amount }, 'sandbox');
    }
    const source = new SandboxStatementSource(services.sql, 'sandbox');
    const pulled = await pullStatement(services.sql, source, acct.id);
    expect(pulled).toMatchObject({ added: 3, received: 3 });
    expect((await pullStatement(services.sql, source, acct.id)).added).toBe(0);

    const at = Date.now();
    const ledger = [['A-1', 1000n], ['A-2', 2000n], ['A-3', 3000n]].map(([reference, amount], i) => ({ id: `00000000-0000-7000-8000-00000000000${i}`, amount: amount as bigint, asset: 'EUR', at, reference: reference as string, description: null, counterparty: null }));
    const candidates = async (first: string, last: string) => ledger.filter((l) => l.reference >= first && l.reference <= last);
    const first = await matchInKeyedBatches(services.sql, acct, defaultRules(86_400), candidates, { batch: 2 });
    expect(first.matched).toBe(2);
    expect(first.unmatchedLines.map((l) => l.reference)).toEqual(['A-3']);
    const again = await matchInKeyedBatches(services.sql, acct, defaultRules(86_400), candidates, { batch: 2 });
    expect(again).toMatchObject({ matched: 0, lines: 1 });
    const [{ n: links }] = await services.sql`select count(*)::int as n from reconciliation_match_lines ml join statement_lines l on l.id = ml.statement_line_id where l.account_id = ${acct.id}`;
    expect(links).toBe(2);
    // No ledger transaction of this enterprise moved money on the account: a dry run matches nothing and writes nothing.
    expect((await matchAccount(services.sql, acct, defaultRules(86_400), { dryRun: true })).unmatchedLines).toHaveLength(1);
  });
});

describe('the sandbox statement source', () => {
  /** Rows as the deposit and withdrawal flows leave them, in a transaction rolled back at the end (their references are deferred). */
  async function inRolledBack(fn: (tx: import('postgres').Sql) => Promise<void>): Promise<void> {
    const rollback = new Error('rollback');
    await services.sql
      .begin(async (tx) => {
        await fn(tx as unknown as import('postgres').Sql);
        throw rollback;
      })
      .catch((err) => {
        if (err !== rollback) throw err;
      });
  }

  it('derives its statement from what the deposits and payouts did, with each injected discrepancy', async () => {
    await inRolledBack(async (tx) => {
      const settled = new Date(Date.now() - 3_600_000);
      for (const [hash, amount] of [['DEP-1', 1000], ['DEP-2', 2000]] as const) {
        await tx`insert into deposits (id, enterprise_id, account_ref, funding_endpoint_id, deposit_instruction_id, asset, rail_class, rail, amount, transaction_hash, confirmations_required, status, credited_at, ledger_transaction_id)
          values (${uuidv7()}, ${enterpriseId}, 'client-accounts/x', ${uuidv7()}, ${uuidv7()}, 'EUR', 'bank', 'sepa', ${amount}, ${hash}, 0, 'credited', ${settled}, ${uuidv7()})`;
      }
      for (const [reference, amount] of [['PO-1', 500], ['PO-2', 700], ['PO-3', 300]] as const) {
        await tx`insert into withdrawals (id, enterprise_id, account_ref, scope_path, destination_id, rail, asset, amount, fee_components, fee_total, hold_id, status, policy_decision, subject_attribution, rail_reference, ledger_transaction_id, settled_at)
          values (${uuidv7()}, ${enterpriseId}, 'client-accounts/x', ${['x']}, ${uuidv7()}, 'sepa', 'EUR', ${amount}, '[]', 0, ${uuidv7()}, 'executed', '{}', '{}', ${reference}, ${uuidv7()}, ${settled})`;
      }
      const inject = (d: Omit<Parameters<typeof injectStatementDiscrepancy>[1], 'enterpriseId' | 'rail' | 'asset'>) => injectStatementDiscrepancy(tx, { enterpriseId, rail: 'sepa', asset: 'EUR', ...d }, 'sandbox');
      await inject({ kind: 'payout_missing', reference: 'PO-1' });
      await inject({ kind: 'deposit_duplicated', reference: 'DEP-2' });
      await inject({ kind: 'settlement_late', reference: 'PO-2', hours: 5 });
      await inject({ kind: 'amount_off', reference: 'DEP-1', amount: 1n });
      await inject({ kind: 'bank_fee', amount: 250n });
      await inject({ kind: 'unknown_incoming', amount: 9999n, reference: 'UNKNOWN-1' });
      const source = new SandboxStatementSource(tx, 'sandbox');
      const account = { rail: 'sepa', address: 'SANDBOX-EUR', currency: 'EUR' };
      const page = await source.pull(enterpriseId, account, null, 1000);
      const byRef = page.lines.map((l) => [l.reference?.startsWith('SBX') ? 'fee' : l.reference, l.amount]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      expect(byRef).toEqual([
        ['DEP-1', 1001n],
        ['DEP-2', 2000n],
        ['DEP-2', 2000n],
        ['fee', -250n],
        ['PO-2', -700n],
        ['PO-3', -300n],
        ['UNKNOWN-1', 9999n],
      ]);
      const late = page.lines.find((l) => l.reference === 'PO-2')!;
      expect(late.bookedAt.getTime() - settled.getTime()).toBe(5 * 3_600_000);
      expect(new Set(page.lines.map((l) => l.providerId)).size).toBe(page.lines.length);
      const next = await source.pull(enterpriseId, account, page.nextCursor, 1000);
      expect(next.lines).toEqual([]);
    });
  });
});
