// The Helm chart (deploy/helm/counterfoil): `helm lint --strict`, and `helm template` piped into
// `kubeconform -strict` against the pinned Kubernetes release's schemas (no schema may be missing), with
// the default values, with every optional part on, and with the Secrets made from values. A value the
// chart's schema refuses stops template and lint. helm, kubeconform and the schemas come from
// deploy/tools.ts: built once into the per-user cache, so a warm run takes seconds.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureDeployTools, type DeployTools } from '../../deploy/tools';

const CHART = path.resolve(__dirname, '../../deploy/helm/counterfoil');
const RELEASE = 'ledger';
const NAMESPACE = 'payments';
/** A cold machine builds helm (several minutes on 2 cores) and kubeconform, and converts the schemas. */
const COLD_BUILD_MS = 40 * 60_000;

let tools: DeployTools;
let dir: string;
let helmEnv: NodeJS.ProcessEnv;

beforeAll(async () => {
  tools = await ensureDeployTools((msg) => process.stderr.write(`${msg}\n`));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helm-test-'));
  // helm reads and writes its own folders: keep a developer's repositories and plugins out of the test.
  helmEnv = {
    ...process.env,
    HELM_CACHE_HOME: path.join(dir, 'cache'),
    HELM_CONFIG_HOME: path.join(dir, 'config'),
    HELM_DATA_HOME: path.join(dir, 'data'),
  };
}, COLD_BUILD_MS);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function run(command: string, args: string[]): { code: number; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { env: helmEnv, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  return { code: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}

function valuesFile(name: string, values: object): string {
  const file = path.join(dir, `${name}.json`); // JSON is YAML: helm reads it as a values file
  fs.writeFileSync(file, JSON.stringify(values));
  return file;
}

function helm(verb: 'lint' | 'template', extra: string[]): { code: number; stdout: string; stderr: string } {
  const args =
    verb === 'lint'
      ? ['lint', '--strict', '--kube-version', tools.kubernetesVersion, CHART]
      : ['template', RELEASE, CHART, '--namespace', NAMESPACE, '--kube-version', tools.kubernetesVersion];
  return run(tools.helm, [...args, ...extra]);
}

interface Checked {
  kinds: Record<string, number>;
  names: string[];
  summary: { valid: number; invalid: number; errors: number; skipped: number };
  problems: string[];
  documents: Map<string, string>;
}

/** Renders the chart and validates every object with kubeconform -strict; documents by "Kind/name". */
function renderAndValidate(extra: string[]): Checked {
  const rendered = helm('template', extra);
  expect(rendered.stderr).toBe('');
  expect(rendered.code).toBe(0);
  const manifest = path.join(dir, 'manifest.yaml');
  fs.writeFileSync(manifest, rendered.stdout);
  const result = run(tools.kubeconform, [
    '-strict', '-summary', '-verbose', '-output', 'json',
    '-kubernetes-version', tools.kubernetesVersion,
    '-schema-location', tools.schemaLocation,
    manifest,
  ]);
  const report = JSON.parse(result.stdout) as {
    resources: { kind: string; name: string; status: string; msg: string }[];
    summary: Checked['summary'];
  };
  const kinds: Record<string, number> = {};
  for (const r of report.resources) kinds[r.kind] = (kinds[r.kind] ?? 0) + 1;
  const documents = new Map<string, string>();
  for (const doc of rendered.stdout.split(/^---$/m)) {
    const kind = /^kind: (\S+)$/m.exec(doc)?.[1];
    const name = /^metadata:\n {2}name: (\S+)$/m.exec(doc)?.[1];
    if (kind && name) documents.set(`${kind}/${name}`, doc);
  }
  return {
    kinds,
    names: report.resources.map((r) => `${r.kind}/${r.name}`).sort(),
    summary: report.summary,
    problems: report.resources.filter((r) => r.status !== 'statusValid').map((r) => `${r.kind}/${r.name}: ${r.status} ${r.msg}`),
    documents,
  };
}

function expectAllValid(checked: Checked): void {
  expect(checked.problems).toEqual([]);
  expect(checked.summary).toEqual({ valid: checked.names.length, invalid: 0, errors: 0, skipped: 0 });
  expect(checked.documents.size).toBe(checked.names.length);
}

/** Every optional part on, the Secrets being the operator's own. */
const EVERYTHING = {
  image: { repository: 'registry.example.com/counterfoil', digest: `sha256:${'ab'.repeat(32)}` },
  imagePullSecrets: [{ name: 'registry' }],
  providers: { rails: { sepa: 'acme-bank' } },
  env: { COUNTERFOIL_RATE_LIMIT_STORE: 'redis', COUNTERFOIL_LEDGER_GROUP_MAX: 32 },
  extraEnv: [{ name: 'COUNTERFOIL_REDIS_URL', valueFrom: { secretKeyRef: { name: 'redis', key: 'url' } } }],
  database: { existingSecret: 'pg-app', existingSecretKey: 'url' },
  migrate: { existingSecret: 'pg-owner', existingSecretKey: 'url' },
  sealing: { existingSecret: 'sealing-ring' },
  temporal: {
    address: 'temporal.example.com:7233',
    namespace: 'counterfoil-prod',
    apiKey: { existingSecret: 'temporal-api-key' },
    tls: { enabled: true, existingSecret: 'temporal-client', serverName: 'frontend.temporal.internal' },
    setup: { enabled: true, createNamespace: true, retention: '30d' },
  },
  api: {
    replicas: 3,
    trustedProxies: '10.0.0.0/8',
    podAnnotations: { 'example.com/team': 'payments' },
    nodeSelector: { 'kubernetes.io/os': 'linux' },
    tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'payments', effect: 'NoSchedule' }],
    affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, podAffinityTerm: { topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { 'app.kubernetes.io/component': 'api' } } } }] } },
    topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: { 'app.kubernetes.io/component': 'api' } } }],
    podDisruptionBudget: { enabled: true, maxUnavailable: '25%' },
  },
  service: { type: 'LoadBalancer', annotations: { 'example.com/internal': 'true' } },
  serviceMonitor: { enabled: true, interval: '15s', labels: { release: 'kube-prometheus-stack' } },
};

