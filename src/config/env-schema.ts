import path from 'node:path';
import { z } from 'zod';
import { normalizeAllowlistEntry } from './ip-addresses';
import { ROOT } from '../root';

// An empty variable counts as unset, as a shell's `VAR=` means "no value".
const blank = (v: unknown) => (v === '' ? undefined : v);
const text = (fallback: string) => z.preprocess(blank, z.string().default(fallback));
const optional = () => z.preprocess(blank, z.string().optional());

function integer(min: number, max: number, what = 'an integer') {
  const range = { error: (iss: { input?: unknown }) => `expected ${min}..${max}, got ${String(iss.input)}` };
  return z
    .string()
    .regex(/^\d+$/, { error: (iss) => `expected ${what}, got "${String(iss.input)}"` })
    .transform(Number)
    .pipe(z.number().min(min, range).max(max, range));
}
const int = (fallback: number, min: number, max: number, what?: string) => z.preprocess(blank, integer(min, max, what).default(fallback));
/** 0 or 1 without a default of its own: the mode decides it (see loadConfig). */
const flag = () => z.preprocess(blank, integer(0, 1).optional());

const enumOf = <const T extends readonly [string, ...string[]]>(allowed: T) =>
  z.enum(allowed, { error: (iss) => `expected one of ${allowed.join(', ')}, got "${String(iss.input)}"` });
const oneOf = <const T extends readonly [string, ...string[]]>(allowed: T, fallback: T[number]) =>
  z.preprocess(blank, enumOf(allowed).default(fallback as never));
/** An enum without a default of its own: another variable decides it (see loadConfig). */
const maybeOneOf = <const T extends readonly [string, ...string[]]>(allowed: T) => z.preprocess(blank, enumOf(allowed).optional());

const url = () => z.preprocess(blank, z.string().refine((v) => URL.canParse(v), { error: 'not a valid URL' }).optional());

const seconds = (fallback: number[]) =>
  z.preprocess(
    blank,
    z
      .string()
      .transform((raw, ctx) => {
        const parts = raw.split(',').map((p) => p.trim());
        if (parts.some((p) => !/^\d+$/.test(p))) {
          ctx.addIssue({ code: 'custom', message: `expected a comma-separated list of whole seconds, got "${raw}"` });
          return z.NEVER;
        }
        return parts.map(Number);
      })
      .default(fallback),
  );

/** A comma list, each entry checked and normalized by `each` (which returns an error text or the value). */
/** An exact browser origin (`https://app.example.com`, a port if any, no path); never `*`. */
const corsOrigin = (entry: string): { value: string } | { error: string } => {
  if (entry === '*') return { error: 'COUNTERFOIL_CORS_ORIGINS takes exact origins, not "*"' };
  const parsed = URL.canParse(entry) ? new URL(entry) : undefined;
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== entry) {
    return { error: `COUNTERFOIL_CORS_ORIGINS: "${entry}" is not an origin (scheme://host[:port], no path or trailing slash)` };
  }
  return { value: entry };
};

const list = (each: (entry: string) => { value: string } | { error: string }) =>
  z.preprocess(
    blank,
    z
      .string()
      .default('')
      .transform((raw, ctx) => {
        const out: string[] = [];
        for (const entry of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
          const r = each(entry);
          if ('error' in r) {
            ctx.addIssue({ code: 'custom', message: r.error });
            return z.NEVER;
          }
          out.push(r.value);
        }
        return out;
      }),
  );

function origin(o: string): { value: string } | { error: string } {
  const parsed = URL.parse(o);
  if (parsed && parsed.origin === o.replace(/\/$/, '')) return { value: parsed.origin };
  return { error: `expected a comma-separated list of origins (scheme://host[:port]), got "${o}"` };
}

function addressRange(entry: string): { value: string } | { error: string } {
  const normalized = normalizeAllowlistEntry(entry);
  return 'error' in normalized ? { error: `"${entry}": ${normalized.error}` } : normalized;
}

