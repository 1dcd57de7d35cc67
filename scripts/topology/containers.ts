// npm run topology:containers — deploy/compose.yaml run for real on this machine, with podman: PostgreSQL,
// the Temporal server (mTLS), the one-shot roles in release order, 2 `api` and 2 `worker` containers;
// then the topology's load, faults (SIGKILL of a worker and an API container, the Temporal container
// SIGKILLed and started again, pg_terminate_backend) and checks. Prints the table; exits non-zero when a
// check fails. It removes what it made (containers, volumes, the podman service, its work folder), and
// stops by itself after TOPOLOGY_DEADLINE_MINUTES (40) whatever happens.
//
// Compose is Debian's docker-compose against podman's Docker-compatible API (`podman system service`,
// started and stopped here). Images: COUNTERFOIL_IMAGE (default localhost/counterfoil:dev, from `npm run
// image`, run first when missing); PostgreSQL and Temporal images are built locally (container-images.ts).
// Settings: TOPOLOGY_LOAD_SECONDS (60), TOPOLOGY_THROUGHPUT_SECONDS (15), TOPOLOGY_CONCURRENCY (8),
// TOPOLOGY_PORT_BASE (15400: every port of the run is this + 0…99), TOPOLOGY_KEEP=1 (keep the work folder
// with every container's log).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import type postgres from 'postgres';
import { connectPostgres } from '../../src/db/connect';
import { call } from '../../test/helpers/app';
import { findOnPath, lastLines, runCollecting } from '../../temporal/cli';
import { withParentDeathSignal } from '../../temporal/dev-server';
import { makeCertificates } from '../../temporal/real-server';
import { checkOutcome, printReport } from './checks';
import { Client } from './client';
import { ensureComposeImages } from './container-images';
import { MixedLoad, setUpTenant } from './load';
import { dedupingReceiver } from './receiver';
import type { Credentials, Role } from './role';

const ROOT = path.resolve(__dirname, '..', '..');
const COMPOSE_FILE = path.join(ROOT, 'deploy', 'compose.yaml');
const CONTAINERS_CONF = path.join(ROOT, 'deploy', 'podman', 'containers.conf');
const COUNTERFOIL_IMAGE = process.env.COUNTERFOIL_IMAGE ?? 'localhost/counterfoil:dev';
const LOAD_SECONDS = Number(process.env.TOPOLOGY_LOAD_SECONDS ?? 60);
const THROUGHPUT_SECONDS = Number(process.env.TOPOLOGY_THROUGHPUT_SECONDS ?? 15);
const CONCURRENCY = Number(process.env.TOPOLOGY_CONCURRENCY ?? 8);
const PORT_BASE = Number(process.env.TOPOLOGY_PORT_BASE ?? 15400);
const DEADLINE_MS = Number(process.env.TOPOLOGY_DEADLINE_MINUTES ?? 40) * 60_000;
const KEEP = process.env.TOPOLOGY_KEEP === '1';
const RETRY_FOR_MS = 90_000;
/** A container started again must be ready within this (a Node process start takes tens of seconds on a busy 2-core machine). */
const READY_WITHIN_MS = 300_000;
const TEARDOWN_MS = 120_000;
/** The uid of the Counterfoil and Temporal images' users: the certificates are theirs to read. */
const CONTAINER_UID = 1000;

