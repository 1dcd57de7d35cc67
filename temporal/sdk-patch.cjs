#!/usr/bin/env node
// Small text patches to @temporalio/worker, applied after every `npm install` (postinstall) and by
// scripts/ensure-deps.cjs. Each is idempotent and stands alone: on an SDK whose text differs it
// changes nothing and says so, and the worker keeps the SDK's own behaviour for that part.
//
// All three take CPU off every workflow task; bench:withdrawals and docs/governed-money.md have the figures.
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
const { readFileSync, writeFileSync, existsSync } = require('node:fs');
const path = require('node:path');

const PATCHES = {
  'isolate-timeout': {
    file: 'reusable-vm.js',
    marker: 'counterfoil: 0 means no watchdog thread',
    // Every timed entry into the reusable context: three when it is created (one only under Bun), one per call.
    edits: [{ original: 'timeout: isolateExecutionTimeoutMs,', patched: 'timeout: isolateExecutionTimeoutMs || undefined, // counterfoil: 0 means no watchdog thread', occurrences: 4 }],
  },
  'activator-reader': {
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
};

/** The SDK's workflow-executor directory, or null when @temporalio/worker is not installed. */
function sdkDir(root = path.resolve(__dirname, '..')) {
  const dir = path.join(root, 'node_modules', '@temporalio', 'worker', 'lib', 'workflow');
  return existsSync(dir) ? dir : null;
}

/** The file a patch touches, or null when the SDK is not installed. */
function targetFile(name, dir = sdkDir()) {
  return dir === null ? null : path.join(dir, PATCHES[name].file);
}

/** True when `file` (by default the installed SDK's) carries patch `name`. */
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
      console.error(`[counterfoil] @temporalio/worker changed: its ${name} patch (temporal/sdk-patch.cjs) was not applied; the worker keeps the SDK's behaviour there.`);
    }
  }
}

module.exports = { PATCHES, applyPatch, isPatched, main };

if (require.main === module) main();
