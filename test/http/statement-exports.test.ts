import { uuidv7 } from '../../src/ids';
import { creditExternalDeposit, debitExternalWithdrawal } from '../../src/ledger';
import { exportSource } from '../../src/domain/exports/sources';
import { call, createTenant, startTestApp, tokenFor, type Tenant, type TestApp } from '../helpers/app';
import { eventually, startWebhookWorker } from '../helpers/webhook-fixtures';

/*
 * A client account's statement as an export: the file's figures are the JSON statement's, row for
 * row, through the real export workflow; paging inside the source keeps the running balance.
 */

let app: TestApp;
let worker: { stop(): Promise<void> } | undefined;
let tenant: Tenant;
let token: string;
let otherToken: string;
let account: string;
let from: string;
let to: string;

const api = (method: string, path: string, opts: { body?: unknown; headers?: Record<string, string>; as?: string } = {}) =>
  call(app.url, method, path, { token: opts.as ?? token, body: opts.body, headers: opts.headers });

beforeAll(async () => {
  app = await startTestApp({ TEMPORAL_TASK_QUEUE: `statement-exports-${process.pid}-${Date.now()}` });
  worker = await startWebhookWorker(app.services);
  let other: Tenant;
  [tenant, other] = await Promise.all([createTenant(app.services, 'Statement Ltd'), createTenant(app.services, 'Other Statement Ltd')]);
  [token, otherToken] = await Promise.all([tokenFor(app.url, tenant), tokenFor(app.url, other)]);
  const client = await api('POST', '/clients', {
    body: { display_name: 'Statement Client', external_id: `ext-${uuidv7()}`, metadata: {}, scope_ref: `enterprises/${tenant.enterpriseId}` },
  });
  account = client.body.default_client_account;
  const sql = app.services.sql;
  const e = tenant.enterpriseId;
  // One entry before the period, so the opening balance is not zero.
  await creditExternalDeposit(sql, { key: `s/${uuidv7()}`, enterpriseId: e, accountRef: account, asset: 'USD', amount: 2500n });
  await new Promise((r) => setTimeout(r, 5));
  from = new Date().toISOString();
  await new Promise((r) => setTimeout(r, 5));
  for (const [i, amount] of [10000n, 5050n, -2001n, 7n, -399n].entries()) {
    const key = `s/${i}/${uuidv7()}`;
    if (amount > 0n) await creditExternalDeposit(sql, { key, enterpriseId: e, accountRef: account, asset: 'USD', amount });
    else await debitExternalWithdrawal(sql, { key, enterpriseId: e, accountRef: account, asset: 'USD', amount: -amount });
  }
  await new Promise((r) => setTimeout(r, 5));
  to = new Date().toISOString();
  // And one after it, which neither answer may show.
  await creditExternalDeposit(sql, { key: `s/${uuidv7()}`, enterpriseId: e, accountRef: account, asset: 'USD', amount: 100n });
});
afterAll(async () => {
  await worker?.stop();
  await app?.close();
});

