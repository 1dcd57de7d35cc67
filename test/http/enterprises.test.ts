import { uuidv7 } from '../../src/ids';
import { call, createTenant, startTestApp, tokenFor, type TestApp, type Tenant } from '../helpers/app';

let app: TestApp;
let tenant: Tenant;
let other: Tenant;
let token: string;
let otherToken: string;

beforeAll(async () => {
  app = await startTestApp();
  [tenant, other] = await Promise.all([createTenant(app.services, 'Alpha Ltd'), createTenant(app.services, 'Beta GmbH')]);
  [token, otherToken] = await Promise.all([tokenFor(app.url, tenant), tokenFor(app.url, other)]);
  // Two more master accounts, so pagination has pages to walk.
  for (const name of ['Treasury', 'Operations']) {
    await app.services.sql`insert into master_accounts (id, enterprise_id, display_name) values (${uuidv7()}, ${tenant.enterpriseId}, ${name})`;
  }
});
afterAll(() => app.close());

describe('enterprises', () => {
  it('lists only the caller’s own enterprise, in the contract’s shape', async () => {
    const res = await call(app.url, 'GET', '/enterprises?page_size=10', { token });
    expect(res.status).toBe(200);
    expect(res.body.next_page_token).toBeNull();
    expect(res.body.items).toHaveLength(1);
    const e = res.body.items[0];
    expect(e).toEqual({
      id: tenant.enterpriseId,
      resource: 'enterprise',
      legal_name: 'Alpha Ltd',
      jurisdiction: 'GB',
      external_id: expect.any(String),
      metadata: {},
      admission_state: 'operational',
      restriction_state: 'none',
      default_master_account: expect.stringMatching(/^master-accounts\/[0-9a-f-]{36}$/),
      etag: expect.stringMatching(/^"[A-Za-z0-9_-]+"$/),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('gets its own enterprise with a strong ETag header equal to the body etag', async () => {
    const res = await call(app.url, 'GET', `/enterprises/${tenant.enterpriseId}`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(res.body.etag);
    expect(res.headers.get('etag')).not.toMatch(/^W\//);
  });

  it('another enterprise is 404, exactly as if it did not exist', async () => {
    const foreign = await call(app.url, 'GET', `/enterprises/${other.enterpriseId}`, { token });
    const missing = await call(app.url, 'GET', `/enterprises/${uuidv7()}`, { token });
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect({ ...foreign.body, request_id: '' }).toEqual({ ...missing.body, request_id: '' });
  });

  it('updates metadata with If-Match; a stale tag is 412 and changes nothing', async () => {
    const current = await call(app.url, 'GET', `/enterprises/${other.enterpriseId}`, { token: otherToken });
    const updated = await call(app.url, 'PATCH', `/enterprises/${other.enterpriseId}`, {
      token: otherToken,
      headers: { 'if-match': current.body.etag },
      body: { metadata: { region: 'eu' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.metadata).toEqual({ region: 'eu' });
    expect(updated.body.etag).not.toBe(current.body.etag);

    const stale = await call(app.url, 'PATCH', `/enterprises/${other.enterpriseId}`, {
      token: otherToken,
      headers: { 'if-match': current.body.etag },
      body: { metadata: { region: 'us' } },
    });
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe('EdgePreconditionFailed');
    const after = await call(app.url, 'GET', `/enterprises/${other.enterpriseId}`, { token: otherToken });
    expect(after.body.metadata).toEqual({ region: 'eu' });
  });

  it('cannot update another enterprise (404)', async () => {
    const res = await call(app.url, 'PATCH', `/enterprises/${other.enterpriseId}`, { token, body: { metadata: {} } });
    expect(res.status).toBe(404);
  });
});

describe('master accounts and pagination', () => {
  async function walk(pageSize: number): Promise<string[]> {
    const ids: string[] = [];
    let pageToken: string | null = null;
    do {
      const qs: string = `page_size=${pageSize}${pageToken ? `&page_token=${encodeURIComponent(pageToken)}` : ''}`;
      const res = await call(app.url, 'GET', `/master-accounts?${qs}`, { token });
      expect(res.status).toBe(200);
      ids.push(...res.body.items.map((m: { id: string }) => m.id));
      pageToken = res.body.next_page_token;
    } while (pageToken);
    return ids;
  }

  it('walks every page exactly once, keyset-ordered, last page null', async () => {
    const all = await walk(200);
    expect(all).toHaveLength(3);
    expect(await walk(1)).toEqual(all);
    expect(await walk(2)).toEqual(all);
    expect([...all].sort()).toEqual(all);
  });

  it('coerces page_size above 200 to 200', async () => {
    const res = await call(app.url, 'GET', '/master-accounts?page_size=5000', { token });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(3);
  });

  it('a page token is bound to the caller and to the filter', async () => {
    const first = await call(app.url, 'GET', '/master-accounts?page_size=1', { token });
    const pageToken = encodeURIComponent(first.body.next_page_token);
    const otherFilter = await call(app.url, 'GET', `/master-accounts?page_size=1&scope_ref=enterprises/${tenant.enterpriseId}&page_token=${pageToken}`, { token });
    expect(otherFilter.status).toBe(400);
    expect(otherFilter.body.errors[0].pointer).toBe('/query/page_token');
    const otherCaller = await call(app.url, 'GET', `/master-accounts?page_size=1&page_token=${pageToken}`, { token: otherToken });
    expect(otherCaller.status).toBe(400);
  });

  it('gets a master account in the contract’s shape; a foreign one is 404', async () => {
    const list = await call(app.url, 'GET', '/master-accounts', { token });
    const id = list.body.items[0].id;
    const res = await call(app.url, 'GET', `/master-accounts/${id}`, { token });
    expect(res.body).toMatchObject({ id, resource: 'master_account', scope_ref: `enterprises/${tenant.enterpriseId}`, status: 'active', tenant_type: 'enterprise' });
    expect((await call(app.url, 'GET', `/master-accounts/${id}`, { token: otherToken })).status).toBe(404);
  });

  it('lists nothing for another enterprise’s scope', async () => {
    const res = await call(app.url, 'GET', `/master-accounts?scope_ref=enterprises/${tenant.enterpriseId}`, { token: otherToken });
    expect(res.body).toEqual({ items: [], next_page_token: null });
  });
});

describe('enterprise read cache', () => {
  it('another process sees a change made behind its back (trigger NOTIFY), without local invalidation', async () => {
    const before = await call(app.url, 'GET', `/enterprises/${tenant.enterpriseId}`, { token });
    expect(before.status).toBe(200);
    // A write this process's handlers never saw: only the trigger's NOTIFY can tell the cache.
    await app.services.sql`update enterprises set legal_name = 'Alpha Holdings Ltd', version = version + 1 where id = ${tenant.enterpriseId}`;
    let seen = '';
    for (let i = 0; i < 50 && seen !== 'Alpha Holdings Ltd'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      seen = (await call(app.url, 'GET', `/enterprises/${tenant.enterpriseId}`, { token })).body.legal_name;
    }
    expect(seen).toBe('Alpha Holdings Ltd');
    await app.services.sql`update enterprises set legal_name = 'Alpha Ltd', version = version + 1 where id = ${tenant.enterpriseId}`;
  });
});
