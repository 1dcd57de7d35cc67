// The highly available PostgreSQL of `npm run ha`: one etcd member, three Patroni-managed PostgreSQL 15
// nodes with synchronous replication, HAProxy routing by Patroni's REST health checks, and pgBackRest.
// Every process runs through setpriv --pdeathsig, PostgreSQL's as the `postgres` OS user (it refuses root).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import path from 'node:path';
import { acceptsConnections, withParentDeathSignal } from '../../temporal/dev-server';
import { lastLines, runCollecting } from '../../temporal/cli';

export const PG_BIN = '/usr/lib/postgresql/15/bin';
/** Debian packages this needs; installed on demand by `ensurePackages`. */
export const PACKAGES = ['patroni', 'etcd-server', 'etcd-client', 'haproxy', 'pgbackrest'];
const BINARIES: Record<string, string> = { patroni: 'patroni', patronictl: 'patroni', etcd: 'etcd-server', etcdctl: 'etcd-client', haproxy: 'haproxy', pgbackrest: 'pgbackrest' };

/** Every port of the run, in 16400–16499 (none of 5432, 5433, 7233, 8080, 8081, 8233). */
export const PORTS = {
  etcdClient: 16400,
  etcdPeer: 16401,
  postgres: (i: number) => 16410 + i,
  patroni: (i: number) => 16420 + i,
  haproxyWrite: 16430,
  haproxyRead: 16431,
  haproxyStats: 16432,
  /** api-1, api-2, the restored API: tenant, signed and ops ports each. */
  api: (i: number) => ({ api: 16440 + 3 * i, signed: 16441 + 3 * i, ops: 16442 + 3 * i }),
  workerOps: (i: number) => 16460 + i,
  restored: 16470,
  /** The loopback webhook receiver. */
  receiver: 16480,
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Log = (m: string) => void;

/** Installs the Debian packages whose commands are missing (as root, with apt-get). */
export async function ensurePackages(log: Log): Promise<void> {
  const missing = new Set<string>();
  for (const [bin, pkg] of Object.entries(BINARIES)) if (!['/usr/bin', '/usr/sbin'].some((d) => fs.existsSync(path.join(d, bin)))) missing.add(pkg);
  if (!fs.existsSync(path.join(PG_BIN, 'postgres'))) throw new Error(`PostgreSQL 15 server binaries not found in ${PG_BIN} (Debian: postgresql-15)`);
  if (missing.size === 0) return;
  if (process.getuid?.() !== 0) throw new Error(`missing Debian packages ${[...missing].join(' ')}; install them (apt-get install -y ${[...missing].join(' ')}) or run as root`);
  log(`apt-get install -y ${[...missing].join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const result = await runCollecting('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { env, timeoutMs: 600_000 });
  if (result.code !== 0) throw new Error(`apt-get install failed:\n${lastLines(result.output, 20)}`);
}

/** A long-running process of the cluster, its output appended to `<logDir>/<name>.log`. */
export class Daemon {
  child: ChildProcess | undefined;
  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly logDir: string,
    private readonly options: { asPostgres?: boolean; env?: Record<string, string>; cwd?: string } = {},
  ) {}

  get logFile(): string {
    return path.join(this.logDir, `${this.name}.log`);
  }

  start(): void {
    const out = fs.openSync(this.logFile, 'a');
    // As `postgres`, the death signal is set again after the user change (the kernel clears it on one).
    const { command, args } = this.options.asPostgres
      ? withParentDeathSignal('/usr/bin/setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--pdeathsig', 'TERM', '--', this.command, ...this.args])
      : withParentDeathSignal(this.command, this.args);
    const env = { PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8', ...this.options.env };
    this.child = spawn(command, args, { env, cwd: this.options.cwd, stdio: ['ignore', out, out] });
    fs.closeSync(out);
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Sends `signal`; resolves once the process is gone (SIGKILL after `graceMs`). */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 30_000): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const escalation = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(escalation);
  }
}

/** Runs a command as the `postgres` OS user (pgBackRest, patronictl); fails with its output's tail. */
export async function asPostgres(command: string, args: string[], timeoutMs = 600_000, env: Record<string, string> = {}): Promise<string> {
  const result = await runCollecting('/usr/bin/setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', command, ...args], {
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8', ...env },
    timeoutMs,
  });
  if (result.code !== 0) throw new Error(`${path.basename(command)} ${args.join(' ')} failed (exit ${result.code}):\n${lastLines(result.output, 20)}`);
  return result.output;
}

export interface Member {
  name: string;
  role: string;
  state: string;
  timeline?: number;
  lag?: number | string;
}

export interface HaCluster {
  work: string;
  nodes: Array<{ name: string; dir: string; dataDir: string; config: string; backrestConfig: string; patroni: Daemon }>;
  etcd: Daemon;
  haproxy: Daemon;
  superuserPassword: string;
  /** postgres://…@127.0.0.1:<port>/<database> as the superuser, through HAProxy's read-write port. */
  adminUrl(database: string, port?: number): string;
  members(): Promise<Member[]>;
  leader(): Promise<string | undefined>;
  /** Waits until one leader and one synchronous standby run, and every replica streams, caught up. */
  waitHealthy(timeoutMs: number, expectMembers?: number): Promise<Member[]>;
  /** The postmaster's pid of a node (its data directory's postmaster.pid). */
  postmasterPid(name: string): number | undefined;
  node(name: string): HaCluster['nodes'][number];
  patronictl(args: string[]): Promise<string>;
  /** pgBackRest with the leader's configuration, as `postgres`. */
  pgbackrest(args: string[], timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
}

/** Failover timings. Each is explained in the YAML the script writes (and in docs/operations.md). */
export const TIMINGS = { ttl: 8, loop_wait: 1, retry_timeout: 3, maximum_lag_on_failover: 1048576, primary_start_timeout: 0, wal_retrieve_retry_interval: '500ms' };

/** The Patroni configuration of one node, with the reason for each setting beside it. */
export function patroniYaml(o: { name: string; index: number; dir: string; dataDir: string; superuserPassword: string; replicationPassword: string }): string {
  return `# Patroni configuration of ${o.name}, written by npm run ha.
scope: counterfoil-ha
namespace: /counterfoil/
name: ${o.name}
log:
  level: INFO
restapi:
  # HAProxy's health checks (/primary, /replica) and patronictl talk to this.
  listen: 127.0.0.1:${PORTS.patroni(o.index)}
  connect_address: 127.0.0.1:${PORTS.patroni(o.index)}
etcd3:
  # etcd's v3 API (the v2 API is off by default since etcd 3.4).
  hosts: 127.0.0.1:${PORTS.etcdClient}
bootstrap:
  # Written once into etcd: the cluster-wide dynamic configuration (patronictl edit-config / PATCH /config).
  dcs:
    # The leader key lives ${TIMINGS.ttl} s: a leader that stops renewing it (Patroni gone, host frozen) is
    # replaced after at most this. Lower means faster failover and more false ones on a loaded host.
    ttl: ${TIMINGS.ttl}
    # One HA loop every ${TIMINGS.loop_wait} s: how soon a crash, a lost standby or a switchover is acted on.
    loop_wait: ${TIMINGS.loop_wait}
    # How long etcd and PostgreSQL calls are retried before the leader demotes itself; Patroni requires
    # loop_wait + 2 x retry_timeout <= ttl, so a leader cut off from etcd steps down before its key expires.
    retry_timeout: ${TIMINGS.retry_timeout}
    # A replica more than 1 MiB of WAL behind is never promoted (in synchronous mode only the synchronous
    # standby is promoted anyway; this guards the asynchronous case).
    maximum_lag_on_failover: ${TIMINGS.maximum_lag_on_failover}
    # A crashed primary is failed over at once rather than restarted in place (the default waits up to
    # 300 s for it): the synchronous standby has every acknowledged commit, so promoting it loses nothing.
    primary_start_timeout: ${TIMINGS.primary_start_timeout}
    # COMMIT returns only once the synchronous standby has the WAL, and only that standby may be
    # promoted: an acknowledged transfer survives the loss of the primary (RPO 0).
    synchronous_mode: true
    # Strict: with no synchronous standby left, the primary stops acknowledging commits instead of going
    # on alone. A ledger prefers refusing writes to acknowledging one that a second failure could lose;
    # with three nodes a single lost replica costs nothing (the other becomes the synchronous standby).
    synchronous_mode_strict: true
    # One synchronous standby: every commit waits for one replica, not both.
    synchronous_node_count: 1
    postgresql:
      # A former primary rejoins by rewinding its divergent WAL rather than a fresh copy.
      use_pg_rewind: true
      # Replication slots keep the WAL a lagging replica still needs.
      use_slots: true
      parameters:
        wal_level: replica
        hot_standby: "on"
        max_connections: 200
        max_wal_senders: 10
        max_replication_slots: 10
        wal_keep_size: 256MB
        # pg_rewind needs hint bits in WAL (data checksums are on too).
        wal_log_hints: "on"
        # WAL archiving for pgBackRest needs archive_mode from the start (a restart to change it);
        # the archive_command is set through this dynamic configuration once the stanza exists.
        archive_mode: "on"
        archive_command: /bin/true
        archive_timeout: 60
        shared_buffers: 64MB
        synchronous_commit: "on"
        # How soon a standby whose primary went away tries to stream again (default 5 s). After a
        # failover the new leader waits for a synchronous standby before any commit returns (strict
        # mode), and the first try usually fails (the new leader has not made the standby's slot yet):
        # with the default, every write then stalled 5 s more. Twice a second costs nothing here.
        wal_retrieve_retry_interval: ${TIMINGS.wal_retrieve_retry_interval}
  initdb:
    - encoding: UTF8
    - locale: C.UTF-8
    - data-checksums
  pg_hba:
    - local all all peer
    - host replication replicator 127.0.0.1/32 scram-sha-256
    - host all all 127.0.0.1/32 scram-sha-256
postgresql:
  listen: 127.0.0.1:${PORTS.postgres(o.index)}
  connect_address: 127.0.0.1:${PORTS.postgres(o.index)}
  data_dir: ${o.dataDir}
  bin_dir: ${PG_BIN}
  pgpass: ${o.dir}/pgpass
  authentication:
    superuser:
      username: postgres
      password: ${o.superuserPassword}
    replication:
      username: replicator
      password: ${o.replicationPassword}
  parameters:
    unix_socket_directories: ${o.dir}
watchdog:
  # No softdog on this machine; the ttl/retry_timeout rule above keeps a stale leader from writing.
  mode: "off"
tags:
  nofailover: false
  noloadbalance: false
  clonefrom: false
  nosync: false
`;
}

/** HAProxy: a read-write port to the leader (/primary answers 200) and a read-only port to replicas (/replica). */
export function haproxyConfig(nodes: number): string {
  const servers = Array.from({ length: nodes }, (_, i) => `  server node${i + 1} 127.0.0.1:${PORTS.postgres(i)} check port ${PORTS.patroni(i)}`).join('\n');
  return `# HAProxy configuration written by npm run ha.
global
  maxconn 1000
defaults
  mode tcp
  timeout connect 2s
  # Pooled connections stay idle for long: no client/server timeout shorter than the pools' idle timeout.
  timeout client 30m
  timeout server 30m
  timeout check 2s
  # Checked every 500 ms (250 ms while a server changes state), down after 2 failures, up after 1 success:
  # a new leader gets traffic within ~0.5 s of Patroni promoting it (12 checks a second in all, cheap). A server marked down has its sessions cut at once, so no client keeps
  # writing into a former primary. A refused connect marks it down at once too (a demoted primary whose
  # Patroni still answers /primary for ~2 s), and the one retry goes to another server without HAProxy's
  # one-second turn-around: the client is refused in milliseconds and its pool tries again.
  retries 1
  option redispatch 1
  default-server inter 500ms fastinter 250ms fall 2 rise 1 on-marked-down shutdown-sessions observe layer4 error-limit 1 on-error mark-down
listen stats
  mode http
  bind 127.0.0.1:${PORTS.haproxyStats}
  stats enable
  stats uri /
listen postgres-write
  bind 127.0.0.1:${PORTS.haproxyWrite}
  option httpchk
  http-check send meth GET uri /primary
  http-check expect status 200
${servers}
listen postgres-read
  bind 127.0.0.1:${PORTS.haproxyRead}
  balance roundrobin
  option httpchk
  http-check send meth GET uri /replica
  http-check expect status 200
${servers}
`;
}

/** pgBackRest for one node: the shared repository, this node's data directory and socket. */
function backrestConfig(work: string, node: { dir: string; dataDir: string; index: number }): string {
  return `# pgBackRest configuration written by npm run ha.
[global]
repo1-path=${work}/backup
# Two full backups kept (and the WAL they need); older ones expire at the next backup.
repo1-retention-full=2
start-fast=y
compress-type=lz4
log-path=${work}/backup-log
lock-path=${work}/backup-lock
log-level-console=warn
log-level-file=info
spool-path=${work}/backup-spool

[counterfoil]
pg1-path=${node.dataDir}
pg1-port=${PORTS.postgres(node.index)}
pg1-socket-path=${node.dir}
`;
}

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  } catch {
    return { status: 0, body: undefined };
  }
}

/** Starts etcd, the three nodes (the first bootstraps, the others clone it) and HAProxy; resolves once healthy. */
export async function startCluster(work: string, log: Log): Promise<HaCluster> {
  const logDir = path.join(work, 'logs');
  fs.mkdirSync(logDir, { recursive: true });
  // PostgreSQL and pgBackRest run as `postgres`: it must reach into the work folder and own its parts.
  fs.chmodSync(work, 0o711);
  const pgUid = Number((await runCollecting('id', ['-u', 'postgres'])).output.trim());
  const pgGid = Number((await runCollecting('id', ['-g', 'postgres'])).output.trim());
  for (const d of ['backup', 'backup-log', 'backup-lock', 'backup-spool']) {
    fs.mkdirSync(path.join(work, d), { mode: 0o750 });
    fs.chownSync(path.join(work, d), pgUid, pgGid);
  }
  fs.chownSync(logDir, 0, pgGid);
  fs.chmodSync(logDir, 0o770);

  const etcd = new Daemon('etcd', '/usr/bin/etcd', [
    '--name', 'ha', '--data-dir', path.join(work, 'etcd'),
    '--listen-client-urls', `http://127.0.0.1:${PORTS.etcdClient}`, '--advertise-client-urls', `http://127.0.0.1:${PORTS.etcdClient}`,
    '--listen-peer-urls', `http://127.0.0.1:${PORTS.etcdPeer}`, '--initial-advertise-peer-urls', `http://127.0.0.1:${PORTS.etcdPeer}`,
    '--initial-cluster', `ha=http://127.0.0.1:${PORTS.etcdPeer}`, '--initial-cluster-state', 'new',
  ], logDir);
  etcd.start();
  await until(async () => (await getJson(`http://127.0.0.1:${PORTS.etcdClient}/health`)).status === 200, 30_000, 'etcd healthy');
  log(`etcd on 127.0.0.1:${PORTS.etcdClient}`);

  const superuserPassword = randomBytes(18).toString('base64url');
  const replicationPassword = randomBytes(18).toString('base64url');
  const nodes = [0, 1, 2].map((index) => {
    const name = `node${index + 1}`;
    const dir = path.join(work, name);
    const dataDir = path.join(dir, 'data');
    fs.mkdirSync(dir, { mode: 0o700 });
    fs.chownSync(dir, pgUid, pgGid);
    const config = path.join(dir, 'patroni.yml');
    const backrest = path.join(dir, 'pgbackrest.conf');
    // The YAML holds passwords: owner-only.
    fs.writeFileSync(config, patroniYaml({ name, index, dir, dataDir, superuserPassword, replicationPassword }), { mode: 0o600 });
    fs.writeFileSync(backrest, backrestConfig(work, { dir, dataDir, index }), { mode: 0o640 });
    for (const f of [config, backrest]) fs.chownSync(f, pgUid, pgGid);
    // PostgreSQL inherits Patroni's environment: the cluster-wide archive_command finds this node's pgBackRest configuration here.
    const patroni = new Daemon(`patroni-${name}`, '/usr/bin/patroni', [config], logDir, { asPostgres: true, env: { HOME: dir, PGBACKREST_CONFIG: backrest } });
    return { name, dir, dataDir, config, backrestConfig: backrest, patroni };
  });

  const haproxyCfg = path.join(work, 'haproxy.cfg');
  fs.writeFileSync(haproxyCfg, haproxyConfig(nodes.length));
  const haproxy = new Daemon('haproxy', '/usr/sbin/haproxy', ['-db', '-f', haproxyCfg], logDir);

  const members = async (): Promise<Member[]> => {
    for (let i = 0; i < nodes.length; i++) {
      const res = await getJson(`http://127.0.0.1:${PORTS.patroni(i)}/cluster`);
      if (res.status === 200) return (res.body as { members: Member[] }).members;
    }
    return [];
  };
  const leader = async () => (await members()).find((m) => m.role === 'leader' && m.state === 'running')?.name;
  const cluster: HaCluster = {
    work,
    nodes,
    etcd,
    haproxy,
    superuserPassword,
    adminUrl: (database, port = PORTS.haproxyWrite) => `postgres://postgres:${encodeURIComponent(superuserPassword)}@127.0.0.1:${port}/${database}`,
    members,
    leader,
    async waitHealthy(timeoutMs, expectMembers = nodes.length) {
      let last: Member[] = [];
      await until(async () => {
        last = await members();
        const lead = last.find((m) => m.role === 'leader' && m.state === 'running');
        const sync = last.find((m) => m.role === 'sync_standby' && ['running', 'streaming'].includes(m.state));
        // Under load a streaming replica is a few kB behind at any instant; "caught up" is within the failover lag limit.
        const replicasOk = last.filter((m) => m.role !== 'leader').every((m) => ['running', 'streaming'].includes(m.state) && Number(m.lag) <= TIMINGS.maximum_lag_on_failover);
        return last.length === expectMembers && !!lead && !!sync && replicasOk;
      }, timeoutMs, () => `a healthy cluster (last: ${JSON.stringify(last)})`);
      return last;
    },
    postmasterPid(name) {
      const file = path.join(cluster.node(name).dataDir, 'postmaster.pid');
      if (!fs.existsSync(file)) return undefined;
      const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
      return pid > 0 ? pid : undefined;
    },
    node(name) {
      const n = nodes.find((x) => x.name === name);
      if (!n) throw new Error(`no node ${name}`);
      return n;
    },
    patronictl: (args) => asPostgres('/usr/bin/patronictl', ['-c', nodes[0].config, ...args], 120_000, { HOME: nodes[0].dir }),
    async pgbackrest(args, timeoutMs) {
      const lead = (await leader()) ?? nodes[0].name;
      return asPostgres('/usr/bin/pgbackrest', [`--config=${cluster.node(lead).backrestConfig}`, '--stanza=counterfoil', ...args], timeoutMs);
    },
    async stop() {
      await haproxy.stop('SIGTERM', 5000);
      // Replicas first, the leader last: no failover while the cluster shuts down.
      const lead = await leader().catch(() => undefined);
      for (const n of [...nodes].sort((a) => (a.name === lead ? 1 : -1))) await n.patroni.stop('SIGTERM', 60_000);
      // A postmaster whose Patroni was killed outlives it: stop it by its pid file.
      for (const n of nodes) {
        const pid = cluster.postmasterPid(n.name);
        if (pid && isAlive(pid)) {
          process.kill(pid, 'SIGQUIT');
          await until(async () => !isAlive(pid), 30_000, `${n.name}'s postmaster to stop`).catch(() => process.kill(pid, 'SIGKILL'));
        }
      }
      await etcd.stop('SIGTERM', 10_000);
    },
  };

  nodes[0].patroni.start();
  await until(async () => (await getJson(`http://127.0.0.1:${PORTS.patroni(0)}/primary`)).status === 200, 120_000, 'node1 to bootstrap and lead');
  log('node1 bootstrapped and leads; starting node2 and node3 (cloned with pg_basebackup)');
  nodes[1].patroni.start();
  nodes[2].patroni.start();
  haproxy.start();
  const ready = await cluster.waitHealthy(180_000);
  await until(() => acceptsConnections('127.0.0.1', PORTS.haproxyWrite), 10_000, 'HAProxy read-write port');
  log(`cluster healthy: ${ready.map((m) => `${m.name} ${m.role}`).join(', ')}; HAProxy write ${PORTS.haproxyWrite}, read ${PORTS.haproxyRead}`);
  return cluster;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function until(probe: () => Promise<boolean>, timeoutMs: number, what: string | (() => string)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${typeof what === 'string' ? what : what()}`);
    await sleep(250);
  }
}