/** The server refuses these: '.' and ':' separate a deployment from a build id, '__' starts its reserved names. */
const deploymentName = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  z
    .string()
    .refine((n) => !/[.:]/.test(n) && !n.startsWith('__') && n.length <= 100, {
      error: 'expected at most 100 characters, without "." or ":", not starting with "__"',
    })
    .optional(),
);
const buildId = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  z.string().refine((n) => !n.startsWith('__') && n.length <= 100, { error: 'expected at most 100 characters, not starting with "__"' }).optional(),
);

/** `<seed>:<rate>` (COUNTERFOIL_SANDBOX_ACTIVITY_FAULTS): which activities fail after their effect, and how often. */
export function parseActivityFaults(text: string): { seed: number; rate: number } | null {
  const m = /^(\d{1,10}):(0(?:\.\d+)?|0?\.\d+)$/.exec(text.trim());
  if (!m) return null;
  const rate = Number(m[2]);
  return rate <= 0.5 ? { seed: Number(m[1]) >>> 0, rate } : null;
}

/** The longest an action token or a passkey challenge may live: the request schemas cap at it too. */
export const MAX_ACTION_TOKEN_TTL_SECONDS = 300;
export const MAX_PASSKEY_CHALLENGE_TTL_SECONDS = 300;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Every variable Counterfoil reads at start-up (README.md, "Configuration", lists them), its default and
 * its allowed values. Settings whose default depends on another variable are resolved in loadConfig.
 */
