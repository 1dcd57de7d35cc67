import { envSeconds } from '../../config';

type Env = Record<string, string | undefined>;

export const DEFAULT_OVERLAP_SECONDS = 86_400;
export const MAX_OVERLAP_SECONDS = 7 * 86_400;

/** How long before `client_secret_expires_at` the rotation workflow records `iam.service_account.secret_expiring.v1`. */
export const secretExpiryWarningSeconds = (env: Env = process.env) =>
  envSeconds(env, 'COUNTERFOIL_SECRET_EXPIRY_WARNING_SECONDS', 14 * 86_400, 0, 365 * 86_400);
