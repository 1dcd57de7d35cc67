import { randomUUID } from 'node:crypto';
import { AppError } from '../../src/errors';
import { purgeExpiredIdempotencyRecords, runIdempotently } from '../../src/http/idempotency';
import { testServices } from '../helpers/app';
import type { Services } from '../../src/services';

let services: Services;
beforeAll(async () => {
  services = await testServices();
});
afterAll(async () => {
  const { closeServices } = await import('../../src/services');
  await closeServices(services);
});

// The idempotency store against the real database; the HTTP surface is covered by the money routes.
describe('idempotency records', () => {
  const principal = () => randomUUID();

  it('runs the effect once and replays the first answer for the same request', async () => {
    const p = principal();
    let runs = 0;
    const effect = async () => ({ status: 201, body: { n: ++runs }, headers: { Location: '/x/1' } });
    const first = await runIdempotently(services.sql, p, 'k1', 'hash-a', effect);
    const second = await runIdempotently(services.sql, p, 'k1', 'hash-a', effect);
    expect(first).toEqual({ status: 201, body: { n: 1 }, headers: { Location: '/x/1' } });
    expect(second).toEqual({ status: 201, body: { n: 1 }, headers: { Location: '/x/1' }, replayed: true });
    expect(runs).toBe(1);
  });

  it('the same key with another request is 422', async () => {
    const p = principal();
    await runIdempotently(services.sql, p, 'k', 'hash-a', async () => ({ body: {} }));
    await expect(runIdempotently(services.sql, p, 'k', 'hash-b', async () => ({ body: {} }))).rejects.toMatchObject({ status: 422, code: 'EdgeUnprocessable' });
  });

  it('the same key while the first still runs is 409', async () => {
    const p = principal();
    let release!: () => void;
    const slow = runIdempotently(services.sql, p, 'k', 'h', () => new Promise((r) => (release = () => r({ body: { done: true } }))));
    await new Promise((r) => setTimeout(r, 50));
    await expect(runIdempotently(services.sql, p, 'k', 'h', async () => ({ body: {} }))).rejects.toMatchObject({ status: 409, code: 'EdgeConflict' });
    release();
    await expect(slow).resolves.toEqual({ body: { done: true } });
  });

  it('keys are scoped to the principal', async () => {
    const [a, b] = [principal(), principal()];
    const ra = await runIdempotently(services.sql, a, 'shared', 'h1', async () => ({ body: 'a' }));
    const rb = await runIdempotently(services.sql, b, 'shared', 'h2', async () => ({ body: 'b' }));
    expect([ra.body, rb.body]).toEqual(['a', 'b']);
  });

  it('a business refusal is stored and replayed; a server error is not stored', async () => {
    const p = principal();
    const refuse = async () => {
      throw new AppError('EdgeUnprocessable', 'insufficient funds');
    };
    await expect(runIdempotently(services.sql, p, 'r', 'h', refuse)).rejects.toBeInstanceOf(AppError);
    const replay = await runIdempotently(services.sql, p, 'r', 'h', async () => ({ body: 'never' }));
    expect(replay).toMatchObject({ status: 422, replayed: true });

    let attempts = 0;
    const crash = async () => {
      attempts++;
      throw new Error('boom');
    };
    await expect(runIdempotently(services.sql, p, 'e', 'h', crash)).rejects.toThrow('boom');
    const retried = await runIdempotently(services.sql, p, 'e', 'h', async () => ({ body: 'ok' }));
    expect(retried).toEqual({ body: 'ok' });
    expect(attempts).toBe(1);
  });

  it('20 concurrent calls with one key run the effect exactly once', async () => {
    const p = principal();
    let runs = 0;
    const effect = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 20));
      return { body: 'once' };
    };
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => runIdempotently(services.sql, p, 'race', 'h', effect)));
    expect(runs).toBe(1);
    for (const r of results) {
      if (r.status === 'fulfilled') expect(r.value.body).toBe('once');
      else expect(r.reason).toMatchObject({ status: 409 });
    }
  });

  it('expired records are purged and their keys become reusable', async () => {
    const p = principal();
    await runIdempotently(services.sql, p, 'old', 'h', async () => ({ body: 1 }));
    await services.sql`update idempotency_records set expires_at = now() - interval '1 second' where principal_id = ${p}`;
    expect(await purgeExpiredIdempotencyRecords(services.sql)).toBeGreaterThanOrEqual(1);
    const again = await runIdempotently(services.sql, p, 'old', 'other', async () => ({ body: 2 }));
    expect(again).toEqual({ body: 2 });
  });
});