export const envSchema = z
  .object({
    COUNTERFOIL_MODE: oneOf(['sandbox', 'production'], 'sandbox'),
    LOG_LEVEL: oneOf(LOG_LEVELS, 'info'),
    COUNTERFOIL_DATA_DIR: text('./.data'),
    COUNTERFOIL_HOST: text('127.0.0.1'),
    COUNTERFOIL_API_PORT: int(8080, 0, 65535),
    COUNTERFOIL_SIGNED_API_PORT: int(8081, 0, 65535),
    COUNTERFOIL_API_BASE_URL: url(),
    COUNTERFOIL_SIGNED_API_BASE_URL: url(),
    COUNTERFOIL_TLS_CERT: optional(),
    COUNTERFOIL_TLS_KEY: optional(),
    DATABASE_URL: url(),
    DATABASE_READ_URL: url(),
    COUNTERFOIL_READ_MAX_LAG_MS: int(1000, 0, 3_600_000),
    COUNTERFOIL_PG_PORT: int(5433, 1, 65535),
    TEMPORAL_PORT: int(7233, 1, 65535),
    TEMPORAL_UI_PORT: int(8233, 1, 65535),
    TEMPORAL_TASK_QUEUE: text('counterfoil'),
    COUNTERFOIL_WORKER_DEPLOYMENT: deploymentName,
    COUNTERFOIL_WORKER_BUILD_ID: buildId,
    COUNTERFOIL_OPS_HOST: text('127.0.0.1'),
    COUNTERFOIL_OPS_PORT: int(0, 0, 65535),
    // Down to 5 s, so tests can watch a session run out.
    COUNTERFOIL_ACCESS_TOKEN_TTL_SECONDS: int(3600, 5, 86400),
    COUNTERFOIL_CLIENT_SECRET_TTL_DAYS: int(365, 1, 3650),
    COUNTERFOIL_ACTION_TOKEN_TTL_SECONDS: int(MAX_ACTION_TOKEN_TTL_SECONDS, 1, MAX_ACTION_TOKEN_TTL_SECONDS, 'whole seconds'),
    COUNTERFOIL_PASSKEY_CHALLENGE_TTL_SECONDS: int(120, 1, MAX_PASSKEY_CHALLENGE_TTL_SECONDS, 'whole seconds'),
    COUNTERFOIL_SECRET_EXPIRY_WARNING_SECONDS: int(14 * 86_400, 0, 365 * 86_400, 'whole seconds'),
    COUNTERFOIL_BOOTSTRAP_LEGAL_NAME: text('Counterfoil Sandbox Ltd'),
    COUNTERFOIL_BOOTSTRAP_JURISDICTION: z.preprocess(
      blank,
      z.string().regex(/^[A-Z]{2}$/, { error: 'expected a two-letter ISO 3166-1 country code' }).default('GB'),
    ),
    COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: int(1000, 1, 10_000_000),
    COUNTERFOIL_RATE_LIMIT_WRITE_PER_SECOND: int(200, 1, 10_000_000),
    COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: int(20, 1, 10_000_000),
    COUNTERFOIL_RATE_LIMIT_BURST_SECONDS: int(2, 1, 3600),
    COUNTERFOIL_RATE_LIMIT_STORE: maybeOneOf(['memory', 'postgres', 'redis']),
    COUNTERFOIL_REDIS_URL: url(),
    COUNTERFOIL_TRUSTED_PROXIES: list(addressRange),
    COUNTERFOIL_CORS_ORIGINS: list(corsOrigin),
    COUNTERFOIL_SHUTDOWN_GRACE_MS: int(10_000, 0, 600_000),
    COUNTERFOIL_READINESS_DRAIN_MS: int(0, 0, 120_000),
    COUNTERFOIL_DATABASE_WAIT_SECONDS: int(120, 0, 3600),
    COUNTERFOIL_WEBHOOK_RETRY_SCHEDULE: seconds([0, 5, 300, 1800, 7200, 18000, 36000, 36000]),
    COUNTERFOIL_WEBHOOK_TIMEOUT_MS: int(15_000, 100, 120_000),
    COUNTERFOIL_WEBHOOK_FAILURE_WINDOW_SECONDS: int(5 * 86400, 1, 90 * 86400),
    COUNTERFOIL_WEBHOOK_SECRET_OVERLAP_SECONDS: int(86400, 0, 30 * 86400),
    COUNTERFOIL_OUTBOX_SWEEP_MS: int(250, 10, 600_000),
    COUNTERFOIL_WORKFLOW_START_SWEEP_MS: int(15_000, 10, 3_600_000),
    COUNTERFOIL_WORKFLOW_START_GRACE_MS: int(30_000, 0, 3_600_000),
    COUNTERFOIL_EXPORT_RETENTION_SECONDS: int(7 * 86400, 1, 365 * 86400),
    COUNTERFOIL_SANDBOX_BLOCK_MS: int(1000, 0, 600_000),
    COUNTERFOIL_SANDBOX_ACTIVITY_FAULTS: optional(),
    COUNTERFOIL_MAX_CLOCK_SKEW_MS: int(2000, 100, 3_600_000),
    COUNTERFOIL_WORKFLOW_ISOLATE_TIMEOUT_MS: int(0, 0, 600_000),
    COUNTERFOIL_WORKFLOW_STACK_TRACES: int(0, 0, 1),
    COUNTERFOIL_LEDGER_GROUP_MAX: int(64, 1, 1000),
    COUNTERFOIL_LEDGER_GROUP_COMMITS: int(3, 1, 100),
    COUNTERFOIL_LEDGER_GROUP_BUSY: int(4, 1, 1000),
    COUNTERFOIL_LEDGER_GROUP_WAIT_MS: int(2, 0, 1000),
    COUNTERFOIL_CONSOLE_DIR: text(path.join(ROOT, 'console', 'dist')),
    COUNTERFOIL_CONSOLE_IDP_ORIGINS: list(origin),
    COUNTERFOIL_WEBAUTHN_RP_ID: text('localhost'),
    COUNTERFOIL_WEBAUTHN_RP_NAME: text('Counterfoil'),
    COUNTERFOIL_WEBAUTHN_ORIGINS: list(origin),
    COUNTERFOIL_TEMPORAL_UI_URL: url(),
    COUNTERFOIL_DEV_IDP: oneOf(['on', 'off'], 'on'),
    COUNTERFOIL_DEV_IDP_PORT: int(8082, 0, 65535),
    COUNTERFOIL_OUTBOUND_ALLOW_LOOPBACK: flag(),
    COUNTERFOIL_WEBHOOK_DRAIN_PER_SECOND: int(50, 1, 100_000),
    COUNTERFOIL_WEBHOOK_DRAIN_MAX_PER_SECOND: int(1000, 1, 100_000),
    COUNTERFOIL_WEBHOOK_LANE_CONCURRENCY: int(8, 1, 256),
    COUNTERFOIL_WEBHOOK_LANE_SWEEP_MS: int(30_000, 100, 3_600_000),
    COUNTERFOIL_SEALING_KEYS: optional(),
    COUNTERFOIL_SEALING_KEY_FILE: optional(),
    COUNTERFOIL_PROVIDERS: optional(),
    COUNTERFOIL_PROVIDERS_FILE: optional(),
    COUNTERFOIL_CONNECTOR_CA_FILE: optional(),
    COUNTERFOIL_CONNECTOR_ALLOW_LOOPBACK: flag(),
    COUNTERFOIL_CONNECTOR_TIMEOUT_MS: int(5000, 100, 60_000),
    COUNTERFOIL_PRICE_MAX_AGE_MS: int(30_000, 100, 86_400_000),
  })
  .superRefine((e, ctx) => {
    const refuse = (variable: string, message: string) => ctx.addIssue({ code: 'custom', path: [variable], message });
    const production = e.COUNTERFOIL_MODE === 'production';
    if ((e.COUNTERFOIL_TLS_CERT === undefined) !== (e.COUNTERFOIL_TLS_KEY === undefined)) {
      refuse(e.COUNTERFOIL_TLS_CERT ? 'COUNTERFOIL_TLS_KEY' : 'COUNTERFOIL_TLS_CERT', 'TLS needs both a certificate and a key');
    }
    if (e.COUNTERFOIL_RATE_LIMIT_STORE === 'redis' && !e.COUNTERFOIL_REDIS_URL) {
      refuse('COUNTERFOIL_REDIS_URL', 'required when COUNTERFOIL_RATE_LIMIT_STORE is redis');
    }
    if (e.COUNTERFOIL_SANDBOX_ACTIVITY_FAULTS !== undefined) {
      if (production) refuse('COUNTERFOIL_SANDBOX_ACTIVITY_FAULTS', 'injected activity failures are for sandbox mode only');
      else if (!parseActivityFaults(e.COUNTERFOIL_SANDBOX_ACTIVITY_FAULTS)) refuse('COUNTERFOIL_SANDBOX_ACTIVITY_FAULTS', 'expected <seed>:<rate>, a seed of digits and a rate from 0 to 0.5');
    }
    if (production && e.COUNTERFOIL_OUTBOUND_ALLOW_LOOPBACK === 1) {
      refuse('COUNTERFOIL_OUTBOUND_ALLOW_LOOPBACK', 'loopback destinations are for sandbox mode only');
    }
    if (e.COUNTERFOIL_WORKER_BUILD_ID && !e.COUNTERFOIL_WORKER_DEPLOYMENT) {
      refuse('COUNTERFOIL_WORKER_BUILD_ID', 'needs COUNTERFOIL_WORKER_DEPLOYMENT (a build id belongs to a Worker Deployment)');
    }
    if (e.COUNTERFOIL_SEALING_KEYS && e.COUNTERFOIL_SEALING_KEY_FILE) {
      refuse('COUNTERFOIL_SEALING_KEYS', 'give the keys or a key file, not both');
    } else if (production && !e.COUNTERFOIL_SEALING_KEYS && !e.COUNTERFOIL_SEALING_KEY_FILE) {
      refuse(
        'COUNTERFOIL_SEALING_KEY_FILE',
        'production needs COUNTERFOIL_SEALING_KEY_FILE or COUNTERFOIL_SEALING_KEYS (secrets are never sealed with a key kept in the database)',
      );
    }
    if (e.COUNTERFOIL_PROVIDERS && e.COUNTERFOIL_PROVIDERS_FILE) refuse('COUNTERFOIL_PROVIDERS', 'give the routing or a routing file, not both');
  });

/** The variables the schema reads, for the README check. */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);
