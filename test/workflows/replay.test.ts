import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { runState } from '../helpers/run-state';
import { createLogger } from '../../src/logger';
import { installTemporalRuntime } from '../../src/temporal/worker';

/*
 * Replay safety: the recorded histories of real runs (replay-record.test.ts) must replay without
 * nondeterminism against the workflow code of this run's bundle.
 */

const HISTORIES = path.join(__dirname, 'histories');
const files = readdirSync(HISTORIES).filter((f) => f.endsWith('.json')).sort();

it('has a history for every way a withdrawal ends', () => {
  expect(files).toEqual(expect.arrayContaining(['approved', 'rejected', 'expired', 'cancelled', 'failed', 'executed'].map((n) => `withdrawal-${n}.json`)));
});

it('replays every recorded history deterministically', async () => {
  installTemporalRuntime(createLogger('silent'));
  const histories = files.map((f) => ({ workflowId: f.replace(/\.json$/, ''), history: historyFromJSON(JSON.parse(readFileSync(path.join(HISTORIES, f), 'utf8'))) }));
  const results = [];
  for await (const result of Worker.runReplayHistories({ workflowBundle: { code: readFileSync(runState().workflowBundlePath, 'utf8') } }, histories)) {
    results.push({ workflowId: result.workflowId, error: result.error ? String(result.error) : null });
  }
  expect(results).toEqual(histories.map((h) => ({ workflowId: h.workflowId, error: null })));
});
