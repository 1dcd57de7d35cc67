#!/usr/bin/env node
// Small text patches to dependencies, applied after every `npm install` (postinstall) and by
// scripts/ensure-deps.cjs. Each is idempotent and stands alone: on a package whose text differs it
// changes nothing and says so, and the package keeps its own behaviour for that part.
//
// @temporalio/worker: the first three take CPU off every workflow task; bench:withdrawals and
// docs/governed-money.md have the figures.
//
// isolate-timeout: the reusable-V8-context executor enters the workflow context ~20 times per workflow
//   (initialise, activate, unblock conditions, conclude, dispose), each with `vm` `timeout:`. Node runs
//   every timed call under a fresh watchdog thread with its own event loop (nodejs/node#47739, open):
//   ~64 µs per call on an idle core, and under load a withdrawal spent ~4.7 ms more worker CPU and its
//   p50 to `executed` went from 0.9 s to 4.1 s at 50/s. The patch lets a timeout of 0 mean "no
//   watchdog" for those calls; COUNTERFOIL_WORKFLOW_ISOLATE_TIMEOUT_MS chooses.
// activator-reader: the SDK's promise hook finds a promise's workflow by compiling
//   `new Function('return globalThis.__TEMPORAL_ACTIVATOR__')` for every promise created and settled
//   in workflow code (and `return globalThis.Error` once more per creation). Each compile also passes
//   through Node's source-map hook for generated code when source maps are on (tsx turns them on).
//   The patch compiles each reader once per context and calls it again: the same value, read the same way.
// stack-traces: the same hook formats a source-mapped stack trace for every promise workflow code
//   creates, so that the `__stack_trace` query (the Temporal UI's "Stack Trace" tab) can say where a
//   workflow waits. The patch installs the hook only when COUNTERFOIL_WORKFLOW_STACK_TRACES=1; without
//   it the query answers the SDK's own "Workflow stack traces are not enabled on this worker".
//
// postgres (postgres.js), CommonJS and ESM builds:
// settled-query: a query keeps its parameters (`parameters`, `args`) after it settles, for as long as
//   anything references the query object. Under a steady write load, dead query objects in V8's old
//   generation kept the young parameters of later queries (the group commits' JSON rows, ~10 KB a
//   transfer) alive through scavenges, so they were promoted as garbage: a bare loop of pooled queries
//   with a 12 KB parameter promoted ~1 GB in 10 s in half its runs, ~5 MB in the others; with the patch,
//   ~5 MB in every run. The patch drops both references once the query has resolved or rejected; an
//   error keeps its own `parameters` (set before the rejection), and a retried query (postgres.js retries
//   some errors of prepared statements) has not settled, so it still binds its parameters.
// closed-socket-write: small writes wait for a setImmediate; when the connection closes before it runs,
//   postgres.js's teardown cancels it but leaves `nextWriteTimer` set and `chunk` filled, and a write
//   after the close schedules a flush that runs with `socket === null`: an uncaught TypeError from a
//   timer, which ended the API process in `npm run soak` on a loaded machine (upstream: porsager/postgres
//   #1154 and #1208, open; the guard of PR #1209). The patch resets both on teardown, and a flush with no
//   socket rejects what waited on it with CONNECTION_CLOSED (which callers already handle) instead.
const { readFileSync, writeFileSync, existsSync } = require('node:fs');
const path = require('node:path');

const TEMPORAL_WORKFLOW = ['@temporalio', 'worker', 'lib', 'workflow'];

/** postgres.js's Query constructor, in both builds: the settling functions drop the parameters. */
const settledQuery = (dir) => ({
  dir,
  file: 'query.js',
  marker: 'counterfoil: a settled query lets go of its parameters',
  edits: [
    {
      original: '    this.resolve = x => (this.active = false, resolve(x))\n    this.reject = x => (this.active = false, reject(x))\n',
      patched:
        '    // counterfoil: a settled query lets go of its parameters (scripts/dependency-patches.cjs)\n' +
        '    this.resolve = x => (this.active = false, this.parameters = this.args = null, resolve(x))\n' +
        '    this.reject = x => (this.active = false, this.parameters = this.args = null, reject(x))\n',
      occurrences: 1,
    },
  ],
});

