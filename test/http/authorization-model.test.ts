import { execFile } from 'node:child_process';
import { exportJWK, generateKeyPair } from 'jose';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { call, sealingKeyFile, startTestApp, testServices, tokenFor, type TestApp } from '../helpers/app';
import { closeServices, type Services } from '../../src/services';
import { runState } from '../helpers/run-state';
import { startWorker } from '../helpers/worker';
import { ALL_PERMISSIONS, type Permission } from '../../src/auth/permissions';
import { ERROR_CODES, type ErrorCode } from '../../src/errors';
import { loadConfig } from '../../src/config';
import { tenantOpenApi } from '../../src/http/app';
import { tenantOperations } from '../../src/http/authorization-doc';
import type { Operation } from '../../src/http/authorization-model';
import { CHECKPOINT_KEY_NAME, checkpointSigner, createCheckpoint, creditExternalDeposit } from '../../src/ledger';
import { uuidv7 } from '../../src/ids';
import { SoftwareAuthenticator } from '../helpers/software-authenticator';
import { screen } from '../../src/domain/screening';
import { reconcileAccount } from '../../src/domain/reconciliation';
import { ETH_ADDRESS } from '../workflows/withdrawal-fixtures';
import { ibanFor } from '../../src/reference/bank-rails';
import { humanToken } from '../helpers/humans';
import { newAdmin, newClient, newRole, newServiceAccount, newUser, unique, type Admin } from './iam-fixtures';

/**
 * Every operation of the tenant API, run from the authorization model (src/http/authorization-model.ts):
 * each caller below gets exactly the answer the model's scope and kind imply.
 * - none:     a service account with no grant at all                                   → 403
 * - without:  every permission but the route's at the enterprise (subtree), the route's at client B only → 403
 * - subtreeA / exactA: every permission at client A, `subtree` / `exact`              → the scope reaches A (and its accounts only with subtree)
 * - subtreeE / exactE: every permission at the enterprise, `subtree` / `exact`        → reaches all / the enterprise only
 * - sibling:  every permission at client B                                             → 404 (beside)
 * - foreign:  the admin of a second enterprise made by `counterfoil enterprises create` → 404 on every id route
 * - delegate: a user holding every permission (and the approver role) at the enterprise, through the token
 *             a service account exchanged for it (user-ref token exchange)             → as subtreeE, but never decides an approval
 * - human:    another such user, signed in at the enterprise's identity provider (no actor) → as subtreeE, and a person
 * Objects live under client A (or its account, or at the enterprise, as the model says); a list answers
 * 200 and is read to its end for the object. Callers the scope lets through each get their own object
 * where the operation changes it (`fresh`). Grants cannot be made below a client, so "below" is a
 * client's `exact` grant on an account (404) and a client's grant on an enterprise object (404).
 */

type Column = 'none' | 'without' | 'subtreeA' | 'exactA' | 'subtreeE' | 'exactE' | 'sibling' | 'foreign' | 'delegate' | 'human';
const COLUMNS: Column[] = ['none', 'without', 'subtreeA', 'exactA', 'subtreeE', 'exactE', 'sibling', 'foreign', 'delegate', 'human'];
type Level = 'enterprise' | 'client' | 'client_account';
interface Req {
  method?: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  form?: boolean;
  /** A body sent as it is (a file upload), with its content-type in `headers`. */
  rawBody?: string;
}
interface Case {
  /** Where the set-up object lives, when the model's scope is the object's own (`object`): default client. */
  level?: Level;
  /** Makes the object; `as` is the token of the caller that will use it (the initiator, for cancels). */
  setup?: (as: string) => Promise<any>;
  /** Each caller the scope lets through gets its own object (the operation changes or spends it). */
  fresh?: boolean;
  /** Callers let through run one after the other (the operation changes client A or the enterprise), with `after` between. */
  serial?: boolean;
  after?: (o: any) => Promise<void>;
  /** Undoes the shared object once every caller has run. */
  done?: (o: any) => Promise<unknown>;
  request: (o: any) => Req;
  /** The answers of a caller the scope lets through, when not only 2xx (a state refused after authorizing): `authorized`. */
  ok?: RegExp;
  /** The id a list must (or must not) contain. */
  listed?: (o: any) => string;
  /** An action token each caller asks for itself, for the route or its handler. */
  actionToken?: (o: any) => Record<string, unknown>;
  /** Answers that differ from the scope's for a reason of the operation's own (its `refusals`). */
  except?: Partial<Record<Column, string>>;
  /** Public routes: the status for every caller and for none. */
  public?: number;
}

let app: TestApp;
let admin: Admin;
let eid: string;
let E: string;
let A: string;
let B: string;
let accountA: string;
/** A second account of A: internal transfers go there, within A. */
let accountA2: string;
let publicJwk: Record<string, unknown>;
let masterAccount: string;
const tokens = {} as Record<Exclude<Column, 'without'>, string>;
const without = new Map<Permission, string>();
let stopWorker: () => Promise<void>;
let workerServices: Services | undefined;
/** The delegate's person, signed in themselves (after the delegate's token was exchanged: a linked person has no user-ref). */
let delegatePerson: string;
let secondEnterprise: { enterprise_id: string; client_id: string; client_secret: string };

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

/** `counterfoil enterprises create … --json` in its own process against the run's database. */
async function createEnterpriseByCli(name: string) {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: runState().databaseUrl, LOG_LEVEL: 'silent', COUNTERFOIL_SEALING_KEY_FILE: sealingKeyFile() };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'enterprises', 'create', '--legal-name', name, '--jurisdiction', 'DE', '--json'], { cwd: ROOT, env });
  return JSON.parse(stdout) as { enterprise_id: string; client_id: string; client_secret: string };
}

/** Runs `work` over items, `width` at a time. */
async function inBatches<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map(work))));
  return out;
}

const ok = async (res: Promise<{ status: number; text: string; body: any }>, what: string) => {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body;
};
const as = (token: string, method: string, p: string, body?: unknown, headers: Record<string, string> = {}) =>
  ok(call(app.url, method, p, { token, body, headers: { 'idempotency-key': uuidv7(), ...headers } }), `${method} ${p}`);
const asAdmin = (method: string, p: string, body?: unknown, headers?: Record<string, string>) => as(admin.token, method, p, body, headers);

beforeAll(async () => {
  const taskQueue = `authz-model-${randomUUID()}`;
  // Dozens of principals are made at once: the per-client rate limits are not under test here.
  app = await startTestApp({ TEMPORAL_TASK_QUEUE: taskQueue, COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '100000', COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND: '100000' });
  // The worker has connections of its own: requests waiting on a workflow must not hold the ones its activities need.
  workerServices = await testServices({ TEMPORAL_TASK_QUEUE: taskQueue });
  stopWorker = (await startWorker(workerServices, { taskQueue })).stop;
  [admin, secondEnterprise] = await Promise.all([newAdmin(app, 'Model Ltd'), createEnterpriseByCli('Second Enterprise GmbH')]);
  eid = admin.tenant.enterpriseId;
  E = admin.enterpriseRef;
  [A, B] = await Promise.all([newClient(app, admin), newClient(app, admin)]);
  accountA = (await asAdmin('GET', `/${A}`)).default_client_account;
  masterAccount = (await asAdmin('GET', `/${E}`)).default_master_account;
  accountA2 = `client-accounts/${(await asAdmin('POST', '/client-accounts', { scope_ref: A, display_name: 'Second' })).id}`;
  publicJwk = { ...(await exportJWK((await generateKeyPair('ES256')).publicKey)), kid: 'model', alg: 'ES256' };

  const all = async (scope: string) => newRole(app, admin, scope, ALL_PERMISSIONS);
  const [allE, allA, allB] = await Promise.all([all(E), all(A), all(B)]);
  const sa = (parent: string, grants: Array<{ role: string; scope_ref: string; scope_propagation?: 'subtree' | 'exact' }>) =>
    newServiceAccount(app, admin, parent, grants).then((p) => p.token);
  const actor = await newServiceAccount(app, admin, E, [{ role: await newRole(app, admin, E, ['users.act_for']), scope_ref: E }]);
  const [person, signedIn] = await Promise.all([newUser(app, admin, E), newUser(app, admin, E)]);
  await Promise.all(
    [person, signedIn].flatMap((u) => [
      asAdmin('POST', '/role-assignments', { principal_ref: `users/${u.id}`, role_ref: `roles/${allE}`, scope_ref: E }),
      asAdmin('POST', '/role-assignments', { principal_ref: `users/${u.id}`, role_ref: `roles/${admin.tenant.roleIds.approver}`, scope_ref: E }),
    ]),
  );
  tokens.human = await humanToken(app, eid, signedIn);
  [tokens.none, tokens.subtreeA, tokens.exactA, tokens.subtreeE, tokens.exactE, tokens.sibling, tokens.foreign, tokens.delegate] = await Promise.all([
    sa(E, []),
    sa(A, [{ role: allA, scope_ref: A }]),
    sa(A, [{ role: allA, scope_ref: A, scope_propagation: 'exact' }]),
    sa(E, [{ role: allE, scope_ref: E }]),
    sa(E, [{ role: allE, scope_ref: E, scope_propagation: 'exact' }]),
    sa(B, [{ role: allB, scope_ref: B }]),
    tokenFor(app.url, { clientId: secondEnterprise.client_id, clientSecret: secondEnterprise.client_secret }),
    ok(
      call(app.url, 'POST', '/oauth/token', {
        body: {
          grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
          client_id: actor.clientId,
          client_secret: actor.clientSecret,
          subject_token: `users/${person.id}`,
          subject_token_type: 'urn:counterfoil:params:oauth:token-type:user-ref',
        },
      }),
      'token exchange',
    ).then((b) => b.access_token as string),
  ]);
  delegatePerson = await humanToken(app, eid, person);
  const permissions = [...new Set(tenantOperations().flatMap((op) => (op.permission ? [op.permission] : [])))];
  await inBatches(permissions, 6, async (permission) => {
    const [allBut, only] = await Promise.all([newRole(app, admin, E, ALL_PERMISSIONS.filter((p) => p !== permission)), newRole(app, admin, B, [permission])]);
    without.set(permission, await sa(E, [{ role: allBut, scope_ref: E }, { role: only, scope_ref: B, scope_propagation: 'exact' }]));
  });
}, 120_000);
afterAll(async () => {
  await stopWorker?.();
  if (workerServices) await closeServices(workerServices);
  await app?.close();
});

