import { randomUUID } from 'node:crypto';
import { uuidv7 } from '../../src/ids';
import { creditExternalDeposit, parseAmount } from '../../src/ledger';
import { call, createTenant, startTestApp, tokenFor, type CallResult, type Tenant, type TestApp } from '../helpers/app';
import { startWorker } from '../helpers/worker';
import { humanToken } from '../helpers/humans';
import { ibanFor } from '../../src/reference/bank-rails';
import { createPayoutMethod } from '../../src/domain/catalogue/payout-methods';
import { ReferenceConnector, productionThrough } from '../helpers/reference-connector';
import { fundableAccount } from '../../src/domain/funding/accounts';

/** Shared set-up of the governed-money tests: an app and a real worker on one task queue, tenants, users, rules. */

export const USER_REF = 'urn:counterfoil:params:oauth:token-type:user-ref';
export const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
/** A valid ethereum address (EIP-55) and one with a broken checksum. */
export const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const BAD_ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';

export interface GovernedHarness {
  app: TestApp;
  taskQueue: string;
  stop(): Promise<void>;
}

/** The tenant API and a worker polling the same task queue, for the whole test file; `activities` may wrap the real ones. */
export async function startGovernedHarness(overrides: Record<string, string> = {}, options: Pick<NonNullable<Parameters<typeof startWorker>[1]>, 'activities'> = {}): Promise<GovernedHarness> {
  const taskQueue = `governed-${randomUUID()}`;
  const app = await startTestApp({ TEMPORAL_TASK_QUEUE: taskQueue, COUNTERFOIL_SANDBOX_BLOCK_MS: '2', COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '1000', ...overrides });
  const worker = await startWorker(app.services, { taskQueue, ...options });
  return {
    app,
    taskQueue,
    stop: async () => {
      await worker.stop();
      await app.close();
    },
  };
}

export class Org {
  constructor(readonly app: TestApp, readonly tenant: Tenant, readonly token: string) {}

  static async create(app: TestApp, name = 'Governed Ltd'): Promise<Org> {
    const tenant = await createTenant(app.services, name);
    return new Org(app, tenant, await tokenFor(app.url, tenant));
  }

  get enterpriseRef(): string {
    return `enterprises/${this.tenant.enterpriseId}`;
  }

