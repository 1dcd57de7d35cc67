// Splits the suite into shards of about equal time (scripts/test.cjs runs them side by side).
const Sequencer = require('@jest/test-sequencer').default;
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
/**
 * Files that write into the checkout (dist/, console/dist) or run bin/counterfoil, which picks dist/ up
 * in production mode: all in the first shard, so none reads what another shard is half-way writing.
 */
const PINNED = [/^test\/e2e\//, /^test\/browser\//];
/**
 * Seconds a file takes on a quiet 2-core machine, for the files well above the rest; the others count
 * as DEFAULT. Only the balance between shards depends on these: a stale figure costs time, never a test.
 */
const SECONDS = [
  [/^test\/browser\/console\.test\.ts$/, 40],
  [/^test\/e2e\/build\.test\.ts$/, 40],
  [/^test\/http\/fuzz\.test\.ts$/, 25],
  [/^test\/e2e\/start\.test\.ts$/, 24],
  [/^test\/browser\/console-session\.test\.ts$/, 20],
  [/^test\/e2e\/roles\.test\.ts$/, 18],
  [/^test\/http\/webhooks\.test\.ts$/, 15],
  [/^test\/e2e\/temporal-mtls\.test\.ts$/, 13],
  [/^test\/workflows\/(crash-api|connectors)\.test\.ts$/, 12],
  [/^test\/e2e\//, 10],
  [/^test\/(http\/authorization-matrix|workflows\/.*replay-record)\.test\.ts$/, 10],
];
const DEFAULT = 6;

const relative = (test) => path.relative(root, test.path).split(path.sep).join('/');
const seconds = (file) => SECONDS.find(([re]) => re.test(file))?.[1] ?? DEFAULT;

class ShardSequencer extends Sequencer {
  /** Pinned files to the first shard, then the rest longest first, each to the shard with the least time so far. */
  shard(tests, { shardIndex, shardCount }) {
    const files = tests
      .map((test) => ({ test, file: relative(test) }))
      .map((t) => ({ ...t, pinned: PINNED.some((re) => re.test(t.file)), seconds: seconds(t.file) }))
      .sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.seconds - a.seconds || a.file.localeCompare(b.file));
    const load = new Array(shardCount).fill(0);
    const mine = [];
    for (const f of files) {
      const shard = f.pinned ? 0 : load.indexOf(Math.min(...load));
      load[shard] += f.seconds;
      if (shard === shardIndex - 1) mine.push(f.test);
    }
    return mine;
  }
}

module.exports = ShardSequencer;
