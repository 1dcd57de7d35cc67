import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './root';
import type { Logger } from './logger';
import type { Metrics } from './metrics';

export type PatchPurpose = 'correctness' | 'optimisation';
export type PatchName = 'isolate-timeout' | 'activator-reader' | 'stack-traces' | 'lazy-webpack' | 'settled-query' | 'closed-socket-write' | 'types-fetch';
export interface DependencyPatch {
  /** The npm package it changes, whose patches/<package>+<version>.patch holds it. */
  package: string;
  /** The files it changes, relative to the package. */
  files: string[];
  /** Text the patch leaves in each of its files: how a process knows it has the patch. */
  marker: string;
  /** correctness: the process must not run without it; optimisation: it runs, slower. */
  purpose: PatchPurpose;
  roles: Array<'api' | 'worker'>;
  /** The issue or pull request that would make it unnecessary (the patch file's header names it too). */
  upstream: string;
}
export interface MissingPatch {
  name: PatchName;
  package: string;
  purpose: PatchPurpose;
}

const POSTGRES_BUILDS = (file: string) => [`cjs/src/${file}`, `src/${file}`];

/**
 * The dependency patches, applied at install by patch-package from patches/ (package.json "postinstall").
 * Why each exists and what it saves: docs/performance.md, "Dependency patches".
 */
export const PATCHES: Record<PatchName, DependencyPatch> = {
  'isolate-timeout': {
    package: '@temporalio/worker',
    files: ['lib/workflow/reusable-vm.js'],
    marker: 'counterfoil: 0 means no watchdog thread',
    purpose: 'optimisation', // unpatched, the worker keeps the SDK's 5 s timeout (src/temporal/worker.ts)
    roles: ['worker'],
    upstream: 'not filed (nodejs/node#47739, temporalio/sdk-typescript#249)',
  },
  'activator-reader': {
    package: '@temporalio/worker',
    files: ['lib/workflow/vm-shared.js'],
    marker: 'counterfoil: compiled once per context',
    purpose: 'optimisation',
    roles: ['worker'],
    upstream: 'not filed (temporalio/sdk-typescript#1587)',
  },
  'stack-traces': {
    package: '@temporalio/worker',
    files: ['lib/workflow/vm-shared.js'],
    marker: 'counterfoil: stack traces on request',
    purpose: 'optimisation', // unpatched, every workflow promise records a stack trace
    roles: ['worker'],
    upstream: 'not filed (temporalio/sdk-typescript#1587)',
  },
  'lazy-webpack': {
    package: '@temporalio/worker',
    files: ['lib/workflow/bundler.js', 'lib/workflow/bundler/patch-module-cache.js'],
    marker: 'counterfoil: webpack, memfs and unionfs on the first bundle',
    // Unpatched, loading the package loads webpack, so a production install keeps webpack and @swc
    // (scripts/runtime-deps.cjs leaves them out only when this marker is there).
    purpose: 'optimisation',
    roles: ['api', 'worker'],
    upstream: 'not filed',
  },
  'settled-query': {
    package: 'postgres',
    files: POSTGRES_BUILDS('query.js'),
    marker: 'counterfoil: a settled query lets go of its parameters',
    purpose: 'optimisation', // promoted garbage and longer GC pauses under write load, not wrong answers
    roles: ['api', 'worker'],
    upstream: 'not filed',
  },
  'closed-socket-write': {
    package: 'postgres',
    files: POSTGRES_BUILDS('connection.js'),
    marker: 'counterfoil: no flush without a socket',
    purpose: 'correctness', // unpatched, a write after a closed connection ends the process
    roles: ['api', 'worker'],
    upstream: 'porsager/postgres#1208, PR #1209',
  },
  'types-fetch': {
    package: 'postgres',
    files: POSTGRES_BUILDS('connection.js'),
    marker: 'counterfoil: a failed type fetch is the connection',
    purpose: 'correctness', // unpatched, a reserved connection cut off while it fetches the types ends the process
    roles: ['api', 'worker'],
    upstream: 'porsager/postgres#1192, #1205, #1223',
  },
};

/** True when every file patch `name` changes, in `root`'s node_modules, carries it. */
export function isPatched(name: PatchName, root: string = ROOT): boolean {
  const { package: pkg, files, marker } = PATCHES[name];
  return files.every((file) => {
    const target = path.join(root, 'node_modules', pkg, file);
    return existsSync(target) && readFileSync(target, 'utf8').includes(marker);
  });
}

/** The patches a process of `role` (`all` for both) needs that `root`'s node_modules lacks. */
export function missingPatches(role: 'all' | 'api' | 'worker', root: string = ROOT): MissingPatch[] {
  return (Object.keys(PATCHES) as PatchName[])
    .filter((name) => role === 'all' || PATCHES[name].roles.includes(role))
    .filter((name) => !isPatched(name, root))
    .map((name) => ({ name, package: PATCHES[name].package, purpose: PATCHES[name].purpose }));
}

/** A patch a process cannot run correctly without is not in the installed packages. */
export class DependencyPatchError extends Error {
  constructor(readonly missing: MissingPatch[]) {
    super(
      `counterfoil: ${missing.map((p) => `${p.package} lacks the ${p.name} patch`).join('; ')} (patches/, applied by patch-package). ` +
        'Install with scripts enabled (`npm ci`, not `--ignore-scripts`), or run `npx patch-package --error-on-fail`.',
    );
    this.name = 'DependencyPatchError';
  }
}

/**
 * Checks, at the start of a process, the dependency patches its role needs: throws when a correctness
 * patch is missing, warns for each missing optimisation. `root` is the repository whose node_modules to read.
 */
export function checkDependencyPatches(role: 'all' | 'api' | 'worker', log: Logger, root?: string): MissingPatch[] {
  const missing = missingPatches(role, root);
  const fatal = missing.filter((p) => p.purpose === 'correctness');
  if (fatal.length > 0) throw new DependencyPatchError(fatal);
  for (const p of missing) log.warn({ patch: p.name, package: p.package }, `${p.package} lacks the ${p.name} patch (patches/, applied by patch-package): it runs without that optimisation`);
  return missing;
}

/** Exports counterfoil_dependency_patch_missing: 1 for each patch the role needs and lacks, 0 for the others. */
export function recordDependencyPatches(metrics: Metrics, role: 'all' | 'api' | 'worker', missing: MissingPatch[]): void {
  for (const [name, patch] of Object.entries(PATCHES)) {
    if (role !== 'all' && !patch.roles.includes(role)) continue;
    metrics.dependencyPatchMissing.set({ patch: name }, missing.some((p) => p.name === name) ? 1 : 0);
  }
}
