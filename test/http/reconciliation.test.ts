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
    const first = await matchInKeyedBatches(services.sql, acct, defaultRules(86_400), candidates, 2);
    expect(first.matched).toBe(2);
    expect(first.unmatchedLines.map((l) => l.reference)).toEqual(['A-3']);
    const again = await matchInKeyedBatches(services.sql, acct, defaultRules(86_400), candidates, 2);
    expect(again).toMatchObject({ matched: 0, lines: 1 });
    const [{ n: links }] = await services.sql`select count(*)::int as n from reconciliation_match_lines ml join statement_lines l on l.id = ml.statement_line_id where l.account_id = ${acct.id}`;
    expect(links).toBe(2);
    // No ledger transaction of this enterprise moved money on the account: a dry run matches nothing and writes nothing.
    expect((await matchAccount(services.sql, acct, defaultRules(86_400), { dryRun: true })).unmatchedLines).toHaveLength(1);
  });
});
