import type { Sql } from 'postgres';
import { NotifiedCache } from '../../src/db/notified-cache';

// The cache's bookkeeping, without a database (LISTEN is exercised by the HTTP tests).
const noSql = {} as Sql;

describe('NotifiedCache', () => {
  it('loads once for concurrent misses and serves hits from memory', async () => {
    const cache = new NotifiedCache<number>(noSql, 'ch');
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    expect(await cache.get('a', load)).toBe(1);
    expect(loads).toBe(1);
  });

  it('reloads after an invalidation of the key or of everything', async () => {
    const cache = new NotifiedCache<number>(noSql, 'ch');
    let n = 0;
    const load = async () => ++n;
    await cache.get('a', load);
    cache.invalidate('a');
    expect(await cache.get('a', load)).toBe(2);
    cache.invalidate('*');
    expect(await cache.get('a', load)).toBe(3);
  });

  it('does not cache a load that raced with an invalidation', async () => {
    const cache = new NotifiedCache<string>(noSql, 'ch');
    let release!: (v: string) => void;
    const slow = cache.get('a', () => new Promise((r) => (release = r)));
    cache.invalidate('a'); // the row changed while the old value was being read
    release('old');
    expect(await slow).toBe('old');
    expect(await cache.get('a', async () => 'new')).toBe('new');
  });

  it('expires entries after maxAge even without a notification', async () => {
    const cache = new NotifiedCache<number>(noSql, 'ch', 0);
    let n = 0;
    await cache.get('a', async () => ++n);
    expect(await cache.get('a', async () => ++n)).toBe(2);
  });

  it('keeps at most maxEntries keys, dropping the least recently used', async () => {
    const cache = new NotifiedCache<string>(noSql, 'ch', 30_000, 2);
    const loads: string[] = [];
    const load = (k: string) => async () => (loads.push(k), k);
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('a', load('a')); // a is now the most recent
    await cache.get('c', load('c')); // drops b
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });
});
