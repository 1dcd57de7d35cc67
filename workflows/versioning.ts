// Each family's Worker Versioning behaviour (README "Upgrading"). Pinned: a run finishes on the build
// that started it, for runs that wait days on people or peers (approvals, ramps, a secret's overlap)
// and money movements. Auto-upgrade: a run moves to the current build at its next task, for short or
// housekeeping runs that would otherwise hold an old worker up for days; their changes still go
// behind patched(). Each workflow file declares its family's choice next to the function.
import type { VersioningBehavior } from '@temporalio/common';
import { setWorkflowOptions, workflowInfo } from '@temporalio/workflow';

/**
 * Declares `fn`'s behaviour for a versioned worker only: the server refuses a behaviour from an
 * unversioned one (the dev server, tests, `npm start`), whose version carries a build id but no
 * deployment name.
 */
export function versioned<A extends unknown[], R>(behavior: VersioningBehavior, fn: (...args: A) => Promise<R>): void {
  setWorkflowOptions(() => (workflowInfo().currentDeploymentVersion?.deploymentName ? { versioningBehavior: behavior } : {}), fn);
}
