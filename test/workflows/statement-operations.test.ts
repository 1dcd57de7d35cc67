import { uuidv7 } from '../../src/ids';
import { Org, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * A statement reconciles with the screens: each entry names the operation that booked it (a withdrawal,
 * an internal transfer) by the id its record has, beside the ledger transaction's id, in the JSON
 * statement and in the export's CSV, which also names the account and the asset on every row.
 */

let h: GovernedHarness;
let org: Org;
let account: string;
let destination: string;
let other: string;

beforeAll(async () => {
  h = await startGovernedHarness();
  org = await Org.create(h.app, 'Statement Operations Ltd');
  ({ account, destination } = await org.withdrawalAccount('1000.00'));
  [, other] = await org.newClient();
});
afterAll(() => h?.stop());

const ledgerTransactionOf = async (businessKey: string): Promise<string> => {
  const [row] = await h.app.services.sql`select id from ledger_transactions where business_key = ${businessKey}`;
  return row.id;
};

function parseCsv(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trimEnd().split('\r\n').map((l) => l.split(','));
  return lines.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])));
}

it('names the withdrawal and the transfer behind their entries, in the statement and in its CSV export', async () => {
  const from = new Date().toISOString();
  const withdrawal = await org.withdraw(account, destination, '100.00');
  expect(withdrawal.status).toBe(201);
  await org.waitFor(withdrawal.body.id, ['executed']);
  const transfer = await org.ok(201, 'POST', '/internal-transfers', { source_ref: account, target_ref: other, amount: { currency: 'USDC', value: '25.00' } }, { 'idempotency-key': uuidv7() });
  const to = new Date().toISOString();
  const [withdrawalTx, transferTx] = await Promise.all([ledgerTransactionOf(`withdrawal/${withdrawal.body.id}/settle`), ledgerTransactionOf(`internal_transfer/${transfer.id}`)]);

  const statement = await org.ok(200, 'GET', `/${account}/statement?asset=USDC&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
  expect(statement.entries.map((e: any) => [e.kind, e.transaction_id, e.operation_kind, e.operation_id])).toEqual([
    ['withdrawal', withdrawalTx, 'withdrawal', withdrawal.body.id],
    ['internal_transfer', transferTx, 'internal_transfer', transfer.id],
  ]);

  const created = await org.ok(202, 'POST', '/client-account-statement-exports', { scope_ref: account, asset: 'USDC', from, to });
  const deadline = Date.now() + 30_000;
  let done = created;
  while (done.status === 'queued' || done.status === 'running') {
    if (Date.now() > deadline) throw new Error(`export ${created.id} stayed ${done.status}`);
    await new Promise((r) => setTimeout(r, 50));
    done = await org.ok(200, 'GET', `/client-account-statement-exports/${created.id}`);
  }
  expect(done.status).toBe('completed');
  const file = await fetch(h.app.url + done.download_path, { headers: { authorization: `Bearer ${org.token}` } });
  expect(file.status).toBe(200);
  const accountId = account.slice('client-accounts/'.length);
  expect(file.headers.get('content-disposition')).toBe(`attachment; filename="statement-export-${accountId}-USDC-${from.slice(0, 10)}-to-${to.slice(0, 10)}.csv"`);

  const rows = parseCsv(await file.text());
  const entries = rows.filter((r) => r.row_type === 'entry');
  expect(entries.map((r) => [r.kind, r.transaction_id, r.operation_kind, r.operation_id, r.account_ref, r.asset, r.amount])).toEqual([
    ['withdrawal', withdrawalTx, 'withdrawal', withdrawal.body.id, account, 'USDC', '-103.500000'],
    ['internal_transfer', transferTx, 'internal_transfer', transfer.id, account, 'USDC', '-25.000000'],
  ]);
  // The balance rows name the account too, and no operation.
  expect(rows.filter((r) => r.row_type !== 'entry').map((r) => [r.row_type, r.account_ref, r.asset, r.operation_kind, r.operation_id])).toEqual([
    ['opening', account, 'USDC', '', ''],
    ['closing', account, 'USDC', '', ''],
  ]);
});
