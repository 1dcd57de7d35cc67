import { randomUUID } from 'node:crypto';
import { AppError } from '../../src/errors';
import { purgeExpiredIdempotencyRecords, runIdempotently } from '../../src/idempotency/run';
import { IdempotencyScope } from '../../src/idempotency/store';
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

  it('a server error after the effect committed its answer keeps that answer; an answer the effect forgets makes the retry a new attempt', async () => {
    const p = principal();
    // Committed with its answer, then failed (say, waiting for something after the commit): the retry replays, it does not run again.
    let runs = 0;
    const committedThenFailed = async (scope: IdempotencyScope) => {
      runs++;
      await services.sql.begin((tx) => scope.record(tx, { status: 201, body: { id: 'first' } }));
      throw new AppError('TemporarilyUnavailable', 'the answer could not be completed');
    };
    await expect(runIdempotently(services.sql, p, 'c', 'h', committedThenFailed)).rejects.toMatchObject({ status: 503 });
    expect(await runIdempotently(services.sql, p, 'c', 'h', committedThenFailed)).toEqual({ status: 201, body: { id: 'first' }, headers: {}, replayed: true });
    expect(runs).toBe(1);

    // Committed, then undone with its answer forgotten in the undoing transaction: the retry runs anew.
    const undone = async (scope: IdempotencyScope) => {
      await services.sql.begin((tx) => scope.record(tx, { status: 201, body: { id: 'undone' } }));
      await services.sql.begin((tx) => scope.forget(tx));
      throw new AppError('TemporarilyUnavailable', 'nothing was moved');
    };
    await expect(runIdempotently(services.sql, p, 'u', 'h', undone)).rejects.toMatchObject({ status: 503 });
    expect(await runIdempotently(services.sql, p, 'u', 'h', async () => ({ status: 201, body: { id: 'second' } }))).toEqual({ status: 201, body: { id: 'second' } });
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

  describe('answer in the effect\'s transaction (no claim beforehand)', () => {
    const inTx = { answerInTransaction: true };
    /** An effect that writes a row and stores its answer in the same transaction. */
    const effectWriting = (marker: string, counter: { runs: number }) => async (scope: import('../../src/idempotency/store').IdempotencyScope) =>
      services.sql.begin(async (tx) => {
        counter.runs++;
        const result = { status: 201, body: { marker, run: counter.runs } };
        const written = tx`insert into idempotency_test_effects (name) values (${marker + '-' + counter.runs})`.execute();
        const recorded = scope.record(tx, result);
        await written;
        await recorded;
        return result;
      });

    // The effects' own rows, to count what committed.
    beforeAll(async () => {
      await services.sql`create table if not exists idempotency_test_effects (name text primary key)`;
    });
    afterAll(async () => {
      await services.sql`drop table idempotency_test_effects`;
    });

    it('commits the answer with the effect: a retry replays it and writes nothing', async () => {
      const p = principal();
      const counter = { runs: 0 };
      const first = await runIdempotently(services.sql, p, 'k', 'h', effectWriting('idem-a', counter), inTx);
      const again = await runIdempotently(services.sql, p, 'k', 'h', effectWriting('idem-a', counter), inTx);
      expect(first).toEqual({ status: 201, body: { marker: 'idem-a', run: 1 } });
      expect(again).toEqual({ status: 201, body: { marker: 'idem-a', run: 1 }, headers: {}, replayed: true });
      // The second run rolled back when it found the key taken.
      const rows = await services.sql`select name from idempotency_test_effects where name like 'idem-a-%'`;
      expect(rows.map((r) => r.name)).toEqual(['idem-a-1']);
    });

    it('20 concurrent calls with one key commit exactly one effect and all answer with it', async () => {
      const p = principal();
      const counter = { runs: 0 };
      const results = await Promise.all(Array.from({ length: 20 }, () => runIdempotently(services.sql, p, 'race', 'h', effectWriting('idem-b', counter), inTx)));
      const rows = await services.sql`select name from idempotency_test_effects where name like 'idem-b-%'`;
      expect(rows).toHaveLength(1);
      const winner = Number(rows[0].name.slice('idem-b-'.length));
      for (const r of results) expect(r.body).toEqual({ marker: 'idem-b', run: winner });
      expect(results.filter((r) => !(r as { replayed?: boolean }).replayed)).toHaveLength(1);
    });

    it('another request under the key is 422; a refusal is stored and replayed', async () => {
      const p = principal();
      await runIdempotently(services.sql, p, 'k', 'h1', effectWriting('idem-c', { runs: 0 }), inTx);
      await expect(runIdempotently(services.sql, p, 'k', 'h2', effectWriting('idem-d', { runs: 0 }), inTx)).rejects.toMatchObject({ status: 422 });

      const refuse = async () => {
        throw new AppError('EdgeConflict', 'account closed');
      };
      await expect(runIdempotently(services.sql, p, 'r', 'h', refuse, inTx)).rejects.toMatchObject({ status: 409 });
      expect(await runIdempotently(services.sql, p, 'r', 'h', effectWriting('idem-e', { runs: 0 }), inTx)).toMatchObject({ status: 409, replayed: true });
    });

    it('a request that loses the race replays the winner rather than its own refusal', async () => {
      const p = principal();
      const counter = { runs: 0 };
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      // The winner holds its transaction open until the loser has failed and gone to store its refusal.
      const winner = runIdempotently(services.sql, p, 'k', 'h', async (scope) =>
        services.sql.begin(async (tx) => {
          const result = { status: 201, body: { won: true } };
          await scope.record(tx, result);
          await gate;
          return result;
        }), inTx);
      await new Promise((r) => setTimeout(r, 50));
      const loser = runIdempotently(services.sql, p, 'k', 'h', async () => {
        counter.runs++;
        setTimeout(release, 50);
        throw new AppError('EdgeUnprocessable', 'insufficient funds');
      }, inTx);
      await expect(winner).resolves.toEqual({ status: 201, body: { won: true } });
      await expect(loser).resolves.toEqual({ status: 201, body: { won: true }, headers: {}, replayed: true });
      expect(counter.runs).toBe(1);
    });
  });
});
