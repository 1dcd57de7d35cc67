import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { NativeConnection, Worker, bundleWorkflowCode } from '@temporalio/worker';
import type { Services } from '../services';
import { createActivities } from '../../activities';

const ROOT = path.resolve(__dirname, '../..');
export const WORKFLOWS_PATH = path.join(ROOT, 'workflows', 'index.ts');

/** Hash of everything the workflow bundle is built from, so a cached bundle is reused only when valid. */
function bundleKey(): string {
  const h = createHash('sha256');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
    );
  for (const f of [...files(path.join(ROOT, 'workflows')), path.join(ROOT, 'src/temporal/search-attributes.ts')].sort()) {
    h.update(f).update(readFileSync(f));
  }
  h.update(require('@temporalio/worker/package.json').version);
  return h.digest('hex').slice(0, 16);
}

/**
 * Bundles the workflows once and caches the bundle in `cacheDir`: webpack takes seconds, and a warm
 * start should not pay it again.
 */
export async function workflowBundle(cacheDir: string): Promise<{ code: string }> {
  mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, `workflow-bundle-${bundleKey()}.js`);
  if (existsSync(file)) return { code: readFileSync(file, 'utf8') };
  const { code } = await bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, logger: undefined });
  writeFileSync(file, code);
  return { code };
}

export async function createWorker(services: Services, bundle: { code: string }, overrides: { taskQueue?: string } = {}): Promise<Worker> {
  const connection = await NativeConnection.connect({ address: services.temporal.settings.address });
  return Worker.create({
    connection,
    namespace: services.config.temporalNamespace,
    taskQueue: overrides.taskQueue ?? services.config.taskQueue,
    workflowBundle: bundle,
    activities: createActivities(services),
  });
}