// ---- objects -------------------------------------------------------------------------------------

const idOf = (ref: string) => ref.slice(ref.indexOf('/') + 1);
const fund = (account: string, asset: string, amount: bigint) =>
  creditExternalDeposit(app.services.sql, { key: unique('deposit'), enterpriseId: eid, accountRef: account, asset, amount });
const newAccountOfA = async () => `client-accounts/${(await asAdmin('POST', '/client-accounts', { scope_ref: A, display_name: unique('acct') })).id}`;
const user = () => newUser(app, admin, A);
const invitation = () => asAdmin('POST', '/user-invitations', { email: `${unique('i')}@example.com`, display_name: 'I', scope_ref: A });
const serviceAccount = async () => (await asAdmin('POST', '/service-accounts', { description: 'x', parent_ref: A, roles: [] })).service_account;
const role = async () => ({ id: await newRole(app, admin, A, ['users.read']) });
const assignment = async () => asAdmin('POST', '/role-assignments', { principal_ref: `users/${(await user()).id}`, role_ref: `roles/${admin.tenant.roleIds.viewer}`, scope_ref: A });
/** A subscription of A to an event no case causes, unless told: each delivery would be a workflow retrying a dead receiver. */
const subscriptionTo = (eventType: string) => asAdmin('POST', '/webhook-subscriptions', { scope_ref: A, url: 'http://127.0.0.1:9/hook', event_types: [eventType] });
const subscription = () => subscriptionTo('operations.conversion.failed.v1');
const delivery = async () => {
  const s = await subscription();
  const test = await asAdmin('POST', `/webhook-subscriptions/${s.id}/test`);
  return { subscription: s, delivery: test };
};
/** An event about a user at A, found through the event log. */
const eventOfA = async () => {
  const u = await user();
  const page = await asAdmin('GET', `/events?resource_ref=users/${u.id}`);
  return page.items[0];
};
const connector = () => asAdmin('POST', '/connectors', { name: unique('c').toLowerCase().replace(/[^a-z0-9-]/g, '-').slice(0, 40), base_url: 'https://127.0.0.1:9' });
const exportRange = () => ({ from: new Date(Date.now() - 60_000).toISOString(), to: new Date().toISOString() });
/** An export; the worker may or may not have run it by the time it is downloaded (`READY`). */
const finished = async (collection: string, body: unknown) => {
  const e = await asAdmin('POST', `/${collection}`, body);
  return e;
};
const operationsExport = () => finished('operations-activity-exports', { scope_ref: A, format: 'csv', ...exportRange() });
const auditExport = () => finished('user-action-audit-exports', { scope_ref: E, format: 'jsonl', ...exportRange() });
const statementExportBody = (account: string) => ({ scope_ref: account, asset: 'USD', from: '2026-01-01T00:00:00Z', to: new Date(Date.now() - 1000).toISOString() });
const statementExport = () => finished('client-account-statement-exports', statementExportBody(accountA));
const schedule = () => asAdmin('POST', '/export-schedules', { kind: 'operations_activity', format: 'csv', scope_ref: A, spec: { cron: '15 0 * * *' }, range: { type: 'previous_utc_day' } });
const monitor = () => asAdmin('POST', '/balance-monitors', { account_ref: accountA, asset: 'USD', balance: 'available', operator: '<', threshold: '10.00' });
const transfer = async () => {
  await fund(accountA, 'USD', 500n);
  return asAdmin('POST', '/internal-transfers', { amount: { currency: 'USD', value: '1.00' }, source_ref: accountA, target_ref: accountA2, reference: unique('t') });
};
const batch = async () => {
  await fund(accountA, 'USD', 500n);
  return asAdmin('POST', '/internal-transfer-batches', { atomic: true, transfers: [{ amount: { currency: 'USD', value: '0.01' }, source_ref: accountA, target_ref: accountA2 }] });
};

/** Once: internal transfers of 1,000 USD or more out of A's accounts wait for one approver's approval. */
let governing: Promise<void> | undefined;
const governTransfers = () =>
  (governing ??= (async () => {
    const rule = await asAdmin('POST', '/policies', {
      name: unique('rule'),
      scope_ref: A,
      action_family: 'internal_transfer',
      order: 1,
      conditions: { amount_at_least: { currency: 'USD', value: '1000.00' } },
      effect: { type: 'require_approval', required_human_approvals: 1, approver_role_ref: `roles/${admin.tenant.roleIds.approver}` },
    });
    await asAdmin('POST', `/policy-rules/${rule.id}/activate`);
  })());
/** An internal transfer awaiting approval, initiated by `token`'s caller, with its approval id. */
const governedTransfer = async (token: string) => {
  await governTransfers();
  await fund(accountA, 'USD', 200_000n);
  const res = await call(app.url, 'POST', '/internal-transfers', {
    token,
    body: { amount: { currency: 'USD', value: '1000.00' }, source_ref: accountA, target_ref: accountA2 },
    headers: { 'idempotency-key': uuidv7() },
  });
  if (res.status !== 201 && res.status !== 202) throw new Error(`governed transfer: ${res.status} ${res.text}`);
  return { ...res.body, approval_id: idOf(res.body.approval_ref) };
};
const approval = async (token = admin.token) => {
  const t = await governedTransfer(token);
  return { ...(await asAdmin('GET', `/approvals/${t.approval_id}`)), transfer: t };
};

const destination = () =>
  asAdmin('POST', '/withdrawal-destinations', { rail_class: 'crypto', scope_ref: A, crypto_routing: { asset: 'USDC', network: 'ethereum', label: unique('d'), destination: { address: ETH_ADDRESS, memo: null } } });
const withdrawal = async () => {
  await fund(accountA, 'USDC', 10_000_000n);
  const d = await destination();
  return asAdmin('POST', '/withdrawals', { account_ref: accountA, amount: { currency: 'USDC', value: '1.00' }, rail: 'ethereum', withdrawal_destination_id: d.id, reference: unique('w') });
};
const conversion = async () => {
  await fund(accountA, 'USDC', 10_000_000n);
  return asAdmin('POST', '/conversions', { account_ref: accountA, from_amount: { currency: 'USDC', value: '1.00' }, to_currency: 'EUR', reference: unique('c') });
};
const payoutMethod = () =>
  asAdmin('POST', '/payout-methods', { account_ref: accountA, rail: 'sepa', currency: 'EUR', label: unique('bank'), beneficiary: { name: 'Ada Lovelace', iban: ibanFor('DE', '370400440532013000') } });
const onRamp = () => asAdmin('POST', '/on-ramp-sessions', { account_ref: accountA, fiat_currency: 'EUR', asset: 'USDC', reference: unique('on') });
const offRamp = async () => {
  await fund(accountA, 'USDC', 10_000_000n);
  const m = await payoutMethod();
  return asAdmin('POST', '/off-ramp-sessions', { account_ref: accountA, asset: 'USDC', fiat_currency: 'EUR', amount: { currency: 'USDC', value: '1' }, payout_method_id: m.id, reference: unique('off') });
};
const depositInstruction = async () => {
  const list = await asAdmin('GET', `/deposit-instructions?account_ref=${accountA}&page_size=50`);
  return list.items.find((i: { asset: string }) => i.asset === 'USDC');
};
const fundingEndpoint = async () => (await asAdmin('GET', `/funding-endpoints?account_ref=${accountA}&page_size=50`)).items[0];
const deposit = async () => asAdmin('POST', '/sandbox/deposits', { deposit_instruction_id: (await depositInstruction()).id, amount: { currency: 'USDC', value: '1' }, reference: unique('dep') });
/** A deposit the worker has credited (a bank rail's: no confirmations to wait for); only a credited deposit can be returned. */
const creditedDeposit = async () => {
  const list = await asAdmin('GET', `/deposit-instructions?account_ref=${accountA}&page_size=50`);
  const eur = list.items.find((i: { asset: string; rail_class: string }) => i.asset === 'EUR' && i.rail_class === 'fiat');
  const d = await asAdmin('POST', '/sandbox/deposits', { deposit_instruction_id: eur.id, amount: { currency: 'EUR', value: '100.00' }, reference: unique('dep') });
  for (let i = 0; i < 600 && (await asAdmin('GET', `/deposits/${d.id}`)).status !== 'credited'; i++) await new Promise((r) => setTimeout(r, 50));
  return d;
};
const depositReturn = async () => asAdmin('POST', `/deposits/${(await creditedDeposit()).id}/return`, { reason: { code: 'other' }, amount: { currency: 'EUR', value: '0.01' } });
const apiKey = () => asAdmin('POST', '/api-keys', { client_ref: A, label: unique('k') });
const revokedApiKey = async () => {
  const k = await apiKey();
  return asAdmin('POST', `/api-keys/${k.id}/revoke`);
};
const feeSchedule = (fixed: string) => ({
  service_fees: [{ asset: 'USDC', rail: 'ethereum', fixed_fee: fixed, rate_bps: null, min_fee: null, max_fee: null, operation_type: 'withdrawal' }],
  network_fees: [{ network: 'ethereum', asset: 'USDC', amount: '1.25' }],
});
const agreement = () => asAdmin('POST', '/enterprise-commercial-agreements', { scope_ref: E, fee_schedule: feeSchedule('0.40') });
const policy = () => asAdmin('POST', '/policies', { name: unique('rule'), scope_ref: A, action_family: 'conversion', order: 5, effect: { type: 'allow' } });
const identityProvider = () =>
  asAdmin('POST', '/identity-providers', { display_name: 'SSO', audience: 'counterfoil', issuer: `https://${unique('idp').toLowerCase()}.example.com`, jwks: { keys: [publicJwk] } });
