import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RECORD_ENV, richness, scrub, type Candidate, type EventCandidate } from '../test/helpers/openapi-examples';
import { EXAMPLES_FILE, WEBHOOK_EXAMPLES_FILE, type RecordedExample } from '../src/http/openapi';
import { SIGNED_EXAMPLES_FILE } from '../src/http/signed/openapi';
import { signedRoutes } from '../src/http/signed/routes';
import { eventTypes } from '../src/events/catalogue';
import { servedDocument } from './generate-client';

/**
 * `npm run record:examples [-- test files]`: runs the tests that drive the tenant API with the example
 * recorder on (test/helpers/openapi-examples.ts), keeps the richest successful exchange of each operation,
 * scrubs it, and rewrites src/http/openapi-examples.json (the signed API's: src/http/signed/openapi-examples.json); likewise the richest event of each type the run
 * wrote into src/http/openapi-webhook-examples.json. Then lists the operations and event types still without one.
 */
const root = path.join(__dirname, '..');

/** Tests of the tenant API over HTTP, less those that break the stack on purpose or time it. */
const SKIP = /fuzz|failover|database-unavailable|read-replica|rate-limits|tls|hostile-input|go-client|api-keys-cli|reserved-pipeline/;
const defaultFiles = () => [
  ...readdirSync(path.join(root, 'test/http')).filter((f) => f.endsWith('.test.ts') && !SKIP.test(f)).map((f) => `test/http/${f}`),
  ...['approvals', 'deposits', 'ramps', 'withdrawals', 'off-ramp-approval', 'transfer-approval', 'transfer-reversals', 'conversion-approval', 'policy-changes', 'secret-rotation', 'connectors', 'start-outbox', 'screening', 'sandbox-returns', 'reconciliation-runs', 'reconciliation-ledger-side']
    .map((f) => `test/workflows/${f}.test.ts`)
    .filter((f) => existsSync(path.join(root, f))),
];

function main(): void {
  const files = process.argv.slice(2).length ? process.argv.slice(2) : defaultFiles();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-examples-'));
  try {
    const run = spawnSync(process.execPath, [path.join(root, 'node_modules/jest/bin/jest.js'), '--runInBand', ...files], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, [RECORD_ENV]: dir },
    });
    // A failing test still recorded what it answered before failing; the file below is checked by its own test.
    if (run.status !== 0) process.stderr.write(`record:examples: jest exited ${run.status}; keeping what was recorded\n`);
    const file = path.join(dir, 'candidates.jsonl');
    const candidates = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Candidate) : [];
    writeExamples(EXAMPLES_FILE, candidates.filter((c) => !c.surface), documentedOperations());
    writeExamples(SIGNED_EXAMPLES_FILE, candidates.filter((c) => c.surface === 'signed'), new Set(signedRoutes.map((r) => `${r.method.toUpperCase()} ${r.path}`)));
    writeWebhookExamples(path.join(dir, 'events.jsonl'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The richest exchange of each operation, scrubbed, into `file`. Operations recorded before and not this time
 * keep their example: a partial run refreshes what it drove.
 */
function writeExamples(file: string, candidates: Candidate[], operations: Set<string>): void {
  const best = new Map<string, Candidate>();
  for (const c of candidates) {
    const prior = best.get(c.operation);
    if (!prior || richness(c.request) + richness(c.response) > richness(prior.request) + richness(prior.response)) best.set(c.operation, c);
  }
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, RecordedExample>) : {};
  const examples: Record<string, RecordedExample> = {};
  for (const op of [...operations].sort()) {
    const c = best.get(op);
    if (c) examples[op] = { status: c.status, ...scrub({ request: c.request, response: c.response }) };
    else if (kept[op]) examples[op] = kept[op];
  }
  writeFileSync(file, JSON.stringify(examples, null, 2) + '\n');
  const missing = [...operations].filter((op) => !examples[op]).sort();
  process.stdout.write(`record:examples: ${path.relative(root, file)}: ${Object.keys(examples).length} of ${operations.size} operations have an example (${best.size} recorded now)\n`);
  if (missing.length) process.stdout.write(`without one:\n  ${missing.join('\n  ')}\n`);
}

/** The delivery body of each event type the run wrote, scrubbed as an answer is; the others keep theirs. */
function writeWebhookExamples(file: string): void {
  const recorded = new Map(
    (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []).map((l) => JSON.parse(l) as EventCandidate).map((c) => [c.type, c.body]),
  );
  const kept = existsSync(WEBHOOK_EXAMPLES_FILE) ? (JSON.parse(readFileSync(WEBHOOK_EXAMPLES_FILE, 'utf8')) as Record<string, unknown>) : {};
  const types = eventTypes().map((t) => t.type).sort();
  const examples: Record<string, unknown> = {};
  for (const type of types) {
    if (recorded.has(type)) examples[type] = scrub({ response: recorded.get(type) }).response;
    else if (kept[type] !== undefined) examples[type] = kept[type];
  }
  writeFileSync(WEBHOOK_EXAMPLES_FILE, JSON.stringify(examples, null, 2) + '\n');
  const missing = types.filter((t) => examples[t] === undefined);
  process.stdout.write(`record:examples: ${Object.keys(examples).length} of ${types.length} event types have a webhook example (${recorded.size} recorded now)\n`);
  if (missing.length) process.stdout.write(`without one:\n  ${missing.join('\n  ')}\n`);
}

/** `METHOD /path` of every operation of the served document. */
function documentedOperations(): Set<string> {
  const { paths } = servedDocument() as { paths: Record<string, Record<string, unknown>> };
  return new Set(Object.entries(paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`)));
}

main();
