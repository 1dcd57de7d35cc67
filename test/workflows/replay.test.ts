import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { runState } from '../helpers/run-state';
import { createLogger } from '../../src/logger';
import { installTemporalRuntime } from '../../src/temporal/worker';

/*
 * Replay safety: the recorded histories of real runs (replay-record.test.ts,
 * withdrawal-replay-record.test.ts, families-replay-record.test.ts, provider-replay-record.test.ts,
 * maintenance-replay-record.test.ts, screening-replay-record.test.ts, deposit-returns.test.ts, reconciliation-runs.test.ts,
 * and `-v<n>` ones kept from older code) must replay without nondeterminism against the workflow code of this run's bundle.
 */

const HISTORIES = path.join(__dirname, 'histories');
const files = readdirSync(HISTORIES).filter((f) => f.endsWith('.json')).sort();
const raw = new Map(files.map((f) => [f, JSON.parse(readFileSync(path.join(HISTORIES, f), 'utf8'))]));
const workflowType = (f: string): string => raw.get(f).events[0].workflowExecutionStartedEventAttributes.workflowType.name;
/** The ids of the `patched(...)` markers a history recorded. */
const patchesOf = (f: string): string[] =>
  raw
    .get(f)
    .events.filter((e: any) => e.markerRecordedEventAttributes?.markerName === 'core_patch')
    .map((e: any) => JSON.parse(Buffer.from(e.markerRecordedEventAttributes.details['patch-data'].payloads[0].data, 'base64').toString('utf8')).id);

it('has a history for every way a withdrawal ends', () => {
  expect(files).toEqual(expect.arrayContaining(['approved', 'rejected', 'expired', 'cancelled', 'failed', 'executed'].map((n) => `withdrawal-${n}.json`)));
});

it('has a history of every workflow the bundle exports', () => {
  const index = readFileSync(path.join(__dirname, '../../workflows/index.ts'), 'utf8');
  const exported = [...index.matchAll(/^export \{([^}]+)\}/gm)].flatMap((m) => m[1].split(',').map((name) => name.trim()));
  const recorded = new Set(files.map(workflowType));
  expect(exported.filter((name) => !recorded.has(name))).toEqual([]);
  expect([...recorded].filter((name) => !exported.includes(name))).toEqual([]);
});

it('keeps off-ramp histories from before the awaiting-provider patch, and one through its outage branch', () => {
  const offRamps = files.filter((f) => workflowType(f) === 'offRampWorkflow');
  const patched = offRamps.filter((f) => patchesOf(f).includes('off-ramp-awaiting-provider'));
  // Only a run whose provider failed issues other commands than before the patch (provider-replay-record.test.ts).
  expect(patched).toEqual(expect.arrayContaining(['off-ramp-completed.json', 'off-ramp-provider-unavailable.json']));
  expect(offRamps.filter((f) => !patched.includes(f))).toEqual(expect.arrayContaining(['off-ramp-completed-v0.json', 'off-ramp-failed-v0.json']));
});

it('keeps withdrawal histories from before the screening patch, and one through each way screening goes', () => {
  const screened = files.filter((f) => workflowType(f) === 'withdrawalWorkflow' && patchesOf(f).includes('withdrawal-screening'));
  expect(screened).toEqual(['accepted', 'enterprise-answered', 'frozen-released', 'provider-unavailable', 'rejected'].map((n) => `withdrawal-screened-${n}.json`));
  expect(files).toEqual(expect.arrayContaining(['withdrawal-local-executed.json', 'withdrawal-local-approved.json']));
});

it('replays every recorded history deterministically', async () => {
  installTemporalRuntime(createLogger('silent'));
  const histories = files.map((f) => ({ workflowId: f.replace(/\.json$/, ''), history: historyFromJSON(raw.get(f)) }));
  const results = [];
  for await (const result of Worker.runReplayHistories({ workflowBundle: { code: readFileSync(runState().workflowBundlePath, 'utf8') } }, histories)) {
    results.push({ workflowId: result.workflowId, error: result.error ? String(result.error) : null });
  }
  expect(results).toEqual(histories.map((h) => ({ workflowId: h.workflowId, error: null })));
});
