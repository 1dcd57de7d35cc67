import path from 'node:path';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { parseProviderRouting, SANDBOX_ROUTING, type ProviderRouting } from './provider-routing';
import { envSchema, parseActivityFaults } from './env-schema';
import { TemporalSettingsError, temporalConnectionSettings, type TemporalConnectionSettings } from './temporal';

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
  /** How to reach Temporal: address, namespace, TLS/mTLS, API key (./temporal.ts). */
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
  /** Default lifetime of an action token, and how long a person has to answer a passkey challenge (at most 5 minutes each). */
  actionTokenTtlSeconds: number;
  passkeyChallengeTtlSeconds: number;
  /** How long before a service account's secret expires the rotation workflow records `iam.service_account.secret_expiring.v1`. */
  secretExpiryWarningSeconds: number;
  bootstrap: { legalName: string; jurisdiction: string };
  rateLimits: RateLimitConfig;
  /** Trust X-Forwarded-For from these proxies only (addresses and CIDR ranges, IPv4 and IPv6). Empty: use the socket address. */
  trustedProxies: string[];
  /** Browser origins allowed to call the tenant API (exact matches; empty: no CORS headers at all). */
  corsOrigins: string[];
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
  /** Sandbox only (`npm run chaos`): activities that fail after their effect, chosen by a seed. */
  sandboxActivityFaults: { seed: number; rate: number } | null;
  /** How far a process's clock may be from PostgreSQL's before its /readyz answers 503. */
  maxClockSkewMs: number;
  /** How long an `api` or `worker` process waits at start-up for a database that does not answer. */
  databaseWaitMs: number;
  /**
   * Longest a workflow may run between two awaits before its task fails (an infinite loop guard);
   * 0, the default, runs workflow code without that guard, which costs a watchdog thread per entry
   * into the workflow sandbox (without the isolate-timeout patch in patches/, 0 keeps the SDK's 5 s).
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
  /** Which provider serves each rail, network, pair and KYC path (./provider-routing.ts, docs/connectors.md). */
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

export { envSchema, ENV_VARIABLES, MAX_ACTION_TOKEN_TTL_SECONDS } from './env-schema';

type Env = Record<string, string | undefined>;

function configError(error: z.ZodError): ConfigError {
  const issue = error.issues[0]!;
  return new ConfigError(String(issue.path[0]), issue.message);
}

