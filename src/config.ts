import path from 'node:path';
import { readFileSync } from 'node:fs';
import { parseProviderRouting, SANDBOX_ROUTING, type ProviderRouting } from './providers/routing';
import { normalizeAllowlistEntry } from './auth/ip-allowlist';
import { ROOT } from './root';
import { TemporalSettingsError, temporalConnectionSettings, type TemporalConnectionSettings } from './temporal/connection';

/** Where the process runs: sandbox enables simulators and sandbox-only routes; production refuses them. */
export type Mode = 'sandbox' | 'production';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface RateLimitConfig {
  /** Sustained requests per second per principal and route class. */
  readPerSecond: number;
  writePerSecond: number;
  tokenPerSecond: number;
  /** Bucket size as a multiple of the per-second rate (allowed burst). */
  burstSeconds: number;
  /** Where budgets are counted: this process (each instance allows the whole rate), or a store all instances share. */
  store: 'memory' | 'postgres' | 'redis';
  /** The Redis server of the `redis` store. */
  redisUrl: string | undefined;
}

export interface Config {
  mode: Mode;
  logLevel: LogLevel;
  dataDir: string;
  host: string;
  tenantApiPort: number;
  signedApiPort: number;
  /** Public base URLs printed and used in links; derived from host and port unless set. */
  tenantApiBaseUrl: string;
  signedApiBaseUrl: string;
  databaseUrl: string | undefined;
  /** A replica (or a balancer's read-only port) for reads that tolerate lag; unset, every read goes to DATABASE_URL. */
  databaseReadUrl: string | undefined;
  /** Reads of the present go to the read URL only while its measured lag bound is at most this (src/db/read-replica.ts). */
  readMaxLagMs: number;
  embeddedPostgresPort: number;
  /** TEMPORAL_ADDRESS or the Temporal profile's address; unset, `start` runs the dev server. */
  temporalAddress: string | undefined;
  /** How to reach Temporal: address, namespace, TLS/mTLS, API key (src/temporal/connection.ts). */
  temporal: TemporalConnectionSettings;
  temporalPort: number;
  temporalUiPort: number;
  temporalNamespace: string;
  taskQueue: string;
  /**
   * Worker Versioning: the Worker Deployment this worker joins, and its build id (unset: derived from
   * the package version and the workflow bundle's hash). Null, the default: an unversioned worker.
   */
  workerDeployment: { name: string; buildId: string | undefined } | null;
  tls: { certFile: string; keyFile: string } | undefined;
  /** The process's operations endpoints (/healthz, /readyz, /metrics): never on the public ports; 0 = any free port. */
  opsHost: string;
  opsPort: number;
  accessTokenTtlSeconds: number;
  clientSecretTtlDays: number;
  bootstrap: { legalName: string; jurisdiction: string };
  rateLimits: RateLimitConfig;
  /** Trust X-Forwarded-For from these proxies only (addresses and CIDR ranges, IPv4 and IPv6). Empty: use the socket address. */
  trustedProxies: string[];
  shutdownGraceMs: number;
  /** How long /readyz answers 503 before the process starts draining, so a balancer's next probe sees it. */
  readinessDrainMs: number;
  /** Delays before each webhook delivery attempt, in seconds (the first is usually 0). */
  webhookRetryScheduleSeconds: number[];
  /** How long a receiver has to answer one delivery attempt. */
  webhookResponseTimeoutMs: number;
  /** A subscription whose deliveries keep failing for this long is disabled. */
  webhookFailureWindowSeconds: number;
  /** After a secret rotation, deliveries carry both signatures for this long. */
  webhookSecretOverlapSeconds: number;
  /** How often the outbox dispatcher polls the outbox (NOTIFY wakes it sooner; writers need not send one): bounds commit → first attempt. */
  outboxSweepIntervalMs: number;
  /** The worker's sweep for workflow starts a crashed process left owing (src/temporal/start-outbox.ts): how often, and how old a start must be. */
  workflowStartSweepMs: number;
  workflowStartGraceMs: number;
  /** Export files are deleted this long after they complete. */
  exportRetentionSeconds: number;
  /** Sandbox only: simulated block time; a deposit confirms after its network's confirmations × this. */
  sandboxBlockMs: number;
  /**
   * Longest a workflow may run between two awaits before its task fails (an infinite loop guard);
   * 0, the default, runs workflow code without that guard, which costs a watchdog thread per entry
   * into the workflow sandbox (scripts/dependency-patches.cjs).
   */
  workflowIsolateTimeoutMs: number;
  /**
   * Whether workflow code records where each of its promises was created, for the `__stack_trace`
   * query (the Temporal UI's "Stack Trace" tab). Off by default: it formats a source-mapped stack
   * trace per promise, a large share of a workflow's CPU (docs/performance.md, "Dependency patches").
   */
  workflowStackTraces: boolean;
  /** Internal transfers booked per group commit at most, and group commits in flight at once (each on a connection of their own pool). */
  ledgerGroupMax: number;
  ledgerGroupCommits: number;
  /**
   * While a group commit is in flight, a further one starts only once this many transfers wait, or
   * the oldest has waited `ledgerGroupWaitMs`; else they wait for it and go together (db/group-commit).
   */
  ledgerGroupBusy: number;
  ledgerGroupWaitMs: number;
  /** The built web console the tenant API serves under /console (`npm run build:console`). */
  consoleDir: string;
  /** Origins of identity providers the console may call (its Content-Security-Policy `connect-src`). */
  consoleIdentityOrigins: string[];
  /**
   * The WebAuthn relying party people's passkeys are bound to: its id (a registrable domain, never an IP
   * address) and the origins assertions may come from (empty: the origin the request was sent to).
   */
  webauthn: { rpId: string; rpName: string; origins: string[] };
  /** Temporal Web UI the console links workflows to; `start` uses its dev server's when unset. */
  temporalUiUrl: string | undefined;
  /** Sandbox `start` only: the development OpenID provider people sign in to the console with (null: off). */
  devIdentityProvider: { port: number } | null;
  /** Sandbox only: outbound requests (webhooks, key sets) may go to loopback addresses (src/net/outbound.ts). */
  outboundAllowLoopback: boolean;
  /**
   * A subscription's backlog drains from `webhookDrainPerSecond` once its receiver answers, rising by that
   * much per second of sending without a failure up to `webhookDrainMaxPerSecond`, with at most
   * `webhookLaneConcurrency` attempts in flight (docs/events-webhooks-exports.md).
   */
  webhookDrainPerSecond: number;
  webhookDrainMaxPerSecond: number;
  webhookLaneConcurrency: number;
  /** How often the worker makes sure every subscription with a backlog has its delivery lane running. */
  webhookLaneSweepMs: number;
  /** Where the keys that seal secrets at rest come from: never the database (src/auth/sealing.ts). */
  sealingKeys: SealingKeySource;
  /** Which provider serves each rail, network, pair and KYC path (src/providers/routing.ts, docs/connectors.md). */
  providers: ProviderRouting;
  /** PEM of the CA connector services' certificates chain to, trusted besides the system's roots. */
  connectorCaFile: string | undefined;
  /** Connector base URLs may resolve to loopback (a connector beside Counterfoil, tests); off unless asked for in production. */
  connectorAllowLoopback: boolean;
  /** How long one request to a connector may take (connect, send, whole answer). */
  connectorTimeoutMs: number;
  /** A price older than this is refused (503), never used. */
  priceMaxAgeMs: number;
}

