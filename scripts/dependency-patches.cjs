#!/usr/bin/env node
// Small text patches to dependencies, applied after every install (postinstall) and by
// scripts/ensure-deps.cjs. Each is idempotent and stands alone. Installing fails when a patch no longer
// matches its package (whose versions package.json pins exactly), and each process checks at start the
// patches it needs (src/dependency-patches.ts): a missing correctness patch stops it, a missing
// optimisation logs a warning and sets counterfoil_dependency_patch_missing.
// Why each exists, what it saves and the upstream issue it would close: docs/performance.md, "Dependency patches".
const { readFileSync, writeFileSync, existsSync } = require('node:fs');
const path = require('node:path');

const TEMPORAL_WORKFLOW = ['@temporalio', 'worker', 'lib', 'workflow'];

/** postgres.js's Query constructor, in both builds: the settling functions drop the parameters. */
const settledQuery = (dir) => ({
  dir,
  purpose: 'optimisation', // promoted garbage and longer GC pauses under write load, not wrong answers
  roles: ['api', 'worker'],
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
  purpose: 'correctness', // unpatched, a write after a closed connection ends the process
  roles: ['api', 'worker'],
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

/**
 * postgres.js's connection, in both builds: a failed array-type fetch on a new connection is not an
 * unhandled rejection (porsager/postgres#1192, #1205, #1223, open).
 */
const typesFetch = (dir) => ({
  dir,
  purpose: 'correctness', // unpatched, a reserved connection cut off while it fetches the types ends the process
  roles: ['api', 'worker'],
  file: 'connection.js',
  marker: 'counterfoil: a failed type fetch is the connection',
  edits: [
    {
      original: '        return fetchArrayTypes()\n',
      patched:
        '        // counterfoil: a failed type fetch is the connection\'s failure, which its queries already see (scripts/dependency-patches.cjs)\n' +
        '        return fetchArrayTypes().catch(() => {})\n',
      occurrences: 1,
    },
  ],
});

const PATCHES = {
  'isolate-timeout': {
    dir: TEMPORAL_WORKFLOW,
    purpose: 'optimisation', // unpatched, the worker keeps the SDK's 5 s timeout (src/temporal/worker.ts)
    roles: ['worker'],
    file: 'reusable-vm.js',
    marker: 'counterfoil: 0 means no watchdog thread',
    // Every timed entry into the reusable context: three when it is created (one only under Bun), one per call.
    edits: [{ original: 'timeout: isolateExecutionTimeoutMs,', patched: 'timeout: isolateExecutionTimeoutMs || undefined, // counterfoil: 0 means no watchdog thread', occurrences: 4 }],
  },
  'activator-reader': {
    dir: TEMPORAL_WORKFLOW,
    purpose: 'optimisation',
    roles: ['worker'],
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
    purpose: 'optimisation', // unpatched, every workflow promise records a stack trace
    roles: ['worker'],
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
  'types-fetch': typesFetch(['postgres', 'cjs', 'src']),
  'types-fetch-esm': typesFetch(['postgres', 'src']),
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

/** The npm package a patch changes, e.g. `@temporalio/worker`. */
function packageOf(name) {
  const dir = PATCHES[name].dir;
  return dir.slice(0, dir[0].startsWith('@') ? 2 : 1).join('/');
}

/**
 * The patches a process of `role` (`api`, `worker`, or `all` for both) needs that are not in the
 * installed packages (root: the repository whose node_modules to read).
 */
function missingPatches(role, root) {
  return Object.keys(PATCHES)
    .filter((name) => role === 'all' || PATCHES[name].roles.includes(role))
    .filter((name) => !isPatched(name, targetFile(name, root)))
    .map((name) => ({ name, package: packageOf(name), purpose: PATCHES[name].purpose }));
}

/** Applies every patch; answers the ones that did not match their package's text. */
function applyAll(root) {
  return Object.keys(PATCHES).filter((name) => applyPatch(name, targetFile(name, root)) === 'unrecognised');
}

function main(root) {
  const failed = applyAll(root);
  for (const name of failed) {
    console.error(`[counterfoil] ${packageOf(name)} changed: its ${name} patch (${PATCHES[name].purpose}, scripts/dependency-patches.cjs) does not apply.`);
  }
  if (failed.length > 0) {
    console.error('[counterfoil] install the version package.json pins, or update the patch to the new text.');
    process.exitCode = 1;
  }
  return failed;
}

module.exports = { PATCHES, applyPatch, isPatched, missingPatches, applyAll, main };

if (require.main === module) main();
