// The pieces of the upgrade drill (scripts/upgrade-drill.ts): a second release built from this tree
// with a changed withdrawal workflow, a worker process of either release, and the Worker Deployment
// calls an operator makes with `temporal worker deployment …`, through the SDK's gRPC service.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import path from 'node:path';
import type { Connection } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { withParentDeathSignal } from '../../temporal/dev-server';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Release B's extra first step: a timer of this length, which no run of release A recorded. */
export const RELEASE_B_STEP_MS = 1234;
const WORKFLOW_SIGNATURE = 'export async function withdrawalWorkflow(input: WithdrawalWorkflowInput): Promise<WithdrawalStatus> {';

/**
 * Release B: this tree copied (its dependencies linked, not copied), with a timer as the withdrawal
 * workflow's new first step. Deliberately not behind patched(): replaying a release-A history, release B
 * would fail with a non-determinism error, so a run of A that B ever picked up shows as a failure.
 */
export function buildReleaseB(root: string, dir: string): string {
  const skip = new Set(['node_modules', '.git', '.data', 'dist', 'test', 'docs', 'coverage', 'console', 'clients']);
  fs.mkdirSync(dir, { recursive: true });
  for (const entry of fs.readdirSync(root)) {
    if (!skip.has(entry)) fs.cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const file = path.join(dir, 'workflows', 'withdrawal.ts');
  const source = fs.readFileSync(file, 'utf8');
  if (!source.includes(WORKFLOW_SIGNATURE)) throw new Error(`release B: ${WORKFLOW_SIGNATURE} not found in workflows/withdrawal.ts`);
  fs.writeFileSync(
    file,
    `import { sleep as releaseBStep } from '@temporalio/workflow';\n${source.replace(WORKFLOW_SIGNATURE, `${WORKFLOW_SIGNATURE}\n  await releaseBStep(${RELEASE_B_STEP_MS});`)}`,
  );
  return dir;
}

/** `<release>/bin/counterfoil <kind>` with a fixed ops port, its output in `logFile`; ready once `/readyz` answers 200. */
export class Release {
  private child: ChildProcess | undefined;
  constructor(
    readonly name: string,
    private readonly root: string,
    private readonly kind: 'api' | 'worker',
    readonly env: Record<string, string>,
    readonly logFile: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.env.COUNTERFOIL_API_PORT}`;
  }

  /** A cold worker bundles its workflows first (webpack): minutes on a loaded 2-core machine. */
  async start(readyWithinMs = Number(process.env.UPGRADE_DRILL_READY_MS ?? 600_000)): Promise<void> {
    const out = fs.openSync(this.logFile, 'a');
    const { command, args } = withParentDeathSignal(path.join(this.root, 'bin', 'counterfoil'), [this.kind]);
    const child = spawn(command, args, { cwd: this.root, env: this.env, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    this.child = child;
    const deadline = Date.now() + readyWithinMs;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${this.name} exited during start-up; see ${this.logFile}`);
      if (Date.now() > deadline) throw new Error(`${this.name} was not ready within ${readyWithinMs / 1000} s; see ${this.logFile}`);
      const readyz = await fetch(`http://127.0.0.1:${this.env.COUNTERFOIL_OPS_PORT}/readyz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.status, () => 0);
      if (readyz === 200) return;
      await sleep(250);
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const escalation = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(escalation);
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }
}

/** The Worker Deployment calls of the drill (the CLI's `temporal worker deployment describe | set-current-version | describe-version`). */
export class Deployments {
  constructor(
    private readonly connection: Connection,
    private readonly namespace: string,
    readonly deploymentName: string,
  ) {}

  async describe(): Promise<{ buildIds: string[]; current: string | undefined }> {
    const res = await this.connection.workflowService.describeWorkerDeployment({ namespace: this.namespace, deploymentName: this.deploymentName });
    const info = res.workerDeploymentInfo;
    return {
      buildIds: (info?.versionSummaries ?? []).map((v) => v.deploymentVersion?.buildId ?? '').filter(Boolean),
      current: info?.routingConfig?.currentDeploymentVersion?.buildId ?? undefined,
    };
  }

  /** Waits until a worker polling with a build id other than `known` has registered it; answers that build id. */
  async newVersion(known: string[], timeoutMs = 120_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = await this.describe().then((d) => d.buildIds.find((b) => !known.includes(b)), () => undefined);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no new version of Worker Deployment ${this.deploymentName} within ${timeoutMs / 1000} s`);
      await sleep(500);
    }
  }

  /** Makes `buildId` the current version; retried while the version's task queues are still being registered. */
  async setCurrent(buildId: string, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        await this.connection.workflowService.setWorkerDeploymentCurrentVersion({ namespace: this.namespace, deploymentName: this.deploymentName, buildId, identity: 'upgrade-drill' });
        return;
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await sleep(1000);
      }
    }
  }

  /** The version's drainage status: DRAINING while pinned runs remain open, DRAINED after. */
  async drainage(buildId: string): Promise<string> {
    const res = await this.connection.workflowService.describeWorkerDeploymentVersion({
      namespace: this.namespace,
      deploymentVersion: { deploymentName: this.deploymentName, buildId },
    });
    const status = res.workerDeploymentVersionInfo?.drainageInfo?.status ?? 0;
    return (temporal.api.enums.v1.VersionDrainageStatus[status] ?? String(status)).replace('VERSION_DRAINAGE_STATUS_', '');
  }
}