/**
 * The sealing key ring: `COUNTERFOIL_SEALING_KEYS` (the keys themselves), or a key file. Production
 * needs one of them; sandbox generates a key file in the data folder on first start.
 */
export type SealingKeySource = { kind: 'env'; value: string } | { kind: 'file'; path: string; generate: boolean };

export class ConfigError extends Error {
  constructor(readonly variable: string, message: string) {
    super(`Invalid configuration ${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/**
 * A duration in whole seconds from the environment, validated like the rest of this file. Read per use
 * by the module that owns the setting (action tokens, secret rotation), not part of the shared Config.
 */
export function envSeconds(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `expected whole seconds, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(name, `expected ${min}..${max}, got ${n}`);
  return n;
}

function str(env: Env, name: string, fallback: string): string {
  const v = env[name];
  return v === undefined || v === '' ? fallback : v;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `expected an integer, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(name, `expected ${min}..${max}, got ${n}`);
  return n;
}

function seconds(env: Env, name: string, fallback: number[]): number[] {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => !/^\d+$/.test(p))) {
    throw new ConfigError(name, `expected a comma-separated list of whole seconds, got "${raw}"`);
  }
  return parts.map(Number);
}

function oneOf<T extends string>(env: Env, name: string, fallback: T, allowed: readonly T[]): T {
  const v = str(env, name, fallback);
  if (!(allowed as readonly string[]).includes(v)) {
    throw new ConfigError(name, `expected one of ${allowed.join(', ')}, got "${v}"`);
  }
  return v as T;
}

function origins(env: Env, name: string): string[] {
  return str(env, name, '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((o) => {
      try {
        const parsed = new URL(o);
        if (parsed.origin !== o.replace(/\/$/, '')) throw new Error();
        return parsed.origin;
      } catch {
        throw new ConfigError(name, `expected a comma-separated list of origins (scheme://host[:port]), got "${o}"`);
      }
    });
}