/** The JSON statement over the period, as the rows the export must contain. */
async function jsonStatementRows(): Promise<Record<string, string>[]> {
  const res = await api('GET', `/${account}/statement?asset=USD&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  const s = res.body;
  const balance = (rowType: string, at: string, b: { total: string; held: string; available: string }) => ({
    row_type: rowType,
    booked_at: at,
    asset: 'USD',
    balance: b.total,
    held: b.held,
    available: b.available,
    account_ref: account,
  });
  return [
    balance('opening', s.from, s.opening_balance),
    ...s.entries.map((e: Record<string, string | null>) => ({
      row_type: 'entry',
      booked_at: e.booked_at,
      transaction_id: e.transaction_id,
      kind: e.kind,
      asset: 'USD',
      amount: e.amount,
      balance: e.balance_after,
      // These bookings are no operation's (their keys are the test's own): the statement names none.
      ...(e.operation_kind === null && e.operation_id === null ? {} : { operation_kind: e.operation_kind, operation_id: e.operation_id }),
      account_ref: account,
    })),
    balance('closing', s.to, s.closing_balance),
  ];
}

/** Drops the empty cells and the columns the JSON statement does not have. */
const comparable = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([k, v]) => v !== '' && v !== null && k !== 'entry_id' && k !== 'debit' && k !== 'credit'));

function parseCsv(text: string): Record<string, string>[] {
  // No cell of a statement needs quoting (instants, ids, kinds, decimal strings).
  expect(text).not.toContain('"');
  const [header, ...lines] = text.trimEnd().split('\r\n').map((l) => l.split(','));
  return lines.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])));
}

describe('client account statement exports', () => {
  it('writes the JSON statement\'s figures to a CSV, once per Idempotency-Key, with its audit entry and events', async () => {
    const body = { scope_ref: account, asset: 'USD', from, to };
    const key = uuidv7();
    const created = await api('POST', '/client-account-statement-exports', { body, headers: { 'idempotency-key': key } });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ resource: 'client_account_statement_export', scope_ref: account, asset: 'USD', format: 'csv', status: 'queued', from, to });
    const replay = await api('POST', '/client-account-statement-exports', { body, headers: { 'idempotency-key': key } });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(created.body.id);

    const path = `/client-account-statement-exports/${created.body.id}`;
    const done = await eventually(async () => {
      const res = await api('GET', path);
      return res.body.status !== 'queued' && res.body.status !== 'running' && res.body;
    });
    expect(done).toMatchObject({ status: 'completed', row_count: 7, download_path: `${path}/download` });
    const file = await fetch(app.url + done.download_path, { headers: { authorization: `Bearer ${token}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await file.text();
    expect(text.split('\r\n')[0]).toBe('row_type,booked_at,transaction_id,entry_id,kind,asset,debit,credit,amount,balance,held,available,operation_kind,operation_id,account_ref');
    const rows = parseCsv(text);

    expect(rows.map(comparable)).toEqual(await jsonStatementRows());
    expect(rows.map((r) => [r.row_type, r.debit, r.credit, r.amount, r.balance])).toEqual([
      ['opening', '', '', '', '25.00'],
      ['entry', '', '100.00', '100.00', '125.00'],
      ['entry', '', '50.50', '50.50', '175.50'],
      ['entry', '20.01', '', '-20.01', '155.49'],
      ['entry', '', '0.07', '0.07', '155.56'],
      ['entry', '3.99', '', '-3.99', '151.57'],
      ['closing', '', '', '', '151.57'],
    ]);
    // Entry ids: the entries' positions in the account's USD ledger (the one before the period is 1).
    expect(rows.filter((r) => r.row_type === 'entry').map((r) => r.entry_id)).toEqual(['2', '3', '4', '5', '6']);

    const events = await api('GET', `/events?resource_ref=client-account-statement-exports/${done.id}`);
    expect(events.body.items.map((e: { type: string }) => e.type)).toEqual(['exports.export.queued.v1', 'exports.export.completed.v1']);
    const [audit] = await app.services.sql`
      select action, status_code, idempotency_key from user_action_audit_entries
       where enterprise_id = ${tenant.enterpriseId} and path = '/client-account-statement-exports'`;
    expect(audit).toMatchObject({ status_code: 202, idempotency_key: key });
  });

  it('keeps the running balance across the source\'s batches', async () => {
    const source = exportSource('client_account_statement');
    const selection = { enterpriseId: tenant.enterpriseId, scopeRefs: [account], scopeRef: account, asset: 'USD', rangeStart: new Date(from), rangeEnd: new Date(to) };
    const batches: Record<string, unknown>[][] = [];
    for await (const batch of source.rows(app.services.sql, selection, 2)) batches.push([...batch]);
    // Opening, entries 2 + 2 + 1, closing.
    expect(batches.map((b) => b.length)).toEqual([1, 2, 2, 1, 1]);
    expect(batches.flat().map(comparable)).toEqual(await jsonStatementRows());
  });

  it.each([
    ['a future end', () => ({ scope_ref: account, asset: 'USD', from, to: new Date(Date.now() + 3_600_000).toISOString() }), 422],
    ['an end before the start', () => ({ scope_ref: account, asset: 'USD', from: to, to: from }), 422],
    ['no asset', () => ({ scope_ref: account, from, to }), 400],
    ['an unknown asset', () => ({ scope_ref: account, asset: 'XYZ', from, to }), 400],
    ['a client rather than an account', () => ({ scope_ref: `clients/${uuidv7()}`, asset: 'USD', from, to }), 400],
  ])('refuses %s, creating nothing', async (_name, body, status) => {
    const before = await app.services.sql`select count(*)::int as n from exports where enterprise_id = ${tenant.enterpriseId}`;
    const res = await api('POST', '/client-account-statement-exports', { body: body() });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const after = await app.services.sql`select count(*)::int as n from exports where enterprise_id = ${tenant.enterpriseId}`;
    expect(after[0].n).toBe(before[0].n);
  });

  it('hides the account and its exports from another enterprise (404)', async () => {
    const res = await api('POST', '/client-account-statement-exports', { body: { scope_ref: account, asset: 'USD', from, to }, as: otherToken });
    expect(res.status).toBe(404);
    const mine = await api('POST', '/client-account-statement-exports', { body: { scope_ref: account, asset: 'EUR', from, to } });
    expect(mine.status).toBe(202);
    expect((await api('GET', `/client-account-statement-exports/${mine.body.id}`, { as: otherToken })).status).toBe(404);
    const list = await api('GET', '/client-account-statement-exports', { as: otherToken });
    expect(list.body.items.map((i: { id: string }) => i.id)).not.toContain(mine.body.id);
  });
});
