import path from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';

const ROOT = path.resolve(__dirname, '../..') + path.sep;

/** A history as committed JSON: failure stack traces name files relative to the checkout, not this machine's paths. */
export function historyJson(history: Parameters<typeof historyToJSON>[0]): string {
  return historyToJSON(history).split(ROOT).join('');
}
