#!/usr/bin/env node
// `npm test`: the jest suite as TEST_SHARDS (3) shards side by side, each `jest --runInBand` with its own
// global setup (a Temporal dev server and a scratch database of its own), so no shard sees another's
// workflows, rows or event log. Most of a file's time is its own module loading and waiting on child
// processes: three shards on two cores fill the time one spends waiting, and beat two by about 15 %;
// four are no faster (docs/performance.md, "Shards").
// Arguments (`npm test -- test/http/x.test.ts`) run one plain in-band jest instead.
const { spawn } = require('node:child_process');
const path = require('node:path');
const readline = require('node:readline');
const { mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const times = require('../test/helpers/test-times.cjs');
const groups = require('../test/helpers/groups.cjs');

const root = path.resolve(__dirname, '..');
const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const args = process.argv.slice(2);
const shards = Number(process.env.TEST_SHARDS ?? 3);
if (!Number.isInteger(shards) || shards < 1) throw new Error(`TEST_SHARDS must be a positive integer, not ${process.env.TEST_SHARDS}`);

// A shard is stopped when it has not exited this long after printing its summary (something a test
// started is still open: `npx jest --detectOpenHandles <file>` names it), or when it runs past the limit
// at all: a hang then fails the run in minutes, not at CI's own timeout.
const EXIT_GRACE_MS = 60_000;
const SHARD_LIMIT_MS = Number(process.env.TEST_SHARD_LIMIT_SECONDS ?? 1500) * 1000;

function run(jestArgs, prefix, env = process.env) {
  const child = spawn(process.execPath, [jest, '--runInBand', ...jestArgs], { cwd: root, env, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const summary = { passed: 0, failed: 0, skipped: 0, seen: false, failures: [] };
  let stopped = null;
  const stop = (why) => {
    if (stopped || child.exitCode !== null) return;
    stopped = why;
    process.stderr.write(`${prefix ?? ""}${why}: stopping the shard\n`);
    child.kill('SIGKILL');
  };
  const limit = setTimeout(() => stop(`still running after ${SHARD_LIMIT_MS / 1000} s`), SHARD_LIMIT_MS);
  if (prefix) {
    for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        if (line.startsWith('failed: ')) summary.failures.push(line);
        const m = /^jest: (\d+) passed, (\d+) failed, (\d+) skipped$/.exec(line);
        if (m) {
          Object.assign(summary, { passed: +m[1], failed: +m[2], skipped: +m[3], seen: true });
          setTimeout(() => stop(`did not exit ${EXIT_GRACE_MS / 1000} s after its summary (open handles)`), EXIT_GRACE_MS).unref();
        }
        out.write(`${prefix}${line}\n`);
      });
    }
  }
  const done = new Promise((resolve) => child.on('exit', (code, signal) => {
    clearTimeout(limit);
    resolve({ code: stopped ? 1 : code ?? 1, signal, stopped, summary });
  }));
  return { child, done };
}

