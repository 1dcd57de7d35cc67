import { uuidv7 } from '../../src/ids';
import { balancesOf, creditExternalDeposit } from '../../src/ledger';
import { connectPostgres } from '../../src/db/connect';
import { closeServices, type Services } from '../../src/services';
import type { RunningServer } from '../../src/http/server';
import { runIdempotently } from '../../src/idempotency/run';
import { AppError } from '../../src/errors';
import { call, createTenant, startTestApp, tokenFor, type Tenant } from '../helpers/app';
import { runState } from '../helpers/run-state';
import { PgProxy } from '../helpers/pg-proxy';
import { lateAuditEntries } from '../../src/http/audit-trail';

/*
 * A COMMIT whose outcome the API never learns, because the connection died (a failover). The first
 * attempt must answer a retryable 503, never a 500, and the client's retry with the same
 * Idempotency-Key must be settled by the answer stored in the booking's own transaction: replayed
 * when the booking committed, booked once when it did not — never twice.
 */

let proxy: PgProxy;
let services: Services;
let server: RunningServer;
let tenant: Tenant;
let token: string;
const direct = connectPostgres(runState().databaseUrl, { max: 2, onnotice: () => {} });

beforeAll(async () => {
  proxy = await PgProxy.start(PgProxy.targetOf(runState().databaseUrl));
  ({ services, server } = await startTestApp({}, { databaseUrl: PgProxy.urlThrough(runState().databaseUrl, proxy.port) }));
  tenant = await createTenant(services, 'Failover Ltd');
  token = await tokenFor(server.url, tenant);
});
afterAll(async () => {
  await server.close(1000);
  await closeServices(services);
  await proxy.close();
  await direct.end({ timeout: 1 });
});

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => call(server.url, method, path, { token, body, headers });

async function newAccount(): Promise<string> {
  const res = await api('POST', '/clients', { display_name: 'Holder', external_id: `ext-${uuidv7()}`, metadata: {}, scope_ref: `enterprises/${tenant.enterpriseId}` });
  expect(res.status).toBe(201);
  return res.body.default_client_account;
}

async function fundedPair(): Promise<[string, string]> {
  const [a, b] = [await newAccount(), await newAccount()];
  await creditExternalDeposit(direct, { key: `test-deposit/${uuidv7()}`, enterpriseId: tenant.enterpriseId, accountRef: a, asset: 'USD', amount: 10_000n });
  return [a, b];
}

const total = async (ref: string) => (await balancesOf(direct, ref, 'USD'))[0]?.total ?? 0n;

/** Ledger transactions booked for transfers from `source` (each transfer is one). */
async function transfersFrom(source: string): Promise<number> {
  const [row] = await direct`
    select count(distinct t.id)::int as n
      from ledger_transactions t join ledger_postings p on p.transaction_id = t.id join ledger_balances b on b.id = p.balance_id
     where t.kind = 'internal_transfer' and b.account_ref = ${source}`;
  return row.n;
}

describe('an internal transfer whose COMMIT outcome is unknown', () => {
  it('committed, answer lost: 503 first, then the retry replays the stored answer and nothing is booked twice', async () => {
    const [a, b] = await fundedPair();
    const key = uuidv7();
    const body = { amount: { currency: 'USD', value: '12.34' }, source_ref: a, target_ref: b };
    // The group commit sends BEGIN … COMMIT in one write: forward it, then lose the answer.
    proxy.loseAnswerAfter(/commit \/\*/);
    const first = await api('POST', '/internal-transfers', body, { 'idempotency-key': key });
    expect(proxy.lostAnswers).toBe(1);
    expect(first.status).toBe(503);
    expect(first.body).toMatchObject({ code: 'TemporarilyUnavailable' });
    expect(first.headers.get('retry-after')).toBe('1');

    // It did commit: the answer is in the key's record, written in the booking's transaction.
    const [record] = await direct`select state from idempotency_records where key = ${key}`;
    expect(record.state).toBe('completed');

    const retry = await api('POST', '/internal-transfers', body, { 'idempotency-key': key });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toMatchObject({ status: 'executed', principal_amount: { value: '12.34' } });
    expect(await transfersFrom(a)).toBe(1);
    expect(await total(a)).toBe(10_000n - 1234n);
    expect(await total(b)).toBe(1234n);
  });

  it('terminated during COMMIT, not committed: 503 first, then the retry books it once', async () => {
    const [a, b] = await fundedPair();
    const key = `failover-sleep-${uuidv7()}`;
    const body = { amount: { currency: 'USD', value: '1.00' }, source_ref: a, target_ref: b };
    // A deferred constraint trigger runs at COMMIT: the backend sleeps there, and is terminated during the sleep.
    await direct.unsafe(`
      create or replace function failover_test_sleep() returns trigger language plpgsql as $$ begin perform pg_sleep(30); return null; end $$;
      drop trigger if exists failover_test_sleep on idempotency_records;
      create constraint trigger failover_test_sleep after insert on idempotency_records deferrable initially deferred
        for each row when (new.key like 'failover-sleep-%') execute function failover_test_sleep();`);
    try {
      const first = api('POST', '/internal-transfers', body, { 'idempotency-key': key });
      let terminated = 0;
      for (let i = 0; i < 200 && terminated === 0; i++) {
        await new Promise((r) => setTimeout(r, 25));
        const rows = await direct`
          select pg_terminate_backend(pid) from pg_stat_activity
           where wait_event = 'PgSleep' and query like 'commit%' and pid <> pg_backend_pid()`;
        terminated = rows.length;
      }
      expect(terminated).toBe(1);
      const answer = await first;
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ code: 'TemporarilyUnavailable' });
    } finally {
      await direct.unsafe('drop trigger if exists failover_test_sleep on idempotency_records; drop function if exists failover_test_sleep()');
    }
    expect(await direct`select 1 from idempotency_records where key = ${key}`).toHaveLength(0);
    expect(await transfersFrom(a)).toBe(0);

    const retry = await api('POST', '/internal-transfers', body, { 'idempotency-key': key });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    const again = await api('POST', '/internal-transfers', body, { 'idempotency-key': key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(retry.body.id);
    expect(await transfersFrom(a)).toBe(1);
    expect(await total(a)).toBe(10_000n - 100n);
  });

  it('a group of transfers cut off mid-commit: every member answers 503 and each retry books once', async () => {
    const pairs = await Promise.all([1, 2, 3, 4, 5, 6].map(() => fundedPair()));
    const keys = pairs.map(() => uuidv7());
    const body = ([a, b]: [string, string]) => ({ amount: { currency: 'USD', value: '2.00' }, source_ref: a, target_ref: b });
    proxy.loseAnswerAfter(/commit \/\*/);
    const firsts = await Promise.all(pairs.map((p, i) => api('POST', '/internal-transfers', body(p), { 'idempotency-key': keys[i] })));
    expect(firsts.map((r) => r.status).filter((s) => s !== 201 && s !== 503)).toEqual([]);
    expect(firsts.some((r) => r.status === 503)).toBe(true);
    // Retried as a client does: again after a 503 and its Retry-After (1 s), at most three times. A retry can
    // meet the pool while it replaces the connection that was cut (seen: one 503 among six on a loaded run).
    const retried = async (p: [string, string], key: string) => {
      for (let attempt = 1; ; attempt++) {
        const res = await api('POST', '/internal-transfers', body(p), { 'idempotency-key': key });
        if (res.status !== 503 || attempt === 3) return res;
        await new Promise((r) => setTimeout(r, 1000));
      }
    };
    const retries = await Promise.all(pairs.map((p, i) => retried(p, keys[i])));
    expect(retries.map((r) => r.status)).toEqual(pairs.map(() => 201));
    for (const [a] of pairs) expect(await transfersFrom(a)).toBe(1);
    // And the group commit carries on (it does not stall after the lost connection).
    const [c, d] = await fundedPair();
    expect((await api('POST', '/internal-transfers', body([c, d]), { 'idempotency-key': uuidv7() })).status).toBe(201);
  });
});

