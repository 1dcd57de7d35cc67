import { randomUUID } from 'node:crypto';
import { call, startTestApp, type TestApp } from '../helpers/app';
import { startWorker } from '../helpers/worker';
import { ALL_PERMISSIONS, type Permission } from '../../src/auth/permissions';
import { tenantRoutes } from '../../src/http/routes';
import { CHECKPOINT_KEY_NAME, checkpointSigner, createCheckpoint, creditExternalDeposit } from '../../src/ledger';
import { uuidv7 } from '../../src/ids';
import { SoftwareAuthenticator } from '../helpers/software-authenticator';
import { ETH_ADDRESS } from '../workflows/withdrawal-fixtures';
import { createPayoutMethod } from '../../src/domain/catalogue/payout-methods';
import { fundableAccount } from '../../src/domain/funding/accounts';
import { ibanFor } from '../../src/reference/bank-rails';
import { newAdmin, newClient, newRole, newServiceAccount, newUser, unique, type Admin, type Principal } from './iam-fixtures';

/**
 * For each identity route, five callers and what each must get:
 * - foreign:      enterprise-admin of another enterprise                                  → 404 (as if absent)
 * - sibling:      enterprise-admin at a sibling client (B) of the object's client (A)      → 404
 * - lacking:      holds no grant of the route's permission anywhere                       → 403
 * - lacking_here: holds everything at A except the permission, which it holds at B only   → 403 (it sees A)
 * - rightful:     enterprise-admin at A                                                   → 2xx
 * Lists answer 200 and simply leave foreign objects out (a list is never 404). The /me routes have no
 * object: every caller gets its own answer, and only `lacking` is refused. Enterprise-level objects
 * (platform roles, users at the enterprise) have no sibling client: every client-scoped principal,
 * including A's administrator, gets 404 for them, and their rightful caller is enterprise-scoped.
 * POST /user-invitations/accept is public (authenticated by the invitation token): see iam-users.test.ts.
 * Every principal is a service account made through POST /service-accounts with its grants, except
 * where a route needs a human (deciding approvals): its rightful caller is a user at A, through a token
 * a service account exchanged for it. A batch route answers 200 with a result per item: its column is
 * the item's status. A worker runs, for the policy-change workflows that open approvals.
 * Passkey routes act for the calling person only: every service account is 403 there (`person` rows),
 * and another person's passkey is 404.
 */

type Kind = 'object' | 'list' | 'me' | 'own' | 'batch' | 'person';
type Column = 'foreign' | 'sibling' | 'lacking' | 'lacking_here' | 'rightful';
interface Req {
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}
interface Row {
  /** A governed route: each caller first asks its own action token for this (a caller that may not gets none). */
  actionToken?: (object: any) => Record<string, unknown>;
  route: string;
  permission: Permission;
  kind: Kind;
  level?: 'client' | 'enterprise';
  /** The rightful caller is a human: a user holding the approver role at A. */
  human?: boolean;
  /** Makes the object the request acts on (under client A, or at the enterprise). */
  setup?: () => Promise<any>;
  request: (object: any) => Req;
}

let app: TestApp;
let admin: Admin;
let other: Admin;
let clientA: string;
let clientB: string;
let rightful: Principal;
let sibling: Principal;
let lacking: Principal;
/** A user with the approver role at A, acting through an exchanged token (set up with the first policy change). */
let humanApprover: string | undefined;
const lackingHere = new Map<Permission, Principal>();
let stopWorker: () => Promise<void>;

const MATRIX_PERMISSIONS: Permission[] = [
  'users.read',
  'users.manage',
  'service_accounts.read',
  'service_accounts.manage',
  'roles.read',
  'roles.manage',
  'capabilities.read',
  'capabilities.manage',
  'connectors.read',
  'connectors.manage',
  'transfers.read',
  'transfers.create',
  'withdrawals.create',
  'withdrawal_destinations.manage',
  'conversions.create',
  'ramps.read',
  'ramps.create',
  'deposits.annotate',
  'kyc.read',
  'kyc.decide',
  'audit.read',
  'policies.read',
  'policies.manage',
  'balances.read',
  'balance_monitors.read',
  'balance_monitors.manage',
  'exports.create',
  'exports.read',
  'approvals.decide',
];

beforeAll(async () => {
  const taskQueue = `matrix-${randomUUID()}`;
  app = await startTestApp({ TEMPORAL_TASK_QUEUE: taskQueue });
  stopWorker = (await startWorker(app.services, { taskQueue })).stop;
  [admin, other] = await Promise.all([newAdmin(app, 'Matrix Ltd'), newAdmin(app, 'Foreign Ltd')]);
  [clientA, clientB] = [await newClient(app, admin), await newClient(app, admin)];
  rightful = await newServiceAccount(app, admin, clientA, [{ role: 'enterprise-admin', scope_ref: clientA }]);
  sibling = await newServiceAccount(app, admin, clientB, [{ role: 'enterprise-admin', scope_ref: clientB }]);
  lacking = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role: await newRole(app, admin, admin.enterpriseRef, ['catalogue.read']), scope_ref: admin.enterpriseRef }]);
  for (const permission of MATRIX_PERMISSIONS) {
    const allBut = await newRole(app, admin, clientA, ALL_PERMISSIONS.filter((p) => p !== permission));
    const only = await newRole(app, admin, clientB, [permission]);
    lackingHere.set(
      permission,
      await newServiceAccount(app, admin, admin.enterpriseRef, [
        { role: allBut, scope_ref: clientA },
        { role: only, scope_ref: clientB },
      ]),
    );
  }
});
afterAll(async () => {
  await stopWorker?.();
  await app?.close();
});

