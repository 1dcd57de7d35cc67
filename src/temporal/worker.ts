import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DefaultLogger, NativeConnection, Runtime, Worker, bundleWorkflowCode, type LogLevel, type WorkerOptions } from '@temporalio/worker';
import { spawn } from 'node:child_process';
import type { Logger } from '../logger';
import type { Services } from '../services';
import { createActivities } from '../../activities';
import { connectionOptionsOf } from './client';
import { COMPILED, PREBUILT_WORKFLOW_BUNDLE, ROOT } from '../root';
import { isPatched } from '../dependency-patches';
import { deploymentOptions } from './versioning';
import { tracing, tracingActive } from '../telemetry';

export const WORKFLOWS_PATH = path.join(ROOT, 'workflows', 'index.ts');
/**
 * The OpenTelemetry workflow interceptors: bundled only into the traced variant of the bundle, which a
 * worker with tracing on loads, so that an untraced worker runs no span code in its workflows.
 */
const TRACING_INTERCEPTORS = require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors');

/** What bundleWorkflowCode gets for the plain or the traced variant. */
const bundleOptions = (traced: boolean) => ({ workflowsPath: WORKFLOWS_PATH, logger: undefined, ...(traced ? { workflowInterceptorModules: [TRACING_INTERCEPTORS] } : {}) });
const bundleName = (traced: boolean) => `workflow-bundle-${bundleKey()}${traced ? '-traced' : ''}.js`;

/** Hash of everything the workflow bundle is built from, so a cached bundle is reused only when valid. */
function bundleKey(): string {
  const h = createHash('sha256');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
    );
  // Workflows import small shared modules from src/ (message names, search attributes): hash them all.
  for (const f of [...files(path.join(ROOT, 'workflows')), ...files(path.join(ROOT, 'src'))].sort()) {
    h.update(f).update(readFileSync(f));
  }
  h.update(require('@temporalio/worker/package.json').version);
  return h.digest('hex').slice(0, 16);
}

/**
 * Bundles the workflows once and caches the bundle in `cacheDir`: webpack takes seconds, and a warm
 * start should not pay it again. Answers the file's absolute path: given a path, the SDK holds one copy
 * of the bundle string; given the code, it kept ours and a re-stitched second one.
 */
export async function workflowBundle(cacheDir: string, traced = false): Promise<{ codePath: string }> {
  mkdirSync(cacheDir, { recursive: true });
  const file = path.resolve(cacheDir, bundleName(traced));
  if (!existsSync(file)) {
    const { code } = await bundleWorkflowCode(bundleOptions(traced));
    // Written aside, then renamed: processes bundling at once (test shards) never read a half-written file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, withoutEmbeddedSources(code));
    renameSync(partial, file);
  }
  return { codePath: file };
}

const INLINE_SOURCE_MAP = '//# sourceMappingURL=data:application/json';

/**
 * The bundle with its inline source map minus `sourcesContent` (the original files' text): stack
 * traces still map to workflows/*.ts lines, and the SDK reads the contents only for
 * `showStackTraceSources`, which stays off. That text was half the bundle, held by the worker's main
 * thread and again by its workflow thread (docs/performance.md, "Workflow worker memory").
 */
export function withoutEmbeddedSources(code: string): string {
  const at = code.lastIndexOf(INLINE_SOURCE_MAP);
  const data = at < 0 ? -1 : code.indexOf('base64,', at);
  if (data < 0) return code;
  const map = JSON.parse(Buffer.from(code.slice(data + 'base64,'.length).trim(), 'base64').toString('utf8'));
  delete map.sourcesContent;
  return `${code.slice(0, data)}base64,${Buffer.from(JSON.stringify(map)).toString('base64')}\n`;
}

let runtimeInstalled = false;

/**
 * Routes the SDK's own logs into our JSON logger, and, given an address, exports the SDK's metrics
 * (temporal_workflow_task_execution_latency, temporal_activity_execution_latency, …: the names
 * Temporal's dashboards use) in Prometheus text there, for the ops server to forward. Once per
 * process: the Runtime is a singleton, installed before the first connection.
 */
export function installTemporalRuntime(log: Logger, prometheusBindAddress?: string): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  const level = log.level === 'silent' ? 'ERROR' : (log.level.toUpperCase() as LogLevel);
  const levels: Record<string, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' };
  Runtime.install({
    logger: new DefaultLogger(['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR'].includes(level) ? level : 'WARN', (entry) => {
      if (log.level === 'silent') return;
      const write = () => log[levels[entry.level] ?? 'info']({ ...sdkLogIds(entry.meta), temporal: entry.meta }, entry.message);
      // "Activity started" comes just before the interceptors open the activity's span, in the same
      // tick: one microtask later, the logger's mixin finds that span's ids (telemetry/log-context).
      if (tracingActive() && entry.meta?.activityType !== undefined && entry.meta.trace_id === undefined) queueMicrotask(write);
      else write();
    }),
    ...(prometheusBindAddress ? { telemetryOptions: { metrics: { prometheus: { bindAddress: prometheusBindAddress } } } } : {}),
  });
}