describe('a claimed Idempotency-Key whose request lost the database', () => {
  it('is released once the database is back, so the retry runs instead of waiting as "in progress"', async () => {
    const principal = tenant.serviceAccountId;
    const key = uuidv7();
    let ran = 0;
    const effect = async () => {
      ran++;
      if (ran === 1) {
        proxy.down(); // the failover begins while the effect runs
        await services.sql`select 1`;
      }
      return { status: 201, body: { ran } };
    };
    const first = runIdempotently(services.sql, principal, key, 'fp', effect);
    await expect(first).rejects.toThrow();
    // While the database is away the claim stays (nothing can delete it)…
    expect((await direct`select state from idempotency_records where key = ${key}`)[0]?.state).toBe('in_progress');
    setTimeout(() => proxy.up(), 1000);
    // …and is gone soon after it returns.
    const started = Date.now();
    for (;;) {
      const rows = await direct`select 1 from idempotency_records where key = ${key}`;
      if (rows.length === 0) break;
      if (Date.now() - started > 10_000) throw new Error('the claim was never released');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(Date.now() - started).toBeLessThan(5000);
    const retry = await runIdempotently(services.sql, principal, key, 'fp', effect);
    expect(retry).toEqual({ status: 201, body: { ran: 2 } });
  });

  it('never releases a claim another request has taken over meanwhile', async () => {
    const key = uuidv7();
    const failing = runIdempotently(services.sql, tenant.serviceAccountId, key, 'fp', async () => {
      // Another process took the key over (as after 60 s): the old claim is not this request's to release.
      await direct`update idempotency_records set created_at = now() + interval '1 second' where key = ${key}`;
      throw new AppError('TemporarilyUnavailable', 'boom');
    });
    await expect(failing).rejects.toThrow('boom');
    expect((await direct`select state from idempotency_records where key = ${key}`)[0]?.state).toBe('in_progress');
    await direct`delete from idempotency_records where key = ${key}`;
  });
});

describe('the audit entry of a request whose write met a failover', () => {
  it('is written once the database answers again, stamped with the request\'s instant, and no error is logged', async () => {
    const marker = `audit-failover-${uuidv7()}`;
    const errors = jest.spyOn(services.log, 'error');
    try {
      const lost = proxy.lostAnswers;
      // Only the audit insert carries the request's user agent: it commits, and its answer is lost.
      proxy.loseAnswerAfter(new RegExp(marker));
      const before = new Date();
      // Refused by validation: the pipeline writes the entry after the handler.
      const res = await api('POST', '/clients', { display_name: '' }, { 'user-agent': marker });
      expect(res.status).toBe(400);
      expect(proxy.lostAnswers).toBe(lost + 1);
      await lateAuditEntries();
      const rows = await direct`select outcome, occurred_at from user_action_audit_entries where user_agent = ${marker}`;
      // The first write committed unanswered; the second one found it there: one entry, not two.
      expect(rows).toHaveLength(1);
      expect(rows[0].outcome).toBe('refused');
      expect(new Date(rows[0].occurred_at).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
      expect(new Date(rows[0].occurred_at).getTime()).toBeLessThanOrEqual(Date.now());
      expect(errors.mock.calls.filter((c) => c.includes('audit entry could not be written'))).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });
});