const kycDecision = async () => {
  const { token } = await asAdmin('POST', '/action-tokens', { action: 'clients.record_kyc_decision', resource_ref: A });
  return asAdmin('POST', `/${A}/kyc-decisions`, { status: 'verified' }, { 'x-action-token': token });
};
const checkpoint = async () => {
  await fund(accountA, 'USD', 100n);
  return createCheckpoint(app.services.sql, eid, checkpointSigner(await app.services.platformKeys.get(CHECKPOINT_KEY_NAME)));
};
const auditEntry = async () => {
  await user();
  const found = await asAdmin('POST', '/user-action-audit-entries/search', { action: 'createUser', page_size: 1 });
  return found.items[0];
};
/** A screening of a withdrawal of client A's (as the withdrawal workflow makes it), answered by the sandbox provider. */
const screening = () =>
  screen(app.services, {
    businessKey: `authorization/${uuidv7()}`,
    enterpriseId: eid,
    subjectRef: `withdrawals/${uuidv7()}`,
    scopePath: [E, A],
    subject: { kind: 'crypto_address', network: 'ethereum', address: ETH_ADDRESS, memo: null },
    transaction: { direction: 'outgoing', asset: 'USDC', amount: '1.00', rail: 'ethereum' },
  });
/** A file-only reconciled account of the enterprise. */
const reconAccount = () => asAdmin('POST', '/reconciliation-accounts', { rail: 'sepa', address: unique('acct'), currency: 'EUR', statement_source: 'files', interval_seconds: 86_400 });
const RECON_CSV = 'Id,Date,Amount,Currency,Reference\nL-1,2026-11-30,12.50,EUR,UNKNOWN-1\n';
const RECON_MAPPING = encodeURIComponent(JSON.stringify({ id: 'Id', booked_at: 'Date', amount: 'Amount', currency: 'Currency', reference: 'Reference' }));
/** An account with one imported line no ledger transaction matches, reconciled once: its break. */
const reconBreak = async () => {
  const account = await reconAccount();
  const imported = await call(app.url, 'POST', `/statement-imports?account_id=${account.id}&format=csv&mapping=${RECON_MAPPING}`, { token: admin.token, rawBody: RECON_CSV, headers: { 'content-type': 'text/csv' } });
  if (imported.status !== 201) throw new Error(`import: ${imported.status} ${imported.text}`);
  await reconcileAccount(app.services.sql, { runId: uuidv7(), accountId: account.id, trigger: 'manual', workflowId: null, linesAdded: 1 });
  const [b] = (await asAdmin('GET', `/reconciliation-breaks?account_id=${account.id}`)).items;
  return { ...b, account, import_id: imported.body.id };
};
/** A break whose adjustment can be booked: the master account holds what an unknown line's correction would debit or credit. */
const reconAdjustable = async () => {
  await fund(masterAccount, 'EUR', 10_000n);
  return reconBreak();
};
/** An adjustment booked at once (no rule governs the family here), with its break. */
const reconAdjustment = async () => {
  const b = await reconAdjustable();
  const a = await asAdmin('POST', `/reconciliation-breaks/${b.id}/adjustments`, { account_ref: masterAccount, note: 'booked' });
  for (let i = 0; i < 200 && (await asAdmin('GET', `/reconciliation-adjustments/${a.id}`)).status !== 'executed'; i++) await new Promise((r) => setTimeout(r, 50));
  return asAdmin('GET', `/reconciliation-adjustments/${a.id}`);
};
/** A day's close waiting for its approval (as a policy rule on closing days leaves it). */
const reconPeriodClose = async () => {
  const account = await reconAccount();
  const [{ enterprise_id: enterpriseId, subject_attribution: by }] = await app.services.sql`select enterprise_id, subject_attribution from reconciliation_accounts where id = ${account.id}`;
  const id = uuidv7();
  await app.services.sql`
    insert into reconciliation_period_closes (id, enterprise_id, account_id, period, status, approval_ref, policy_decision, subject_attribution)
    values (${id}, ${enterpriseId}, ${account.id}, '2026-01-01', 'pending_approval', ${`approvals/${uuidv7()}`}, '{}'::jsonb, ${JSON.stringify(by)}::jsonb)`;
  return { id };
};
const expectedBody = (accountId: string) => ({
  account_id: accountId,
  direction: 'credit',
  amount_range: { min: { currency: 'EUR', value: '10.00' }, max: { currency: 'EUR', value: '10.00' } },
  window: { from: '2026-11-01T00:00:00Z', to: '2026-12-01T00:00:00Z' },
  reference: 'INV-1',
});
const expectedPayment = async () => asAdmin('POST', '/expected-payments', expectedBody((await reconAccount()).id));
const reconRule = () => asAdmin('POST', '/reconciliation-rules', { position: 5, name: unique('rule'), strategy: 'one_to_one', criteria: [{ field: 'reference', operator: 'equals' }] });
/** A policy change awaiting approval: governance settings under a quorum of one approver. */
const policyChange = async () => {
  await asAdmin('PATCH', '/governance-settings', { policy_change_quorum: 1, approver_role_ref: `roles/${admin.tenant.roleIds.approver}` });
  try {
    const rule = await policy();
    const res = await call(app.url, 'POST', `/policy-rules/${rule.id}/activate`, { token: admin.token });
    if (res.status !== 202) throw new Error(`activate: ${res.status} ${res.text}`);
    return res.body;
  } finally {
    await asAdmin('PATCH', '/governance-settings', { policy_change_quorum: 0 });
  }
};
/** A passkey of the delegate's person, and the authenticator holding it. */
const passkey = async (token: string) => {
  const authenticator = new SoftwareAuthenticator('localhost', app.url);
  // A delegate's person enrols with their own sign-in: a delegated token cannot.
  const enroller = token === tokens.delegate ? delegatePerson : token;
  const options = await as(enroller, 'POST', '/me/passkeys/registration-options');
  const key = await as(enroller, 'POST', '/me/passkeys', { challenge_id: options.challenge_id, name: 'Key', credential: authenticator.create(options.public_key) });
  return { authenticator, passkey: key };
};
/** The person the token is, or (for a service account, which holds no passkey) the delegate's. */
const personOr = (token: string) => (token === tokens.human ? tokens.human : tokens.delegate);
/** A client of its own with principals at it, for closing a client: A must stay open. */
const ownClient = async () => {
  const client = await newClient(app, admin);
  const allC = await newRole(app, admin, client, ALL_PERMISSIONS);
  const [subtreeA, exactA] = await Promise.all([
    newServiceAccount(app, admin, client, [{ role: allC, scope_ref: client }]),
    newServiceAccount(app, admin, client, [{ role: allC, scope_ref: client, scope_propagation: 'exact' }]),
  ]);
  return { ref: client, tokens: { subtreeA: subtreeA.token, exactA: exactA.token } };
};

// ---- one case per operation ----------------------------------------------------------------------

const get = (p: string) => ({ path: p });
const post = (p: string, body?: unknown) => ({ method: 'POST', path: p, body });
const patch = (p: string, body: unknown) => ({ method: 'PATCH', path: p, body });
const put = (p: string, body: unknown) => ({ method: 'PUT', path: p, body });
/** A download answers the file, or 409 while the export is queued or running. */
const READY = /^(2xx|409 export_(queued|running|failed))$/;
const now = () => new Date(Date.now() - 1000).toISOString();