const PEM = (label: string): string => `-----BEGIN ${label}-----\nTUlJQg==\n-----END ${label}-----\n`;

/** The Secrets made by the chart from values. */
const FROM_VALUES = {
  database: { url: 'postgres://counterfoil:pw@db.example.com:5432/counterfoil?sslmode=verify-full' },
  migrate: { url: 'postgres://owner:pw@db.example.com:5432/counterfoil?sslmode=verify-full' },
  sealing: { keys: `k1:${Buffer.alloc(32, 7).toString('base64')}\n` },
  temporal: { tls: { enabled: true, clientCert: PEM('CERTIFICATE'), clientKey: PEM('PRIVATE KEY'), serverCaCert: PEM('CERTIFICATE') } },
};

describe('the Helm chart', () => {
  it('passes helm lint --strict with its default values and with every optional part on', () => {
    const plain = helm('lint', []);
    expect(`${plain.stdout}${plain.stderr}`).toContain('1 chart(s) linted, 0 chart(s) failed');
    expect(plain.code).toBe(0);
    const everything = helm('lint', ['-f', valuesFile('everything', EVERYTHING)]);
    expect(`${everything.stdout}${everything.stderr}`).toContain('1 chart(s) linted, 0 chart(s) failed');
    expect(everything.code).toBe(0);
  });

  it('renders valid Kubernetes objects with its default values', () => {
    const checked = renderAndValidate([]);
    expectAllValid(checked);
    expect(checked.kinds).toEqual({ Deployment: 2, Service: 1, PodDisruptionBudget: 2, Job: 2 });
    expect(checked.names).toEqual([
      'Deployment/ledger-counterfoil-api', 'Deployment/ledger-counterfoil-worker',
      'Job/ledger-counterfoil-migrate', 'Job/ledger-counterfoil-temporal-setup',
      'PodDisruptionBudget/ledger-counterfoil-api', 'PodDisruptionBudget/ledger-counterfoil-worker',
      'Service/ledger-counterfoil-api',
    ]);

    const api = checked.documents.get('Deployment/ledger-counterfoil-api')!;
    const worker = checked.documents.get('Deployment/ledger-counterfoil-worker')!;
    for (const doc of [api, worker]) {
      expect(doc).toMatch(/readOnlyRootFilesystem: true/);
      expect(doc).toMatch(/allowPrivilegeEscalation: false/);
      expect(doc).toMatch(/runAsNonRoot: true/);
      expect(doc).toMatch(/drop:\n\s+- ALL/);
      expect(doc).toMatch(/type: RuntimeDefault/);
      expect(doc).toMatch(/livenessProbe:\n\s+httpGet:\n\s+path: \/healthz\n\s+port: ops/);
      expect(doc).toMatch(/readinessProbe:\n\s+httpGet:\n\s+path: \/readyz\n\s+port: ops/);
      expect(doc).toMatch(/- name: COUNTERFOIL_OPS_HOST\n\s+value: 0\.0\.0\.0\n\s+- name: COUNTERFOIL_OPS_PORT\n\s+value: "9464"/);
      expect(doc).toMatch(/- name: COUNTERFOIL_SEALING_KEY_FILE\n\s+value: "\/etc\/counterfoil\/sealing\/sealing-keys"/);
      expect(doc).toMatch(/mountPath: \/tmp/);
    }
    expect(api).toMatch(/args: \["api"\]/);
    expect(api).toMatch(/- name: COUNTERFOIL_HOST\n\s+value: 0\.0\.0\.0/);
    expect(worker).toMatch(/args: \["worker"\]/);
    expect(worker).not.toMatch(/COUNTERFOIL_HOST|containerPort: 8080/);
    // Drain 5 s + grace 10 s + 10 s margin; the worker: 0 + 10 s + 20 s.
    expect(api).toMatch(/terminationGracePeriodSeconds: 25\n/);
    expect(worker).toMatch(/terminationGracePeriodSeconds: 30\n/);

    // The migration first, then Temporal setup; both before the Deployments, which are no hooks.
    expect(checked.documents.get('Job/ledger-counterfoil-migrate')).toMatch(/helm.sh\/hook: pre-install,pre-upgrade\n\s+helm.sh\/hook-weight: "-10"/);
    expect(checked.documents.get('Job/ledger-counterfoil-temporal-setup')).toMatch(/helm.sh\/hook: pre-install,pre-upgrade\n\s+helm.sh\/hook-weight: "-5"/);
    expect(api).not.toMatch(/helm.sh\/hook/);
  });

  it('renders valid objects with every optional part on, including the ServiceMonitor', () => {
    const checked = renderAndValidate(['-f', valuesFile('everything', EVERYTHING)]);
    expectAllValid(checked);
    expect(checked.kinds).toEqual({ Deployment: 2, Service: 2, PodDisruptionBudget: 2, Job: 2, ServiceMonitor: 1 });
    const api = checked.documents.get('Deployment/ledger-counterfoil-api')!;
    expect(api).toContain(`image: registry.example.com/counterfoil@sha256:${'ab'.repeat(32)}`);
    expect(api).toMatch(/name: DATABASE_URL\n\s+valueFrom:\n\s+secretKeyRef:\n\s+name: pg-app\n\s+key: url/);
    expect(api).toMatch(/name: TEMPORAL_TLS_CLIENT_CERT_PATH\n\s+value: "\/etc\/counterfoil\/temporal-tls\/tls.crt"/);
    expect(api).toMatch(/name: TEMPORAL_TLS_SERVER_CA_CERT_PATH\n\s+value: "\/etc\/counterfoil\/temporal-tls\/ca.crt"/);
    expect(api).toMatch(/secretName: temporal-client/);
    // The migration alone uses the URL with DDL rights, and DATABASE_URL appears once in its container.
    const migrate = checked.documents.get('Job/ledger-counterfoil-migrate')!;
    expect(migrate).toMatch(/name: DATABASE_URL\n\s+valueFrom:\n\s+secretKeyRef:\n\s+name: pg-owner/);
    expect(migrate.match(/name: DATABASE_URL/g)).toHaveLength(1);
    expect(checked.documents.get('Job/ledger-counterfoil-temporal-setup')).toMatch(/- temporal\n\s+- setup\n\s+- --create-namespace\n\s+- --retention\n\s+- 30d/);
    const monitor = checked.documents.get('ServiceMonitor/ledger-counterfoil')!;
    expect(monitor).toMatch(/port: ops\n\s+path: \/metrics/);
    // The scrape job is the one the alert rules select (up{job="counterfoil-api"}, …), whatever the release's name.
    expect(monitor).toMatch(/sourceLabels: \[__meta_kubernetes_pod_label_app_kubernetes_io_component\]\n\s+regex: \(api\|worker\)\(-previous\)\?\n\s+targetLabel: job\n\s+replacement: counterfoil-\$1/);
    const jobs = [...fs.readFileSync(path.resolve(__dirname, '../../deploy/observability/alerts.yml'), 'utf8').matchAll(/job="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(jobs)).toEqual(new Set(['api', 'worker'].map((role) => `counterfoil-${role}`)));
  });

  it("keeps the previous release's workers beside the new ones during a Worker Versioning upgrade", () => {
    const values = { image: { tag: '0.2.0' }, worker: { versioning: { deploymentName: 'counterfoil', previousImageTag: '0.1.0', previousReplicas: 2 } } };
    const checked = renderAndValidate(['-f', valuesFile('versioning', values)]);
    expectAllValid(checked);
    expect(checked.kinds).toEqual({ Deployment: 3, Service: 1, PodDisruptionBudget: 2, Job: 2 });
    const worker = checked.documents.get('Deployment/ledger-counterfoil-worker')!;
    const previous = checked.documents.get('Deployment/ledger-counterfoil-worker-previous')!;
    expect(worker).toContain('image: localhost/counterfoil:0.2.0');
    expect(previous).toContain('image: localhost/counterfoil:0.1.0');
    expect(previous).toMatch(/replicas: 2\n/);
    expect(previous).toMatch(/args: \["worker"\]/);
    for (const doc of [worker, previous]) expect(doc).toMatch(/name: COUNTERFOIL_WORKER_DEPLOYMENT\n\s+value: "counterfoil"/);
    expect(checked.documents.get('Deployment/ledger-counterfoil-api')).not.toContain('COUNTERFOIL_WORKER_DEPLOYMENT');
    // A selector of its own: rolling the worker Deployment to the new release never replaces these pods.
    expect(previous).toContain('app.kubernetes.io/component: worker-previous');
  });

  it('renders valid Secrets when the credentials are given as values', () => {
    const checked = renderAndValidate(['-f', valuesFile('from-values', FROM_VALUES)]);
    expectAllValid(checked);
    expect(checked.kinds).toEqual({ Deployment: 2, Service: 1, PodDisruptionBudget: 2, Job: 2, Secret: 4 });
    const database = checked.documents.get('Secret/ledger-counterfoil-database')!;
    // The Secrets exist before the hook Jobs that read them.
    expect(database).toMatch(/helm.sh\/hook: pre-install,pre-upgrade\n\s+helm.sh\/hook-weight: "-20"/);
    expect(database).toContain(`database-url: ${Buffer.from(FROM_VALUES.database.url).toString('base64')}`);
    expect(checked.documents.get('Secret/ledger-counterfoil-temporal-tls')).toMatch(/ca.crt: \S+\n\s+tls.crt: \S+\n\s+tls.key: \S+/);
  });

  it('is checked strictly: a misspelt field in a rendered object fails kubeconform', () => {
    // The chart's schema leaves Kubernetes' own entries (extraEnv) to Kubernetes' schema: kubeconform must catch it.
    const checked = renderAndValidate(['-f', valuesFile('misspelt', { extraEnv: [{ name: 'COUNTERFOIL_X', valu: '1' }] })]);
    expect(checked.summary).toEqual({ valid: 3, invalid: 4, errors: 0, skipped: 0 });
    expect(checked.problems).toHaveLength(4);
    for (const problem of checked.problems) expect(problem).toMatch(/additional properties 'valu' not allowed/);
  });

  it.each([
    ['an unknown mode', 'mode=staging', "at '/mode': value must be one of"],
    ['a misspelt key', 'api.replica=3', "at '/api': additional properties 'replica' not allowed"],
    ['a port out of range', 'ops.port=70000', "at '/ops/port': maximum"],
    ['a writable root filesystem', 'securityContext.readOnlyRootFilesystem=false', "at '/securityContext/readOnlyRootFilesystem': value must be true"],
    ['a database URL that is not PostgreSQL', 'database.url=mysql://db/counterfoil', "at '/database/url'"],
    ['a retention Temporal cannot read', 'temporal.setup.retention=3 days', "at '/temporal/setup/retention'"],
    ['a client certificate without its key', 'temporal.tls.clientCert=-----BEGIN CERTIFICATE-----', "at '/temporal/tls/clientCert': value must be ''"],
  ])('refuses %s', (_what, value, reason) => {
    const result = helm('template', ['--set', value]);
    expect(result.code).not.toBe(0);
    const output = `${result.stdout}${result.stderr}`;
    expect(output).toContain("values don't meet the specifications of the schema");
    expect(output).toContain(reason);
  });

  it('fails helm lint on a value the schema refuses', () => {
    const result = helm('lint', ['--set', 'api.replica=3']);
    expect(result.code).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).toContain("at '/api': additional properties 'replica' not allowed");
    expect(`${result.stdout}${result.stderr}`).toContain('1 chart(s) linted, 1 chart(s) failed');
  });
});
