import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { runState } from './run-state';

type History = Parameters<typeof historyToJSON>[0];

const ROOT = path.resolve(__dirname, '../..') + path.sep;
// node_modules may be a link to another checkout's; its stack frames then name that checkout.
const MODULES = realpathSync(path.join(ROOT, 'node_modules')) + path.sep;

/** A history as committed JSON: failure stack traces name files relative to the checkout, not this machine's paths. */
export function historyJson(history: History): string {
  return historyToJSON(history).split(MODULES).join(`node_modules${path.sep}`).split(ROOT).join('');
}

/**
 * Writes a recorded history as `<name>.json`: into test/workflows/histories/ (committed; replay.test.ts
 * replays them all) only with RECORD_HISTORIES=1, else into the run's scratch folder.
 */
export function writeHistory(name: string, history: History): void {
  const dir = process.env.RECORD_HISTORIES === '1' ? path.join(ROOT, 'test', 'workflows', 'histories') : path.join(runState().tmpDir, 'histories');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.json`), historyJson(history));
}

/** What a history's local activities returned, in order (a webhook lane's steps). */
export function localActivityResults<T>(history: History): T[] {
  return (history.events ?? []).flatMap((e) => {
    const data = e.markerRecordedEventAttributes?.details?.result?.payloads?.[0]?.data;
    return data ? [JSON.parse(Buffer.from(data).toString('utf8')) as T] : [];
  });
}
