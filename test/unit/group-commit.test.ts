import { GroupCommit } from '../../src/db/group-commit';

/** A GroupCommit whose batches finish only when the test releases them; records each batch. */
function harness(opts: ConstructorParameters<typeof GroupCommit<string, string>>[1]) {
  const batches: string[][] = [];
  const releases: (() => void)[] = [];
  const groups = new GroupCommit<string, string>(
    (items) =>
      new Promise((resolve) => {
        batches.push(items);
        releases.push(() => resolve(items.map((i) => ({ status: 'fulfilled', value: `done:${i}` }))));
      }),
    opts,
  );
  return { groups, batches, release: (n: number) => releases[n]() };
}

const turn = () => new Promise((r) => setImmediate(r));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('GroupCommit', () => {
  it('runs a submission alone at once when nothing is in flight', async () => {
    const h = harness({ maxBatch: 8, concurrency: 3, busyBatch: 4, maxWaitMs: 1000 });
    const a = h.groups.submit('a');
    await turn();
    expect(h.batches).toEqual([['a']]);
    h.release(0);
    await expect(a).resolves.toBe('done:a');
  });

  it('holds a few submissions back while a batch is in flight, then runs them together', async () => {
    const h = harness({ maxBatch: 8, concurrency: 3, busyBatch: 4, maxWaitMs: 1000 });
    const a = h.groups.submit('a');
    await turn();
    const later = [h.groups.submit('b'), h.groups.submit('c')];
    await sleep(20);
    expect(h.batches).toEqual([['a']]); // a free slot, but only two wait
    h.release(0);
    await a;
    await turn();
    expect(h.batches).toEqual([['a'], ['b', 'c']]);
    h.release(1);
    await expect(Promise.all(later)).resolves.toEqual(['done:b', 'done:c']);
  });

  it('starts another batch beside the one in flight once busyBatch submissions wait', async () => {
    const h = harness({ maxBatch: 8, concurrency: 3, busyBatch: 4, maxWaitMs: 1000 });
    h.groups.submit('a');
    await turn();
    for (const x of ['b', 'c', 'd', 'e']) h.groups.submit(x);
    await turn();
    expect(h.batches).toEqual([['a'], ['b', 'c', 'd', 'e']]);
  });

  it('starts another batch beside the one in flight once the oldest has waited maxWaitMs', async () => {
    const h = harness({ maxBatch: 8, concurrency: 3, busyBatch: 4, maxWaitMs: 30 });
    h.groups.submit('a');
    await turn();
    const started = performance.now();
    h.groups.submit('b');
    while (h.batches.length < 2 && performance.now() - started < 1000) await sleep(2);
    expect(h.batches).toEqual([['a'], ['b']]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('never has more than `concurrency` batches in flight', async () => {
    const h = harness({ maxBatch: 2, concurrency: 2 });
    for (const x of ['a', 'b', 'c', 'd', 'e']) h.groups.submit(x);
    await turn();
    expect(h.batches).toEqual([['a', 'b'], ['c', 'd']]);
    h.release(0);
    await sleep(5);
    expect(h.batches).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });
});

describe('GroupCommit through a database outage', () => {
  it('says once when batches fail for want of a database, and once when one commits again', async () => {
    const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
    const log = Object.fromEntries(['warn', 'info'].map((level) => [level, (fields: Record<string, unknown>, msg: string) => lines.push({ level, msg, fields })]));
    let down = true;
    const lost = Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' });
    const groups = new GroupCommit<string, string>(
      async (items) => (down ? items.map(() => ({ status: 'rejected' as const, reason: lost })) : items.map((i) => ({ status: 'fulfilled' as const, value: i }))),
      { maxBatch: 8, concurrency: 1, log: log as never },
    );
    for (let i = 0; i < 3; i++) await expect(groups.submit(`x${i}`)).rejects.toBe(lost);
    expect(groups.unavailableSince).toBeDefined();
    down = false;
    await expect(groups.submit('y')).resolves.toBe('y');
    expect(groups.unavailableSince).toBeUndefined();
    await expect(groups.submit('z')).resolves.toBe('z');
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'group commit: the database connection was lost; batches fail until it is back'],
      ['info', 'group commit recovered: a batch committed after the database came back'],
    ]);
    expect(lines[1].fields).toMatchObject({ failed_batches: 3, outage_ms: expect.any(Number) });
  });
});
