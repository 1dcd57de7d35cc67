// The tools that check the Helm chart (deploy/helm/counterfoil): helm and kubeconform, both Go programs
// built once at pinned versions, and the Kubernetes JSON schemas kubeconform validates against, made
// from documents inside pinned Go modules because kubeconform's usual schema download needs the internet.
// Everything lands in the per-user cache ${XDG_CACHE_HOME:-~/.cache}/counterfoil/, keyed by version,
// each built under a cross-process lock like the Temporal CLI (temporal/cli.ts).
//
// `npx tsx deploy/tools.ts` builds whatever is missing and prints the paths (a CI pre-step can warm the
// cache this way before the tests run).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { acquireBuildLock, counterfoilCacheDir, findGo, isExecutableFile, lastLines, runCollecting, type Log } from '../temporal/cli';
import { crdSchemas, openApiSchemas, type Json } from './kube-schemas';

export interface GoTool {
  name: string;
  module: string;
  version: string;
  /** -ldflags the project's own release build sets. */
  ldflags?: string;
}

export const HELM: GoTool = {
  name: 'helm',
  module: 'helm.sh/helm/v3/cmd/helm',
  version: 'v3.22.0',
  // As helm's Makefile does: without them `helm version` prints no patch version, and lint and template
  // assume Kubernetes 1.20 unless given --kube-version (1.37 is the Kubernetes of helm's client-go v0.37).
  ldflags: [
    '-X helm.sh/helm/v3/internal/version.version=v3.22.0',
    '-X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMajor=1',
    '-X helm.sh/helm/v3/pkg/lint/rules.k8sVersionMinor=37',
    '-X helm.sh/helm/v3/pkg/chartutil.k8sVersionMajor=1',
    '-X helm.sh/helm/v3/pkg/chartutil.k8sVersionMinor=37',
  ].join(' '),
};
export const KUBECONFORM: GoTool = { name: 'kubeconform', module: 'github.com/yannh/kubeconform/cmd/kubeconform', version: 'v0.8.0' };
/**
 * The Kubernetes release whose API the chart is validated against: the oldest minor version still
 * supported upstream when this was pinned, so the chart holds for it and everything newer.
 */
export const KUBERNETES_VERSION = '1.35.4';
/** Its OpenAPI v3 documents (api/openapi-spec/v3) come from this module: 19 MB to download. */
const KUBERNETES_MODULE = 'k8s.io/kubernetes';
/** The ServiceMonitor CRD's schema, as JSON (jsonnet/prometheus-operator/*-crd.json): 4 MB to download. */
const PROMETHEUS_OPERATOR_MODULE = 'github.com/prometheus-operator/prometheus-operator';
const PROMETHEUS_OPERATOR_VERSION = 'v0.85.0';
/** Part of the schema cache's key: bump it when deploy/kube-schemas.ts changes what it writes. */
const SCHEMA_FORMAT = 1;

export interface DeployTools {
  helm: string;
  kubeconform: string;
  /** kubeconform's -schema-location for the schemas of KUBERNETES_VERSION (with -strict). */
  schemaLocation: string;
  kubernetesVersion: string;
}

export function toolCachePath(tool: GoTool, env: NodeJS.ProcessEnv, home: string): string {
  return path.join(counterfoilCacheDir(env, home), tool.name, tool.version, tool.name);
}

/** The folder holding `v<kubernetes version>-standalone-strict/`, one folder per pinned input pair. */
export function schemaCacheDir(env: NodeJS.ProcessEnv, home: string): string {
  return path.join(counterfoilCacheDir(env, home), 'kube-schemas', `v${KUBERNETES_VERSION}+prometheus-operator-${PROMETHEUS_OPERATOR_VERSION}+format-${SCHEMA_FORMAT}`);
}

/** helm, kubeconform and the schemas, building or converting once whatever the cache lacks. */
export async function ensureDeployTools(log: Log = () => undefined): Promise<DeployTools> {
  // One after the other: two Go builds side by side on a small machine take as long and need twice the memory.
  const helm = await ensureGoTool(HELM, log);
  const kubeconform = await ensureGoTool(KUBECONFORM, log);
  const schemas = await ensureKubeSchemas(log);
  return {
    helm,
    kubeconform,
    schemaLocation: `${schemas}/{{ .NormalizedKubernetesVersion }}-standalone{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json`,
    kubernetesVersion: KUBERNETES_VERSION,
  };
}