function url(env: Env, name: string): string | undefined {
  const v = env[name];
  if (v === undefined || v === '') return undefined;
  try {
    new URL(v);
  } catch {
    throw new ConfigError(name, 'not a valid URL');
  }
  return v;
}

function sealingKeySource(env: Env, mode: Mode, dataDir: string): SealingKeySource {
  const keys = env.COUNTERFOIL_SEALING_KEYS;
  const file = env.COUNTERFOIL_SEALING_KEY_FILE;
  if (keys && file) throw new ConfigError('COUNTERFOIL_SEALING_KEYS', 'give the keys or a key file, not both');
  if (keys) return { kind: 'env', value: keys };
  if (file) return { kind: 'file', path: path.resolve(file), generate: mode === 'sandbox' };
  if (mode === 'production') {
    throw new ConfigError('COUNTERFOIL_SEALING_KEY_FILE', 'production needs COUNTERFOIL_SEALING_KEY_FILE or COUNTERFOIL_SEALING_KEYS (secrets are never sealed with a key kept in the database)');
  }
  return { kind: 'file', path: path.join(dataDir, 'sealing-keys'), generate: true };
}

/** COUNTERFOIL_PROVIDERS (the JSON itself) or COUNTERFOIL_PROVIDERS_FILE (a JSON file); neither: everything simulated. */
function providerRouting(env: Env): ProviderRouting {
  const inline = env.COUNTERFOIL_PROVIDERS;
  const file = env.COUNTERFOIL_PROVIDERS_FILE;
  if (inline && file) throw new ConfigError('COUNTERFOIL_PROVIDERS', 'give the routing or a routing file, not both');
  const name = inline ? 'COUNTERFOIL_PROVIDERS' : 'COUNTERFOIL_PROVIDERS_FILE';
  let text: string;
  if (inline) text = inline;
  else if (file) {
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      throw new ConfigError(name, `cannot read ${file}`);
    }
  } else return SANDBOX_ROUTING;
  try {
    return parseProviderRouting(text);
  } catch (err) {
    throw new ConfigError(name, (err as Error).message);
  }
}

/** A comma list of IPv4/IPv6 addresses and CIDR ranges, each in its canonical spelling. */
function addressRanges(env: Env, name: string): string[] {
  return str(env, name, '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const normalized = normalizeAllowlistEntry(entry);
      if ('error' in normalized) throw new ConfigError(name, `"${entry}": ${normalized.error}`);
      return normalized.value;
    });
}

