import { reconcileAccount } from '../../src/domain/reconciliation';
import { call, startTestApp, type TestApp } from '../helpers/app';
import { tenantRoutes } from '../../src/http/routes';
import type { RouteDef } from '../../src/http/route';
import { foldDeepObjects } from '../../src/http/validation';
import type { Caller } from '../../src/auth/caller';
import { CHECKPOINT_KEY_NAME, checkpointSigner, createCheckpoint, creditExternalDeposit } from '../../src/ledger';
import { ETH_ADDRESS } from '../workflows/withdrawal-fixtures';
import { uuidv7 } from '../../src/ids';
import { newAdmin, newClient, newUser, unique, type Admin } from './iam-fixtures';

/**
 * A page token is bound to the list it came from: taken from any list of the tenant API and sent to any
 * other, it is 400 `invalid_page_token` (never a 500, never a page from another position). The lists are
 * the route table's routes that take `page_token` and answer `next_page_token`.
 */

const key = (d: RouteDef) => `${d.method.toUpperCase()} ${d.path}`;
const shapeOf = (schema: unknown) => (schema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
const LISTS = tenantRoutes.filter((d) => {
  const answer = shapeOf(d.responses[200]?.schema);
  return 'next_page_token' in answer && 'page_token' in shapeOf(d.method === 'get' ? d.query : d.body);
});

let app: TestApp;
let admin: Admin;
/** Per list: the path (parameters filled in) and the query or body members besides the paging ones. */
const requests = new Map<string, { path: string; params: Record<string, string>; members: Record<string, string> }>();

const asAdmin = async (method: string, path: string, body?: unknown) => {
  const res = await call(app.url, method, path, { token: admin.token, body, headers: method === 'POST' ? { 'idempotency-key': uuidv7() } : {} });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
};

/** One page of a list, with `page_token` when given. */
function page(d: RouteDef, size: number, pageToken?: string) {
  const { path, members } = requests.get(key(d))!;
  const paging = { page_size: String(size), ...(pageToken ? { page_token: pageToken } : {}) };
  if (d.method !== 'get') return call(app.url, 'POST', path, { token: admin.token, body: { ...members, page_size: size, ...(pageToken ? { page_token: pageToken } : {}) } });
  return call(app.url, 'GET', `${path}?${new URLSearchParams({ ...members, ...paging })}`, { token: admin.token });
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await newAdmin(app, 'Page Tokens Ltd');
  const clientRef = await newClient(app, admin);
  await newClient(app, admin);
  const account: string = (await asAdmin('GET', `/${clientRef}`)).default_client_account;
  const master: string = (await asAdmin('GET', `/${admin.enterpriseRef}`)).default_master_account;
  for (let i = 0; i < 2; i++) {
    await creditExternalDeposit(app.services.sql, { key: `page-tokens/${uuidv7()}`, enterpriseId: admin.tenant.enterpriseId, accountRef: account, asset: 'USD', amount: 10_000n });
    await asAdmin('POST', '/internal-transfers', { amount: { currency: 'USD', value: '1.00' }, source_ref: account, target_ref: master });
    await newUser(app, admin, clientRef);
    await asAdmin('POST', '/user-invitations', { email: `${unique('i')}@example.com`, display_name: 'I', scope_ref: clientRef });
    await asAdmin('POST', '/service-accounts', { description: 'page tokens', parent_ref: clientRef, roles: [] });
    await asAdmin('POST', '/balance-monitors', { account_ref: account, asset: 'USD', balance: 'available', operator: '<', threshold: `${i + 1}.00` });
    await asAdmin('POST', '/connectors', { name: unique('c').toLowerCase().replace(/[^a-z0-9-]/g, '-').slice(0, 40), base_url: 'https://127.0.0.1:9' });
    await asAdmin('POST', '/policies', { name: unique('rule'), scope_ref: clientRef, action_family: 'withdrawal', order: i + 1, effect: { type: 'deny' } });
    await asAdmin('POST', '/api-keys', { client_ref: clientRef, label: `key ${i}` });
    await asAdmin('POST', '/webhook-subscriptions', { scope_ref: admin.enterpriseRef, url: `http://127.0.0.1:9/hooks/${i}`, event_types: ['webhooks.subscription.updated.v1'] });
    const { token } = await asAdmin('POST', '/action-tokens', { action: 'clients.record_kyc_decision', resource_ref: clientRef });
    const kyc = await call(app.url, 'POST', `/${clientRef}/kyc-decisions`, { token: admin.token, body: { status: 'verified' }, headers: { 'x-action-token': token } });
    if (kyc.status !== 201) throw new Error(`kyc decision: ${kyc.status} ${kyc.text}`);
    // No worker runs here: exports stay queued, deposits pending; their rows are listed all the same.
    const range = { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' };
    await asAdmin('POST', '/operations-activity-exports', { scope_ref: admin.enterpriseRef, ...range, format: 'csv' });
    await asAdmin('POST', '/user-action-audit-exports', { scope_ref: admin.enterpriseRef, ...range, format: 'csv' });
    await asAdmin('POST', '/client-account-statement-exports', { scope_ref: account, asset: 'USD', ...range });
    await asAdmin('POST', '/export-schedules', { kind: 'operations_activity', scope_ref: admin.enterpriseRef, spec: { interval_seconds: 86_400 + i }, range: { type: 'previous_utc_day' } });
    await asAdmin('POST', '/role-assignments', { principal_ref: `users/${(await newUser(app, admin, clientRef)).id}`, role_ref: `roles/${admin.tenant.roleIds.viewer}`, scope_ref: clientRef });
    await asAdmin('POST', '/withdrawal-destinations', { rail_class: 'crypto', scope_ref: clientRef, crypto_routing: { asset: 'USDC', network: 'ethereum', label: `Page ${i}`, destination: { address: ETH_ADDRESS, memo: null } } });
    await createCheckpoint(app.services.sql, admin.tenant.enterpriseId, checkpointSigner(await app.services.platformKeys.get(CHECKPOINT_KEY_NAME)));
  }
  const instructions = await asAdmin('GET', `/deposit-instructions?account_ref=${account}&page_size=50`);
  const usdc = instructions.items.find((i: { asset: string }) => i.asset === 'USDC');
  for (let i = 0; i < 2; i++) await asAdmin('POST', '/sandbox/deposits', { deposit_instruction_id: usdc.id, amount: { currency: 'USDC', value: '1' } });
  const subscription = (await asAdmin('GET', '/webhook-subscriptions?page_size=1')).items[0].id;
  const deposit = (await asAdmin('GET', `/deposits?account_ref=${account}&page_size=1`)).items[0].id;
  const reconciled = await asAdmin('POST', '/reconciliation-accounts', { rail: 'sepa', address: 'DE89370400440532013000', currency: 'EUR', statement_source: 'files', interval_seconds: 86_400 });
  // A break of the account: one imported line no ledger transaction matches, reconciled once.
  const csv = await call(app.url, 'POST', `/statement-imports?account_id=${reconciled.id}&format=csv&mapping=${encodeURIComponent(JSON.stringify({ id: 'Id', booked_at: 'Date', amount: 'Amount', currency: 'Currency', reference: 'Reference' }))}`, {
    token: admin.token,
    rawBody: 'Id,Date,Amount,Currency,Reference\nL-1,2026-11-30,12.50,EUR,UNKNOWN-1\n',
    headers: { 'content-type': 'text/csv' },
  });
  if (csv.status !== 201) throw new Error(`statement import: ${csv.status} ${csv.text}`);
  await reconcileAccount(app.services.sql, { runId: uuidv7(), accountId: reconciled.id, trigger: 'manual', workflowId: null, linesAdded: 1 });
  const [recBreak] = (await asAdmin('GET', `/reconciliation-breaks?account_id=${reconciled.id}`)).items;
  const params: Record<string, string> = { client_id: clientRef.slice('clients/'.length), client_account_id: account.slice('client-accounts/'.length), subscription_id: subscription, deposit_id: deposit, account_id: reconciled.id, break_id: recBreak.id };
  const members: Record<string, Record<string, string>> = {
    'GET /eligible-crypto-networks': { account_ref: account, asset: 'USDC' },
    'GET /eligible-payout-methods': { account_ref: account },
    'GET /funding-endpoints': { account_ref: account },
    'GET /deposit-instructions': { account_ref: account },
    'GET /client-accounts/{client_account_id}/statement': { asset: 'USD', from: '2020-01-01T00:00:00Z', to: new Date().toISOString() },
  };
  for (const d of LISTS) {
    const own = Object.fromEntries([...d.path.matchAll(/\{([a-z_]+)\}/g)].map(([, name]) => [name, params[name]]));
    requests.set(key(d), { path: d.path.replace(/\{([a-z_]+)\}/g, (_m, name: string) => params[name]), params: own, members: members[key(d)] ?? {} });
  }
}, 120_000);
afterAll(() => app?.close());

describe('page tokens are bound to their list', () => {
  it('refuses, on every list, a token taken from any other list (400 invalid_page_token)', async () => {
    // A token of every list: the list's own, when it holds more than one item here; else one the list's own
    // pager signs after its first item, as the list would (each is checked on its own list below).
    const caller = { subject: { id: admin.tenant.serviceAccountId } } as unknown as Caller;
    const tokens = new Map<string, { token: string; real: boolean }>();
    for (const d of LISTS) {
      const first = await page(d, 1);
      expect({ list: key(d), status: first.status }).toEqual({ list: key(d), status: 200 });
      if (first.body.next_page_token) {
        tokens.set(key(d), { token: first.body.next_page_token, real: true });
        continue;
      }
      // The query and parameters as the pipeline validates them, which is what a token is bound to.
      const { members, params } = requests.get(key(d))!;
      const query = (d.method === 'get' ? d.query : d.body)!.parse(foldDeepObjects({ ...members, page_size: d.method === 'get' ? '1' : 1 })) as { page_size: number };
      // Closed periods are keyed by their day, every other list by its items' ids.
      const after = first.body.items?.[0]?.id ?? (d.path.endsWith('/periods') ? '2026-01-01' : uuidv7());
      tokens.set(key(d), { token: app.services.pager.of(key(d), (d.params ? d.params.parse(params) : {}) as Record<string, unknown>).encode(after, caller, query), real: false });
    }

    const wrong: string[] = [];
    for (const d of LISTS) {
      const own = await page(d, 1, tokens.get(key(d))!.token);
      if (own.status !== 200) wrong.push(`${key(d)} own token: ${own.status} ${own.text}`);
    }
    for (const from of LISTS) {
      const { token } = tokens.get(key(from))!;
      for (const to of LISTS) {
        if (to === from) continue;
        const res = await page(to, 1, token);
        if (res.status !== 400 || res.body.reason !== 'invalid_page_token' || res.body.errors?.[0]?.pointer !== '/query/page_token') {
          wrong.push(`${key(from)} → ${key(to)}: ${res.status} ${res.body.reason ?? res.text.slice(0, 200)}`);
        }
      }
    }
    const real = [...tokens.values()].filter((t) => t.real).length;
    console.log(`page tokens: ${LISTS.length} list routes (${real} tokens taken from the list, ${LISTS.length - real} signed by its pager: ${[...tokens].filter(([, t]) => !t.real).map(([list]) => list).join(', ')}), ${LISTS.length * (LISTS.length - 1)} cross-list requests`);
    expect(wrong).toEqual([]);
    expect(LISTS.length).toBeGreaterThan(40);
  }, 300_000);

  it.each([
    ['padded', (t: string) => `${t}=`],
    ['with a third part', (t: string) => `${t}.e30`],
  ])('refuses a token of the list itself, %s', async (_name, respell) => {
    const d = LISTS.find((l) => key(l) === 'GET /clients')!;
    const first = await page(d, 1);
    expect(first.body.next_page_token).toEqual(expect.any(String));
    expect((await page(d, 1, first.body.next_page_token)).status).toBe(200);
    const res = await page(d, 1, respell(first.body.next_page_token));
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('invalid_page_token');
  });
});