async function main() {
  if (args.length > 0 || shards === 1) {
    const { done } = run(args, null);
    process.exitCode = (await done).code;
    return;
  }
  const started = Date.now();
  // The console is built (when stale) once, before the shards: the browser tests' own --if-stale builds
  // are then no-ops, so no shard rewrites console/dist while another serves it, and they may go to any shard.
  require('node:child_process').execFileSync(process.execPath, [path.join(root, 'scripts', 'build-console.cjs'), '--if-stale'], { cwd: root, stdio: 'inherit' });
  // The shards are balanced by the times this machine's earlier runs recorded: every shard reads the same
  // frozen copy, writes its own measurements, and they are merged once all have finished.
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'counterfoil-test-times-'));
  const recorded = times.readTimes(times.timesFile());
  times.writeTimes(path.join(scratch, 'recorded.json'), recorded);
  const measuredFile = (i) => path.join(scratch, `shard-${i + 1}.json`);
  const membersFile = (i) => path.join(scratch, `shard-${i + 1}.members`);
  // Small files run in groups that share one module registry (test/helpers/groups.cjs): this run's jest
  // config finds the generated groups and leaves their members out.
  const { expected, PINNED } = require('../test/helpers/sequencer.cjs');
  const plan = groups.planGroups(root, expected(recorded), (file) => PINNED.some((re) => re.test(file)));
  groups.writeGroups(root, plan);
  writeFileSync(path.join(scratch, 'groups.json'), JSON.stringify(plan));
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const members = Object.values(plan).flat();
  writeFileSync(
    path.join(scratch, 'jest.config.json'),
    JSON.stringify({ ...require('../jest.config.js'), rootDir: root, testPathIgnorePatterns: ['/node_modules/', ...members.map((m) => `^${escape(path.join(root, m))}$`)] }),
  );
  process.stdout.write(`${members.length} of ${groups.testFiles(root).length} test files in ${Object.keys(plan).length} groups\n`);
  const runs = Array.from({ length: shards }, (_, i) =>
    run(['--config', path.join(scratch, 'jest.config.json'), `--shard=${i + 1}/${shards}`], `[${i + 1}/${shards}] `, {
      ...process.env,
      COUNTERFOIL_TEST_TIMES: path.join(scratch, 'recorded.json'),
      COUNTERFOIL_TEST_TIMES_OUT: measuredFile(i),
      COUNTERFOIL_TEST_GROUPS: path.join(scratch, 'groups.json'),
      COUNTERFOIL_TEST_MEMBER_TIMES_OUT: membersFile(i),
    }),
  );
  const stop = (signal) => runs.forEach((r) => r.child.kill(signal));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  const results = await Promise.all(runs.map((r) => r.done));
  groups.removeGroups(root);
  const measured = Array.from({ length: shards }, (_, i) => times.readTimes(measuredFile(i)));
  // What the next split learns: each file's own time, a grouped file's from its describe block.
  const learned = measured.map((m, i) => {
    const own = Object.fromEntries(Object.entries(m).filter(([file]) => !(file in plan)));
    let lines = [];
    try {
      lines = readFileSync(membersFile(i), 'utf8').split('\n').filter(Boolean);
    } catch {
      // A shard with no group writes none.
    }
    return Object.assign(own, ...lines.map((l) => JSON.parse(l)));
  });
  try {
    // A failed shard's files may have failed fast: only the shards that passed teach the next split.
    times.writeTimes(times.timesFile(), times.merge(recorded, Object.assign({}, ...learned.filter((_, i) => results[i].code === 0))));
  } catch (err) {
    process.stderr.write(`test times not recorded: ${err.message}\n`);
  }
  rmSync(scratch, { recursive: true, force: true });
  const sum = (m) => Math.round(Object.values(m).reduce((a, s) => a + s, 0));
  const total = results.reduce((a, r) => ({ passed: a.passed + r.summary.passed, failed: a.failed + r.summary.failed, skipped: a.skipped + r.summary.skipped }), { passed: 0, failed: 0, skipped: 0 });
  const failedShards = results.map((r, i) => (r.code === 0 ? null : `${i + 1}/${shards} (${r.stopped ?? `exit ${r.signal ?? r.code}`}${r.summary.seen ? '' : ', no summary'})`)).filter(Boolean);
  for (const line of results.flatMap((r) => r.summary.failures)) process.stdout.write(`\n${line}`);
  process.stdout.write(`\nfile time per shard: ${measured.map((m, i) => `${i + 1}/${shards} ${sum(m)} s`).join(', ')}`);
  process.stdout.write(`\njest, ${shards} shards in ${Math.round((Date.now() - started) / 1000)} s: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped` +
    `${failedShards.length ? `; failed shards: ${failedShards.join(', ')}` : ''}\n`);
  process.exitCode = failedShards.length ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
