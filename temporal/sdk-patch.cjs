#!/usr/bin/env node
// A one-line patch to @temporalio/worker, applied after every `npm install` (postinstall) and by
// scripts/ensure-deps.cjs. Idempotent; on an SDK whose text differs it changes nothing and says so,
// and the worker then keeps the SDK's default (see src/temporal/worker.ts).
//
// Why: the reusable-V8-context executor enters the workflow context ~20 times per workflow
// (initialise, activate, unblock conditions, conclude, dispose), each with `vm` `timeout:`. Node runs
// every timed call under a fresh watchdog thread with its own event loop (nodejs/node#47739, open):
// ~64 µs per call on an idle core, and under load a withdrawal spent ~4.7 ms more worker CPU and its
// p50 to `executed` went from 0.9 s to 4.1 s at 50/s (bench:withdrawals). The patch lets a timeout of
// 0 mean "no watchdog" for those calls; COUNTERFOIL_WORKFLOW_ISOLATE_TIMEOUT_MS chooses.
const { readFileSync, writeFileSync, existsSync } = require('node:fs');
const path = require('node:path');

const MARKER = 'counterfoil: 0 means no watchdog thread';
// Every timed entry into the reusable context: three when it is created (one only under Bun), one per call.
const ORIGINAL = 'timeout: isolateExecutionTimeoutMs,';
const PATCHED = `timeout: isolateExecutionTimeoutMs || undefined, // ${MARKER}`;
const OCCURRENCES = 4;

/** The SDK file the patch touches, or null when @temporalio/worker is not installed. */
function targetFile(root = path.resolve(__dirname, '..')) {
  const file = path.join(root, 'node_modules', '@temporalio', 'worker', 'lib', 'workflow', 'reusable-vm.js');
  return existsSync(file) ? file : null;
}

/** True when the installed SDK honours a 0 isolate timeout as "no watchdog". */
function isPatched(file = targetFile()) {
  return file !== null && readFileSync(file, 'utf8').includes(MARKER);
}

/** Applies the patch once; returns what happened. */
function applyPatch(file = targetFile()) {
  if (file === null) return 'absent';
  const text = readFileSync(file, 'utf8');
  if (text.includes(MARKER)) return 'already';
  if (text.split(ORIGINAL).length !== OCCURRENCES + 1) return 'unrecognised';
  writeFileSync(file, text.split(ORIGINAL).join(PATCHED));
  return 'applied';
}

function main() {
  if (applyPatch() === 'unrecognised') {
    console.error('[counterfoil] @temporalio/worker changed: the isolate-timeout patch (temporal/sdk-patch.cjs) was not applied; the worker keeps the SDK default.');
  }
}

module.exports = { applyPatch, isPatched, main };

if (require.main === module) main();