export async function ensureGoTool(tool: GoTool, log: Log): Promise<string> {
  const env = process.env;
  const target = toolCachePath(tool, env, os.homedir());
  if (await isExecutableFile(target)) return target;
  const go = await requireGo(`${tool.name} ${tool.version}`);
  const dir = path.dirname(target);
  await fs.promises.mkdir(dir, { recursive: true });
  const release = await acquireBuildLock(path.join(dir, '.build.lock'), log);
  try {
    if (await isExecutableFile(target)) return target; // built by whoever held the lock before us
    const pkg = `${tool.module}@${tool.version}`;
    log(`${tool.name} ${tool.version} not found: building it once with \`go install ${pkg}\` into ${dir}`);
    const startedAt = Date.now();
    // A private GOBIN, then an atomic rename: nobody ever runs a half-written binary.
    const staging = await fs.promises.mkdtemp(path.join(dir, '.gobin-'));
    try {
      const flags = tool.ldflags ? ['-ldflags', tool.ldflags] : [];
      const { code, output } = await runCollecting(go, ['install', ...flags, pkg], {
        cwd: dir, // never inside someone's Go module
        env: { ...env, GOBIN: staging, GOFLAGS: '-mod=mod' },
      });
      if (code !== 0) throw new Error(`\`go install ${pkg}\` failed (exit ${code}):\n${lastLines(output, 30)}`);
      await fs.promises.rename(path.join(staging, tool.name), target);
    } finally {
      await fs.promises.rm(staging, { recursive: true, force: true });
    }
    log(`Built ${tool.name} ${tool.version} in ${((Date.now() - startedAt) / 1000).toFixed(0)} s: ${target}`);
    return target;
  } finally {
    await release();
  }
}

/** The schema folder for kubeconform, converting the pinned modules' documents once. */
export async function ensureKubeSchemas(log: Log): Promise<string> {
  const env = process.env;
  const root = schemaCacheDir(env, os.homedir());
  const versionDir = path.join(root, `v${KUBERNETES_VERSION}-standalone-strict`);
  if (fs.existsSync(versionDir)) return root;
  const go = await requireGo('the Kubernetes schemas');
  await fs.promises.mkdir(root, { recursive: true });
  const release = await acquireBuildLock(path.join(root, '.build.lock'), log);
  try {
    if (fs.existsSync(versionDir)) return root;
    const startedAt = Date.now();
    log(`Kubernetes ${KUBERNETES_VERSION} JSON schemas not found: converting them once into ${root}`);
    // Conversions killed mid-way leave staging folders; only the lock holder may remove them.
    for (const entry of await fs.promises.readdir(root)) {
      if (entry.startsWith('.staging-')) await fs.promises.rm(path.join(root, entry), { recursive: true, force: true });
    }
    const staging = await fs.promises.mkdtemp(path.join(root, '.staging-'));
    try {
      const kubernetes = await downloadModule(go, `${KUBERNETES_MODULE}@v${KUBERNETES_VERSION}`, root);
      const specDir = path.join(kubernetes, 'api', 'openapi-spec', 'v3');
      const written = new Set<string>();
      for (const file of (await fs.promises.readdir(specDir)).filter((f) => f.endsWith('.json')).sort()) {
        const doc = JSON.parse(await fs.promises.readFile(path.join(specDir, file), 'utf8')) as Json;
        await writeSchemas(staging, openApiSchemas(doc), written);
      }
      const operator = await downloadModule(go, `${PROMETHEUS_OPERATOR_MODULE}@${PROMETHEUS_OPERATOR_VERSION}`, root);
      const crdDir = path.join(operator, 'jsonnet', 'prometheus-operator');
      for (const file of (await fs.promises.readdir(crdDir)).filter((f) => f.endsWith('-crd.json')).sort()) {
        const crd = JSON.parse(await fs.promises.readFile(path.join(crdDir, file), 'utf8')) as Json;
        await writeSchemas(staging, crdSchemas(crd), written);
      }
      await fs.promises.rename(staging, versionDir);
      log(`Converted ${written.size} Kubernetes ${KUBERNETES_VERSION} and Prometheus Operator schemas in ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
    } finally {
      await fs.promises.rm(staging, { recursive: true, force: true });
    }
    return root;
  } finally {
    await release();
  }
}

/** Every group's document repeats the shared kinds (WatchEvent, DeleteOptions): the first of each is written. */
async function writeSchemas(dir: string, schemas: Map<string, Json>, written: Set<string>): Promise<void> {
  for (const [file, schema] of schemas) {
    if (written.has(file)) continue;
    written.add(file);
    await fs.promises.writeFile(path.join(dir, file), JSON.stringify(schema));
  }
}

/** `go mod download` of one module version (into Go's module cache); its extracted folder. */
async function downloadModule(go: string, moduleAtVersion: string, cwd: string): Promise<string> {
  const { code, output } = await runCollecting(go, ['mod', 'download', '-json', moduleAtVersion], {
    cwd,
    env: { ...process.env, GOFLAGS: '-mod=mod' },
  });
  let info: { Dir?: string; Error?: string } = {};
  try {
    info = JSON.parse(output.slice(output.indexOf('{'))) as typeof info;
  } catch {
    // reported below with the output
  }
  if (code !== 0 || !info.Dir) {
    throw new Error(`\`go mod download ${moduleAtVersion}\` failed (exit ${code}): ${info.Error ?? lastLines(output, 20)}`);
  }
  return info.Dir;
}

async function requireGo(what: string): Promise<string> {
  const go = await findGo(process.env);
  if (go) return go;
  throw new Error(
    `Checking the Helm chart needs ${what}, which is built with Go, and Go is not installed. ` +
      'Install Go >= 1.22 from https://go.dev/dl/ (it fetches the toolchain the tools ask for), then re-run.',
  );
}

if (require.main === module) {
  ensureDeployTools((msg) => console.error(msg)).then(
    (tools) => console.log(JSON.stringify(tools, null, 2)),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    },
  );
}