/** COUNTERFOIL_WORKER_DEPLOYMENT / COUNTERFOIL_WORKER_BUILD_ID, checked as the server checks them. */
function workerDeployment(env: Env): Config['workerDeployment'] {
  const name = env.COUNTERFOIL_WORKER_DEPLOYMENT?.trim() || undefined;
  const buildId = env.COUNTERFOIL_WORKER_BUILD_ID?.trim() || undefined;
  if (!name) {
    if (buildId) throw new ConfigError('COUNTERFOIL_WORKER_BUILD_ID', 'needs COUNTERFOIL_WORKER_DEPLOYMENT (a build id belongs to a Worker Deployment)');
    return null;
  }
  // The server refuses these: '.' and ':' separate a deployment from a build id, '__' starts its reserved names.
  if (/[.:]/.test(name) || name.startsWith('__') || name.length > 100) {
    throw new ConfigError('COUNTERFOIL_WORKER_DEPLOYMENT', 'expected at most 100 characters, without "." or ":", not starting with "__"');
  }
  if (buildId !== undefined && (buildId.startsWith('__') || buildId.length > 100)) {
    throw new ConfigError('COUNTERFOIL_WORKER_BUILD_ID', 'expected at most 100 characters, not starting with "__"');
  }
  return { name, buildId };
}

function temporalSettings(env: Env): TemporalConnectionSettings {
  try {
    return temporalConnectionSettings(env);
  } catch (err) {
    if (err instanceof TemporalSettingsError) throw new ConfigError(err.variable, err.message);
    throw err;
  }
}