const CASES: Record<string, Case> = {
  issueToken: { public: 200, request: () => ({ method: 'POST', path: '/oauth/token', body: { grant_type: 'client_credentials', client_id: admin.tenant.clientId, client_secret: admin.tenant.clientSecret } }) },
  healthz: { public: 200, request: () => get('/healthz') },
  readyz: { public: 200, request: () => get('/readyz') },
  listEnterprises: { request: () => get('/enterprises?page_size=200'), listed: () => eid },
  getEnterprise: { request: () => get(`/${E}`) },
  updateEnterprise: { serial: true, request: () => patch(`/${E}`, { metadata: { model: 'yes' } }) },
  listMasterAccounts: { request: () => get('/master-accounts?page_size=200'), listed: () => idOf(masterAccount) },
  getMasterAccount: { request: () => get(`/${masterAccount}`) },
  listEvents: { setup: eventOfA, request: (e) => get(`/events?resource_ref=${e.resource_ref}`) },
  listEventTypes: { request: () => get('/events/types') },
  getEvent: { setup: eventOfA, request: (e) => get(`/events/${e.id}`) },
  replayEvent: {
    setup: async () => ({ event: await eventOfA(), subscription: await subscriptionTo('iam.user.created.v1') }),
    request: (o) => post(`/events/${o.event.id}/replay`, { subscription_id: o.subscription.id }),
    // Deleted once done: it would take a delivery of every user the other cases make.
    done: (o) => asAdmin('POST', `/webhook-subscriptions/${o.subscription.id}/delete`),
  },
  createWebhookSubscription: { request: () => post('/webhook-subscriptions', { scope_ref: A, url: 'http://127.0.0.1:9/hook', event_types: ['operations.conversion.failed.v1'] }) },
  listWebhookSubscriptions: { setup: subscription, request: () => get('/webhook-subscriptions?page_size=200') },
  getWebhookSubscription: { setup: subscription, request: (s) => get(`/webhook-subscriptions/${s.id}`) },
  updateWebhookSubscription: { setup: subscription, request: (s) => patch(`/webhook-subscriptions/${s.id}`, { description: 'ops' }) },
  enableWebhookSubscription: { setup: subscription, request: (s) => post(`/webhook-subscriptions/${s.id}/enable`) },
  disableWebhookSubscription: { setup: subscription, fresh: true, request: (s) => post(`/webhook-subscriptions/${s.id}/disable`) },
  deleteWebhookSubscription: { setup: subscription, fresh: true, request: (s) => post(`/webhook-subscriptions/${s.id}/delete`) },
  rotateWebhookSubscriptionSecret: { setup: subscription, fresh: true, request: (s) => post(`/webhook-subscriptions/${s.id}/rotate-secret`, { overlap_seconds: 60 }) },
  testWebhookSubscription: { setup: subscription, request: (s) => post(`/webhook-subscriptions/${s.id}/test`) },
  listWebhookDeliveries: { setup: delivery, request: (o) => get(`/webhook-subscriptions/${o.subscription.id}/deliveries`) },
  getWebhookDelivery: { setup: delivery, request: (o) => get(`/webhook-subscriptions/${o.subscription.id}/deliveries/${o.delivery.id}`) },
  redeliverWebhookDelivery: { setup: delivery, request: (o) => post(`/webhook-subscriptions/${o.subscription.id}/deliveries/${o.delivery.id}/redeliver`) },
  createOperationsActivityExport: { request: () => post('/operations-activity-exports', { scope_ref: A, format: 'csv', ...exportRange() }) },
  listOperationsActivityExports: { setup: operationsExport, request: () => get('/operations-activity-exports?page_size=200') },
  getOperationsActivityExport: { setup: operationsExport, request: (e) => get(`/operations-activity-exports/${e.id}`) },
  downloadOperationsActivityExport: { ok: READY, setup: operationsExport, request: (e) => get(`/operations-activity-exports/${e.id}/download`) },
  createUserActionAuditExport: { request: () => post('/user-action-audit-exports', { scope_ref: E, format: 'jsonl', ...exportRange() }) },
  listUserActionAuditExports: { setup: auditExport, request: () => get('/user-action-audit-exports?page_size=200') },
  getUserActionAuditExport: { setup: auditExport, request: (e) => get(`/user-action-audit-exports/${e.id}`) },
  downloadUserActionAuditExport: { ok: READY, setup: auditExport, request: (e) => get(`/user-action-audit-exports/${e.id}/download`) },
  createClientAccountStatementExport: { request: () => post('/client-account-statement-exports', statementExportBody(accountA)) },
  listClientAccountStatementExports: { setup: statementExport, request: () => get('/client-account-statement-exports?page_size=200') },
  getClientAccountStatementExport: { setup: statementExport, request: (e) => get(`/client-account-statement-exports/${e.id}`) },
  downloadClientAccountStatementExport: { ok: READY, setup: statementExport, request: (e) => get(`/client-account-statement-exports/${e.id}/download`) },
  createExportSchedule: { request: () => post('/export-schedules', { kind: 'operations_activity', format: 'csv', scope_ref: A, spec: { cron: '15 0 * * *' }, range: { type: 'previous_utc_day' } }) },
  listExportSchedules: { setup: schedule, request: () => get('/export-schedules?page_size=200') },
  getExportSchedule: { setup: schedule, request: (s) => get(`/export-schedules/${s.id}`) },
  pauseExportSchedule: { setup: schedule, fresh: true, request: (s) => post(`/export-schedules/${s.id}/pause`) },
  unpauseExportSchedule: { setup: async () => asAdmin('POST', `/export-schedules/${(await schedule()).id}/pause`), fresh: true, request: (s) => post(`/export-schedules/${s.id}/unpause`) },
  triggerExportSchedule: { setup: schedule, request: (s) => post(`/export-schedules/${s.id}/trigger`) },
  backfillExportSchedule: { setup: schedule, request: (s) => post(`/export-schedules/${s.id}/backfill`, { start_time: '2026-01-15T09:30:00Z', end_time: '2026-01-16T09:30:00Z' }) },
  deleteExportSchedule: { setup: schedule, fresh: true, request: (s) => post(`/export-schedules/${s.id}/delete`) },
  createClient: { request: () => post('/clients', { display_name: 'Holder', external_id: unique('ext'), scope_ref: E }) },
  listClients: { request: () => get('/clients?page_size=200'), listed: () => idOf(A) },
  getClient: { request: () => get(`/${A}`) },
  updateClient: { request: () => patch(`/${A}`, { metadata: { model: 'yes' } }) },
  suspendClient: { serial: true, request: () => post(`/${A}/suspend`), after: () => asAdmin('POST', `/${A}/reactivate`) },
  reactivateClient: { serial: true, setup: () => asAdmin('POST', `/${A}/suspend`), request: () => post(`/${A}/reactivate`), after: () => asAdmin('POST', `/${A}/suspend`), done: () => asAdmin('POST', `/${A}/reactivate`) },
  closeClient: { setup: ownClient, fresh: true, request: (c) => post(`/${c.ref}/close`) },
  createClientAccount: { request: () => post('/client-accounts', { scope_ref: A, display_name: unique('acct') }) },
  listClientAccounts: { request: () => get(`/client-accounts?page_size=200`), listed: () => idOf(accountA) },
  getClientAccount: { request: () => get(`/${accountA}`) },
  updateClientAccount: { request: () => patch(`/${accountA}`, { display_name: 'Main' }) },
  suspendClientAccount: { setup: newAccountOfA, fresh: true, request: (a) => post(`/${a}/suspend`) },
  reactivateClientAccount: { setup: async () => { const a = await newAccountOfA(); await asAdmin('POST', `/${a}/suspend`); return a; }, fresh: true, request: (a) => post(`/${a}/reactivate`) },
  closeClientAccount: { setup: newAccountOfA, fresh: true, request: (a) => post(`/${a}/close`) },
  getClientAccountBalances: { request: () => get(`/${accountA}/balances`) },
  getMasterAccountBalances: { request: () => get(`/${masterAccount}/balances`) },
  createBalanceMonitor: { request: () => post('/balance-monitors', { account_ref: accountA, asset: 'EUR', balance: 'total', operator: '>', threshold: '5.00' }) },
  listBalanceMonitors: { setup: monitor, request: () => get('/balance-monitors?page_size=200') },
  getBalanceMonitor: { setup: monitor, request: (m) => get(`/balance-monitors/${m.id}`) },
  updateBalanceMonitor: { setup: monitor, request: (m) => patch(`/balance-monitors/${m.id}`, { threshold: '20.00' }) },
  enableBalanceMonitor: { setup: monitor, request: (m) => post(`/balance-monitors/${m.id}/enable`) },
  disableBalanceMonitor: { setup: monitor, request: (m) => post(`/balance-monitors/${m.id}/disable`) },
  createInternalTransfer: {
    setup: () => fund(accountA, 'USD', 10_000n),
    request: () => post('/internal-transfers', { amount: { currency: 'USD', value: '0.01' }, source_ref: accountA, target_ref: accountA2 }),
  },
  listInternalTransfers: { setup: transfer, request: (t) => get(`/internal-transfers?reference=${t.reference}`) },
  getInternalTransfer: { setup: transfer, request: (t) => get(`/internal-transfers/${t.id}`) },
  updateInternalTransfer: { setup: transfer, request: (t) => patch(`/internal-transfers/${t.id}`, { metadata: { order_id: 'ord_1' } }) },
  cancelInternalTransfer: { setup: () => governedTransfer(admin.token), fresh: true, request: (t) => post(`/internal-transfers/${t.id}/cancel`) },
  reverseInternalTransfer: { setup: transfer, fresh: true, request: (t) => post(`/internal-transfers/${t.id}/reverse`, { reason: { code: 'duplicate' }, amount: { currency: 'USD', value: '0.01' } }) },
  createInternalTransferBatch: {
    setup: () => fund(accountA, 'USD', 10_000n),
    request: () => post('/internal-transfer-batches', { atomic: true, transfers: [{ amount: { currency: 'USD', value: '0.01' }, source_ref: accountA, target_ref: accountA2 }] }),
  },
  getInternalTransferBatch: { setup: batch, request: (b) => get(`/internal-transfer-batches/${b.id}`) },
  createUser: { request: () => post('/users', { display_name: 'U', email: `${unique('u')}@example.com`, scope_ref: A }) },
  listUsers: { setup: user, request: () => get('/users?page_size=200') },
  getUser: { setup: user, request: (u) => get(`/users/${u.id}`) },
  updateUser: { setup: user, request: (u) => patch(`/users/${u.id}`, { display_name: 'Renamed' }) },
  suspendUser: { setup: user, fresh: true, request: (u) => post(`/users/${u.id}/suspend`) },
  deactivateUser: { setup: user, fresh: true, request: (u) => post(`/users/${u.id}/deactivate`) },
  reactivateUser: { setup: async () => asAdmin('POST', `/users/${(await user()).id}/suspend`), fresh: true, request: (u) => post(`/users/${u.id}/reactivate`) },
  createUserInvitation: { request: () => post('/user-invitations', { email: `${unique('i')}@example.com`, display_name: 'I', scope_ref: A }) },
  listUserInvitations: { setup: invitation, request: () => get('/user-invitations?page_size=200') },
  getUserInvitation: { setup: invitation, request: (i) => get(`/user-invitations/${i.id}`) },
  acceptUserInvitation: { public: 404, request: () => post('/user-invitations/accept', { invitation_id: randomUUID(), token: `cfinv_${'x'.repeat(43)}` }) },
  cancelUserInvitation: { setup: invitation, fresh: true, request: (i) => post('/user-invitations/cancel', { invitation_id: i.id }) },
  createServiceAccount: { request: () => post('/service-accounts', { parent_ref: A }) },
  provisionServiceAccount: { request: () => post('/service-accounts/provision', { parent_ref: A, external_id: unique('p') }) },
  listServiceAccounts: { setup: serviceAccount, request: () => get('/service-accounts?page_size=200') },
  getServiceAccount: { setup: serviceAccount, request: (a) => get(`/service-accounts/${a.id}`) },
  revokeServiceAccount: { setup: serviceAccount, fresh: true, request: (a) => post(`/service-accounts/${a.id}/revoke`) },
  createRole: { request: () => post('/roles', { name: unique('r'), permissions: ['users.read'], scope_ref: A }) },
  listRoles: { setup: role, request: () => get('/roles?page_size=200') },
  getRole: { setup: role, request: (r) => get(`/roles/${r.id}`) },
  updateRole: { setup: role, request: (r) => patch(`/roles/${r.id}`, { description: 'changed' }) },
  retireRole: { setup: role, fresh: true, request: (r) => post(`/roles/${r.id}/retire`) },
  createRoleAssignment: {
    // An exact grant at A cannot hand out a subtree grant there: that would reach A's accounts.
    except: { exactA: '403 privilege_escalation' },
    setup: user,
    fresh: true,
    request: (u) => post('/role-assignments', { principal_ref: `users/${u.id}`, role_ref: `roles/${admin.tenant.roleIds.viewer}`, scope_ref: A }),
  },
  listRoleAssignments: { setup: assignment, request: () => get('/role-assignments?page_size=200') },
  getRoleAssignment: { setup: assignment, request: (a) => get(`/role-assignments/${a.id}`) },
  revokeRoleAssignment: { setup: assignment, fresh: true, request: (a) => post(`/role-assignments/${a.id}/revoke`) },
  listCapabilities: { request: () => get(`/capabilities?scope_ref=${A}`) },
  setClientCapability: { request: () => put(`/${A}/capabilities/conversions`, { enabled: true }) },
  getMyCapabilities: { request: () => get('/me/capabilities') },
  getMyNavigation: { request: () => get('/me/navigation') },
  lookupNames: { request: () => post('/names/lookup', { refs: [`users/${randomUUID()}`] }) },
  createIdentityProvider: { request: () => post('/identity-providers', { display_name: 'SSO', audience: 'counterfoil', issuer: `https://${unique('idp').toLowerCase()}.example.com`, jwks: { keys: [publicJwk] } }) },
  listIdentityProviders: { setup: identityProvider, request: () => get('/identity-providers?page_size=200') },
  getIdentityProvider: { setup: identityProvider, request: (p) => get(`/identity-providers/${p.id}`) },
  updateIdentityProvider: { setup: identityProvider, request: (p) => patch(`/identity-providers/${p.id}`, { audience: 'other' }) },
  createActionToken: { request: () => post('/action-tokens', { action: 'approvals.approve', resource_ref: `approvals/${randomUUID()}` }) },
  listMyPasskeys: { request: () => get('/me/passkeys') },
  createPasskeyRegistrationOptions: { except: { delegate: '403 human_approval_required' }, request: () => post('/me/passkeys/registration-options') },
  createPasskey: {
    except: { delegate: '403 human_approval_required' },
    fresh: true,
    // Registration options come only to a person signed in themselves: callers that cannot ask answer another's challenge.
    setup: async (token) => {
      const options = await as(token === tokens.human ? token : tokens.human, 'POST', '/me/passkeys/registration-options');
      return { challenge_id: options.challenge_id, name: 'Key', credential: new SoftwareAuthenticator('localhost', app.url).create(options.public_key) };
    },
    request: (body) => post('/me/passkeys', body),
  },
  deletePasskey: { except: { delegate: '403 human_approval_required' }, setup: async (token) => (await passkey(personOr(token))).passkey, fresh: true, request: (p) => ({ method: 'DELETE', path: `/me/passkeys/${p.id}` }) },
  createActionTokenPasskeyChallenge: {
    setup: (token) => passkey(personOr(token)),
    fresh: true,
    request: () => post('/action-tokens/passkey-challenges', { action: 'approvals.approve', resource_ref: `approvals/${randomUUID()}` }),
  },
  createActionTokenWithPasskey: {
    fresh: true,
    setup: async (token) => {
      const person = personOr(token);
      const { authenticator } = await passkey(person);
      const challenge = await as(person, 'POST', '/action-tokens/passkey-challenges', { action: 'approvals.approve', resource_ref: `approvals/${randomUUID()}` });
      return { challenge_id: challenge.challenge_id, credential: authenticator.get(challenge.public_key) };
    },
    request: (body) => post('/action-tokens/passkey', body),
  },
  getUserActionAuditEntry: { setup: auditEntry, request: (e) => get(`/user-action-audit-entries/${e.id}`) },
  searchUserActionAuditEntries: { setup: auditEntry, request: (e) => post('/user-action-audit-entries/search', { resource_ref: e.resource_ref }) },
  rotateServiceAccountSecret: {
    setup: serviceAccount,
    fresh: true,
    actionToken: (a) => ({ action: 'service_accounts.rotate_secret', resource_ref: `service-accounts/${a.id}` }),
    request: (a) => post(`/service-accounts/${a.id}/rotate-secret`, { overlap_seconds: 3 }),
  },
  suspendEnterprise: { serial: true, request: () => post(`/${E}/suspend`), after: () => asAdmin('POST', `/${E}/reactivate`) },
  reactivateEnterprise: { serial: true, setup: () => asAdmin('POST', `/${E}/suspend`), request: () => post(`/${E}/reactivate`), after: () => asAdmin('POST', `/${E}/suspend`), done: () => asAdmin('POST', `/${E}/reactivate`) },
  closeEnterprise: { ok: /^(2xx|409 )/, serial: true, request: () => post(`/${E}/close`) },
  listAssets: { request: () => get('/assets') },
  listCryptoNetworks: { request: () => get('/crypto-networks') },
  getCryptoNetwork: { request: () => get('/crypto-networks/ethereum') },
  listAvailableCryptoNetworks: { request: () => get('/available-crypto-networks') },
  listEligibleCryptoNetworks: { request: () => get(`/eligible-crypto-networks?account_ref=${accountA}&asset=USDC`) },
  listPaymentMethods: { request: () => get('/payment-methods') },
  getPaymentMethod: { request: () => get('/payment-methods/sepa') },
  listAvailablePaymentMethods: { request: () => get('/available-payment-methods') },
  listEligiblePayoutMethods: { request: () => get(`/eligible-payout-methods?account_ref=${accountA}`) },
  createPayoutMethod: { request: () => post('/payout-methods', { account_ref: accountA, rail: 'sepa', currency: 'EUR', label: unique('bank'), beneficiary: { name: 'Ada Lovelace', iban: ibanFor('DE', '370400440532013000') } }) },
  listPayoutMethods: { setup: payoutMethod, request: () => get('/payout-methods?page_size=200') },
  getPayoutMethod: { setup: payoutMethod, request: (m) => get(`/payout-methods/${m.id}`) },
  disablePayoutMethod: { setup: payoutMethod, fresh: true, request: (m) => post(`/payout-methods/${m.id}/disable`) },
  createEnterpriseCommercialAgreement: { request: () => post('/enterprise-commercial-agreements', { scope_ref: E, fee_schedule: feeSchedule('0.30') }) },
  listEnterpriseCommercialAgreements: { setup: agreement, request: () => get('/enterprise-commercial-agreements?page_size=200') },
  getEnterpriseCommercialAgreement: { setup: agreement, request: (a) => get(`/enterprise-commercial-agreements/${a.id}`) },
  supersedeEnterpriseCommercialAgreement: { setup: agreement, fresh: true, serial: true, request: (a) => post(`/enterprise-commercial-agreements/${a.id}/supersede`, { fee_schedule: feeSchedule('0.10') }) },
  createFeePreview: { level: 'client_account', request: () => post('/fee-previews', { operation_type: 'withdrawal', service_type: 'ethereum', principal_amount: { amount: '100.00', currency: 'USDC' }, subject_ref: accountA }) },
  listFundingEndpoints: { setup: fundingEndpoint, request: () => get('/funding-endpoints?page_size=200') },
  getFundingEndpoint: { setup: fundingEndpoint, request: (f) => get(`/funding-endpoints/${f.id}`) },
  listDepositInstructions: { setup: depositInstruction, request: () => get('/deposit-instructions?page_size=200') },
  getDepositInstruction: { setup: depositInstruction, request: (d) => get(`/deposit-instructions/${d.id}`) },
  listDeposits: { setup: deposit, request: (d) => get(`/deposits?reference=${d.reference}`) },
  getDeposit: { setup: deposit, request: (d) => get(`/deposits/${d.id}`) },
  updateDeposit: { setup: deposit, request: (d) => patch(`/deposits/${d.id}`, { metadata: { order_id: 'ord_1' } }) },
  returnDeposit: { setup: creditedDeposit, request: (d) => post(`/deposits/${d.id}/return`, { reason: { code: 'duplicate' }, amount: { currency: 'EUR', value: '0.01' } }) },
  listDepositReturns: { setup: creditedDeposit, request: (d) => get(`/deposits/${d.id}/returns`) },
  getDepositReturn: { setup: depositReturn, request: (r) => get(`/deposit-returns/${r.id}`) },
  simulateSandboxDeposit: { setup: depositInstruction, request: (d) => post('/sandbox/deposits', { deposit_instruction_id: d.id, amount: { currency: 'USDC', value: '1' } }) },
  // A key acts on A's accounts: a caller whose exact grant at A does not reach them cannot issue one.
  createApiKey: { except: { exactA: '403 privilege_escalation' }, request: () => post('/api-keys', { client_ref: A, label: unique('k') }) },
  listApiKeys: { setup: apiKey, request: () => get('/api-keys?page_size=200') },
  getApiKey: { setup: apiKey, request: (k) => get(`/api-keys/${k.id}`) },
  updateApiKey: { setup: apiKey, request: (k) => patch(`/api-keys/${k.id}`, { label: 'renamed' }) },
  revokeApiKey: { except: { exactA: '403 privilege_escalation' }, setup: apiKey, fresh: true, request: (k) => post(`/api-keys/${k.id}/revoke`) },
  reactivateApiKey: { except: { exactA: '403 privilege_escalation' }, setup: revokedApiKey, fresh: true, request: (k) => post(`/api-keys/${k.id}/reactivate`) },
  setSandboxClientKyc: { request: () => put(`/sandbox/${A}/kyc`, { kyc_status: 'verified' }) },
  setSandboxClientApiAccess: { request: () => put(`/sandbox/${A}/api-access`, { api_access: true }) },
  createPolicy: { request: () => post('/policies', { name: unique('rule'), scope_ref: A, action_family: 'conversion', order: 5, effect: { type: 'allow' } }) },
  listPolicyRules: { setup: policy, request: () => get('/policy-rules?page_size=200') },
  evaluatePolicyRules: { level: 'client_account', request: () => post('/policy-rules/evaluate', { action_family: 'withdrawal', account_ref: accountA, amount: { currency: 'USDC', value: '600.00' } }) },
  getPolicyRule: { setup: policy, request: (r) => get(`/policy-rules/${r.id}`) },
  updatePolicyRule: { setup: policy, request: (r) => patch(`/policy-rules/${r.id}`, { description: 'changed' }) },
  activatePolicyRule: { setup: policy, fresh: true, request: (r) => post(`/policy-rules/${r.id}/activate`) },
  retirePolicyRule: { setup: policy, fresh: true, request: (r) => post(`/policy-rules/${r.id}/retire`) },
  listApprovals: { level: 'client_account', setup: () => approval(), request: () => get('/approvals?page_size=200') },
  getApproval: { level: 'client_account', setup: () => approval(), request: (a) => get(`/approvals/${a.id}`) },
  decideApprovals: {
    level: 'client_account',
    setup: () => approval(),
    fresh: true,
    actionToken: (a) => ({ action: 'approvals.decide_many', batch: { decision: 'approve', approval_ids: [a.id] } }),
    request: (a) => post('/approvals/decisions', { decision: 'approve', approval_ids: [a.id] }),
  },
  approveApproval: { level: 'client_account', setup: () => approval(), fresh: true, actionToken: (a) => ({ action: 'approvals.approve', resource_ref: `approvals/${a.id}` }), request: (a) => post(`/approvals/${a.id}/approve`) },
  rejectApproval: { level: 'client_account', setup: () => approval(), fresh: true, actionToken: (a) => ({ action: 'approvals.reject', resource_ref: `approvals/${a.id}` }), request: (a) => post(`/approvals/${a.id}/reject`) },
  cancelApproval: { level: 'client_account', setup: (token) => approval(token), fresh: true, request: (a) => post(`/approvals/${a.id}/cancel`) },
  listEligibleApprovers: { level: 'client_account', setup: () => approval(), request: (a) => get(`/approvals/${a.id}/eligible-approvers`) },
  createWithdrawal: {
    setup: async () => {
      await fund(accountA, 'USDC', 10_000_000n);
      return destination();
    },
    request: (d) => post('/withdrawals', { account_ref: accountA, amount: { currency: 'USDC', value: '1.00' }, rail: 'ethereum', withdrawal_destination_id: d.id }),
  },
  listWithdrawals: { setup: withdrawal, request: (w) => get(`/withdrawals?reference=${w.reference}`) },
  getWithdrawal: { setup: withdrawal, request: (w) => get(`/withdrawals/${w.id}`) },
  updateWithdrawal: { setup: withdrawal, request: (w) => patch(`/withdrawals/${w.id}`, { metadata: { payout_id: 'po_1' } }) },
  cancelWithdrawal: { ok: /^(2xx|409 withdrawal_\w+)$/, setup: withdrawal, fresh: true, request: (w) => post(`/withdrawals/${w.id}/cancel`) },
  createWithdrawalDestination: {
    request: () => post('/withdrawal-destinations', { rail_class: 'crypto', scope_ref: A, crypto_routing: { asset: 'USDC', network: 'ethereum', label: unique('d'), destination: { address: ETH_ADDRESS, memo: null } } }),
  },
  listWithdrawalDestinations: { setup: destination, request: () => get('/withdrawal-destinations?page_size=200') },
  getWithdrawalDestination: { setup: destination, request: (d) => get(`/withdrawal-destinations/${d.id}`) },
  updateWithdrawalDestination: { setup: destination, request: (d) => patch(`/withdrawal-destinations/${d.id}`, { metadata: { wallet: 'treasury' } }) },
  enableWithdrawalDestination: { setup: async () => asAdmin('POST', `/withdrawal-destinations/${(await destination()).id}/disable`), fresh: true, request: (d) => post(`/withdrawal-destinations/${d.id}/enable`) },
  disableWithdrawalDestination: { setup: destination, fresh: true, request: (d) => post(`/withdrawal-destinations/${d.id}/disable`) },
  retireWithdrawalDestination: { setup: destination, fresh: true, request: (d) => post(`/withdrawal-destinations/${d.id}/retire`) },
  injectSandboxRailFailure: { request: () => post('/sandbox/rail/failures', { address: '0x1111111111111111111111111111111111111111', stage: 'submission', failure_reason: 'network_congested_submission' }) },
  listConversionPairs: { request: () => get('/conversion-pairs') },
  getConversionPair: { setup: async () => (await asAdmin('GET', '/conversion-pairs')).items[0], request: (p) => get(`/conversion-pairs/${p.id}`) },
  previewConversion: { request: () => post('/conversions/preview', { account_ref: accountA, from_amount: { currency: 'USDC', value: '1.00' }, to_currency: 'EUR' }) },
  createConversion: {
    setup: () => fund(accountA, 'USDC', 10_000_000n),
    request: () => post('/conversions', { account_ref: accountA, from_amount: { currency: 'USDC', value: '1.00' }, to_currency: 'EUR' }),
  },
  listConversions: { setup: conversion, request: (c) => get(`/conversions?reference=${c.reference}`) },
  getConversion: { setup: conversion, request: (c) => get(`/conversions/${c.id}`) },
  updateConversion: { setup: conversion, request: (c) => patch(`/conversions/${c.id}`, { metadata: { trade_id: 't_1' } }) },
  cancelConversion: { ok: /^(2xx|409 conversion_\w+)$/, setup: conversion, fresh: true, request: (c) => post(`/conversions/${c.id}/cancel`) },
  getIndicativePrice: { request: () => get('/prices/indicative?from_asset=USDC&to_asset=EUR&from_amount=10.00') },
  createOnRampSession: { request: () => post('/on-ramp-sessions', { account_ref: accountA, fiat_currency: 'EUR', asset: 'USDC' }) },
  listOnRampSessions: { setup: onRamp, request: (r) => get(`/on-ramp-sessions?reference=${r.reference}`) },
  getOnRampSession: { setup: onRamp, request: (r) => get(`/on-ramp-sessions/${r.id}`) },
  updateOnRampSession: { setup: onRamp, request: (r) => patch(`/on-ramp-sessions/${r.id}`, { metadata: { invoice: 'inv_1' } }) },
  cancelOnRampSession: { ok: /^(2xx|409 on_ramp_\w+)$/, setup: onRamp, fresh: true, request: (r) => post(`/on-ramp-sessions/${r.id}/cancel`) },
  createOffRampSession: {
    setup: async () => {
      await fund(accountA, 'USDC', 10_000_000n);
      return payoutMethod();
    },
    request: (m) => post('/off-ramp-sessions', { account_ref: accountA, asset: 'USDC', fiat_currency: 'EUR', amount: { currency: 'USDC', value: '1' }, payout_method_id: m.id }),
  },
  listOffRampSessions: { setup: offRamp, request: (r) => get(`/off-ramp-sessions?reference=${r.reference}`) },
  getOffRampSession: { setup: offRamp, request: (r) => get(`/off-ramp-sessions/${r.id}`) },
  updateOffRampSession: { setup: offRamp, request: (r) => patch(`/off-ramp-sessions/${r.id}`, { metadata: { payout_id: 'po_1' } }) },
  cancelOffRampSession: { ok: /^(2xx|409 off_ramp_\w+)$/, setup: offRamp, fresh: true, request: (r) => post(`/off-ramp-sessions/${r.id}/cancel`) },
  simulateOnRampPayment: { ok: /^(2xx|409 on_ramp_\w+)$/, setup: onRamp, fresh: true, request: (r) => post(`/sandbox/on-ramp-sessions/${r.id}/payment`, { amount: { currency: 'EUR', value: '100.00' } }) },
  // The setups' records are not settled yet: a return of them is refused (payout_not_settled / deposit_not_credited) once authorized.
  simulateWithdrawalReturn: { ok: /^(2xx|422 payout_not_settled)$/, setup: withdrawal, request: (w) => post(`/sandbox/withdrawals/${w.id}/return`, { reason: { scheme: 'crypto', code: 'bounced' } }) },
  simulateOffRampReturn: { ok: /^(2xx|422 payout_not_settled)$/, setup: offRamp, request: (r) => post(`/sandbox/off-ramp-sessions/${r.id}/return`, { reason: { scheme: 'sepa', code: 'AC04' } }) },
  simulateDepositReversal: { ok: /^(2xx|422 deposit_not_credited)$/, setup: deposit, request: (d) => post(`/sandbox/deposits/${d.id}/reversal`, { reason: { scheme: 'sepa', code: 'FRAD' } }) },
  listSignInProviders: { public: 200, request: () => get(`/sign-in-providers?enterprise_ref=${E}`) },
  getConnectorProtocol: { public: 200, request: () => get('/connectors/openapi.json') },
  createConnector: { request: () => post('/connectors', { name: unique('c').toLowerCase().replace(/[^a-z0-9-]/g, '-').slice(0, 40), base_url: 'https://127.0.0.1:9' }) },
  listConnectors: { setup: connector, request: () => get('/connectors?page_size=200') },
  getConnector: { setup: connector, request: (c) => get(`/connectors/${c.id}`) },
  rotateConnectorSecret: { setup: connector, request: (c) => post(`/connectors/${c.id}/rotate-secret`, {}) },
  disableConnector: { setup: connector, fresh: true, request: (c) => post(`/connectors/${c.id}/disable`) },
  enableConnector: { setup: async () => asAdmin('POST', `/connectors/${(await connector()).id}/disable`), fresh: true, request: (c) => post(`/connectors/${c.id}/enable`) },
  receiveConnectorEvent: { public: 401, setup: connector, request: (c) => post(`/connectors/${c.id}/events`, { type: 'payout.updated', data: { idempotency_key: `withdrawal/${randomUUID()}` } }) },
  recordKycDecision: { actionToken: () => ({ action: 'clients.record_kyc_decision', resource_ref: A }), request: () => post(`/${A}/kyc-decisions`, { status: 'verified' }) },
  listKycDecisions: { setup: kycDecision, request: () => get(`/${A}/kyc-decisions`) },
  getKycDecision: { setup: kycDecision, request: (d) => get(`/kyc-decisions/${d.id}`) },
  listWithdrawalLedgerEntries: { setup: withdrawal, request: (w) => get(`/withdrawals/${w.id}/ledger-entries`) },
  listInternalTransferLedgerEntries: { setup: transfer, request: (t) => get(`/internal-transfers/${t.id}/ledger-entries`) },
  listConversionLedgerEntries: { setup: conversion, request: (c) => get(`/conversions/${c.id}/ledger-entries`) },
  getClientAccountStatement: { request: () => get(`/${accountA}/statement?asset=USD&from=2026-01-01T00:00:00Z&to=${encodeURIComponent(now())}`) },
  revokeToken: { public: 200, request: () => post('/oauth/revoke', { token: 'not-a-token' }) },
  listLedgerCheckpoints: { setup: checkpoint, request: () => get('/ledger/checkpoints?page_size=200') },
  listPolicyChanges: { setup: policyChange, request: () => get('/policy-changes?page_size=200') },
  getPolicyChange: { setup: policyChange, request: (c) => get(`/policy-changes/${c.id}`) },
  getGovernanceSettings: { request: () => get('/governance-settings') },
  updateGovernanceSettings: { request: () => patch('/governance-settings', { destination_cooling_off_seconds: 0 }) },
  getCompliancePolicy: { request: () => get('/compliance-policy') },
  updateCompliancePolicy: { request: () => patch('/compliance-policy', { decision_quorum: 2 }) },
  listScreenings: { setup: screening, request: (s) => get(`/screenings?subject_ref=${s.subject_ref}`) },
  getScreening: { setup: screening, request: (s) => get(`/screenings/${s.id}`) },
  // The sandbox provider answered it: an authorized caller meets its state.
  answerScreening: { ok: /^409 screening_not_enterprise$/, setup: screening, request: (s) => post(`/screenings/${s.id}/verdict`, { outcome: 'accept', reference: 'case-1' }) },
  getOpenApiDocument: { public: 200, request: () => get('/openapi.json') },
  createReconciliationAccount: { request: () => post('/reconciliation-accounts', { rail: 'sepa', address: unique('acct'), currency: 'EUR', statement_source: 'files', interval_seconds: 86_400 }) },
  listReconciliationAccounts: { setup: reconAccount, request: () => get('/reconciliation-accounts?page_size=200') },
  getReconciliationAccount: { setup: reconAccount, request: (a) => get(`/reconciliation-accounts/${a.id}`) },
  listStatementLines: { setup: reconBreak, request: (b) => get(`/reconciliation-accounts/${b.account.id}/statement-lines`) },
  listReconciliationTransactions: { setup: reconAccount, request: (a) => get(`/reconciliation-accounts/${a.id}/transactions?matched=false`) },
  runReconciliation: { setup: reconAccount, request: (a) => post(`/reconciliation-accounts/${a.id}/runs`, { dry_run: true }) },
  listReconciliationRuns: { setup: reconBreak, request: (b) => get(`/reconciliation-accounts/${b.account.id}/runs`) },
  listReconciliationPeriods: { setup: reconAccount, request: (a) => get(`/reconciliation-accounts/${a.id}/periods`) },
  // No run has read the day yet: an authorized caller meets that refusal.
  closeReconciliationPeriod: { ok: /^409 period_not_closable$/, setup: reconAccount, request: (a) => post(`/reconciliation-accounts/${a.id}/periods/2026-01-01/close`) },
  getReconciliationPeriodClose: { setup: reconPeriodClose, request: (c) => get(`/reconciliation-period-closes/${c.id}`) },
  getReconciliationReport: { setup: reconBreak, request: (b) => get(`/reconciliation-accounts/${b.account.id}/periods/2026-11-30/report`) },
  importStatement: {
    setup: reconAccount,
    fresh: true,
    request: (a) => ({ method: 'POST', path: `/statement-imports?account_id=${a.id}&format=csv&mapping=${RECON_MAPPING}`, rawBody: RECON_CSV, headers: { 'content-type': 'text/csv' } }),
  },
  getStatementImport: { setup: reconBreak, request: (b) => get(`/statement-imports/${b.import_id}`) },
  listReconciliationRules: { setup: reconRule, request: () => get('/reconciliation-rules') },
  createReconciliationRule: { request: () => post('/reconciliation-rules', { position: 5, name: unique('rule'), strategy: 'one_to_one', criteria: [{ field: 'reference', operator: 'equals' }] }) },
  retireReconciliationRule: { setup: reconRule, fresh: true, request: (r) => post(`/reconciliation-rules/${r.id}/retire`) },
  listReconciliationBreaks: { setup: reconBreak, request: () => get('/reconciliation-breaks?page_size=200') },
  getReconciliationBreak: { setup: reconBreak, request: (b) => get(`/reconciliation-breaks/${b.id}`) },
  acknowledgeReconciliationBreak: { setup: reconBreak, fresh: true, request: (b) => post(`/reconciliation-breaks/${b.id}/acknowledge`, {}) },
  snoozeReconciliationBreak: { setup: reconBreak, request: (b) => post(`/reconciliation-breaks/${b.id}/snooze`, { until: '2030-01-01T00:00:00.000Z' }) },
  acceptReconciliationBreak: { setup: reconBreak, fresh: true, request: (b) => post(`/reconciliation-breaks/${b.id}/accept`, { note: 'explained' }) },
  resolveReconciliationBreak: { ok: /^(2xx|422)$/, setup: reconBreak, fresh: true, request: (b) => post(`/reconciliation-breaks/${b.id}/resolve`, { ledger_transaction_id: uuidv7() }) },
  // No rule governs adjustments here: one is booked at once, from the master account's funds.
  adjustReconciliationBreak: { setup: reconAdjustable, fresh: true, request: (b) => post(`/reconciliation-breaks/${b.id}/adjustments`, { account_ref: masterAccount, note: 'fee' }) },
  listReconciliationBreakAdjustments: { setup: reconAdjustment, request: (a) => get(`/reconciliation-breaks/${a.break_id}/adjustments`) },
  getReconciliationAdjustment: { setup: reconAdjustment, request: (a) => get(`/reconciliation-adjustments/${a.id}`) },
  reverseReconciliationAdjustment: { setup: reconAdjustment, fresh: true, request: (a) => post(`/reconciliation-adjustments/${a.id}/reverse`, { note: 'refunded' }) },
  createExpectedPayment: { setup: reconAccount, request: (a) => post('/expected-payments', expectedBody(a.id)) },
  listExpectedPayments: { setup: expectedPayment, request: () => get('/expected-payments?page_size=200') },
  getExpectedPayment: { setup: expectedPayment, request: (e) => get(`/expected-payments/${e.id}`) },
  cancelExpectedPayment: { setup: expectedPayment, fresh: true, request: (e) => post(`/expected-payments/${e.id}/cancel`) },
  getWithdrawalReconciliation: { setup: withdrawal, request: (w) => get(`/withdrawals/${w.id}/reconciliation`) },
  getDepositReconciliation: { setup: deposit, request: (d) => get(`/deposits/${d.id}/reconciliation`) },
  getOffRampSessionReconciliation: { setup: offRamp, request: (r) => get(`/off-ramp-sessions/${r.id}/reconciliation`) },
  simulateStatementDiscrepancy: { request: () => post('/sandbox/statement-discrepancies', { rail: 'sepa', currency: 'EUR', kind: 'bank_fee', amount: { currency: 'EUR', value: '1.00' } }) },
};

