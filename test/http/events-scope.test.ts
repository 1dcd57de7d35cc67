import { call, startTestApp, type CallResult, type TestApp } from '../helpers/app';
import { newAdmin, newClient, newRole, newServiceAccount } from './iam-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/** Every event the token can list, following the cursor to the end. */
async function allEvents(token: string, query = ''): Promise<any[]> {
  const items: any[] = [];
  let pageToken: string | null = null;
  do {
    const res: CallResult = await call(app.url, 'GET', `/events?page_size=100${query}${pageToken ? `&page_token=${encodeURIComponent(pageToken)}` : ''}`, { token });
    expect(res.status).toBe(200);
    items.push(...res.body.items);
    pageToken = res.body.next_page_token;
  } while (pageToken);
  return items;
}

describe('events seen by a principal holding events.read only at one client', () => {
  let viewerToken: string;
  let clientA: string;
  let clientB: string;
  let all: any[];

  beforeAll(async () => {
    const admin = await newAdmin(app, 'Events Scope Ltd');
    clientA = await newClient(app, admin);
    clientB = await newClient(app, admin);
    await newRole(app, admin, admin.enterpriseRef, ['events.read']);
    const viewer = await newServiceAccount(app, admin, clientA, [{ role: 'viewer', scope_ref: clientA }]);
    viewerToken = viewer.token;
    all = await allEvents(admin.token);
  });

  const accountsOf = (clientRef: string) =>
    all.filter((e) => e.type === 'clients.client_account.created.v1' && e.data.scope_ref === clientRef).map((e) => e.scope_ref as string);

  it('the enterprise has events of client A, client B and the enterprise itself', () => {
    const scopes = new Set(all.map((e) => e.scope_ref));
    expect(scopes).toContain(clientA);
    expect(scopes).toContain(clientB);
    expect(all.some((e) => e.scope_ref.startsWith('enterprises/'))).toBe(true);
    expect(accountsOf(clientA)).toHaveLength(1);
  });

  it('lists only the events of client A and its accounts', async () => {
    const seen = await allEvents(viewerToken);
    const inA = new Set([clientA, ...accountsOf(clientA)]);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.map((e) => e.id)).toEqual(all.filter((e) => inA.has(e.scope_ref)).map((e) => e.id));
    expect(seen.map((e) => e.resource_ref)).toEqual(expect.arrayContaining([clientA, ...accountsOf(clientA)]));
  });

  it.each([
    { name: "client B's scope", query: () => `&scope_ref=${clientB}`, expected: () => [] },
    { name: "a resource of client B's", query: () => `&resource_ref=${clientB}`, expected: () => [] },
    {
      name: 'the enterprise scope',
      query: () => `&scope_ref=${all.find((e) => e.scope_ref.startsWith('enterprises/')).scope_ref}`,
      expected: () => all.filter((e) => e.scope_ref === clientA || accountsOf(clientA).includes(e.scope_ref)),
    },
  ])('filtering on $name yields only what client A holds', async ({ query, expected }) => {
    const seen = await allEvents(viewerToken, query());
    expect(seen.map((e) => e.id)).toEqual(expected().map((e) => e.id));
  });

  it.each([
    { name: "an event of client B's", pick: () => all.find((e) => e.scope_ref === clientB) },
    { name: "an event of client B's account", pick: () => all.find((e) => e.scope_ref === accountsOf(clientB)[0]) },
    { name: 'an enterprise-level event', pick: () => all.find((e) => e.scope_ref.startsWith('enterprises/')) },
  ])('GET /events/{id} of $name is 404', async ({ pick }) => {
    const event = pick();
    expect(event).toBeDefined();
    const res = await call(app.url, 'GET', `/events/${event.id}`, { token: viewerToken });
    expect([res.status, res.body.code]).toEqual([404, 'EdgeNotFound']);
  });

  it("GET /events/{id} of client A's event answers it", async () => {
    const event = all.find((e) => e.scope_ref === clientA);
    const res = await call(app.url, 'GET', `/events/${event.id}`, { token: viewerToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: event.id, scope_ref: clientA });
  });
});
