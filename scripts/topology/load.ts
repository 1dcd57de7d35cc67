// The mixed load of a topology run: a tenant with funded accounts, and closed-loop clients sending
// internal transfers, withdrawals (some needing a second principal's approval) and conversions.
import type postgres from 'postgres';
import { uuidv7 } from '../../src/ids';
import { call } from '../../test/helpers/app';
import { ETH_ADDRESS, Org } from '../../test/workflows/withdrawal-fixtures';
import type { Api, Client } from './client';
import type { Credentials } from './role';

export const TERMINAL_WITHDRAWAL = ['executed', 'failed', 'rejected', 'cancelled', 'expired'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Tenant {
  enterpriseId: string;
  admin: string;
  org: Org;
  roleIds: Record<string, string>;
  /** Funded accounts without an approval rule. */
  accounts: string[];
  /** Funded accounts whose withdrawals of 100 USDC or more need one human approver. */
  governed: string[];
  /** An account without funds (transfers from it are refused). */
  emptyAccount: string;
  destination: string;
  approver: { id: string; token: string };
  /** The last event sequence number before the webhook subscription: events after it must reach the receiver. */
  eventsAfterSeq: string;
}

/**
 * The bootstrap enterprise made ready for the load: funded accounts, a destination, a withdrawal approval
 * rule on every fourth account, an approver, and a webhook subscription of `operations.*` to `webhookUrl`.
 */
export async function setUpTenant(api: Api, sql: postgres.Sql, credentials: Credentials, webhookUrl: string, accountCount = 12): Promise<Tenant> {
  const admin = (await call(api.url, 'POST', '/oauth/token', { body: { grant_type: 'client_credentials', client_id: credentials.client_id, client_secret: credentials.client_secret } })).body.access_token as string;
  const roleIds = Object.fromEntries(
    ((await call(api.url, 'GET', `/roles?scope_ref=enterprises/${credentials.enterprise_id}&page_size=200`, { token: admin })).body.items as Array<{ id: string; name: string }>).map((r) => [r.name, r.id]),
  );
  const org = new Org(
    { url: api.url, services: { sql } } as never,
    { enterpriseId: credentials.enterprise_id, clientId: credentials.client_id, clientSecret: credentials.client_secret, serviceAccountId: '', roleIds },
    admin,
  );
  const accounts: string[] = [];
  const governed: string[] = [];
  for (let i = 0; i < accountCount; i++) {
    const [client, account] = await org.newClient();
    await org.fund(account, '1000000.00', 'USDC');
    await org.fund(account, '1000000.00', 'USD');
    if (i % 4 === 0) {
      await org.rule({ scope_ref: client, order: 1, conditions: { amount_at_least: { currency: 'USDC', value: '100.00' } }, effect: org.approvalEffect() });
      governed.push(account);
    } else accounts.push(account);
  }
  const [, emptyAccount] = await org.newClient();
  const destination = await org.destination(org.enterpriseRef, ETH_ADDRESS);
  const approver = await org.user(['approver']);
  const [seqRow] = await sql`select coalesce(max(seq), 0)::text as seq from events`;
  await org.ok(201, 'POST', '/webhook-subscriptions', { scope_ref: org.enterpriseRef, url: webhookUrl, event_types: ['operations.*'] });
  return { enterpriseId: credentials.enterprise_id, admin, org, roleIds, accounts, governed, emptyAccount, destination, approver, eventsAfterSeq: seqRow.seq as string };
}

/** What the clients were told, per Idempotency-Key: the answer's status and, when created, the id. */
export interface Operations {
  transfers: Map<string, { status: number; id?: string }>;
  withdrawals: Map<string, { status: number; id?: string; approval?: boolean }>;
  conversions: Map<string, { status: number; id?: string }>;
}

export class MixedLoad {
  readonly ops: Operations = { transfers: new Map(), withdrawals: new Map(), conversions: new Map() };
  private n = 0;

  constructor(
    private readonly tenant: Tenant,
    private readonly client: Client,
    private readonly log: (m: string) => void,
  ) {}

  private pick<T>(xs: T[]): T {
    return xs[this.n++ % xs.length];
  }

  async transfer(apis: Api[]): Promise<void> {
    const key = uuidv7();
    // One in ten is refused (an account with no funds): refused ones must never exist.
    const refusedOnPurpose = this.n % 10 === 0;
    const source = refusedOnPurpose ? this.tenant.emptyAccount : this.pick(this.tenant.accounts);
    const target = this.pick(this.tenant.accounts.filter((a) => a !== source));
    const res = await this.client.send(apis, 'POST', '/internal-transfers', this.tenant.admin, { amount: { currency: 'USD', value: '0.01' }, source_ref: source, target_ref: target }, { 'idempotency-key': key });
    this.ops.transfers.set(key, { status: res.status, id: res.status === 201 ? res.body.id : undefined });
  }

  async withdrawal(apis: Api[], withApproval: boolean): Promise<void> {
    const key = uuidv7();
    const account = withApproval ? this.pick(this.tenant.governed) : this.pick(this.tenant.accounts);
    const res = await this.client.send(apis, 'POST', '/withdrawals', this.tenant.admin, { account_ref: account, amount: { currency: 'USDC', value: withApproval ? '150.00' : '1.00' }, rail: 'ethereum', withdrawal_destination_id: this.tenant.destination }, { 'idempotency-key': key });
    this.ops.withdrawals.set(key, { status: res.status, id: res.status === 201 ? res.body.id : undefined, approval: withApproval });
    if (res.status === 201 && withApproval) await this.approve(apis, res.body.approval_ref);
  }

  /**
   * A second principal (a human approver; the initiator is a service account) approves. The approval is
   * recorded by the withdrawal's workflow, so its ref answers 404 until that has run (later, when the
   * Temporal server was down at the time): the approver looks again until it is pending, then decides.
   */
  async approve(apis: Api[], approvalRef: string): Promise<void> {
    const { client, tenant } = this;
    const deadline = Date.now() + client.retryForMs;
    while (Date.now() < deadline) {
      const seen = await client.request(client.next(apis).url, 'GET', `/${approvalRef}`, tenant.approver.token, undefined, {});
      if (seen.status === 200 && seen.body.status !== 'pending') return;
      if (seen.status === 200) {
        const token = await client.send(apis, 'POST', '/action-tokens', tenant.approver.token, { action: 'approvals.approve', resource_ref: approvalRef });
        if (token.status === 201) {
          const decided = await client.send(apis, 'POST', `/${approvalRef}/approve`, tenant.approver.token, undefined, { 'x-action-token': token.body.token });
          if (decided.status < 300) return;
        }
      }
      await sleep(500);
    }
    client.tally.unanswered++;
    this.log(`${approvalRef} was not approved within ${client.retryForMs / 1000} s`);
  }

  async conversion(apis: Api[]): Promise<void> {
    const key = uuidv7();
    const res = await this.client.send(apis, 'POST', '/conversions', this.tenant.admin, { account_ref: this.pick(this.tenant.accounts), from_amount: { currency: 'usd', value: '10.00' }, to_currency: 'usdc' }, { 'idempotency-key': key });
    this.ops.conversions.set(key, { status: res.status, id: res.status === 201 ? res.body.id : undefined });
  }

  /** One closed-loop client: transfers mostly, withdrawals (a third with approval), now and then a conversion. */
  async mixed(apis: Api[], going: () => boolean, kinds: 'all' | 'throughput' = 'all'): Promise<void> {
    for (let i = 0; going(); i++) {
      const r = i % 10;
      if (r < 6) await this.transfer(apis);
      else if (r < 9) await this.withdrawal(apis, kinds === 'all' && r === 8);
      else if (kinds === 'all') await this.conversion(apis);
      else await this.transfer(apis);
    }
  }

  /** `concurrency` closed-loop clients while `going()`. */
  run(apis: Api[], concurrency: number, going: () => boolean, kinds: 'all' | 'throughput' = 'all'): Promise<void> {
    return Promise.all(Array.from({ length: concurrency }, () => this.mixed(apis, going, kinds))).then(() => undefined);
  }

  /**
   * The load under faults: from `t0`, `concurrency` clients for `seconds`, and at least until `faults`
   * (the injector, which resolves once every fault is over) has settled and 5 s more. Answers how
   * long the load ran, in seconds.
   */
  async runThrough(apis: Api[], concurrency: number, t0: number, seconds: number, faults: Promise<unknown>): Promise<number> {
    let over = false;
    const settled = faults.then(() => sleep(5000)).then(() => (over = true));
    await Promise.all([this.run(apis, concurrency, () => Date.now() < t0 + seconds * 1000 || !over), settled]);
    this.log('load done; waiting for withdrawals to settle and webhooks to arrive');
    return (Date.now() - t0) / 1000;
  }

  /** Operations answered per second, and withdrawals carried to a terminal state per second (API → workflow → ledger). */
  async throughput(apis: Api[], sql: postgres.Sql, seconds: number, concurrency: number, settleTimeoutMs = 180_000) {
    const tally = this.client.tally;
    const before = { answered: tally.acknowledged + tally.refused, withdrawals: new Set(this.ops.withdrawals.keys()) };
    const t0 = Date.now();
    await this.run(apis, concurrency, () => Date.now() < t0 + seconds * 1000, 'throughput');
    const answered = tally.acknowledged + tally.refused - before.answered;
    const ids = [...this.ops.withdrawals].filter(([k, w]) => !before.withdrawals.has(k) && w.id).map(([, w]) => w.id!);
    const last = await settled(sql, ids, settleTimeoutMs);
    return { opsPerSecond: answered / ((Date.now() - t0) / 1000), withdrawalsPerSecond: ids.length / ((last - t0) / 1000), ids: ids.length };
  }
}

/** Waits until every withdrawal in `ids` is terminal; answers when the last one got there (ms since epoch). */
export async function settled(sql: postgres.Sql, ids: string[], timeoutMs = 180_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await sql`
      select count(*) filter (where status <> all(${TERMINAL_WITHDRAWAL}))::int as open,
        (extract(epoch from max(coalesce(settled_at, updated_at))) * 1000)::float8 as last
      from withdrawals where id = any(${ids}::uuid[])`;
    if (row.open === 0) return row.last ?? Date.now();
    if (Date.now() > deadline) throw new Error(`${row.open} withdrawals still not terminal after ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}
