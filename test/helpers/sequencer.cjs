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
 * Seconds a file took in a two-shard run on a 2-core machine (2026-11-28), for the files of 5 s or more;
 * the others count as DEFAULT. The times recorded by this machine's earlier runs come first
 * (COUNTERFOIL_TEST_TIMES, from scripts/test.cjs); these serve a machine's first run. Only the balance
 * between shards depends on them: a stale figure costs time, never a test.
 */
const SECONDS = new Map([
  ['test/browser/console.test.ts', 82],
  ['test/e2e/production-install.test.ts', 70],
  ['test/workflows/connectors-crash.test.ts', 50],
  ['test/e2e/sdk-typescript.test.ts', 46],
  ['test/browser/console-admin.test.ts', 42],
  ['test/browser/docs.test.ts', 39],
  ['test/workflows/approval-failover.test.ts', 37],
  ['test/workflows/tracing.test.ts', 35],
  ['test/workflows/crash-withdrawals.test.ts', 34],
  ['test/e2e/start.test.ts', 32],
  ['test/workflows/connectors.test.ts', 29],
  ['test/http/fuzz.test.ts', 25],
  ['test/http/rate-limits-shared.test.ts', 25],
  ['test/e2e/readme-tour.test.ts', 25],
  ['test/e2e/roles.test.ts', 19],
  ['test/e2e/temporal-mtls.test.ts', 19],
  ['test/workflows/database-outage.test.ts', 19],
  ['test/e2e/cli-help.test.ts', 18],
  ['test/http/webhooks.test.ts', 18],
  ['test/http/authorization-model.test.ts', 45],
  ['test/http/operations.test.ts', 16],
  ['test/unit/ledger-property.test.ts', 16],
  ['test/workflows/crash-api.test.ts', 15],
  ['test/workflows/secret-rotation.test.ts', 14],
  ['test/e2e/ops.test.ts', 13],
  ['test/http/webhooks-lanes.test.ts', 13],
  ['test/http/typescript-client.test.ts', 12],
  ['test/unit/openapi-webhooks.test.ts', 12],
  ['test/workflows/provider-replay-record.test.ts', 12],
  ['test/workflows/withdrawal-replay-record.test.ts', 12],
  ['test/e2e/temporal-setup.test.ts', 11],
  ['test/http/database-failover.test.ts', 11],
  ['test/unit/openapi-examples.test.ts', 11],
  ['test/workflows/off-ramp-approval.test.ts', 11],
  ['test/workflows/replay-record.test.ts', 11],
  ['test/http/exports.test.ts', 10],
  ['test/http/failover-commits.test.ts', 10],
  ['test/http/go-client.test.ts', 10],
  ['test/workflows/approvals-bulk.test.ts', 10],
  ['test/workflows/policy-changes.test.ts', 10],
  ['test/workflows/ramps.test.ts', 10],
  ['test/http/api-keys-cli.test.ts', 9],
  ['test/http/approvals-decidable.test.ts', 9],
  ['test/http/ledger-checkpoints.test.ts', 9],
  ['test/http/route-table.test.ts', 9],
  ['test/workflows/approvals.test.ts', 9],
  ['test/workflows/deposits.test.ts', 9],
  ['test/workflows/maintenance-replay-record.test.ts', 9],
  ['test/http/enterprise-lifecycle.test.ts', 8],
  ['test/unit/dependency-rules.test.ts', 8],
  ['test/workflows/governed-handlers.test.ts', 8],
  ['test/workflows/start-outbox.test.ts', 8],
  ['test/workflows/histories-hold-ids.test.ts', 7],
  ['test/workflows/housekeeping.test.ts', 7],
  ['test/workflows/transfer-approval.test.ts', 7],
  ['test/e2e/production-providers.test.ts', 6],
  ['test/http/api-versions.test.ts', 6],
  ['test/http/audit.test.ts', 6],
  ['test/http/iam-roles.test.ts', 6],
  ['test/http/secret-rotation.test.ts', 6],
  ['test/http/transfer-batches.test.ts', 6],
  ['test/http/transfer-groups.test.ts', 6],
  ['test/unit/fuzz-arbitraries.test.ts', 6],
  ['test/workflows/conversion-approval.test.ts', 6],
  ['test/workflows/families-replay-record.test.ts', 6],
  ['test/workflows/replay.test.ts', 6],
  ['test/workflows/transfer-batch-approval.test.ts', 6],
  ['test/http/balance-monitors.test.ts', 5],
  ['test/http/ledger-entries.test.ts', 5],
  ['test/http/signed-api.test.ts', 5],
]);
const DEFAULT = 4;

const relative = (test) => path.relative(root, test.path).split(path.sep).join('/');
/** A file's expected seconds: this machine's recorded figure, else the one above, else DEFAULT. */
const expected = (recorded) => (file) => recorded[file] ?? SECONDS.get(file) ?? DEFAULT;
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