const asAdmin = async (method: string, path: string, body?: unknown) => {
  const res = await call(app.url, method, path, { token: admin.token, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
};
const user = () => newUser(app, admin, clientA);
const invitation = () => asAdmin('POST', '/user-invitations', { email: `${unique('i')}@example.com`, display_name: 'I', scope_ref: clientA });
const account = () => newServiceAccount(app, admin, clientA, []);
const role = async () => ({ id: await newRole(app, admin, clientA, ['users.read']) });
const assignment = async () =>
  asAdmin('POST', '/role-assignments', { principal_ref: `users/${(await user()).id}`, role_ref: `roles/${admin.tenant.roleIds.viewer}`, scope_ref: clientA });

/** A booking in A's enterprise, then a signed checkpoint of its hash chains. */
const checkpoint = async () => {
  const enterpriseId = admin.tenant.enterpriseId;
  const account = (await asAdmin('GET', `/${clientA}`)).default_client_account;
  await creditExternalDeposit(app.services.sql, { key: `matrix-deposit/${unique('d')}`, enterpriseId, accountRef: account, asset: 'USD', amount: 100n });
  return createCheckpoint(app.services.sql, enterpriseId, checkpointSigner(await app.services.platformKeys.get(CHECKPOINT_KEY_NAME)));
};
const connector = () => asAdmin('POST', '/connectors', { name: unique('c').toLowerCase().replace(/[^a-z0-9-]/g, '-').slice(0, 40), base_url: 'https://127.0.0.1:9' });

/** An executed internal transfer out of client A's account (funded through the ledger), to the enterprise's master account. */
const transfer = async () => {
  const account = (await asAdmin('GET', `/${clientA}`)).default_client_account;
  await creditExternalDeposit(app.services.sql, { key: `test-deposit/${uuidv7()}`, enterpriseId: admin.tenant.enterpriseId, accountRef: account, asset: 'USD', amount: 500n });
  const master = (await asAdmin('GET', `/${admin.enterpriseRef}`)).default_master_account;
  const res = await call(app.url, 'POST', '/internal-transfers', {
    token: admin.token,
    body: { amount: { currency: 'USD', value: '1.00' }, source_ref: account, target_ref: master },
    headers: { 'idempotency-key': uuidv7() },
  });
  if (res.status !== 201) throw new Error(`POST /internal-transfers: ${res.status} ${res.text}`);
  return res.body;
};

/** An active destination in client A's address book. */
const destinationOfA = () =>
  asAdmin('POST', '/withdrawal-destinations', { rail_class: 'crypto', scope_ref: clientA, crypto_routing: { asset: 'USDC', network: 'ethereum', label: 'Matrix', destination: { address: ETH_ADDRESS, memo: null } } });

/** A conversion on client A's account (funded through the ledger); the capability row may have switched conversions off at A. */
const conversionOfA = async () => {
  const account = await accountOfA();
  await asAdmin('PUT', `/${clientA}/capabilities/conversions`, { enabled: true });
  await creditExternalDeposit(app.services.sql, { key: unique('deposit'), enterpriseId: admin.tenant.enterpriseId, accountRef: account, asset: 'USDC', amount: 10_000_000n });
  const res = await call(app.url, 'POST', '/conversions', {
    token: admin.token,
    body: { account_ref: account, from_amount: { currency: 'USDC', value: '1.00' }, to_currency: 'EUR' },
    headers: { 'idempotency-key': uuidv7() },
  });
  if (res.status !== 201) throw new Error(`POST /conversions: ${res.status} ${res.text}`);
  return res.body;
};

/** A POST that must succeed, with an Idempotency-Key. */
const created = async (path: string, body: unknown) => {
  const res = await call(app.url, 'POST', path, { token: admin.token, body, headers: { 'idempotency-key': uuidv7() } });
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${res.text}`);
  return res.body;
};

/** An on-ramp session on client A's account. */
const onRampOfA = async () => created('/on-ramp-sessions', { account_ref: await accountOfA(), fiat_currency: 'EUR', asset: 'USDC' });

/** An off-ramp session of client A's account (funded through the ledger) to a payout method of the account. */
const offRampOfA = async () => {
  const account = await accountOfA();
  const { sql } = app.services;
  await creditExternalDeposit(sql, { key: unique('deposit'), enterpriseId: admin.tenant.enterpriseId, accountRef: account, asset: 'USDC', amount: 10_000_000n });
  const method = await createPayoutMethod(sql, {
    account: (await fundableAccount(sql, account))!,
    rail: 'sepa',
    currency: 'EUR',
    label: 'Matrix bank',
    beneficiary: { name: 'Ada Lovelace', iban: ibanFor('DE', '370400440532013000') },
    attribution: { subject: { id: admin.tenant.serviceAccountId, kind: 'service_account', tenant_ref: admin.enterpriseRef } } as never,
  });
  return created('/off-ramp-sessions', { account_ref: account, asset: 'USDC', fiat_currency: 'EUR', amount: { currency: 'USDC', value: '1' }, payout_method_id: method.id });
};

/** A simulated deposit into client A's account. */
const depositOfA = async () => {
  const instructions = await asAdmin('GET', `/deposit-instructions?account_ref=${await accountOfA()}&page_size=50`);
  const usdc = instructions.items.find((i: { asset: string }) => i.asset === 'USDC');
  return created('/sandbox/deposits', { deposit_instruction_id: usdc.id, amount: { currency: 'USDC', value: '1' } });
};

/** A withdrawal out of client A's account (funded through the ledger) to a destination registered at A. */
const withdrawalOfA = async () => {
  const account = await accountOfA();
  await creditExternalDeposit(app.services.sql, { key: unique('deposit'), enterpriseId: admin.tenant.enterpriseId, accountRef: account, asset: 'USDC', amount: 10_000_000n });
  const destination = await destinationOfA();
  const res = await call(app.url, 'POST', '/withdrawals', {
    token: admin.token,
    body: { account_ref: account, amount: { currency: 'USDC', value: '1.00' }, rail: 'ethereum', withdrawal_destination_id: destination.id },
    headers: { 'idempotency-key': uuidv7() },
  });
  if (res.status !== 201) throw new Error(`POST /withdrawals: ${res.status} ${res.text}`);
  return res.body;
};

/** Two funded accounts of client A, and an atomic batch between them that the rightful caller makes. */
const accountsOfA = async () => {
  const client = await asAdmin('GET', `/${clientA}`);
  const target = await asAdmin('POST', '/client-accounts', { scope_ref: clientA, display_name: unique('acct') });
  const source = client.default_client_account as string;
  await creditExternalDeposit(app.services.sql, { key: unique('deposit'), enterpriseId: admin.tenant.enterpriseId, accountRef: source, asset: 'USD', amount: 1_000_000n });
  return { source, target: `client-accounts/${target.id}` };
};
const accountOfA = async () => (await asAdmin('GET', `/${clientA}`)).default_client_account as string;
const monitorOfA = async () => asAdmin('POST', '/balance-monitors', { account_ref: await accountOfA(), asset: 'USD', balance: 'available', operator: '<', threshold: '10.00' });
const transferBatch = (a: { source: string; target: string }) => ({
  method: 'POST',
  path: '/internal-transfer-batches',
  body: { atomic: true, transfers: [{ amount: { currency: 'USD', value: '0.01' }, source_ref: a.source, target_ref: a.target }] },
  headers: { 'idempotency-key': unique('batch') },
});
const batchOfA = async () => {
  const a = await accountsOfA();
  const req = transferBatch(a);
  const res = await call(app.url, req.method, req.path, { token: rightful.token, body: req.body, headers: req.headers });
  if (res.status !== 201) throw new Error(`POST /internal-transfer-batches: ${res.status} ${res.text}`);
  return res.body;
};

const statementExportBody = (account: string) => ({ scope_ref: account, asset: 'USD', from: '2026-01-01T00:00:00Z', to: new Date(Date.now() - 1000).toISOString() });
/** A statement export of A's account; no worker runs here, so it stays queued. */
const statementExportOfA = async () => asAdmin('POST', '/client-account-statement-exports', statementExportBody(await accountOfA()));

/**
 * Once: a quorum of one approver (the platform role `approver`) for policy changes, and a user at A holding
 * that role, acting through a service account's exchanged token.
 */
let governed: Promise<void> | undefined;
const governA = () =>
  (governed ??= (async () => {
    const approverRole = `roles/${admin.tenant.roleIds.approver}`;
    await asAdmin('PATCH', '/governance-settings', { policy_change_quorum: 1, approver_role_ref: approverRole });
    const person = await newUser(app, admin, clientA);
    await asAdmin('POST', '/role-assignments', { principal_ref: `users/${person.id}`, role_ref: approverRole, scope_ref: clientA });
    const actor = await newServiceAccount(app, admin, admin.enterpriseRef, [{ role: await newRole(app, admin, admin.enterpriseRef, ['users.act_for']), scope_ref: admin.enterpriseRef }]);
    const exchanged = await call(app.url, 'POST', '/oauth/token', {
      body: {
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        client_id: actor.clientId,
        client_secret: actor.clientSecret,
        subject_token: `users/${person.id}`,
        subject_token_type: 'urn:counterfoil:params:oauth:token-type:user-ref',
      },
    });
    if (exchanged.status !== 200) throw new Error(`token exchange: ${exchanged.status} ${exchanged.text}`);
    humanApprover = exchanged.body.access_token;
  })());

/** A policy change of A pending approval: activating a draft rule at A under the quorum (202). */
const policyChangeOfA = async () => {
  await governA();
  const rule = await asAdmin('POST', '/policies', { name: unique('rule'), scope_ref: clientA, action_family: 'withdrawal', order: 1, effect: { type: 'deny' } });
  const res = await call(app.url, 'POST', `/policy-rules/${rule.id}/activate`, { token: admin.token });
  if (res.status !== 202) throw new Error(`activate: ${res.status} ${res.text}`);
  return { ...res.body, approval_id: (res.body.approval_ref as string).slice('approvals/'.length) };
};

const kycDecision = async () => {
  const { token } = await asAdmin('POST', '/action-tokens', { action: 'clients.record_kyc_decision', resource_ref: clientA });
  const res = await call(app.url, 'POST', `/${clientA}/kyc-decisions`, { token: admin.token, body: { status: 'verified' }, headers: { 'x-action-token': token } });
  if (res.status !== 201) throw new Error(`kyc decision: ${res.status} ${res.text}`);
  return res.body;
};

const rows: Row[] = [
  { route: 'POST /users', permission: 'users.manage', kind: 'object', request: () => ({ method: 'POST', path: '/users', body: { display_name: 'U', email: `${unique('u')}@example.com`, scope_ref: clientA } }) },
  { route: 'GET /users', permission: 'users.read', kind: 'list', setup: user, request: () => ({ method: 'GET', path: '/users?page_size=200' }) },
  { route: 'GET /users/{user_id}', permission: 'users.read', kind: 'object', setup: user, request: (u) => ({ method: 'GET', path: `/users/${u.id}` }) },
  { route: 'PATCH /users/{user_id}', permission: 'users.manage', kind: 'object', setup: user, request: (u) => ({ method: 'PATCH', path: `/users/${u.id}`, body: { display_name: 'Renamed' } }) },
  { route: 'POST /users/{user_id}/suspend', permission: 'users.manage', kind: 'object', setup: user, request: (u) => ({ method: 'POST', path: `/users/${u.id}/suspend` }) },
  { route: 'POST /users/{user_id}/deactivate', permission: 'users.manage', kind: 'object', setup: user, request: (u) => ({ method: 'POST', path: `/users/${u.id}/deactivate` }) },
  {
    route: 'POST /users/{user_id}/reactivate',
    permission: 'users.manage',
    kind: 'object',
    setup: async () => {
      const u = await user();
      await asAdmin('POST', `/users/${u.id}/suspend`);
      return u;
    },
    request: (u) => ({ method: 'POST', path: `/users/${u.id}/reactivate` }),
  },
  {
    route: 'GET /users/{user_id} (enterprise-level user)',
    permission: 'users.read',
    kind: 'object',
    level: 'enterprise',
    setup: () => newUser(app, admin, admin.enterpriseRef),
    request: (u) => ({ method: 'GET', path: `/users/${u.id}` }),
  },
  { route: 'POST /user-invitations', permission: 'users.manage', kind: 'object', request: () => ({ method: 'POST', path: '/user-invitations', body: { email: `${unique('i')}@example.com`, display_name: 'I', scope_ref: clientA } }) },
  { route: 'GET /user-invitations', permission: 'users.read', kind: 'list', setup: invitation, request: () => ({ method: 'GET', path: '/user-invitations?page_size=200' }) },
  { route: 'GET /user-invitations/{invitation_id}', permission: 'users.read', kind: 'object', setup: invitation, request: (i) => ({ method: 'GET', path: `/user-invitations/${i.id}` }) },
  { route: 'POST /user-invitations/cancel', permission: 'users.manage', kind: 'object', setup: invitation, request: (i) => ({ method: 'POST', path: '/user-invitations/cancel', body: { invitation_id: i.id } }) },
  { route: 'POST /service-accounts', permission: 'service_accounts.manage', kind: 'object', request: () => ({ method: 'POST', path: '/service-accounts', body: { parent_ref: clientA } }) },
  {
    route: 'POST /service-accounts/provision',
    permission: 'service_accounts.manage',
    kind: 'object',
    request: () => ({ method: 'POST', path: '/service-accounts/provision', body: { parent_ref: clientA, external_id: unique('p') } }),
  },
  { route: 'GET /service-accounts', permission: 'service_accounts.read', kind: 'list', setup: account, request: () => ({ method: 'GET', path: '/service-accounts?page_size=200' }) },
  { route: 'GET /service-accounts/{service_account_id}', permission: 'service_accounts.read', kind: 'object', setup: account, request: (a) => ({ method: 'GET', path: `/service-accounts/${a.id}` }) },
  { route: 'POST /service-accounts/{service_account_id}/revoke', permission: 'service_accounts.manage', kind: 'object', setup: account, request: (a) => ({ method: 'POST', path: `/service-accounts/${a.id}/revoke` }) },
  { route: 'POST /roles', permission: 'roles.manage', kind: 'object', request: () => ({ method: 'POST', path: '/roles', body: { name: unique('r'), permissions: ['users.read'], scope_ref: clientA } }) },
  { route: 'GET /roles', permission: 'roles.read', kind: 'list', setup: role, request: () => ({ method: 'GET', path: '/roles?page_size=200' }) },
  { route: 'GET /roles/{role_id}', permission: 'roles.read', kind: 'object', setup: role, request: (r) => ({ method: 'GET', path: `/roles/${r.id}` }) },
  {
    route: 'GET /roles/{role_id} (platform-managed role)',
    permission: 'roles.read',
    kind: 'object',
    level: 'enterprise',
    setup: async () => ({ id: admin.tenant.roleIds.viewer }),
    request: (r) => ({ method: 'GET', path: `/roles/${r.id}` }),
  },
  { route: 'PATCH /roles/{role_id}', permission: 'roles.manage', kind: 'object', setup: role, request: (r) => ({ method: 'PATCH', path: `/roles/${r.id}`, body: { description: 'changed' } }) },
  { route: 'POST /roles/{role_id}/retire', permission: 'roles.manage', kind: 'object', setup: role, request: (r) => ({ method: 'POST', path: `/roles/${r.id}/retire` }) },
  {
    route: 'POST /role-assignments',
    permission: 'roles.manage',
    kind: 'object',
    setup: user,
    request: (u) => ({ method: 'POST', path: '/role-assignments', body: { principal_ref: `users/${u.id}`, role_ref: `roles/${admin.tenant.roleIds.viewer}`, scope_ref: clientA } }),
  },
  { route: 'GET /role-assignments', permission: 'roles.read', kind: 'list', setup: assignment, request: () => ({ method: 'GET', path: '/role-assignments?page_size=200' }) },
  { route: 'GET /role-assignments/{role_assignment_id}', permission: 'roles.read', kind: 'object', setup: assignment, request: (a) => ({ method: 'GET', path: `/role-assignments/${a.id}` }) },
  { route: 'POST /role-assignments/{role_assignment_id}/revoke', permission: 'roles.manage', kind: 'object', setup: assignment, request: (a) => ({ method: 'POST', path: `/role-assignments/${a.id}/revoke` }) },
  { route: 'GET /capabilities?scope_ref', permission: 'capabilities.read', kind: 'object', request: () => ({ method: 'GET', path: `/capabilities?scope_ref=${clientA}` }) },
  {
    route: 'PUT /clients/{client_id}/capabilities/{capability_name}',
    permission: 'capabilities.manage',
    kind: 'object',
    request: () => ({ method: 'PUT', path: `/${clientA}/capabilities/conversions`, body: { enabled: false } }),
  },
  { route: 'GET /connectors', permission: 'connectors.read', kind: 'list', level: 'enterprise', setup: connector, request: () => ({ method: 'GET', path: '/connectors?page_size=200' }) },
  { route: 'GET /connectors/{connector_id}', permission: 'connectors.read', kind: 'object', level: 'enterprise', setup: connector, request: (c) => ({ method: 'GET', path: `/connectors/${c.id}` }) },
  { route: 'POST /connectors/{connector_id}/rotate-secret', permission: 'connectors.manage', kind: 'object', level: 'enterprise', setup: connector, request: (c) => ({ method: 'POST', path: `/connectors/${c.id}/rotate-secret` }) },
  { route: 'POST /connectors/{connector_id}/disable', permission: 'connectors.manage', kind: 'object', level: 'enterprise', setup: connector, request: (c) => ({ method: 'POST', path: `/connectors/${c.id}/disable` }) },
  { route: 'POST /connectors/{connector_id}/enable', permission: 'connectors.manage', kind: 'object', level: 'enterprise', setup: connector, request: (c) => ({ method: 'POST', path: `/connectors/${c.id}/enable` }) },
  {
    route: 'GET /internal-transfers/{internal_transfer_id}/ledger-entries',
    permission: 'transfers.read',
    kind: 'object',
    setup: transfer,
    request: (t) => ({ method: 'GET', path: `/internal-transfers/${t.id}/ledger-entries` }),
  },
  {
    route: 'PATCH /internal-transfers/{internal_transfer_id}',
    permission: 'transfers.create',
    kind: 'object',
    setup: transfer,
    request: (t) => ({ method: 'PATCH', path: `/internal-transfers/${t.id}`, body: { metadata: { order_id: 'ord_1' } } }),
  },
  // Before the policy-change rows: an approved deny rule at A would refuse the set-up withdrawal.
  {
    route: 'PATCH /withdrawals/{withdrawal_id}',
    permission: 'withdrawals.create',
    kind: 'object',
    setup: withdrawalOfA,
    request: (w) => ({ method: 'PATCH', path: `/withdrawals/${w.id}`, body: { metadata: { payout_id: 'po_1' } } }),
  },
  {
    route: 'PATCH /withdrawal-destinations/{destination_id}',
    permission: 'withdrawal_destinations.manage',
    kind: 'object',
    setup: destinationOfA,
    request: (d) => ({ method: 'PATCH', path: `/withdrawal-destinations/${d.id}`, body: { metadata: { wallet: 'treasury' } } }),
  },
  {
    route: 'PATCH /conversions/{conversion_id}',
    permission: 'conversions.create',
    kind: 'object',
    setup: conversionOfA,
    request: (c) => ({ method: 'PATCH', path: `/conversions/${c.id}`, body: { metadata: { trade_id: 't_1' } } }),
  },

  { route: 'GET /on-ramp-sessions', permission: 'ramps.read', kind: 'list', setup: onRampOfA, request: (r) => ({ method: 'GET', path: `/on-ramp-sessions?account_ref=${r.account_ref}&page_size=200` }) },
  { route: 'PATCH /on-ramp-sessions/{session_id}', permission: 'ramps.create', kind: 'object', setup: onRampOfA, request: (r) => ({ method: 'PATCH', path: `/on-ramp-sessions/${r.id}`, body: { metadata: { invoice: 'inv_1' } } }) },
  { route: 'GET /off-ramp-sessions', permission: 'ramps.read', kind: 'list', setup: offRampOfA, request: (r) => ({ method: 'GET', path: `/off-ramp-sessions?account_ref=${r.account_ref}&page_size=200` }) },
  { route: 'PATCH /off-ramp-sessions/{session_id}', permission: 'ramps.create', kind: 'object', setup: offRampOfA, request: (r) => ({ method: 'PATCH', path: `/off-ramp-sessions/${r.id}`, body: { metadata: { payout_id: 'po_1' } } }) },
  { route: 'PATCH /deposits/{deposit_id}', permission: 'deposits.annotate', kind: 'object', setup: depositOfA, request: (d) => ({ method: 'PATCH', path: `/deposits/${d.id}`, body: { metadata: { order_id: 'ord_1' } } }) },
  { route: 'POST /internal-transfer-batches', permission: 'transfers.create', kind: 'object', setup: accountsOfA, request: transferBatch },
  { route: 'GET /internal-transfer-batches/{internal_transfer_batch_id}', permission: 'transfers.read', kind: 'object', setup: batchOfA, request: (b) => ({ method: 'GET', path: `/internal-transfer-batches/${b.id}` }) },
  {
    route: 'POST /clients/{client_id}/kyc-decisions',
    permission: 'kyc.decide',
    kind: 'object',
    actionToken: () => ({ action: 'clients.record_kyc_decision', resource_ref: clientA }),
    request: () => ({ method: 'POST', path: `/${clientA}/kyc-decisions`, body: { status: 'verified' } }),
  },
  { route: 'GET /clients/{client_id}/kyc-decisions', permission: 'kyc.read', kind: 'object', setup: kycDecision, request: () => ({ method: 'GET', path: `/${clientA}/kyc-decisions` }) },
  { route: 'GET /kyc-decisions/{kyc_decision_id}', permission: 'kyc.read', kind: 'object', setup: kycDecision, request: (d) => ({ method: 'GET', path: `/kyc-decisions/${d.id}` }) },
  { route: 'GET /ledger/checkpoints', permission: 'audit.read', kind: 'list', level: 'enterprise', setup: checkpoint, request: () => ({ method: 'GET', path: '/ledger/checkpoints?page_size=200' }) },
  { route: 'GET /governance-settings', permission: 'policies.read', kind: 'own', level: 'enterprise', request: () => ({ method: 'GET', path: '/governance-settings' }) },
  {
    route: 'PATCH /governance-settings',
    permission: 'policies.manage',
    kind: 'own',
    level: 'enterprise',
    request: () => ({ method: 'PATCH', path: '/governance-settings', body: { destination_cooling_off_seconds: 0 } }),
  },
  { route: 'GET /client-accounts/{client_account_id}/balances (as_of)', permission: 'balances.read', kind: 'object', setup: accountOfA, request: (a) => ({ method: 'GET', path: `/${a}/balances?as_of=${encodeURIComponent(new Date(Date.now() - 1000).toISOString())}` }) },
  {
    route: 'GET /client-accounts/{client_account_id}/statement',
    permission: 'balances.read',
    kind: 'object',
    setup: accountOfA,
    request: (a) => ({ method: 'GET', path: `/${a}/statement?asset=USD&from=2026-01-01T00:00:00Z&to=${encodeURIComponent(new Date(Date.now() - 1000).toISOString())}` }),
  },
  {
    route: 'POST /balance-monitors',
    permission: 'balance_monitors.manage',
    kind: 'object',
    setup: accountOfA,
    request: (a) => ({ method: 'POST', path: '/balance-monitors', body: { account_ref: a, asset: 'EUR', balance: 'total', operator: '>', threshold: '5.00' } }),
  },
  { route: 'GET /balance-monitors', permission: 'balance_monitors.read', kind: 'list', setup: monitorOfA, request: (m) => ({ method: 'GET', path: `/balance-monitors?account_ref=${m.account_ref}&page_size=200` }) },
  { route: 'GET /balance-monitors/{balance_monitor_id}', permission: 'balance_monitors.read', kind: 'object', setup: monitorOfA, request: (m) => ({ method: 'GET', path: `/balance-monitors/${m.id}` }) },
  { route: 'PATCH /balance-monitors/{balance_monitor_id}', permission: 'balance_monitors.manage', kind: 'object', setup: monitorOfA, request: (m) => ({ method: 'PATCH', path: `/balance-monitors/${m.id}`, body: { threshold: '20.00' } }) },
  { route: 'POST /balance-monitors/{balance_monitor_id}/disable', permission: 'balance_monitors.manage', kind: 'object', setup: monitorOfA, request: (m) => ({ method: 'POST', path: `/balance-monitors/${m.id}/disable` }) },
  { route: 'POST /balance-monitors/{balance_monitor_id}/enable', permission: 'balance_monitors.manage', kind: 'object', setup: monitorOfA, request: (m) => ({ method: 'POST', path: `/balance-monitors/${m.id}/enable` }) },
  {
    route: 'POST /client-account-statement-exports',
    permission: 'exports.create',
    kind: 'object',
    setup: accountOfA,
    request: (a) => ({ method: 'POST', path: '/client-account-statement-exports', body: statementExportBody(a) }),
  },
  { route: 'GET /client-account-statement-exports', permission: 'exports.read', kind: 'list', setup: statementExportOfA, request: () => ({ method: 'GET', path: '/client-account-statement-exports?page_size=200' }) },
  { route: 'GET /client-account-statement-exports/{export_id}', permission: 'exports.read', kind: 'object', setup: statementExportOfA, request: (e) => ({ method: 'GET', path: `/client-account-statement-exports/${e.id}` }) },
  { route: 'GET /policy-changes', permission: 'policies.read', kind: 'list', setup: policyChangeOfA, request: () => ({ method: 'GET', path: '/policy-changes?page_size=200' }) },
  { route: 'GET /policy-changes/{policy_change_id}', permission: 'policies.read', kind: 'object', setup: policyChangeOfA, request: (c) => ({ method: 'GET', path: `/policy-changes/${c.id}` }) },
  {
    route: 'POST /approvals/decisions',
    permission: 'approvals.decide',
    kind: 'batch',
    human: true,
    setup: policyChangeOfA,
    actionToken: (c) => ({ action: 'approvals.decide_many', batch: { decision: 'approve', approval_ids: [c.approval_id] } }),
    request: (c) => ({ method: 'POST', path: '/approvals/decisions', body: { decision: 'approve', approval_ids: [c.approval_id] } }),
  },
  { route: 'GET /me/passkeys', permission: 'me.read', kind: 'me', request: () => ({ method: 'GET', path: '/me/passkeys' }) },
  { route: 'POST /me/passkeys/registration-options', permission: 'me.read', kind: 'person', human: true, setup: governA, request: () => ({ method: 'POST', path: '/me/passkeys/registration-options' }) },
  {
    route: 'POST /me/passkeys',
    permission: 'me.read',
    kind: 'person',
    human: true,
    setup: async () => {
      await governA();
      const options = await call(app.url, 'POST', '/me/passkeys/registration-options', { token: humanApprover });
      return { challenge_id: options.body.challenge_id, name: 'Key', credential: new SoftwareAuthenticator('localhost', app.url).create(options.body.public_key) };
    },
    request: (body) => ({ method: 'POST', path: '/me/passkeys', body }),
  },
  { route: 'DELETE /me/passkeys/{passkey_id}', permission: 'me.read', kind: 'object', level: 'enterprise', human: true, setup: async () => (await enrolledPasskey()).passkey, request: (p) => ({ method: 'DELETE', path: `/me/passkeys/${p.id}` }) },
  {
    route: 'POST /action-tokens/passkey-challenges',
    permission: 'action_tokens.create',
    kind: 'person',
    human: true,
    setup: enrolledPasskey,
    request: () => ({ method: 'POST', path: '/action-tokens/passkey-challenges', body: { action: 'approvals.approve', resource_ref: `approvals/${randomUUID()}` } }),
  },
  {
    route: 'POST /action-tokens/passkey',
    permission: 'action_tokens.create',
    kind: 'person',
    human: true,
    setup: async () => {
      const { authenticator } = await enrolledPasskey();
      const challenge = await call(app.url, 'POST', '/action-tokens/passkey-challenges', { token: humanApprover, body: { action: 'approvals.approve', resource_ref: `approvals/${randomUUID()}` } });
      return { challenge_id: challenge.body.challenge_id, credential: authenticator.get(challenge.body.public_key) };
    },
    request: (body) => ({ method: 'POST', path: '/action-tokens/passkey', body }),
  },
  { route: 'GET /me/capabilities', permission: 'me.read', kind: 'me', request: () => ({ method: 'GET', path: '/me/capabilities' }) },
  { route: 'GET /me/navigation', permission: 'me.read', kind: 'me', request: () => ({ method: 'GET', path: '/me/navigation' }) },
  { route: 'POST /names/lookup', permission: 'me.read', kind: 'me', request: () => ({ method: 'POST', path: '/names/lookup', body: { refs: [`users/${randomUUID()}`] } }) },
];

/** A passkey the human approver enrolled, with the authenticator holding it. */
async function enrolledPasskey() {
  await governA();
  const authenticator = new SoftwareAuthenticator('localhost', app.url);
  const options = await call(app.url, 'POST', '/me/passkeys/registration-options', { token: humanApprover });
  const passkey = await call(app.url, 'POST', '/me/passkeys', { token: humanApprover, body: { challenge_id: options.body.challenge_id, name: 'Key', credential: authenticator.create(options.body.public_key) } });
  if (passkey.status !== 201) throw new Error(`POST /me/passkeys: ${passkey.status} ${passkey.text}`);
  return { authenticator, passkey: passkey.body };
}

const routeKey = (row: Row) => row.route.replace(/ \(.*\)$/, '').replace(/\?.*$/, '');

function expected(row: Row): Partial<Record<Column, string>> {
  switch (row.kind) {
    case 'list':
      return { foreign: '200 without it', sibling: '200 without it', lacking: '403', lacking_here: '200 without it', rightful: '200 with it' };
    case 'me':
      return { foreign: '200', sibling: '200', lacking: '403', rightful: '200' };
    case 'person':
      return { foreign: '403', sibling: '403', lacking: '403', rightful: '2xx' };
    // The caller's own enterprise's object (no id in the path): another enterprise's admin gets its own.
    case 'own':
      return { foreign: '2xx', sibling: '404', lacking: '403', rightful: '2xx' };
    case 'object':
    case 'batch':
      return row.level === 'enterprise'
        ? { foreign: '404', sibling: '404', lacking: '403', rightful: '2xx' }
        : { foreign: '404', sibling: '404', lacking: '403', lacking_here: '403', rightful: '2xx' };
  }
}

function tokenOf(column: Column, row: Row): string {
  if (column === 'foreign') return other.token;
  if (column === 'sibling') return sibling.token;
  if (column === 'lacking') return lacking.token;
  if (column === 'lacking_here') return lackingHere.get(row.permission)!.token;
  if (row.human) return humanApprover!;
  return row.level === 'enterprise' ? admin.token : rightful.token;
}

function outcome(row: Row, status: number, body: any, object: any): string {
  if (row.kind === 'batch' && status === 200) return outcome({ ...row, kind: 'object' }, body.results[0].status, undefined, object);
  if (row.kind === 'list' && status === 200) return `200 ${body.items.some((i: { id: string }) => i.id === object.id) ? 'with' : 'without'} it`;
  if ((row.kind === 'object' || row.kind === 'own' || row.kind === 'person') && status >= 200 && status < 300) return '2xx';
  return String(status);
}

describe('authorization matrix of the identity routes', () => {
  it('covers every identity route of the tenant API', async () => {
    const identityPaths = /^\/(users|user-invitations|service-accounts|roles|role-assignments|capabilities|me)\b|\/capabilities\//;
    const covered = new Set(rows.map(routeKey));
    const missing = tenantRoutes
      .filter((d) => identityPaths.test(d.path) && d.auth.kind === 'bearer' && !d.path.endsWith('/rotate-secret'))
      .map((d) => `${d.method.toUpperCase()} ${d.path}`)
      .filter((k) => !covered.has(k));
    expect(missing).toEqual([]);
  });

  it.each(rows.map((r) => [r.route, r] as const))('%s', async (_route, row) => {
    // The row's permission is the one the route declares (lacking_here is built around it).
    const def = tenantRoutes.find((d) => `${d.method.toUpperCase()} ${d.path}` === routeKey(row));
    expect(def?.auth).toMatchObject({ kind: 'bearer', permission: row.permission });
    const object = row.setup ? await row.setup() : undefined;
    const want = expected(row);
    const got: Partial<Record<Column, string>> = {};
    // The rightful call goes last: refusals change nothing, so the object is still as set up.
    for (const column of ['foreign', 'sibling', 'lacking', 'lacking_here', 'rightful'] as Column[]) {
      if (!(column in want)) continue;
      const req = row.request(object);
      const token = tokenOf(column, row);
      const minted = row.actionToken ? await call(app.url, 'POST', '/action-tokens', { token, body: row.actionToken(object) }) : null;
      const headers: Record<string, string> = { ...req.headers, ...(minted?.status === 201 ? { 'x-action-token': minted.body.token } : {}) };
      const res = await call(app.url, req.method, req.path, { token, body: req.body, headers });
      got[column] = outcome(row, res.status, res.body, object);
    }
    expect(got).toEqual(want);
  });
});
