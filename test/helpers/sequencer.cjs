// Splits the suite into shards of about equal time (scripts/test.cjs runs them side by side).
const Sequencer = require('@jest/test-sequencer').default;
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { readTimes } = require('./test-times.cjs');

const root = path.resolve(__dirname, '../..');
/**
 * Files that write dist/, or read what that build writes (bin/counterfoil start runs the compiled code):
 * all in the first shard, so none reads what the other is half-way writing. The console is built
 * once before the shards (scripts/test.cjs), so the browser tests go wherever they balance the shards.
 */
const PINNED = [/^test\/e2e\/(production-install|start|readme-tour)\.test\.ts$/];
/**
 * Seconds each file took in `npm test` runs on a 2-core machine (test-seconds.json, a copy of the times
 * file those runs record: test/helpers/test-times.cjs). The times recorded by this machine's earlier
 * runs come first (COUNTERFOIL_TEST_TIMES, from scripts/test.cjs); these serve a machine's first run, and
 * a file missing from both counts as DEFAULT. Only the balance between shards depends on them: a stale
 * figure costs time, never a test.
 */
const SECONDS = readTimes(path.join(__dirname, 'test-seconds.json'));
const DEFAULT = 4;

const relative = (test) => path.relative(root, test.path).split(path.sep).join('/');
/** A file's expected seconds: this machine's recorded figure, else the one above, else DEFAULT. */
const expected = (recorded) => (file) => recorded[file] ?? SECONDS[file] ?? DEFAULT;
const memberSeconds = expected(process.env.COUNTERFOIL_TEST_TIMES ? readTimes(process.env.COUNTERFOIL_TEST_TIMES) : {});
// A generated group (test/helpers/groups.cjs) weighs what its members do.
const groups = process.env.COUNTERFOIL_TEST_GROUPS ? JSON.parse(readFileSync(process.env.COUNTERFOIL_TEST_GROUPS, 'utf8')) : {};
const seconds = (file) => (groups[file] ? groups[file].reduce((a, m) => a + memberSeconds(m), 0) : memberSeconds(file));

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
module.exports.expected = expected;
module.exports.PINNED = PINNED;
