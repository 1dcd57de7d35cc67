import { ConfigError } from '../../config';

type Env = Record<string, string | undefined>;

/**
 * A duration in whole seconds from the environment, validated like src/config.ts does. Read per use:
 * these settings belong to the access module and are not part of the shared Config.
 */
export function envSeconds(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `expected whole seconds, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(name, `expected ${min}..${max}, got ${n}`);
  return n;
}

export const DEFAULT_OVERLAP_SECONDS = 86_400;
export const MAX_OVERLAP_SECONDS = 7 * 86_400;

/** How long before `client_secret_expires_at` the rotation workflow records `iam.service_account.secret_expiring.v1`. */
export const secretExpiryWarningSeconds = (env: Env = process.env) =>
  envSeconds(env, 'COUNTERFOIL_SECRET_EXPIRY_WARNING_SECONDS', 14 * 86_400, 0, 365 * 86_400);
