// Jaeger (v2: an OpenTelemetry collector with Jaeger's storage and query API), the tracing backend
// the tracing test exports to. Built once at a pinned version into the per-user cache
// ${XDG_CACHE_HOME:-~/.cache}/counterfoil/jaeger/<version>/jaeger under a cross-process lock, like the
// Temporal CLI (temporal/cli.ts). `npx tsx test/helpers/jaeger.ts` builds it ahead of a test run.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { acquireBuildLock, counterfoilCacheDir, findGo, isExecutableFile, lastLines, runCollecting, type Log } from '../../temporal/cli';
import { freePort } from '../../temporal/dev-server';

const MODULE = 'github.com/jaegertracing/jaeger';
export const JAEGER_VERSION = 'v1.76.0';

export function jaegerCachePath(env: NodeJS.ProcessEnv = process.env, home = os.homedir()): string {
  return path.join(counterfoilCacheDir(env, home), 'jaeger', JAEGER_VERSION, 'jaeger');
}

/**
 * The pinned Jaeger binary, built once. Not `go install`: Jaeger's go.mod has a replace directive,
 * which `go install module@version` refuses, so the module is downloaded and built inside its own tree.
 */
export async function ensureJaeger(log: Log = () => undefined): Promise<string> {
  const target = jaegerCachePath();
  if (await isExecutableFile(target)) return target;
  const go = await findGo(process.env);
  if (!go) throw new Error(`Jaeger ${JAEGER_VERSION} is built with Go, and Go is not installed: install Go >= 1.22 from https://go.dev/dl/, then re-run.`);
  const dir = path.dirname(target);
  await fs.promises.mkdir(dir, { recursive: true });
  const release = await acquireBuildLock(path.join(dir, '.build.lock'), log);
  try {
    if (await isExecutableFile(target)) return target;
    log(`Jaeger ${JAEGER_VERSION} not found: building it once into ${dir} (several minutes)`);
    const started = Date.now();
    const env = { ...process.env, GOFLAGS: '-mod=readonly' };
    const download = await runCollecting(go, ['mod', 'download', '-json', `${MODULE}@${JAEGER_VERSION}`], { cwd: dir, env });
    if (download.code !== 0) throw new Error(`\`go mod download ${MODULE}@${JAEGER_VERSION}\` failed:\n${lastLines(download.output, 20)}`);
    const source = (JSON.parse(download.output) as { Dir: string }).Dir;
    const staging = await fs.promises.mkdtemp(path.join(dir, '.gobin-'));
    try {
      const build = await runCollecting(go, ['build', '-trimpath', '-o', path.join(staging, 'jaeger'), './cmd/jaeger'], { cwd: source, env });
      if (build.code !== 0) throw new Error(`building Jaeger ${JAEGER_VERSION} failed (exit ${build.code}):\n${lastLines(build.output, 30)}`);
      await fs.promises.rename(path.join(staging, 'jaeger'), target);
    } finally {
      await fs.promises.rm(staging, { recursive: true, force: true });
    }
    log(`Built Jaeger ${JAEGER_VERSION} in ${((Date.now() - started) / 1000).toFixed(0)} s: ${target}`);
    return target;
  } finally {
    await release();
  }
}

/** One span of a trace as Jaeger's query API (`/api/traces/{id}`) answers it. */
export interface JaegerSpan {
  traceID: string;
  spanID: string;
  operationName: string;
  references: Array<{ refType: string; traceID: string; spanID: string }>;
  processID: string;
  tags: Array<{ key: string; value: unknown }>;
}

export interface JaegerTrace {
  traceID: string;
  spans: JaegerSpan[];
  processes: Record<string, { serviceName: string }>;
}

/** A Jaeger with in-memory storage on free loopback ports: OTLP over HTTP in, the query API out. */
export class Jaeger {
  private constructor(
    private readonly child: ChildProcess,
    /** For OTEL_EXPORTER_OTLP_ENDPOINT (OTLP over HTTP). */
    readonly otlpEndpoint: string,
    readonly queryUrl: string,
  ) {}

  static async start(workDir: string): Promise<Jaeger> {
    const binary = await ensureJaeger();
    const [otlp, query, queryGrpc] = [await freePort(), await freePort(), await freePort()];
    fs.mkdirSync(workDir, { recursive: true });
    const config = path.join(workDir, 'jaeger.yaml');
    fs.writeFileSync(
      config,
      [
        'service:',
        '  extensions: [jaeger_storage, jaeger_query]',
        '  pipelines:',
        '    traces:',
        '      receivers: [otlp]',
        '      processors: [batch]',
        '      exporters: [jaeger_storage_exporter]',
        '  telemetry:',
        '    metrics:',
        '      level: none',
        '    logs:',
        '      level: warn',
        'extensions:',
        '  jaeger_query:',
        '    storage:',
        '      traces: memstore',
        '    http:',
        `      endpoint: 127.0.0.1:${query}`,
        '    grpc:',
        `      endpoint: 127.0.0.1:${queryGrpc}`,
        '  jaeger_storage:',
        '    backends:',
        '      memstore:',
        '        memory:',
        '          max_traces: 10000',
        'receivers:',
        '  otlp:',
        '    protocols:',
        '      http:',
        `        endpoint: 127.0.0.1:${otlp}`,
        'processors:',
        '  batch:',
        '    timeout: 100ms',
        'exporters:',
        '  jaeger_storage_exporter:',
        '    trace_storage: memstore',
        '',
      ].join('\n'),
    );
    const child = spawn(binary, ['--config', config], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
    const jaeger = new Jaeger(child, `http://127.0.0.1:${otlp}`, `http://127.0.0.1:${query}`);
    for (const deadline = Date.now() + 30_000; ; await new Promise((r) => setTimeout(r, 100))) {
      if (child.exitCode !== null) throw new Error(`jaeger exited with ${child.exitCode}:\n${stderr}`);
      const up = await fetch(`${jaeger.queryUrl}/api/services`).then((r) => r.ok, () => false);
      const receiving = up && (await fetch(`${jaeger.otlpEndpoint}/v1/traces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.ok, () => false));
      if (receiving) return jaeger;
      if (Date.now() > deadline) throw new Error(`jaeger did not start within 30 s:\n${stderr}`);
    }
  }

  /** The trace with this id, or null while Jaeger does not hold it (yet). */
  async trace(traceId: string): Promise<JaegerTrace | null> {
    const res = await fetch(`${this.queryUrl}/api/traces/${traceId}`);
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`jaeger /api/traces/${traceId}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { data: JaegerTrace[] };
    return body.data[0] ?? null;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGTERM');
    await exited;
  }
}

if (require.main === module) {
  ensureJaeger((msg) => console.error(msg)).then(
    (binary) => console.log(binary),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