/** postgres.js's connection, in both builds: a flush after the close settles instead of throwing. */
const closedSocketWrite = (dir) => ({
  dir,
  file: 'connection.js',
  marker: 'counterfoil: no flush without a socket',
  edits: [
    {
      original: '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)\n',
      patched:
        '  function nextWrite(fn) {\n' +
        '    if (socket === null) { // counterfoil: no flush without a socket (scripts/dependency-patches.cjs)\n' +
        '      chunk = nextWriteTimer = null\n' +
        "      error(Errors.connection('CONNECTION_CLOSED', options, socket))\n" +
        '      return false\n' +
        '    }\n' +
        '    const x = socket.write(chunk, fn)\n',
      occurrences: 1,
    },
    // terminate() and closed(): the cancelled flush is forgotten with what it would have written.
    { original: '    clearImmediate(nextWriteTimer)\n', patched: '    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n', occurrences: 2 },
  ],
});

const PATCHES = {
  'isolate-timeout': {
    dir: TEMPORAL_WORKFLOW,
    file: 'reusable-vm.js',
    marker: 'counterfoil: 0 means no watchdog thread',
    // Every timed entry into the reusable context: three when it is created (one only under Bun), one per call.
    edits: [{ original: 'timeout: isolateExecutionTimeoutMs,', patched: 'timeout: isolateExecutionTimeoutMs || undefined, // counterfoil: 0 means no watchdog thread', occurrences: 4 }],
  },
  'activator-reader': {
    dir: TEMPORAL_WORKFLOW,
    file: 'vm-shared.js',
    marker: 'counterfoil: compiled once per context',
    edits: [
      { original: "    return ctor('return globalThis.__TEMPORAL_ACTIVATOR__')();", patched: '    return contextReaders(ctor).activator();', occurrences: 1 },
      {
        original: 'function getActivator(promise) {',
        patched:
          'const readersByContext = new WeakMap(); // counterfoil: compiled once per context\n' +
          'function contextReaders(ctor) {\n' +
          '    let readers = readersByContext.get(ctor);\n' +
          "    if (readers === undefined) readersByContext.set(ctor, (readers = { activator: ctor('return globalThis.__TEMPORAL_ACTIVATOR__'), error: ctor('return globalThis.Error') }));\n" +
          '    return readers;\n' +
          '}\n' +
          'function getActivator(promise) {',
        occurrences: 1,
      },
      { original: "const ErrorCtor = fn('return globalThis.Error')();", patched: 'const ErrorCtor = contextReaders(fn).error();', occurrences: 1 },
    ],
  },
  'stack-traces': {
    dir: TEMPORAL_WORKFLOW,
    file: 'vm-shared.js',
    marker: 'counterfoil: stack traces on request',
    edits: [
      {
        original: '    setPromiseHook() {',
        patched: "    setPromiseHook() {\n        if (process.env.COUNTERFOIL_WORKFLOW_STACK_TRACES !== '1') return; // counterfoil: stack traces on request",
        occurrences: 1,
      },
    ],
  },
  'settled-query': settledQuery(['postgres', 'cjs', 'src']),
  'settled-query-esm': settledQuery(['postgres', 'src']),
  'closed-socket-write': closedSocketWrite(['postgres', 'cjs', 'src']),
  'closed-socket-write-esm': closedSocketWrite(['postgres', 'src']),
};

/** The file a patch touches in the installed package, or null when that package is not installed. */
function targetFile(name, root = path.resolve(__dirname, '..')) {
  const dir = path.join(root, 'node_modules', ...PATCHES[name].dir);
  return existsSync(dir) ? path.join(dir, PATCHES[name].file) : null;
}

/** True when `file` (by default the installed package's) carries patch `name`. */
function isPatched(name, file = targetFile(name)) {
  return file !== null && existsSync(file) && readFileSync(file, 'utf8').includes(PATCHES[name].marker);
}

/** Applies patch `name` to `file` once; answers what happened. All its edits apply, or none. */
function applyPatch(name, file = targetFile(name)) {
  if (file === null || !existsSync(file)) return 'absent';
  const patch = PATCHES[name];
  let text = readFileSync(file, 'utf8');
  if (text.includes(patch.marker)) return 'already';
  for (const edit of patch.edits) {
    if (text.split(edit.original).length !== edit.occurrences + 1) return 'unrecognised';
    text = text.split(edit.original).join(edit.patched);
  }
  writeFileSync(file, text);
  return 'applied';
}

function main() {
  for (const name of Object.keys(PATCHES)) {
    if (applyPatch(name) === 'unrecognised') {
      const pkg = PATCHES[name].dir.slice(0, PATCHES[name].dir[0].startsWith('@') ? 2 : 1).join('/');
      console.error(`[counterfoil] ${pkg} changed: its ${name} patch (scripts/dependency-patches.cjs) was not applied; it keeps its own behaviour there.`);
    }
  }
}

module.exports = { PATCHES, applyPatch, isPatched, main };

if (require.main === module) main();