const log = (m: string) => process.stderr.write(`[topology:containers ${new Date().toISOString().slice(11, 19)}] ${m}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every port of the run, inside TOPOLOGY_PORT_BASE … +99 (host networking: each is a host port). */
const PORTS = {
  POSTGRES_PORT: PORT_BASE + 32,
  TEMPORAL_PORT: PORT_BASE + 33,
  TEMPORAL_HTTP_PORT: PORT_BASE + 34,
  TEMPORAL_FRONTEND_MEMBERSHIP_PORT: PORT_BASE + 35,
  TEMPORAL_HISTORY_GRPC_PORT: PORT_BASE + 36,
  TEMPORAL_HISTORY_MEMBERSHIP_PORT: PORT_BASE + 37,
  TEMPORAL_MATCHING_GRPC_PORT: PORT_BASE + 38,
  TEMPORAL_MATCHING_MEMBERSHIP_PORT: PORT_BASE + 39,
  TEMPORAL_WORKER_GRPC_PORT: PORT_BASE + 40,
  TEMPORAL_WORKER_MEMBERSHIP_PORT: PORT_BASE + 41,
  COUNTERFOIL_API_1_PORT: PORT_BASE + 80,
  COUNTERFOIL_SIGNED_API_1_PORT: PORT_BASE + 81,
  COUNTERFOIL_API_1_OPS_PORT: PORT_BASE + 82,
  COUNTERFOIL_API_2_PORT: PORT_BASE + 83,
  COUNTERFOIL_SIGNED_API_2_PORT: PORT_BASE + 84,
  COUNTERFOIL_API_2_OPS_PORT: PORT_BASE + 85,
  COUNTERFOIL_WORKER_1_OPS_PORT: PORT_BASE + 90,
  COUNTERFOIL_WORKER_2_OPS_PORT: PORT_BASE + 91,
};
const RECEIVER_PORT = PORT_BASE + 98;

// ---------------------------------------------------------------------------------------------------
// podman and compose

/** podman's settings on these machines (runc, cgroupfs, host network, no default ulimits); runc is in sbin. */
function podmanEnv(): NodeJS.ProcessEnv {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const extra of ['/usr/sbin', '/sbin']) if (!dirs.includes(extra)) dirs.push(extra);
  return { ...process.env, CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? CONTAINERS_CONF, PATH: dirs.join(path.delimiter) };
}

/** podman, runc and docker-compose are Debian packages; as root they are installed when missing. */
async function ensureTools(env: NodeJS.ProcessEnv): Promise<void> {
  const needed: Array<[string, string]> = [['podman', 'podman'], ['runc', 'runc'], ['docker-compose', 'docker-compose'], ['mmdebstrap', 'mmdebstrap']];
  const missing: string[] = [];
  for (const [binary, pkg] of needed) if (!(await findOnPath(binary, env))) missing.push(pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) throw new Error(`npm run topology:containers needs ${missing.join(', ')}: \`sudo apt-get install -y ${missing.join(' ')}\` (Debian 12 or later), then re-run.`);
  log(`installing ${missing.join(', ')} with apt-get`);
  for (const args of [['update', '-qq'], ['install', '-y', '--no-install-recommends', ...missing]]) {
    const { code, output } = await runCollecting('apt-get', args, { env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (code !== 0) throw new Error(`apt-get ${args[0]} failed:\n${lastLines(output, 20)}`);
  }
}

async function podman(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<{ code: number; output: string }> {
  return runCollecting('podman', args, { env, timeoutMs });
}

/** podman's Docker-compatible API on a socket of the run's own, for docker-compose; gone with the run. */
async function startPodmanService(socket: string, env: NodeJS.ProcessEnv, logFile: string): Promise<ChildProcess> {
  const out = fs.openSync(logFile, 'a');
  const { command, args } = withParentDeathSignal('podman', ['system', 'service', '--time=0', `unix://${socket}`]);
  const child = spawn(command, args, { env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const deadline = Date.now() + 30_000;
  while (!fs.existsSync(socket)) {
    if (child.exitCode !== null) throw new Error(`podman system service exited (${child.exitCode}); see ${logFile}`);
    if (Date.now() > deadline) throw new Error(`podman system service made no socket within 30 s; see ${logFile}`);
    await sleep(100);
  }
  return child;
}

class Compose {
  constructor(
    readonly project: string,
    private readonly files: string[],
    readonly env: NodeJS.ProcessEnv,
  ) {}

  run(args: string[], timeoutMs = 600_000): Promise<{ code: number; output: string }> {
    return runCollecting('docker-compose', ['--ansi', 'never', '--project-name', this.project, ...this.files.flatMap((f) => ['--file', f]), ...args], { env: this.env, timeoutMs, cwd: path.dirname(COMPOSE_FILE) });
  }

  async must(args: string[], timeoutMs?: number): Promise<string> {
    const { code, output } = await this.run(args, timeoutMs);
    if (code !== 0) throw new Error(`docker-compose ${args.join(' ')} failed (exit ${code}):\n${lastLines(output, 40)}`);
    return output;
  }

  /** The container of `service` (compose names it; podman's label says which service it is). */
  async container(service: string): Promise<string> {
    const { output } = await podman(['ps', '--all', '--filter', `label=com.docker.compose.project=${this.project}`, '--filter', `label=com.docker.compose.service=${service}`, '--format', '{{.Names}}'], this.env);
    const name = output.trim().split('\n').filter(Boolean)[0];
    if (!name) throw new Error(`no container of service ${service}`);
    return name;
  }

  /**
   * Starts the stopped container of `service` again with podman. Not `docker-compose start`: compose 1.x
   * starts a service's `depends_on` too, and would run the one-shot roles again before it (minutes here).
   * Waits until podman has finished cleaning up after the kill; a container its restart policy already
   * started is left alone.
   */
  async startAgain(service: string): Promise<void> {
    const container = await this.container(service);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { output } = await podman(['inspect', '--format', '{{.State.Status}}', container], this.env);
      const status = output.trim();
      if (status === 'running') return;
      if (status === 'exited' || status === 'created' || status === 'stopped') break;
      if (Date.now() > deadline) throw new Error(`${container} is still ${status} after 60 s`);
      await sleep(250);
    }
    const started = await podman(['start', container], this.env);
    if (started.code !== 0 && !/already running|is running/.test(started.output)) throw new Error(`podman start ${container} failed: ${started.output.trim()}`);
  }
}

/**
 * podman 4.3 schedules health checks with systemd timers; where systemd is not the init (containers, CI)
 * nothing runs them and a `service_healthy` dependency would wait forever. While compose waits, this runs
 * the checks of the run's containers that are not yet healthy, every 2 s.
 */
function healthScheduler(project: string, env: NodeJS.ProcessEnv): { stop(): Promise<void> } {
  let going = true;
  const loop = (async () => {
    while (going) {
      const { output } = await podman(['ps', '--filter', `label=com.docker.compose.project=${project}`, '--format', '{{.Names}} {{.Status}}'], env);
      const pending = output.split('\n').filter((l) => /\((starting|unhealthy)\)/.test(l)).map((l) => l.split(' ')[0]);
      await Promise.all(pending.map((name) => podman(['healthcheck', 'run', name], env, 30_000)));
      await sleep(2000);
    }
  })();
  return {
    stop: async () => {
      going = false;
      await loop;
    },
  };
}

/** A Role as a compose service: killed with `podman kill`, started again with `podman start`. */
class ContainerRole implements Role {
  constructor(
    readonly name: string,
    readonly kind: 'api' | 'worker',
    private readonly compose: Compose,
    private readonly ports: { api?: number; ops: number },
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.ports.api}`;
  }

  get opsUrl(): string {
    return `http://127.0.0.1:${this.ports.ops}`;
  }

  async start(): Promise<void> {
    await this.compose.startAgain(this.name);
    const deadline = Date.now() + READY_WITHIN_MS;
    for (;;) {
      const readyz = await fetch(`${this.opsUrl}/readyz`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status, () => 0);
      if (readyz === 200) return;
      if (Date.now() > deadline) throw new Error(`${this.name} was not ready within ${READY_WITHIN_MS / 1000} s`);
      await sleep(250);
    }
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    const container = await this.compose.container(this.name);
    const killed = await podman(['kill', '--signal', signal.replace(/^SIG/, ''), container], this.compose.env);
    if (killed.code !== 0) throw new Error(`podman kill ${container} failed: ${killed.output.trim()}`);
  }
}

// ---------------------------------------------------------------------------------------------------
// The deployment's inputs: mTLS files, secrets, the local images and the run's own settings.

/** ca.pem, frontend.pem/.key, internode.pem/.key (server and client usage), client.pem/.key: the files deploy/compose.yaml names. */
async function temporalTls(dir: string): Promise<{ dir: string; caCert: string; clientCert: string; clientKey: string; serverName: string }> {
  const made = await makeCertificates(path.join(dir, 'issue'));
  await fs.promises.mkdir(path.join(dir, 'tls'), { mode: 0o700 });
  const tls = (name: string) => path.join(dir, 'tls', name);
  await fs.promises.copyFile(made.caCert, tls('ca.pem'));
  await fs.promises.copyFile(made.serverCert, tls('frontend.pem'));
  await fs.promises.copyFile(made.serverKey, tls('frontend.key'));
  await fs.promises.copyFile(made.clientCert, tls('client.pem'));
  await fs.promises.copyFile(made.clientKey, tls('client.key'));
  // The server's own certificate: presented to its other services and, by its worker service, to the frontend.
  const issue = path.join(dir, 'issue');
  const ext = path.join(issue, 'internode.ext');
  await fs.promises.writeFile(ext, `basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth,clientAuth\nsubjectAltName=DNS:${made.serverName},IP:127.0.0.1\n`);
  const openssl = async (args: string[]) => {
    const { code, output } = await runCollecting('openssl', args, { timeoutMs: 30_000 });
    if (code !== 0) throw new Error(`openssl ${args[0]} failed:\n${lastLines(output, 10)}`);
  };
  await openssl(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-noenc', '-keyout', tls('internode.key'), '-out', path.join(issue, 'internode.csr'), '-subj', `/CN=${made.serverName}`]);
  await openssl(['x509', '-req', '-in', path.join(issue, 'internode.csr'), '-CA', made.caCert, '-CAkey', path.join(issue, 'ca.key'), '-set_serial', `0x${randomBytes(16).toString('hex')}`, '-days', '30', '-extfile', ext, '-out', tls('internode.pem')]);
  // The CA's key never reaches a container; the rest belongs to the images' user, keys 0600.
  await fs.promises.rm(issue, { recursive: true, force: true });
  for (const file of await fs.promises.readdir(path.join(dir, 'tls'))) {
    await fs.promises.chown(tls(file), CONTAINER_UID, CONTAINER_UID);
    await fs.promises.chmod(tls(file), file.endsWith('.key') ? 0o600 : 0o644);
  }
  await fs.promises.chown(path.join(dir, 'tls'), CONTAINER_UID, CONTAINER_UID);
  return { dir: path.join(dir, 'tls'), caCert: tls('ca.pem'), clientCert: tls('client.pem'), clientKey: tls('client.key'), serverName: made.serverName };
}

/** Settings of this run only (not of a deployment): no rate limit in the way of the load, quick sandbox blocks. */
function overrideFile(file: string): void {
  const env = {
    COUNTERFOIL_SANDBOX_BLOCK_MS: '50',
    COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '100000',
    COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND: '100000',
    COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '100000',
  };
  const services = ['api-1', 'api-2', 'worker-1', 'worker-2', 'ledger-verify'];
  const lines = ['services:'];
  for (const s of services) {
    lines.push(`  ${s}:`, '    environment:');
    for (const [k, v] of Object.entries(env)) lines.push(`      ${k}: "${v}"`);
  }
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

async function ensureCounterfoilImage(env: NodeJS.ProcessEnv): Promise<void> {
  if ((await podman(['image', 'exists', COUNTERFOIL_IMAGE], env)).code === 0) return;
  log(`${COUNTERFOIL_IMAGE} not found: building it with \`npm run image\``);
  const { code, output } = await runCollecting('npm', ['run', '-s', 'image'], { cwd: ROOT, env: { ...env, COUNTERFOIL_IMAGE }, timeoutMs: 45 * 60_000 });
  if (code !== 0) throw new Error(`npm run image failed (exit ${code}):\n${lastLines(output, 30)}`);
}

/** Serving = a mTLS client gets the system info from the frontend. */
async function temporalServing(address: string, tls: { caCert: string; clientCert: string; clientKey: string; serverName: string }, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const connection = await Connection.connect({
        address,
        tls: { serverNameOverride: tls.serverName, serverRootCACertificate: fs.readFileSync(tls.caCert), clientCertPair: { crt: fs.readFileSync(tls.clientCert), key: fs.readFileSync(tls.clientKey) } },
        connectTimeout: '2s',
      });
      try {
        await connection.workflowService.getSystemInfo({});
        return;
      } finally {
        await connection.close();
      }
    } catch (err) {
      last = String((err as Error).message).split('\n')[0];
    }
    await sleep(500);
  }
  throw new Error(`the Temporal container was not serving within ${withinMs / 1000} s (${last})`);
}

// ---------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const started = Date.now();
  const env = podmanEnv();
  await ensureTools(env);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'counterfoil-containers-'));
  // The containers' user reaches the certificates below; nothing else in here is readable to others.
  fs.chmodSync(work, 0o711);
  const logDir = path.join(work, 'logs');
  fs.mkdirSync(logDir);
  log(`work folder ${work}`);
  const project = `cf-topology-${randomBytes(3).toString('hex')}`;

  let service: ChildProcess | undefined;
  let compose: Compose | undefined;
  let sql: postgres.Sql | undefined;
  const receiver = await dedupingReceiver(RECEIVER_PORT);
  let passed = false;
  // Whatever happens, the run ends and cleans up within the deadline.
  let timedOut = false;
  const deadline = setTimeout(() => {
    timedOut = true;
    log(`deadline of ${DEADLINE_MS / 60_000} min reached: stopping`);
    void teardown().finally(() => process.exit(1));
  }, DEADLINE_MS);
  let tornDown: Promise<void> | undefined;
  const teardown = () =>
    (tornDown ??= (async () => {
      await sql?.end({ timeout: 5 }).catch(() => undefined);
      await receiver.close().catch(() => undefined);
      if (compose) {
        const logs = await compose.run(['logs', '--no-color', '--timestamps'], 60_000);
        fs.writeFileSync(path.join(logDir, 'compose.log'), logs.output);
        if (!passed) log(`the containers' last lines:\n${(await compose.run(['logs', '--no-color', '--tail=12'], 60_000)).output}`);
        const down = await compose.run(['down', '--volumes', '--remove-orphans', '--timeout', '20'], TEARDOWN_MS);
        if (down.code !== 0) log(`docker-compose down failed (exit ${down.code}):\n${lastLines(down.output, 10)}`);
        // Anything compose left (a one-shot `run` container, a volume): by the project's label.
        const label = `label=com.docker.compose.project=${project}`;
        const left = (await podman(['ps', '--all', '--quiet', '--filter', label], env)).output.split('\n').filter(Boolean);
        if (left.length) await podman(['rm', '--force', '--volumes', ...left], env);
        const volumes = (await podman(['volume', 'ls', '--quiet', '--filter', label], env)).output.split('\n').filter(Boolean);
        if (volumes.length) await podman(['volume', 'rm', '--force', ...volumes], env);
        const after = (await podman(['ps', '--all', '--quiet', '--filter', label], env)).output.trim() + (await podman(['volume', 'ls', '--quiet', '--filter', label], env)).output.trim();
        log(after ? `left behind: ${after}` : `project ${project}: no container or volume left`);
      }
      if (service && service.exitCode === null) {
        const exited = new Promise<void>((resolve) => service!.once('exit', () => resolve()));
        service.kill('SIGTERM');
        await Promise.race([exited, sleep(10_000)]);
        if (service.exitCode === null) service.kill('SIGKILL');
      }
      if (!KEEP) fs.rmSync(work, { recursive: true, force: true });
      else log(`kept ${work}`);
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void teardown().finally(() => process.exit(130)));

  try {
    await ensureCounterfoilImage(env);
    const images = await ensureComposeImages(env, log);
    const tls = await temporalTls(work);
    const password = randomBytes(18).toString('hex');
    const composeEnv: NodeJS.ProcessEnv = {
      ...env,
      ...Object.fromEntries(Object.entries(PORTS).map(([k, v]) => [k, String(v)])),
      COUNTERFOIL_IMAGE,
      POSTGRES_IMAGE: images.postgres,
      TEMPORAL_IMAGE: images.temporal,
      TEMPORAL_ADMIN_TOOLS_IMAGE: images.temporal,
      POSTGRES_PASSWORD: password,
      COUNTERFOIL_SEALING_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      TEMPORAL_TLS_DIR: tls.dir,
      TEMPORAL_RETENTION: '1d',
      TEMPORAL_TASK_QUEUE: 'counterfoil-topology',
      COUNTERFOIL_HOST: '127.0.0.1',
      COUNTERFOIL_OPS_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    };
    const sock = path.join(work, 'podman.sock');
    service = await startPodmanService(sock, env, path.join(logDir, 'podman-service.log'));
    composeEnv.DOCKER_HOST = `unix://${sock}`;
    const override = path.join(work, 'compose.override.yaml');
    overrideFile(override);
    compose = new Compose(project, [COMPOSE_FILE, override], composeEnv);

    // The release, in order, as compose's depends_on says: PostgreSQL, Temporal's schema, the server,
    // `temporal setup` and `migrate`, `bootstrap`; then api-1 and worker-1.
    const upStarted = Date.now();
    const health = healthScheduler(project, env);
    try {
      await compose.must(['up', '--detach', '--no-build', 'bootstrap', 'api-1', 'worker-1'], 20 * 60_000);
    } finally {
      await health.stop();
    }
    // `up` does not fail when a one-shot role does (nothing depends on bootstrap): each must have exited 0.
    for (const oneShot of ['temporal-schema', 'temporal-setup', 'migrate', 'bootstrap']) {
      const container = await compose.container(oneShot);
      const { output } = await podman(['inspect', '--format', '{{.State.Status}} {{.State.ExitCode}}', container], env);
      if (output.trim() !== 'exited 0') {
        const logs = await podman(['logs', '--tail', '30', container], env);
        throw new Error(`${oneShot} did not complete (${output.trim()}):\n${logs.output}`);
      }
    }
    const roles = {
      api1: new ContainerRole('api-1', 'api', compose, { api: PORTS.COUNTERFOIL_API_1_PORT, ops: PORTS.COUNTERFOIL_API_1_OPS_PORT }),
      api2: new ContainerRole('api-2', 'api', compose, { api: PORTS.COUNTERFOIL_API_2_PORT, ops: PORTS.COUNTERFOIL_API_2_OPS_PORT }),
      worker1: new ContainerRole('worker-1', 'worker', compose, { ops: PORTS.COUNTERFOIL_WORKER_1_OPS_PORT }),
      worker2: new ContainerRole('worker-2', 'worker', compose, { ops: PORTS.COUNTERFOIL_WORKER_2_OPS_PORT }),
    };
    await Promise.all([roles.api1.start(), roles.worker1.start()]);
    const firstReadySeconds = (Date.now() - upStarted) / 1000;
    log(`api-1 and worker-1 ready, ${firstReadySeconds.toFixed(0)} s after \`up\``);

    // bootstrap wrote the admin credentials into the data volume (mode 0600, the image's user).
    const volume = `${project}_counterfoil-data`;
    const mountpoint = (await podman(['volume', 'inspect', '--format', '{{.Mountpoint}}', volume], env)).output.trim();
    const credentials = JSON.parse(fs.readFileSync(path.join(mountpoint, 'bootstrap-credentials.json'), 'utf8')) as Credentials;

    const databaseUrl = `postgres://counterfoil:${password}@127.0.0.1:${PORTS.POSTGRES_PORT}/counterfoil`;
    sql = connectPostgres(databaseUrl, { max: 2, onnotice: () => {} });
    const client = new Client({ retryForMs: RETRY_FOR_MS });
    const tenant = await setUpTenant(roles.api1, sql, credentials, receiver.url);
    const load = new MixedLoad(tenant, client, log);

    log(`throughput, 1 API + 1 worker, ${THROUGHPUT_SECONDS} s x ${CONCURRENCY} clients`);
    const one = await load.throughput([roles.api1], sql, THROUGHPUT_SECONDS, CONCURRENCY);
    const health2 = healthScheduler(project, env);
    try {
      // Their dependencies have completed already: without --no-deps compose would run the one-shots again.
      await compose.must(['up', '--detach', '--no-build', '--no-deps', 'api-2', 'worker-2'], 10 * 60_000);
    } finally {
      await health2.stop();
    }
    await Promise.all([roles.api2.start(), roles.worker2.start()]);
    log('api-2 and worker-2 ready');
    log(`throughput, 2 APIs + 2 workers, ${THROUGHPUT_SECONDS} s x ${CONCURRENCY} clients`);
    const two = await load.throughput([roles.api1, roles.api2], sql, THROUGHPUT_SECONDS, CONCURRENCY);

    // The mixed load with faults, spread over it as in the process topology.
    log(`mixed load for ${LOAD_SECONDS} s over both APIs, with faults`);
    const faults: string[] = [];
    const t0 = Date.now();
    const at = (fraction: number) => sleep(Math.max(0, t0 + fraction * LOAD_SECONDS * 1000 - Date.now()));
    const restarts: Array<Promise<void>> = [];
    const killAndRestart = (r: ContainerRole) => {
      const killed = Date.now();
      restarts.push(
        (async () => {
          await r.kill('SIGKILL');
          await r.start();
          faults.push(`SIGKILL ${r.name} container, ready again after ${((Date.now() - killed) / 1000).toFixed(0)} s`);
          log(`${r.name} ready again`);
        })(),
      );
    };
    const injector = (async () => {
      await at(0.1);
      log('fault: SIGKILL worker-2');
      killAndRestart(roles.worker2);
      await at(0.3);
      log('fault: SIGKILL api-2');
      killAndRestart(roles.api2);
      await at(0.5);
      log('fault: Temporal container SIGKILL and start');
      const down = Date.now();
      await podman(['kill', '--signal', 'KILL', await compose!.container('temporal')], env);
      await compose!.startAgain('temporal');
      await temporalServing(`127.0.0.1:${PORTS.TEMPORAL_PORT}`, tls, 120_000);
      faults.push(`Temporal container SIGKILLed and started, serving again after ${((Date.now() - down) / 1000).toFixed(1)} s`);
      await at(0.7);
      const [terminated] = await sql!`select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = 'counterfoil' and pid <> pg_backend_pid()) t`;
      faults.push(`pg_terminate_backend on all ${terminated.n} PostgreSQL connections of Counterfoil`);
      log(`fault: terminated ${terminated.n} PostgreSQL backends of counterfoil`);
      await Promise.all(restarts);
    })();
    const loadSeconds = await load.runThrough([roles.api1, roles.api2], CONCURRENCY, t0, LOAD_SECONDS, injector);

    const outcome = await checkOutcome({
      sql,
      enterpriseId: tenant.enterpriseId,
      ops: load.ops,
      tally: client.tally,
      receiver,
      eventsAfterSeq: tenant.eventsAfterSeq,
      // A one-shot container of the same image, as an operator would run it.
      verify: async () => {
        const verified = await compose!.run(['run', '--rm', '--no-deps', '-T', 'ledger-verify'], 10 * 60_000);
        // Only the command's own lines: compose prints its progress ("Creating …_run … done") on the same streams.
        return { code: verified.code, output: verified.output.split('\n').filter((l) => !/^(Creating|Starting|Removing|Pulling) .*\.\.\./.test(l)).join('\n') };
      },
      retryForMs: RETRY_FOR_MS,
      log,
    });

    // A revocation through API 1 is seen by API 2 (the principal cache is invalidated by NOTIFY).
    const sa = await tenant.org.ok(201, 'POST', '/service-accounts', { parent_ref: tenant.org.enterpriseRef, roles: [{ role_ref: `roles/${tenant.roleIds.viewer}`, scope_ref: tenant.org.enterpriseRef }] });
    const saToken = (await call(roles.api2.url, 'POST', '/oauth/token', { body: { grant_type: 'client_credentials', client_id: sa.client_id, client_secret: sa.client_secret } })).body.access_token as string;
    const warm = await call(roles.api2.url, 'GET', '/roles', { token: saToken });
    await call(roles.api1.url, 'POST', `/service-accounts/${sa.service_account.id}/revoke`, { token: tenant.admin });
    const revokedAt = Date.now();
    let seenAfterMs = -1;
    while (Date.now() - revokedAt < 5000) {
      if ((await call(roles.api2.url, 'GET', '/roles', { token: saToken })).status === 401) {
        seenAfterMs = Date.now() - revokedAt;
        break;
      }
      await sleep(20);
    }
    outcome.checks.push({ name: 'revoked on API 1, 401 on API 2 within 1 s', ok: warm.status === 200 && seenAfterMs >= 0 && seenAfterMs <= 1000, detail: `200 before; 401 after ${seenAfterMs} ms` });

    const tally = client.tally;
    const table: Array<[string, string]> = [
      ['operations acknowledged (2xx)', String(tally.acknowledged)],
      ['operations refused (4xx: one in ten transfers on purpose)', String(tally.refused)],
      ['client retries (same Idempotency-Key)', `${tally.retries} (${tally.status5xx} after a 5xx, ${tally.timeouts} after no answer in ${client.requestTimeoutMs / 1000} s)`],
      ['faults injected', `${faults.length}: ${faults.join('; ')}`],
      ['lost (events, transfers, withdrawals)', String(outcome.lost)],
      ['duplicated (stored twice / processed twice)', `${outcome.extra} / ${outcome.processedTwice} (webhook redeliveries deduplicated: ${outcome.redelivered})`],
      ['ledger violations', String(outcome.violations)],
      ['throughput 1 API + 1 worker', `${one.opsPerSecond.toFixed(1)} ops/s; ${one.withdrawalsPerSecond.toFixed(1)} withdrawals settled/s`],
      ['throughput 2 APIs + 2 workers', `${two.opsPerSecond.toFixed(1)} ops/s; ${two.withdrawalsPerSecond.toFixed(1)} withdrawals settled/s`],
      ['deployment', `\`up\` to api-1 and worker-1 ready: ${firstReadySeconds.toFixed(0)} s (PostgreSQL, Temporal schema and server, temporal setup, migrate, bootstrap)`],
      ['mixed load', `${loadSeconds.toFixed(0)} s, ${CONCURRENCY} clients; whole run ${Math.round((Date.now() - started) / 1000)} s`],
    ];
    passed = printReport(
      `Containers topology: deploy/compose.yaml with podman (${COUNTERFOIL_IMAGE}, ${images.postgres}, ${images.temporal}; mTLS to Temporal), 2 api + 2 worker containers`,
      table,
      outcome.checks,
      '(on a machine shared with other work, the throughput figures move)',
    );
  } catch (err) {
    log(`failed: ${(err as Error).stack ?? err}`);
    if (compose) {
      const ps = await compose.run(['ps'], 60_000);
      log(`containers:\n${ps.output}`);
    }
  } finally {
    clearTimeout(deadline);
    await teardown();
  }
  return passed && !timedOut ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