/**
 * The ids an SDK log line (a workflow's `log`, the worker's activity logs) carries in its metadata,
 * under the names our own lines use, so one query finds a run's lines from either source.
 */
function sdkLogIds(meta: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!meta) return {};
  const ids: Record<string, unknown> = {};
  if (meta.workflowId !== undefined) ids.workflow_id = meta.workflowId;
  if ((meta.runId ?? meta.workflowRunId) !== undefined) ids.run_id = meta.runId ?? meta.workflowRunId;
  if (meta.activityType !== undefined) ids.activity_type = meta.activityType;
  if (meta.trace_id !== undefined) ids.trace_id = meta.trace_id;
  if (meta.span_id !== undefined) ids.span_id = meta.span_id;
  return ids;
}

const dependencyPatches = { isPatched };

/**
 * Worker options for the isolate timeout: the configured one, or none (0) when the installed SDK
 * honours 0 (its patch in patches/); an unpatched SDK keeps its default (5 s), with a warning.
 * The SDK reads `isolateExecutionTimeout` from the options but leaves it out of their type.
 */
export function isolateTimeoutOptions(configuredMs: number, log?: Logger): Partial<WorkerOptions> {
  if (configuredMs === 0 && !dependencyPatches.isPatched('isolate-timeout')) {
    log?.warn('@temporalio/worker lacks the isolate-timeout patch (patches/, applied by patch-package): workflows keep the SDK\'s 5 s isolate timeout and its per-call watchdog threads');
    return {};
  }
  return { isolateExecutionTimeout: configuredMs } as Partial<WorkerOptions>;
}

export async function createWorker(
  services: Services,
  bundle: { codePath: string },
  overrides: { taskQueue?: string } = {},
): Promise<{ worker: Worker; connection: NativeConnection }> {
  installTemporalRuntime(services.log);
  // Read by the patched SDK in the workflow thread, which takes its environment from this process's.
  // eslint-disable-next-line no-restricted-properties -- a write for the SDK, from the configuration
  process.env.COUNTERFOIL_WORKFLOW_STACK_TRACES = services.config.workflowStackTraces ? '1' : '0';
  const connection = await NativeConnection.connect(connectionOptionsOf(services.temporal.settings));
  const worker = await Worker.create({
    connection,
    namespace: services.config.temporalNamespace,
    taskQueue: overrides.taskQueue ?? services.config.taskQueue,
    workflowBundle: bundle,
    activities: createActivities(services),
    // Activity spans, and the sink the workflow's spans leave the sandbox through (a traced bundle only).
    ...tracing()?.workerOptions(),
    // The SDK sizes the sticky cache from the heap limit, which holds far more RSS for little gain
    // (docs/performance.md, "Workflow worker memory"); evicted runs replay their history on their next task.
    maxCachedWorkflows: 200,
    ...isolateTimeoutOptions(services.config.workflowIsolateTimeoutMs, services.log),
    // A withdrawal's local activity (submit, confirm, settle) holds its workflow task slot for its
    // database round trips: more than the default 40 slots, so a slow database does not idle the worker.
    maxConcurrentWorkflowTaskExecutions: 100,
    maxConcurrentLocalActivityExecutions: 100,
    ...deploymentOptions(services.config, bundle, services.log),
  });
  return { worker, connection };
}

/** `npm run build`: the bundles of the workflow sources, plain in `file` and traced beside it, for the compiled worker. */
export async function writeWorkflowBundle(file: string): Promise<void> {
  for (const traced of [false, true]) {
    const { code } = await bundleWorkflowCode(bundleOptions(traced));
    writeFileSync(traced ? tracedVariant(file) : file, withoutEmbeddedSources(code));
  }
}

const tracedVariant = (file: string) => file.replace(/[.]js$/, '-traced.js');

/**
 * The worker's workflow bundle: the compiled code loads the one `npm run build` made (Temporal's
 * advice for production: no webpack at start-up); the sources build and cache their own.
 */
export async function workerWorkflowBundle(cacheDir: string): Promise<{ codePath: string }> {
  const traced = tracingActive();
  const prebuilt = traced ? tracedVariant(PREBUILT_WORKFLOW_BUNDLE) : PREBUILT_WORKFLOW_BUNDLE;
  if (COMPILED && existsSync(prebuilt)) return { codePath: prebuilt };
  return workflowBundleOutOfProcess(cacheDir, traced);
}

/**
 * The workflow bundle, built by a short-lived child process when the cache misses: a webpack run in
 * the worker itself leaves its memory behind in the worker's RSS (docs/performance.md, "Workflow worker memory").
 */
export async function workflowBundleOutOfProcess(cacheDir: string, traced = false): Promise<{ codePath: string }> {
  if (!existsSync(path.join(cacheDir, bundleName(traced)))) {
    const build = `require(${JSON.stringify(__filename)}).workflowBundle(${JSON.stringify(cacheDir)}, ${traced}).catch((e) => { console.error(e); process.exit(1); })`;
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '-e', build], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`workflow bundler exited with ${code}`))));
    });
  }
  return workflowBundle(cacheDir, traced);
}