// ---- what the model says each caller gets --------------------------------------------------------

const SERVICE_ACCOUNTS: Column[] = ['none', 'without', 'subtreeA', 'exactA', 'subtreeE', 'exactE', 'sibling', 'foreign'];
const reaches: Record<Column, (level: Level) => boolean> = {
  none: () => false,
  without: () => false,
  subtreeA: (l) => l !== 'enterprise',
  exactA: (l) => l === 'client',
  subtreeE: () => true,
  exactE: (l) => l === 'enterprise',
  sibling: () => false,
  foreign: () => false,
  delegate: () => true,
  human: () => true,
};
const levelOf = (op: Operation, c: Case): Level => c.level ?? (op.scope === 'enterprise' || op.scope === 'client' || op.scope === 'client_account' ? op.scope : 'client');
/** Deciding an approval takes a person signed in at an identity provider (or a passkey bound to it): a delegate is refused. */
const delegateIsHuman = (op: Operation) => !(op.refusals ?? []).includes('human_approval_required');

function expected(op: Operation, c: Case, column: Column): string {
  if (op.kind === 'public') return String(c.public);
  if (c.except?.[column]) return c.except[column]!;
  if (op.own && column === 'foreign') return op.kind === 'list' ? '200 without' : '2xx';
  if (column === 'none') return '403';
  const human = op.human && (SERVICE_ACCOUNTS.includes(column) || (column === 'delegate' && !delegateIsHuman(op)));
  if (op.scope === 'any' || op.scope === 'caller') return human ? '403 human_approval_required' : '2xx';
  const level = levelOf(op, c);
  const reached = reaches[column](level);
  if (op.kind === 'list' && !c.setup && !c.listed) return '2xx';
  if (op.kind === 'list') return column === 'without' ? '200 without' : reached ? '200 with' : '200 without';
  if (column === 'without') return '403';
  if (!reached) return '404';
  if (human) return '403 human_approval_required';
  return c.ok ? 'authorized' : '2xx';
}
const succeeds = (answer: string) => answer.startsWith('2') || answer === 'authorized';

