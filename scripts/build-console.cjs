#!/usr/bin/env node
/**
 * Builds the web console (console/) into console/dist, which the tenant API serves under /console.
 * `--if-stale` builds only when the sources changed since the last build (a hash of them is kept in
 * console/dist/.source-hash): `npm start` and the browser tests use it, so the console is built once.
 */
const { createHash } = require('node:crypto');
const { existsSync, readdirSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const root = path.join(__dirname, '..');
const dist = path.join(root, 'console', 'dist');
const hashFile = path.join(dist, '.source-hash');

function sourceHash() {
  const hash = createHash('sha256');
  const add = (file) => hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (full === dist || name === 'node_modules') continue;
      if (statSync(full).isDirectory()) walk(full);
      else add(full);
    }
  };
  walk(path.join(root, 'console'));
  walk(path.join(root, 'clients', 'typescript'));
  // Formats the console shares with the server (CSV fields).
  walk(path.join(root, 'src', 'reference'));
  add(path.join(root, 'package-lock.json'));
  return hash.digest('hex');
}

function build({ ifStale = false } = {}) {
  const wanted = sourceHash();
  if (ifStale && existsSync(path.join(dist, 'index.html')) && existsSync(hashFile) && readFileSync(hashFile, 'utf8') === wanted) {
    return false;
  }
  const started = Date.now();
  execFileSync(process.execPath, [path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js'), 'build', '--config', path.join(root, 'console', 'vite.config.mts')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    // NODE_ENV=test (jest's) would give React's development build.
    env: { ...process.env, NODE_ENV: 'production', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
  writeFileSync(hashFile, wanted);
  process.stderr.write(`console built into console/dist in ${Date.now() - started} ms\n`);
  return true;
}

module.exports = { build };
if (require.main === module) build({ ifStale: process.argv.includes('--if-stale') });
