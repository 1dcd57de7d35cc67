// Splits the suite into shards of about equal time (scripts/test.cjs runs them side by side).
const Sequencer = require('@jest/test-sequencer').default;
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
/**
 * Files that write dist/, or read what that build writes (bin/counterfoil start runs the compiled code):
 * both in the first shard, so neither reads what the other is half-way writing. The console is built
 * once before the shards (scripts/test.cjs), so the browser tests go wherever they balance the shards.
 */
const PINNED = [/^test\/e2e\/(production-install|start)\.test\.ts$/];
/**
 * Seconds a file took in a two-shard run on a quiet 2-core machine, for the files of 10 s or more; the
 * others count as DEFAULT. Only the balance between shards depends on these: a stale figure costs time,
 * never a test. Refresh from a run's `PASS <file> (<n> s)` lines when the shards drift apart.
 */
const SECONDS = new Map([
  ['test/e2e/production-install.test.ts', 95],
  ['test/workflows/tracing.test.ts', 45],
  ['test/browser/docs.test.ts', 26],
  ['test/http/go-client.test.ts', 12],
  ['test/browser/console.test.ts', 55],
  ['test/browser/console-admin.test.ts', 30],
  ['test/e2e/sdk-typescript.test.ts', 45],
  ['test/e2e/cli-help.test.ts', 20],
  ['test/unit/helm.test.ts', 20],
  ['test/workflows/secret-rotation.test.ts', 33],
  ['test/e2e/start.test.ts', 29],
  ['test/e2e/roles.test.ts', 29],
  ['test/workflows/crash-withdrawals.test.ts', 27],
  ['test/workflows/connectors.test.ts', 26],
  ['test/http/fuzz.test.ts', 25],
  ['test/http/api-keys-cli.test.ts', 24],
  ['test/workflows/crash-api.test.ts', 21],
  ['test/http/typescript-client.test.ts', 18],
  ['test/e2e/temporal-setup.test.ts', 17],
  ['test/workflows/connectors-crash.test.ts', 17],
  ['test/http/webhooks.test.ts', 16],
  ['test/e2e/temporal-mtls.test.ts', 16],
  ['test/workflows/off-ramp-approval.test.ts', 16],
  ['test/http/action-tokens.test.ts', 15],
  ['test/http/rate-limits-shared.test.ts', 14],
  ['test/http/authorization-matrix.test.ts', 13],
  ['test/http/webhooks-lanes.test.ts', 13],
  ['test/http/ledger-entries.test.ts', 13],
  ['test/workflows/provider-replay-record.test.ts', 13],
  ['test/workflows/policy-changes.test.ts', 12],
  ['test/workflows/transfer-approval.test.ts', 12],
  ['test/e2e/ops.test.ts', 12],
  ['test/http/exports.test.ts', 11],
  ['test/workflows/families-replay-record.test.ts', 11],
  ['test/unit/ledger-property.test.ts', 11],
  ['test/workflows/transfer-batch-approval.test.ts', 11],
  ['test/workflows/ramps.test.ts', 10],
  ['test/http/sealed-secrets.test.ts', 10],
  ['test/workflows/conversion-approval.test.ts', 10],
  ['test/http/route-table.test.ts', 10],
  ['test/http/signed-api-versions.test.ts', 10],
  ['test/workflows/replay-record.test.ts', 10],
  ['test/http/client-address.test.ts', 10],
  ['test/workflows/governed-handlers.test.ts', 10],
]);
const DEFAULT = 4;

const relative = (test) => path.relative(root, test.path).split(path.sep).join('/');
const seconds = (file) => SECONDS.get(file) ?? DEFAULT;

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
