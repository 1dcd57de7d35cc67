// Worker Versioning (Temporal Worker Deployments): which deployment version a worker polls as.
// Off unless COUNTERFOIL_WORKER_DEPLOYMENT is set, so `npm start`, the dev server and tests run an
// unversioned worker as before. README "Upgrading" gives the operator's procedure.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { WorkerOptions } from '@temporalio/worker';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { ROOT } from '../root';

/**
 * A release's build id: the package version and a hash of the workflow bundle the worker runs, so
 * two workers share a build id exactly when they run the same workflow code.
 */
export function defaultBuildId(bundle: { codePath: string }): string {
  const version = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  return `${version}-${createHash('sha256').update(readFileSync(bundle.codePath)).digest('hex').slice(0, 12)}`;
}

/**
 * The worker's `workerDeploymentOptions`, or nothing for an unversioned worker. Each workflow family
 * declares its own behaviour (`setWorkflowOptions` in workflows/); the default covers a family that
 * forgets to: pinned, the one that never moves a run to code it did not start on.
 */
export function deploymentOptions(
  config: Pick<Config, 'workerDeployment'>,
  bundle: { codePath: string },
  log?: Logger,
): Pick<WorkerOptions, 'workerDeploymentOptions'> {
  const deployment = config.workerDeployment;
  if (!deployment) return {};
  const version = { deploymentName: deployment.name, buildId: deployment.buildId ?? defaultBuildId(bundle) };
  log?.info({ workerDeployment: version }, 'worker versioning on: polling as this Worker Deployment version');
  return { workerDeploymentOptions: { useWorkerVersioning: true, version, defaultVersioningBehavior: 'PINNED' } };
}
