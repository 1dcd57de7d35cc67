// Exact replays and conditional requests over HTTP: a replayed Idempotency-Key answer is the first answer's
// bytes; If-Match compares strongly (a weak tag never matches); If-None-Match on a GET with an ETag is 304.
import { uuidv7 } from '../../src/ids';
import { call, createTenant, startTestApp, tokenFor, type Tenant, type TestApp } from '../helpers/app';

let app: TestApp;
let tenant: Tenant;
let token: string;

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => call(app.url, method, path, { token, body, headers });
const newClient = (key = uuidv7(), name = 'Replay Client') =>
  api('POST', '/clients', { display_name: name, external_id: `ext-${key}`, metadata: { tier: 'gold', region: 'eu' }, scope_ref: `enterprises/${tenant.enterpriseId}` }, { 'idempotency-key': key });

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenant(app.services, 'Replays Ltd');
  token = await tokenFor(app.url, tenant);
});
afterAll(async () => {
  await app.close();
});

describe('exact replays', () => {
  it('replays the first answer byte for byte, with Idempotent-Replayed', async () => {
    const key = uuidv7();
    const first = await newClient(key);
    const replay = await newClient(key);
    expect([first.status, replay.status]).toEqual([201, 201]);
    // The same bytes, not just the same JSON: jsonb storage sorted the keys (`etag` and `status` moved ahead of `resource`).
    expect(Buffer.from(replay.text).equals(Buffer.from(first.text))).toBe(true);
    expect(first.text.startsWith(`{"id":"${first.body.id}","resource":"client","display_name":"Replay Client","external_id":"ext-${key}","metadata":{"tier":"gold","region":"eu"},`)).toBe(true);
    expect([first.headers.get('idempotent-replayed'), replay.headers.get('idempotent-replayed')]).toEqual([null, 'true']);
    expect(replay.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(replay.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    const [stored] = await app.services.sql`select response_text from idempotency_records where key = ${key}`;
    expect(stored.response_text).toBe(first.text);
  });
});

describe('If-Match compares strongly', () => {
  it('a weak tag never matches: 412 with its reason, nothing changes; the strong tag as sent updates', async () => {
    const created = (await newClient()).body;
    const weak = await api('PATCH', `/clients/${created.id}`, { display_name: 'Renamed' }, { 'if-match': `W/${created.etag}` });
    expect(weak.status).toBe(412);
    expect(weak.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(weak.body).toMatchObject({ code: 'EdgePreconditionFailed', reason: 'if_match_weak_etag', current_etag: created.etag });
    expect((await api('GET', `/clients/${created.id}`)).body.display_name).toBe('Replay Client');

    const strong = await api('PATCH', `/clients/${created.id}`, { display_name: 'Renamed' }, { 'if-match': created.etag });
    expect(strong.status).toBe(200);
    expect(strong.body.display_name).toBe('Renamed');
    expect(strong.body.etag).not.toBe(created.etag);
    // A stale strong tag is still 412, without the weak tag's reason.
    const stale = await api('PATCH', `/clients/${created.id}`, { display_name: 'Again' }, { 'if-match': created.etag });
    expect(stale.status).toBe(412);
    expect(stale.body.reason).not.toBe('if_match_weak_etag');
    expect(stale.body.current_etag).toBe(strong.body.etag);
  });
});

describe('If-None-Match on a GET with an ETag', () => {
  it('answers 304 with the ETag and no body when it names the current tag (weakly) or is *; 200 otherwise', async () => {
    const created = (await newClient()).body;
    const path = `/clients/${created.id}`;
    const fresh = await api('GET', path);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('etag')).toBe(created.etag);

    for (const presented of [created.etag, `W/${created.etag}`, `"other", ${created.etag}`, '*']) {
      const res = await api('GET', path, undefined, { 'if-none-match': presented });
      expect([presented, res.status, res.text, res.headers.get('etag')]).toEqual([presented, 304, '', created.etag]);
      expect(res.headers.get('x-request-id')).toMatch(/./);
    }
    const other = await api('GET', path, undefined, { 'if-none-match': '"not-this-one"' });
    expect(other.status).toBe(200);
    expect(other.body.id).toBe(created.id);

    // Changed since: the old tag no longer matches, the new one does.
    const renamed = await api('PATCH', path, { display_name: 'Changed' }, { 'if-match': created.etag });
    const stale = await api('GET', path, undefined, { 'if-none-match': created.etag });
    expect([stale.status, stale.body.display_name, stale.headers.get('etag')]).toEqual([200, 'Changed', renamed.body.etag]);
    expect((await api('GET', path, undefined, { 'if-none-match': renamed.body.etag })).status).toBe(304);
  });

  it('declares 304 and If-None-Match on the GETs that answer an ETag, and not on lists', async () => {
    const doc = (await call(app.url, 'GET', '/openapi.json')).body;
    const get = doc.paths['/clients/{client_id}'].get;
    expect(get.responses['304']).toMatchObject({ headers: { ETag: { $ref: '#/components/headers/ETag' } } });
    expect(get.responses['304'].content).toBeUndefined();
    expect(get.parameters).toContainEqual({ $ref: '#/components/parameters/IfNoneMatch' });
    expect(doc.paths['/clients'].get.responses['304']).toBeUndefined();
  });
});
