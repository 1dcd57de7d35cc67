// Each test file's duration in the last runs on this machine, kept in the per-user cache beside the
// built tools: `npm test` balances its shards by them (test/helpers/sequencer.cjs), so the split follows
// the machine it runs on instead of figures written down elsewhere. scripts/test.cjs is the only writer:
// it hands each shard a frozen copy to read and a file of its own to write, and merges those after the run.
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/** ${XDG_CACHE_HOME:-~/.cache}/counterfoil/test-times.json (a relative XDG_CACHE_HOME is ignored, as the spec says). */
function timesFile(env = process.env) {
  const xdg = env.XDG_CACHE_HOME;
  const root = xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), '.cache');
  return path.join(root, 'counterfoil', 'test-times.json');
}

/** `{ [file relative to the repository]: seconds }`, or {} when there is none (or it cannot be read). */
function readTimes(file) {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8'));
    return Object.fromEntries(Object.entries(parsed).filter(([, s]) => typeof s === 'number' && Number.isFinite(s) && s >= 0));
  } catch {
    return {};
  }
}

function writeTimes(file, times) {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(times, null, 1)}\n`);
  renameSync(tmp, file);
}

/**
 * The old figures with a run's measurements folded in: the mean of the old and the new, so that one run
 * on a busy machine moves a file's weight only half way. Files no longer measured keep their figure.
 */
function merge(old, measured) {
  const next = { ...old };
  for (const [file, s] of Object.entries(measured)) next[file] = file in old ? Math.round(((old[file] + s) / 2) * 10) / 10 : s;
  return next;
}

module.exports = { timesFile, readTimes, writeTimes, merge };
