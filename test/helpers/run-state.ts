import os from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';

/** What the global setup started for this test run; every test file reads it. */
export interface RunState {
  databaseUrl: string;
  /** The server's maintenance URL, for tests that need a database of their own. */
  serverUrl: string;
  temporalAddress: string;
  temporalCli: string;
  namespace: string;
  workflowBundlePath: string;
  tmpDir: string;
}

export const RUN_STATE_ENV = 'COUNTERFOIL_TEST_RUN_STATE';
export const defaultStatePath = () => path.join(os.tmpdir(), `counterfoil-jest-${process.pid}.json`);

export function runState(): RunState {
  const file = process.env[RUN_STATE_ENV];
  if (!file) throw new Error(`${RUN_STATE_ENV} is not set: run the tests through jest (npm test).`);
  return JSON.parse(readFileSync(file, 'utf8')) as RunState;
}
