import type { EntityManager } from '@mikro-orm/postgresql';
import { call, createTenant, startTestApp, tokenFor, type TestApp, type Tenant } from '../helpers/app';
import { recordEvent, recordEventSql } from '../../src/events/outbox';
import { WEBHOOK_EVENTS } from '../../src/domain/webhooks/events';
import { createServiceAccount } from '../../src/domain/iam/service-accounts';
import { Role, RoleAssignment } from '../../src/domain/iam/entities';
import { uuidv7 } from '../../src/ids';

let app: TestApp;
let tenant: Tenant;
let token: string;
const ids: string[] = [];

const api = (path: string, t = token, method = 'GET', body?: unknown) => call(app.url, method, path, { token: t, body });

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenant(app.services);
  token = await tokenFor(app.url, tenant);
  // Five events, alternating type, on two resources, through both outbox writers.
  for (let i = 0; i < 5; i++) {
    const e = {
      type: i % 2 ? WEBHOOK_EVENTS.updated : WEBHOOK_EVENTS.created,
      enterpriseId: tenant.enterpriseId,
      scopeRef: `enterprises/${tenant.enterpriseId}`,
      resourceRef: `webhook-subscriptions/${i < 3 ? 'a' : 'b'}`,
      payload: { n: i, note: 'a "quoted" value' },
      attribution: null,
    };
    ids.push(
      i % 2
        ? await app.services.sql.begin((tx) => recordEventSql(tx, e))
        : await app.services.orm.em.fork().transactional((em) => recordEvent(em as EntityManager, e)),
    );
  }
});
afterAll(() => app.close());

describe('the event log', () => {
  it('stores the payload as a JSON object from both outbox writers', async () => {
    const rows = await app.services.sql`select jsonb_typeof(payload) as t, payload->>'note' as note from events where id = any(${ids}::uuid[])`;
    expect(rows.map((r) => r.t)).toEqual(['object', 'object', 'object', 'object', 'object']);
    expect(rows[0].note).toBe('a "quoted" value');
  });

  it('lists events oldest first, in pages, with the representation', async () => {
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const res: any = await api(`/events?page_size=2${next ? `&page_token=${next}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map((e: any) => e.id));
      next = res.body.next_page_token;
    } while (next);
    expect(seen).toEqual(ids);
    const first = (await api('/events?page_size=1')).body.items[0];
    expect(first).toEqual({
      id: ids[0],
      resource: 'event',
      type: WEBHOOK_EVENTS.created,
      occurred_at: expect.stringMatching(/Z$/),
      scope_ref: `enterprises/${tenant.enterpriseId}`,
      resource_ref: 'webhook-subscriptions/a',
      data: { n: 0, note: 'a "quoted" value' },
      subject_attribution: null,
    });
  });

  it.each([
    { name: 'type', query: `type=${WEBHOOK_EVENTS.updated}`, expected: [1, 3] },
    { name: 'resource_ref', query: 'resource_ref=webhook-subscriptions/b', expected: [3, 4] },
    { name: 'type and resource_ref', query: `type=${WEBHOOK_EVENTS.created}&resource_ref=webhook-subscriptions/a`, expected: [0, 2] },
    { name: 'scope_ref (the enterprise)', query: 'scope_ref={scope}', expected: [0, 1, 2, 3, 4] },
    { name: 'a time range that holds nothing', query: 'occurred_before=2000-01-01T00:00:00Z', expected: [] },
    { name: 'a time range that holds everything', query: 'occurred_after=2000-01-01T00:00:00Z&occurred_before=2999-01-01T00:00:00Z', expected: [0, 1, 2, 3, 4] },
  ])('filters by $name', async ({ query, expected }) => {
    const res = await api(`/events?${query.replace('{scope}', `enterprises/${tenant.enterpriseId}`)}`);
    expect(res.body.items.map((e: any) => e.id)).toEqual(expected.map((i) => ids[i]));
  });

  it('refuses a page token used with other filters', async () => {
    const page = await api('/events?page_size=1');
    const res = await api(`/events?page_size=1&type=${WEBHOOK_EVENTS.updated}&page_token=${page.body.next_page_token}`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].pointer).toBe('/query/page_token');
  });

  it('gets one event; another enterprise gets 404 and an empty list', async () => {
    expect((await api(`/events/${ids[2]}`)).body.data.n).toBe(2);
    const other = await createTenant(app.services);
    const otherToken = await tokenFor(app.url, other);
    expect((await api(`/events/${ids[2]}`, otherToken)).status).toBe(404);
    expect((await api(`/events/${ids[2]}/replay`, otherToken, 'POST')).status).toBe(404);
    expect((await api('/events', otherToken)).body.items).toEqual([]);
    expect((await api(`/events/${uuidv7()}`)).status).toBe(404);
  });

  it('lists event types with a JSON Schema of each payload', async () => {
    const res = await api('/events/types');
    expect(res.status).toBe(200);
    const created = res.body.items.find((t: any) => t.type === 'webhooks.subscription.created.v1');
    expect(created.description).toMatch(/created/);
    expect(created.payload_schema).toMatchObject({ type: 'object', properties: { url: { type: 'string' }, resource: { const: 'webhook_subscription' } } });
    const types = res.body.items.map((t: any) => t.type);
    expect(types).toEqual([...types].sort((a: string, b: string) => a.localeCompare(b)));
    expect(types).toEqual(expect.arrayContaining(['exports.export.completed.v1', 'webhooks.subscription.disabled.v1']));
    for (const t of types) expect(t).toMatch(/^[a-z_]+\.[a-z_]+\.[a-z_]+\.v[1-9][0-9]*$/);
  });

  it('a principal without events.read is refused (403)', async () => {
    const credentials = await app.services.orm.em.fork().transactional(async (em) => {
      const role = em.create(Role, {
        id: uuidv7(),
        version: 1,
        enterpriseId: tenant.enterpriseId,
        name: `no-events-${uuidv7()}`,
        description: '',
        permissions: ['enterprises.read'],
        scopeRef: `enterprises/${tenant.enterpriseId}`,
        platformManaged: false,
        status: 'active',
      } as Role);
      const { account, clientSecret } = createServiceAccount(em as EntityManager, {
        enterpriseId: tenant.enterpriseId,
        description: 'no events',
        parentRef: `enterprises/${tenant.enterpriseId}`,
        secretTtlDays: 1,
      });
      em.create(RoleAssignment, {
        id: uuidv7(),
        version: 1,
        enterpriseId: tenant.enterpriseId,
        principalKind: 'service_account',
        principalId: account.id,
        roleId: role.id,
        scopeRef: `enterprises/${tenant.enterpriseId}`,
        scopeAnchorKind: 'explicit',
        scopePropagation: 'subtree',
        status: 'active',
      } as RoleAssignment);
      await em.flush();
      return { clientId: account.clientId, clientSecret };
    });
    const limited = await tokenFor(app.url, credentials);
    expect((await api('/events', limited)).status).toBe(403);
    expect((await api(`/events/${ids[0]}`, limited)).status).toBe(403);
  });
});