/** Parses the environment once; every variable is documented in README.md. */
export function loadConfig(env: Env = process.env): Config {
  const temporal = temporalSettings(env);
  const mode = oneOf<Mode>(env, 'COUNTERFOIL_MODE', 'sandbox', ['sandbox', 'production']);
  const host = str(env, 'COUNTERFOIL_HOST', '127.0.0.1');
  const tenantApiPort = int(env, 'COUNTERFOIL_API_PORT', 8080, 0, 65535);
  const signedApiPort = int(env, 'COUNTERFOIL_SIGNED_API_PORT', 8081, 0, 65535);
  const certFile = env.COUNTERFOIL_TLS_CERT || undefined;
  const keyFile = env.COUNTERFOIL_TLS_KEY || undefined;
  if ((certFile === undefined) !== (keyFile === undefined)) {
    throw new ConfigError(certFile ? 'COUNTERFOIL_TLS_KEY' : 'COUNTERFOIL_TLS_CERT', 'TLS needs both a certificate and a key');
  }
  const scheme = certFile ? 'https' : 'http';
  const jurisdiction = str(env, 'COUNTERFOIL_BOOTSTRAP_JURISDICTION', 'GB');
  if (!/^[A-Z]{2}$/.test(jurisdiction)) {
    throw new ConfigError('COUNTERFOIL_BOOTSTRAP_JURISDICTION', 'expected a two-letter ISO 3166-1 country code');
  }
  const trustedProxies = addressRanges(env, 'COUNTERFOIL_TRUSTED_PROXIES');
  const redisUrl = url(env, 'COUNTERFOIL_REDIS_URL');
  const rateLimitStore = oneOf(env, 'COUNTERFOIL_RATE_LIMIT_STORE', redisUrl ? 'redis' : 'memory', ['memory', 'postgres', 'redis'] as const);
  if (rateLimitStore === 'redis' && !redisUrl) throw new ConfigError('COUNTERFOIL_REDIS_URL', 'required when COUNTERFOIL_RATE_LIMIT_STORE is redis');

  const allowLoopback = int(env, 'COUNTERFOIL_OUTBOUND_ALLOW_LOOPBACK', mode === 'sandbox' ? 1 : 0, 0, 1) === 1;
  const drainStart = int(env, 'COUNTERFOIL_WEBHOOK_DRAIN_PER_SECOND', 50, 1, 100_000);
  if (allowLoopback && mode === 'production') throw new ConfigError('COUNTERFOIL_OUTBOUND_ALLOW_LOOPBACK', 'loopback destinations are for sandbox mode only');
  const dataDir = path.resolve(str(env, 'COUNTERFOIL_DATA_DIR', './.data'));

  return {
    mode,
    logLevel: oneOf<LogLevel>(env, 'LOG_LEVEL', 'info', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    dataDir,
    host,
    tenantApiPort,
    signedApiPort,
    tenantApiBaseUrl: url(env, 'COUNTERFOIL_API_BASE_URL') ?? `${scheme}://${host}:${tenantApiPort}`,
    signedApiBaseUrl: url(env, 'COUNTERFOIL_SIGNED_API_BASE_URL') ?? `${scheme}://${host}:${signedApiPort}`,
    databaseUrl: url(env, 'DATABASE_URL'),
    databaseReadUrl: url(env, 'DATABASE_READ_URL'),
    readMaxLagMs: int(env, 'COUNTERFOIL_READ_MAX_LAG_MS', 1000, 0, 3_600_000),
    embeddedPostgresPort: int(env, 'COUNTERFOIL_PG_PORT', 5433, 1, 65535),
    temporalAddress: temporal.address,
    temporal,
    temporalPort: int(env, 'TEMPORAL_PORT', 7233, 1, 65535),
    temporalUiPort: int(env, 'TEMPORAL_UI_PORT', 8233, 1, 65535),
    temporalNamespace: temporal.namespace,
    taskQueue: str(env, 'TEMPORAL_TASK_QUEUE', 'counterfoil'),
    workerDeployment: workerDeployment(env),
    tls: certFile && keyFile ? { certFile, keyFile } : undefined,
    opsHost: str(env, 'COUNTERFOIL_OPS_HOST', '127.0.0.1'),
    opsPort: int(env, 'COUNTERFOIL_OPS_PORT', 0, 0, 65535),
    // Down to 5 s, so tests can watch a session run out.
    accessTokenTtlSeconds: int(env, 'COUNTERFOIL_ACCESS_TOKEN_TTL_SECONDS', 3600, 5, 86400),
    clientSecretTtlDays: int(env, 'COUNTERFOIL_CLIENT_SECRET_TTL_DAYS', 365, 1, 3650),
    bootstrap: {
      legalName: str(env, 'COUNTERFOIL_BOOTSTRAP_LEGAL_NAME', 'Counterfoil Sandbox Ltd'),
      jurisdiction,
    },
    rateLimits: {
      readPerSecond: int(env, 'COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND', 1000, 1, 10_000_000),
      writePerSecond: int(env, 'COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND', 200, 1, 10_000_000),
      tokenPerSecond: int(env, 'COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND', 20, 1, 10_000_000),
      burstSeconds: int(env, 'COUNTERFOIL_RATE_LIMIT_BURST_SECONDS', 2, 1, 3600),
      store: rateLimitStore,
      redisUrl,
    },
    trustedProxies,
    shutdownGraceMs: int(env, 'COUNTERFOIL_SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    readinessDrainMs: int(env, 'COUNTERFOIL_READINESS_DRAIN_MS', 0, 0, 120_000),
    webhookRetryScheduleSeconds: seconds(env, 'COUNTERFOIL_WEBHOOK_RETRY_SCHEDULE', [0, 5, 300, 1800, 7200, 18000, 36000, 36000]),
    webhookResponseTimeoutMs: int(env, 'COUNTERFOIL_WEBHOOK_TIMEOUT_MS', 15_000, 100, 120_000),
    webhookFailureWindowSeconds: int(env, 'COUNTERFOIL_WEBHOOK_FAILURE_WINDOW_SECONDS', 5 * 86400, 1, 90 * 86400),
    webhookSecretOverlapSeconds: int(env, 'COUNTERFOIL_WEBHOOK_SECRET_OVERLAP_SECONDS', 86400, 0, 30 * 86400),
    outboxSweepIntervalMs: int(env, 'COUNTERFOIL_OUTBOX_SWEEP_MS', 250, 10, 600_000),
    workflowStartSweepMs: int(env, 'COUNTERFOIL_WORKFLOW_START_SWEEP_MS', 15_000, 10, 3_600_000),
    workflowStartGraceMs: int(env, 'COUNTERFOIL_WORKFLOW_START_GRACE_MS', 30_000, 0, 3_600_000),
    exportRetentionSeconds: int(env, 'COUNTERFOIL_EXPORT_RETENTION_SECONDS', 7 * 86400, 1, 365 * 86400),
    sandboxBlockMs: int(env, 'COUNTERFOIL_SANDBOX_BLOCK_MS', 1000, 0, 600_000),
    workflowIsolateTimeoutMs: int(env, 'COUNTERFOIL_WORKFLOW_ISOLATE_TIMEOUT_MS', 0, 0, 600_000),
    workflowStackTraces: int(env, 'COUNTERFOIL_WORKFLOW_STACK_TRACES', 0, 0, 1) === 1,
    ledgerGroupMax: int(env, 'COUNTERFOIL_LEDGER_GROUP_MAX', 64, 1, 1000),
    ledgerGroupCommits: int(env, 'COUNTERFOIL_LEDGER_GROUP_COMMITS', 3, 1, 100),
    ledgerGroupBusy: int(env, 'COUNTERFOIL_LEDGER_GROUP_BUSY', 4, 1, 1000),
    ledgerGroupWaitMs: int(env, 'COUNTERFOIL_LEDGER_GROUP_WAIT_MS', 2, 0, 1000),
    consoleDir: path.resolve(str(env, 'COUNTERFOIL_CONSOLE_DIR', path.join(ROOT, 'console', 'dist'))),
    consoleIdentityOrigins: origins(env, 'COUNTERFOIL_CONSOLE_IDP_ORIGINS'),
    webauthn: {
      rpId: str(env, 'COUNTERFOIL_WEBAUTHN_RP_ID', 'localhost'),
      rpName: str(env, 'COUNTERFOIL_WEBAUTHN_RP_NAME', 'Counterfoil'),
      origins: origins(env, 'COUNTERFOIL_WEBAUTHN_ORIGINS'),
    },
    temporalUiUrl: url(env, 'COUNTERFOIL_TEMPORAL_UI_URL'),
    devIdentityProvider:
      mode === 'sandbox' && oneOf(env, 'COUNTERFOIL_DEV_IDP', 'on', ['on', 'off']) === 'on' ? { port: int(env, 'COUNTERFOIL_DEV_IDP_PORT', 8082, 0, 65535) } : null,
    outboundAllowLoopback: allowLoopback,
    webhookDrainPerSecond: drainStart,
    webhookDrainMaxPerSecond: Math.max(drainStart, int(env, 'COUNTERFOIL_WEBHOOK_DRAIN_MAX_PER_SECOND', 1000, 1, 100_000)),
    webhookLaneConcurrency: int(env, 'COUNTERFOIL_WEBHOOK_LANE_CONCURRENCY', 8, 1, 256),
    webhookLaneSweepMs: int(env, 'COUNTERFOIL_WEBHOOK_LANE_SWEEP_MS', 30_000, 100, 3_600_000),
    sealingKeys: sealingKeySource(env, mode, dataDir),
    providers: providerRouting(env),
    connectorCaFile: env.COUNTERFOIL_CONNECTOR_CA_FILE || undefined,
    connectorAllowLoopback: int(env, 'COUNTERFOIL_CONNECTOR_ALLOW_LOOPBACK', mode === 'sandbox' ? 1 : 0, 0, 1) === 1,
    connectorTimeoutMs: int(env, 'COUNTERFOIL_CONNECTOR_TIMEOUT_MS', 5000, 100, 60_000),
    priceMaxAgeMs: int(env, 'COUNTERFOIL_PRICE_MAX_AGE_MS', 30_000, 100, 86_400_000),
  };
}