/** Whether a list, read to its end, holds the id. */
async function listHolds(token: string, first: { status: number; body: any }, p: string, id: string): Promise<boolean> {
  let page = first.body;
  for (let i = 0; i < 50; i++) {
    if (page.items.some((item: { id: string }) => item.id === id)) return true;
    if (!page.next_page_token) return false;
    const sep = p.includes('?') ? '&' : '?';
    page = (await call(app.url, 'GET', `${p}${sep}page_token=${encodeURIComponent(page.next_page_token)}`, { token })).body;
  }
  return false;
}

async function answer(op: Operation, c: Case, column: Column, object: any): Promise<string> {
  const token = object?.tokens?.[column] ?? (column === 'without' ? without.get(op.permission!)! : tokens[column]);
  const req = c.request(object);
  const headers: Record<string, string> = { ...req.headers };
  if (op.idempotency) headers['idempotency-key'] = uuidv7();
  if (c.actionToken) {
    const minted = await call(app.url, 'POST', '/action-tokens', { token, body: c.actionToken(object) });
    if (minted.status === 201) headers['x-action-token'] = minted.body.token;
  }
  const res = await call(app.url, req.method ?? 'GET', req.path, { token: op.kind === 'public' ? undefined : token, body: req.body, rawBody: req.rawBody, headers });
  if (op.kind === 'batch' && res.status === 200) {
    const item = res.body.results[0];
    return item.status < 300 ? '2xx' : `${item.status}${named(item.problem)}`;
  }
  if (op.kind === 'list' && res.status === 200 && c.listed !== null) {
    const id = c.listed ? c.listed(object) : object?.id;
    if (id) return `200 ${(await listHolds(token, res, req.path, id)) ? 'with' : 'without'}`;
  }
  if (op.kind === 'public') return String(res.status);
  if (res.status < 300) return '2xx';
  return `${res.status}${named(res.body)}`;
}