/** COUNTERFOIL_PROVIDERS (the JSON itself) or COUNTERFOIL_PROVIDERS_FILE (a JSON file); neither: everything simulated. */
function providerRouting(inline: string | undefined, file: string | undefined): ProviderRouting {
  const name = inline ? 'COUNTERFOIL_PROVIDERS' : 'COUNTERFOIL_PROVIDERS_FILE';
  let routing: string;
  if (inline) routing = inline;
  else if (file) {
    try {
      routing = readFileSync(file, 'utf8');
    } catch {
      throw new ConfigError(name, `cannot read ${file}`);
    }
  } else return SANDBOX_ROUTING;
  try {
    return parseProviderRouting(routing);
  } catch (err) {
    throw new ConfigError(name, (err as Error).message);
  }
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
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw configError(parsed.error);
  const e = parsed.data;
  const mode = e.COUNTERFOIL_MODE;
  const sandbox = mode === 'sandbox';
  const scheme = e.COUNTERFOIL_TLS_CERT ? 'https' : 'http';
  const dataDir = path.resolve(e.COUNTERFOIL_DATA_DIR);
  const keyFile = e.COUNTERFOIL_SEALING_KEY_FILE;

  return {
    mode,
    logLevel: e.LOG_LEVEL,
    dataDir,
    host: e.COUNTERFOIL_HOST,
    tenantApiPort: e.COUNTERFOIL_API_PORT,
    signedApiPort: e.COUNTERFOIL_SIGNED_API_PORT,
    tenantApiBaseUrl: e.COUNTERFOIL_API_BASE_URL ?? `${scheme}://${e.COUNTERFOIL_HOST}:${e.COUNTERFOIL_API_PORT}`,
    signedApiBaseUrl: e.COUNTERFOIL_SIGNED_API_BASE_URL ?? `${scheme}://${e.COUNTERFOIL_HOST}:${e.COUNTERFOIL_SIGNED_API_PORT}`,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    readMaxLagMs: e.COUNTERFOIL_READ_MAX_LAG_MS,
    embeddedPostgresPort: e.COUNTERFOIL_PG_PORT,
    temporalAddress: temporal.address,
    temporal,
    temporalPort: e.TEMPORAL_PORT,
    temporalUiPort: e.TEMPORAL_UI_PORT,
    temporalNamespace: temporal.namespace,
    taskQueue: e.TEMPORAL_TASK_QUEUE,
    workerDeployment: e.COUNTERFOIL_WORKER_DEPLOYMENT ? { name: e.COUNTERFOIL_WORKER_DEPLOYMENT, buildId: e.COUNTERFOIL_WORKER_BUILD_ID } : null,
    tls: e.COUNTERFOIL_TLS_CERT && e.COUNTERFOIL_TLS_KEY ? { certFile: e.COUNTERFOIL_TLS_CERT, keyFile: e.COUNTERFOIL_TLS_KEY } : undefined,
    opsHost: e.COUNTERFOIL_OPS_HOST,
    opsPort: e.COUNTERFOIL_OPS_PORT,
    accessTokenTtlSeconds: e.COUNTERFOIL_ACCESS_TOKEN_TTL_SECONDS,
    clientSecretTtlDays: e.COUNTERFOIL_CLIENT_SECRET_TTL_DAYS,
    actionTokenTtlSeconds: e.COUNTERFOIL_ACTION_TOKEN_TTL_SECONDS,
    passkeyChallengeTtlSeconds: e.COUNTERFOIL_PASSKEY_CHALLENGE_TTL_SECONDS,
    secretExpiryWarningSeconds: e.COUNTERFOIL_SECRET_EXPIRY_WARNING_SECONDS,
    bootstrap: { legalName: e.COUNTERFOIL_BOOTSTRAP_LEGAL_NAME, jurisdiction: e.COUNTERFOIL_BOOTSTRAP_JURISDICTION },
    rateLimits: {
      readPerSecond: e.COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND,
      writePerSecond: e.COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND,
      tokenPerSecond: e.COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND,
      burstSeconds: e.COUNTERFOIL_RATE_LIMIT_BURST_SECONDS,
      store: e.COUNTERFOIL_RATE_LIMIT_STORE ?? (e.COUNTERFOIL_REDIS_URL ? 'redis' : 'memory'),
      redisUrl: e.COUNTERFOIL_REDIS_URL,
    },
    trustedProxies: e.COUNTERFOIL_TRUSTED_PROXIES,
    corsOrigins: e.COUNTERFOIL_CORS_ORIGINS,
    shutdownGraceMs: e.COUNTERFOIL_SHUTDOWN_GRACE_MS,
    readinessDrainMs: e.COUNTERFOIL_READINESS_DRAIN_MS,
    webhookRetryScheduleSeconds: e.COUNTERFOIL_WEBHOOK_RETRY_SCHEDULE,
    webhookResponseTimeoutMs: e.COUNTERFOIL_WEBHOOK_TIMEOUT_MS,
    webhookFailureWindowSeconds: e.COUNTERFOIL_WEBHOOK_FAILURE_WINDOW_SECONDS,
    webhookSecretOverlapSeconds: e.COUNTERFOIL_WEBHOOK_SECRET_OVERLAP_SECONDS,
    outboxSweepIntervalMs: e.COUNTERFOIL_OUTBOX_SWEEP_MS,
    workflowStartSweepMs: e.COUNTERFOIL_WORKFLOW_START_SWEEP_MS,
    workflowStartGraceMs: e.COUNTERFOIL_WORKFLOW_START_GRACE_MS,
    exportRetentionSeconds: e.COUNTERFOIL_EXPORT_RETENTION_SECONDS,
    sandboxBlockMs: e.COUNTERFOIL_SANDBOX_BLOCK_MS,
    maxClockSkewMs: e.COUNTERFOIL_MAX_CLOCK_SKEW_MS,
    databaseWaitMs: e.COUNTERFOIL_DATABASE_WAIT_SECONDS * 1000,
    sandboxActivityFaults: e.COUNTERFOIL_SANDBOX_ACTIVITY_FAULTS === undefined ? null : parseActivityFaults(e.COUNTERFOIL_SANDBOX_ACTIVITY_FAULTS),
    workflowIsolateTimeoutMs: e.COUNTERFOIL_WORKFLOW_ISOLATE_TIMEOUT_MS,
    workflowStackTraces: e.COUNTERFOIL_WORKFLOW_STACK_TRACES === 1,
    ledgerGroupMax: e.COUNTERFOIL_LEDGER_GROUP_MAX,
    ledgerGroupCommits: e.COUNTERFOIL_LEDGER_GROUP_COMMITS,
    ledgerGroupBusy: e.COUNTERFOIL_LEDGER_GROUP_BUSY,
    ledgerGroupWaitMs: e.COUNTERFOIL_LEDGER_GROUP_WAIT_MS,
    consoleDir: path.resolve(e.COUNTERFOIL_CONSOLE_DIR),
    consoleIdentityOrigins: e.COUNTERFOIL_CONSOLE_IDP_ORIGINS,
    webauthn: { rpId: e.COUNTERFOIL_WEBAUTHN_RP_ID, rpName: e.COUNTERFOIL_WEBAUTHN_RP_NAME, origins: e.COUNTERFOIL_WEBAUTHN_ORIGINS },
    temporalUiUrl: e.COUNTERFOIL_TEMPORAL_UI_URL,
    devIdentityProvider: sandbox && e.COUNTERFOIL_DEV_IDP === 'on' ? { port: e.COUNTERFOIL_DEV_IDP_PORT } : null,
    outboundAllowLoopback: (e.COUNTERFOIL_OUTBOUND_ALLOW_LOOPBACK ?? (sandbox ? 1 : 0)) === 1,
    webhookDrainPerSecond: e.COUNTERFOIL_WEBHOOK_DRAIN_PER_SECOND,
    webhookDrainMaxPerSecond: Math.max(e.COUNTERFOIL_WEBHOOK_DRAIN_PER_SECOND, e.COUNTERFOIL_WEBHOOK_DRAIN_MAX_PER_SECOND),
    webhookLaneConcurrency: e.COUNTERFOIL_WEBHOOK_LANE_CONCURRENCY,
    webhookLaneSweepMs: e.COUNTERFOIL_WEBHOOK_LANE_SWEEP_MS,
    sealingKeys: e.COUNTERFOIL_SEALING_KEYS
      ? { kind: 'env', value: e.COUNTERFOIL_SEALING_KEYS }
      : keyFile
        ? { kind: 'file', path: path.resolve(keyFile), generate: sandbox }
        : { kind: 'file', path: path.join(dataDir, 'sealing-keys'), generate: true },
    providers: providerRouting(e.COUNTERFOIL_PROVIDERS, e.COUNTERFOIL_PROVIDERS_FILE),
    connectorCaFile: e.COUNTERFOIL_CONNECTOR_CA_FILE,
    connectorAllowLoopback: (e.COUNTERFOIL_CONNECTOR_ALLOW_LOOPBACK ?? (sandbox ? 1 : 0)) === 1,
    connectorTimeoutMs: e.COUNTERFOIL_CONNECTOR_TIMEOUT_MS,
    priceMaxAgeMs: e.COUNTERFOIL_PRICE_MAX_AGE_MS,
  };
}