  api<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, token = this.token): Promise<CallResult<T>> {
    return call<T>(this.app.url, method, path, { token, body, headers });
  }

  async ok<T = any>(expected: number, method: string, path: string, body?: unknown, headers: Record<string, string> = {}, token = this.token): Promise<T> {
    const res = await this.api<T>(method, path, body, headers, token);
    if (res.status !== expected) throw new Error(`${method} ${path}: expected ${expected}, got ${res.status} ${res.text}`);
    return res.body;
  }

  /** A client with its default account; returns [clientRef, accountRef]. */
  async newClient(): Promise<[string, string]> {
    const c = await this.ok(201, 'POST', '/clients', { display_name: 'Holder', external_id: `ext-${uuidv7()}`, metadata: {}, scope_ref: this.enterpriseRef });
    return [`clients/${c.id}`, c.default_client_account];
  }

  /** A new client's account funded with `value` USDC, and an active ethereum destination at the enterprise. */
  async withdrawalAccount(value: string): Promise<{ account: string; destination: string }> {
    const [, account] = await this.newClient();
    const destination = await this.destination(this.enterpriseRef);
    await this.fund(account, value);
    return { account, destination };
  }

  async fund(accountRef: string, value: string, asset = 'USDC'): Promise<void> {
    await creditExternalDeposit(this.app.services.sql, {
      key: `test-deposit/${uuidv7()}`,
      enterpriseId: this.tenant.enterpriseId,
      accountRef,
      asset,
      amount: parseAmount(value, asset),
    });
  }

  async balance(accountRef: string, asset = 'USDC'): Promise<{ available: string; held: string; total: string }> {
    const [row] = await this.app.services.sql`select total::text, held::text from ledger_balances where account_ref = ${accountRef} and asset = ${asset}`;
    const total = BigInt(row?.total ?? 0);
    const held = BigInt(row?.held ?? 0);
    return { available: (total - held).toString(), held: held.toString(), total: total.toString() };
  }

  async destination(scopeRef: string, address = ETH_ADDRESS, asset = 'USDC', network = 'ethereum'): Promise<string> {
    const d = await this.ok(201, 'POST', '/withdrawal-destinations', {
      rail_class: 'crypto',
      scope_ref: scopeRef,
      crypto_routing: { asset, network, label: 'Treasury wallet', destination: { address, memo: null } },
    });
    return d.id;
  }

  /** An active EUR SEPA payout method of `accountRef`, its beneficiary named `name` (`SANDBOX REJECT` makes the sandbox rail refuse payouts). */
  async payoutMethod(accountRef: string, name = 'Ada Lovelace'): Promise<string> {
    const { sql } = this.app.services;
    const method = await createPayoutMethod(sql, {
      account: (await fundableAccount(sql, accountRef))!,
      rail: 'sepa',
      currency: 'EUR',
      label: 'Main bank',
      beneficiary: { name, iban: ibanFor('DE', '370400440532013000') },
      attribution: { subject: { id: this.tenant.serviceAccountId, kind: 'service_account', tenant_ref: this.enterpriseRef } } as never,
    });
    return method.id;
  }

  /** A `require_approval` effect: one human holding the approver role, never the initiator. */
  approvalEffect(ttlSeconds = 3600) {
    return {
      type: 'require_approval',
      required_human_approvals: 1,
      approver_role_ref: `roles/${this.tenant.roleIds.approver}`,
      initiator_cannot_approve: true,
      approval_ttl_seconds: ttlSeconds,
    };
  }

  /** An active rule. */
  async rule(body: Record<string, unknown>): Promise<any> {
    const draft = await this.ok(201, 'POST', '/policies', { name: `rule-${uuidv7()}`, action_family: 'withdrawal', order: 10, scope_ref: this.enterpriseRef, ...body });
    return this.ok(200, 'POST', `/policy-rules/${draft.id}/activate`);
  }

  /**
   * A user holding `roles` at the enterprise, with the token of their own sign-in (test/helpers/humans.ts):
   * a person who authenticated themselves, who can decide approvals.
   */
  async user(roles: string[], scopeRef = this.enterpriseRef): Promise<{ id: string; token: string }> {
    const u = await this.platformUser(roles, scopeRef);
    return { id: u.id, token: await humanToken(this.app, this.tenant.enterpriseId, u) };
  }

  /** A platform-managed user holding `roles`, with a token the admin service account obtained by acting for them (user-ref exchange). */
  async delegatedUser(roles: string[], scopeRef = this.enterpriseRef): Promise<{ id: string; token: string }> {
    const u = await this.platformUser(roles, scopeRef);
    const res = await call(this.app.url, 'POST', '/oauth/token', {
      body: { grant_type: TOKEN_EXCHANGE, client_id: this.tenant.clientId, client_secret: this.tenant.clientSecret, subject_token: `users/${u.id}`, subject_token_type: USER_REF },
    });
    if (res.status !== 200) throw new Error(`token exchange: ${res.status} ${res.text}`);
    return { id: u.id, token: res.body.access_token };
  }

  async platformUser(roles: string[], scopeRef: string): Promise<{ id: string; email: string }> {
    const u = await this.ok(201, 'POST', '/users', { display_name: 'Ada', email: `ada-${uuidv7()}@example.com`, scope_ref: this.enterpriseRef });
    for (const role of roles) {
      await this.ok(201, 'POST', '/role-assignments', {
        principal_ref: `users/${u.id}`,
        role_ref: `roles/${this.tenant.roleIds[role] ?? role}`,
        scope_ref: scopeRef,
        scope_anchor_kind: 'explicit',
        scope_propagation: 'subtree',
      });
    }
    return { id: u.id, email: u.email };
  }

  withdraw(accountRef: string, destinationId: string, value: string, token = this.token, asset = 'USDC', rail = 'ethereum') {
    return this.api('POST', '/withdrawals', { account_ref: accountRef, amount: { currency: asset, value }, rail, withdrawal_destination_id: destinationId }, { 'idempotency-key': uuidv7() }, token);
  }

  /** Approve or reject with a fresh action token of the same user. */
  async decide(approvalRef: string, verdict: 'approve' | 'reject', token: string, headers: Record<string, string> = {}): Promise<CallResult> {
    const at = await this.api('POST', '/action-tokens', { action: `approvals.${verdict}`, resource_ref: approvalRef }, {}, token);
    if (at.status !== 201) throw new Error(`action token: ${at.status} ${at.text}`);
    return this.api('POST', `/${approvalRef}/${verdict}`, undefined, { ...headers, 'x-action-token': at.body.token }, token);
  }

  /** Polls until the withdrawal reaches one of `statuses` (the workflow runs asynchronously). */
  async waitFor(withdrawalId: string, statuses: string[], timeoutMs = 30_000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const w = await this.ok(200, 'GET', `/withdrawals/${withdrawalId}`);
      if (statuses.includes(w.status)) return w;
      if (Date.now() > deadline) throw new Error(`withdrawal ${withdrawalId} stayed ${w.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Rows of the ledger tied to one withdrawal: its hold and the settlement booking. */
export async function ledgerTrail(app: TestApp, withdrawalId: string): Promise<{ hold: string; settlements: number }> {
  const [hold] = await app.services.sql`select status from ledger_holds where business_key = ${`withdrawal/${withdrawalId}`}`;
  const [tx] = await app.services.sql`select count(*)::int as n from ledger_transactions where business_key = ${`withdrawal/${withdrawalId}/settle`}`;
  return { hold: hold?.status, settlements: tx.n };
}

/**
 * A production-mode harness whose every provider is the reference connector (its own HTTPS process),
 * with a tenant `name` that has the connector registered. Stop it with stopConnected.
 */
export async function connectedTenant(name: string): Promise<{ connector: ReferenceConnector; h: GovernedHarness; org: Org }> {
  const connector = await ReferenceConnector.start();
  let h: GovernedHarness | undefined;
  try {
    h = await startGovernedHarness(productionThrough(connector));
    const org = await Org.create(h.app, name);
    await connector.registerIn(org, h.app.url);
    return { connector, h, org };
  } catch (err) {
    await stopConnected(h, connector);
    throw err;
  }
}

export async function stopConnected(h: GovernedHarness | undefined, connector: ReferenceConnector | undefined): Promise<void> {
  await h?.stop();
  await connector?.stop();
}