/** A refusal's own reason; its code's generic one (which every problem carries) says nothing the status does not. */
function named(problem: { code?: string; reason?: string } | undefined): string {
  const generic = problem?.code && problem.code in ERROR_CODES ? ERROR_CODES[problem.code as ErrorCode].reason : undefined;
  return problem?.reason && problem.reason !== generic ? ` ${problem.reason}` : '';
}

const operations = tenantOperations();
const covered = new Set<string>();
const idRoutesForeign404 = new Set<string>();
let casesRun = 0;

describe('every operation of the tenant API, as the authorization model says', () => {
  it.each(operations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))('%s', async (_name, op) => {
    const c = CASES[op.operationId];
    expect({ op: op.operationId, hasCase: Boolean(c) }).toEqual({ op: op.operationId, hasCase: true });
    const want = Object.fromEntries(COLUMNS.map((col) => [col, expected(op, c!, col)])) as Record<Column, string>;
    const got = {} as Record<Column, string>;
    const shared = c!.setup ? await c!.setup(admin.token) : undefined;
    const spends = (col: Column) => c!.fresh && succeeds(want[col]) && op.kind !== 'public';
    // Changes of a versioned object (PATCH) go one at a time, as do changes to A or the enterprise themselves.
    const serial = c!.serial || op.method === 'patch';
    const rest = COLUMNS.filter((col) => !spends(col) && !(serial && succeeds(want[col])));
    const judged = async (col: Column, object: any) => {
      const said = await answer(op, c!, col, object);
      return c!.ok && want[col] === 'authorized' && c!.ok.test(said) ? 'authorized' : said;
    };
    await Promise.all(rest.map(async (col) => (got[col] = await judged(col, shared))));
    const winners = COLUMNS.filter((col) => !rest.includes(col));
    const one = async (col: Column) => {
      const object = spends(col) ? await c!.setup!(col === 'without' ? without.get(op.permission!)! : tokens[col]) : shared;
      got[col] = await judged(col, object);
      await c!.after?.(object);
    };
    if (serial) for (const col of winners) await one(col);
    else await Promise.all(winners.map(one));
    await c!.done?.(shared);
    casesRun += COLUMNS.length;
    if (process.env.AUTHZ_PROGRESS) process.stderr.write(`[authz] ${op.operationId} ${JSON.stringify(got)}\n`);
    expect(got).toEqual(want);
    covered.add(op.operationId);
    if (op.path.includes('{') && op.kind !== 'public' && got.foreign === '404') idRoutesForeign404.add(op.operationId);
  });

  it('covered every operation of the OpenAPI document; every id route is 404 to the second enterprise', () => {
    const doc = tenantOpenApi({ config: loadConfig({ COUNTERFOIL_MODE: 'sandbox' }) }) as unknown as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)).length, 0);
    // Objects an enterprise owns; not shared reference data (`any`) nor the caller's own (`caller`: a service account is 403 there).
    const idRoutes = operations.filter((op) => op.path.includes('{') && op.kind !== 'public' && op.scope !== 'any' && op.scope !== 'caller');
    process.stderr.write(
      `[authorization-model] ${covered.size} of ${operations.length} operations covered (OpenAPI document: ${documented}), ${casesRun} cases; ` +
        `${idRoutesForeign404.size} of ${idRoutes.length} id routes 404 to enterprise ${secondEnterprise.enterprise_id}\n`,
    );
    expect(covered.size).toBe(documented);
    expect(idRoutes.filter((op) => !idRoutesForeign404.has(op.operationId)).map((op) => op.operationId)).toEqual([]);
  });
});
