import { existsSync } from 'node:fs';
import path from 'node:path';

/** The directory holding package.json: the checkout, whether this runs from src/ (tsx) or from dist/src/ (built). */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '..');
  }
}

export const ROOT = findRoot(__dirname);
/** True when this is the compiled code of `npm run build` (dist/), not the TypeScript sources. */
export const COMPILED = path.relative(ROOT, __dirname).split(path.sep)[0] === 'dist';
/** The workflow bundle `npm run build` writes; the compiled worker loads it instead of bundling. */
export const PREBUILT_WORKFLOW_BUNDLE = path.join(ROOT, 'dist', 'workflow-bundle.js');
/** Redoc's standalone bundle as `npm run build` copies it (scripts/build-docs.cjs): the compiled API serves it, redoc itself is not installed. */
export const PREBUILT_REDOC_BUNDLE = path.join(ROOT, 'dist', 'docs', 'redoc.standalone.js');
