import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { NativeConnection, Worker } from '@temporalio/worker';
import { createActivities } from '../../activities';
import type { Services } from '../../src/services';
import { installTemporalRuntime, isolateTimeoutOptions } from '../../src/temporal/worker';
import { runState } from './run-state';

let bundleCode: string | undefined;

type Activities = ReturnType<typeof createActivities>;

/**
 * Runs a real worker (the run's prebuilt workflow bundle, real activities) on its own task queue
 * for the duration of `fn`, and shuts it down afterwards. `activities` may wrap the real ones (to slow
 * one down and widen a race, say).
 */
export async function withWorker<T>(
  services: Services,
  fn: (taskQueue: string) => Promise<T>,
  options: { taskQueue?: string; activities?: (real: Activities) => Activities } = {},
): Promise<T> {
  const state = runState();
  bundleCode ??= readFileSync(state.workflowBundlePath, 'utf8');
  installTemporalRuntime(services.log);
  const taskQueue = options.taskQueue ?? `test-${randomUUID()}`;
  const connection = await NativeConnection.connect({ address: state.temporalAddress });
  const worker = await Worker.create({
    connection,
    namespace: state.namespace,
    taskQueue,
    workflowBundle: { code: bundleCode },
    activities: (options.activities ?? ((real) => real))(createActivities(services)),
    // As the product's worker runs (src/temporal/worker.ts).
    ...isolateTimeoutOptions(services.config.workflowIsolateTimeoutMs),
  });
  try {
    return await worker.runUntil(fn(taskQueue));
  } finally {
    await connection.close();
  }
}

/**
 * Starts `withWorker` for a whole test file (beforeAll), resolved once the worker runs; `stop` (afterAll)
 * shuts it down. A worker that fails to start rejects here instead of hanging the file.
 */
export async function startWorker(
  services: Services,
  options: { taskQueue?: string; activities?: (real: Activities) => Activities } = {},
): Promise<{ stop: () => Promise<void> }> {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  let ready!: () => void;
  const started = new Promise<void>((resolve) => (ready = resolve));
  const running = withWorker(services, async () => (ready(), done), options);
  await Promise.race([started, running]);
  return {
    stop: async () => {
      release();
      await running;
    },
  };
}
