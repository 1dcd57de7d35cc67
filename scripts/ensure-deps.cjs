#!/usr/bin/env node
// Installs npm dependencies when node_modules is missing or older than package.json / the lockfile,
// so `npm start` and `npm test` work on a fresh clone. Fast no-op otherwise.
const { createHash } = require('node:crypto');
const { existsSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const { execSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const stamp = path.join(root, 'node_modules', '.counterfoil-deps');
const lockfile = path.join(root, 'package-lock.json');
const inputs = [path.join(root, 'package.json'), lockfile].filter(existsSync);
const digest = createHash('sha256');
for (const f of inputs) digest.update(readFileSync(f));
const want = digest.digest('hex');

if (!(existsSync(stamp) && readFileSync(stamp, 'utf8') === want)) {
  if (installedSinceInputsChanged()) writeFileSync(stamp, want);
  else install();
}
// Also on a warm node_modules: a package reinstalled by hand loses its patch; a patch that no longer
// applies stops here (non-zero exit) rather than at run time.
require('./dependency-patches.cjs').main();

/**
 * A tree npm installed after package.json and the lockfile last changed (`npm ci` run by hand or by CI
 * before `npm test`): npm writes node_modules/.package-lock.json at the end of every install, so a
 * newer one means these inputs were installed. Installing again would only cost time.
 */
function installedSinceInputsChanged() {
  const hidden = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(hidden) || !existsSync(lockfile)) return false;
  const installed = statSync(hidden).mtimeMs;
  return inputs.every((f) => statSync(f).mtimeMs < installed);
}

function install() {
  // `npm ci` installs exactly the lockfile and never rewrites it, so a fresh clone stays clean.
  // `npm install` only when there is no lockfile to follow.
  const cmd = existsSync(lockfile) ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund';
  console.error(`[counterfoil] installing npm dependencies (${cmd})`);
  execSync(cmd, { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, want);
}
