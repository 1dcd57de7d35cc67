#!/usr/bin/env node
// Installs npm dependencies when node_modules is missing or older than package.json / the lockfile,
// so `npm start` and `npm test` work on a fresh clone. Fast no-op otherwise.
const { createHash } = require('node:crypto');
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { execSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const stamp = path.join(root, 'node_modules', '.counterfoil-deps');
const inputs = ['package.json', 'package-lock.json'].map((f) => path.join(root, f)).filter(existsSync);
const digest = createHash('sha256');
for (const f of inputs) digest.update(readFileSync(f));
const want = digest.digest('hex');

if (!(existsSync(stamp) && readFileSync(stamp, 'utf8') === want)) install();
// Also on a warm node_modules: a package reinstalled by hand loses the patch (cheap to check).
require('./dependency-patches.cjs').main();

function install() {
  // `npm install`, not `npm ci`: it follows the lockfile too, but tolerates the optional per-platform
  // binaries (@swc/core-*, resolver bindings) that npm 11 leaves out of a lockfile written on one platform.
  const cmd = 'npm install --no-audit --no-fund';
  console.error(`[counterfoil] installing npm dependencies (${cmd})`);
  execSync(cmd, { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, want);
}
