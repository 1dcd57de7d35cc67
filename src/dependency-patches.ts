import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './root';
import type { Logger } from './logger';
import type { Metrics } from './metrics';

export type PatchPurpose = 'correctness' | 'optimisation';
export interface MissingPatch {
  name: string;
  package: string;
  purpose: PatchPurpose;
}

// CommonJS shared with the install scripts, which run before TypeScript can; resolved from the
// checkout root so the compiled build (dist/) finds it too.
const patches = createRequire(path.join(ROOT, 'scripts', 'package.json'))('./dependency-patches.cjs') as {
  PATCHES: Record<string, { purpose: PatchPurpose; roles: Array<'api' | 'worker'> }>;
  missingPatches(role: 'all' | 'api' | 'worker', root?: string): MissingPatch[];
  isPatched(name: 'isolate-timeout' | 'activator-reader' | 'stack-traces'): boolean;
};

export const isPatched = (name: 'isolate-timeout' | 'activator-reader' | 'stack-traces'): boolean => patches.isPatched(name);

/** A patch a process cannot run correctly without is not in the installed packages. */
export class DependencyPatchError extends Error {
  constructor(readonly missing: MissingPatch[]) {
    super(
      `counterfoil: ${missing.map((p) => `${p.package} lacks the ${p.name} patch`).join('; ')} (scripts/dependency-patches.cjs). ` +
        'Install with scripts enabled (`npm ci`, not `--ignore-scripts`), or run `node scripts/dependency-patches.cjs`.',
    );
    this.name = 'DependencyPatchError';
  }
}

/**
 * Checks, at the start of a process, the dependency patches its role needs: throws when a correctness
 * patch is missing, warns for each missing optimisation. `root` is the repository whose node_modules to read.
 */
export function checkDependencyPatches(role: 'all' | 'api' | 'worker', log: Logger, root?: string): MissingPatch[] {
  const missing = patches.missingPatches(role, root);
  const fatal = missing.filter((p) => p.purpose === 'correctness');
  if (fatal.length > 0) throw new DependencyPatchError(fatal);
  for (const p of missing) log.warn({ patch: p.name, package: p.package }, `${p.package} lacks the ${p.name} patch (scripts/dependency-patches.cjs): it runs without that optimisation`);
  return missing;
}

/** Exports counterfoil_dependency_patch_missing: 1 for each patch the role needs and lacks, 0 for the others. */
export function recordDependencyPatches(metrics: Metrics, role: 'all' | 'api' | 'worker', missing: MissingPatch[]): void {
  for (const [name, patch] of Object.entries(patches.PATCHES)) {
    if (role !== 'all' && !patch.roles.includes(role)) continue;
    metrics.dependencyPatchMissing.set({ patch: name }, missing.some((p) => p.name === name) ? 1 : 0);
  }
}
