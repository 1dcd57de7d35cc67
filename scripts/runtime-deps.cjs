#!/usr/bin/env node
// node scripts/runtime-deps.cjs [dir] — after `npm ci --omit=dev` in dir (default: the current folder),
// removes from dir/node_modules what no production process loads (the image's deps stage runs it, and so
// does test/e2e/production-install.test.ts):
//   - packages reachable only through install- or build-time edges (BUILD_ONLY): webpack, @swc, memfs
//     and unionfs, which the Temporal worker needs only to bundle workflows (the compiled worker loads
//     the bundle `npm run build` wrote), and patch-package, which the postinstall has already run;
//   - the Temporal core bridge of other platforms, and its Rust sources;
//   - the builds Node never loads: a package without an `exports` map is loaded from `main`, so the
//     folders only its `module`, `esnext` or `es2015` fields name are for bundlers (OpenTelemetry's
//     build/esm and build/esnext), and rxjs's exports give Node dist/cjs before any other condition;
//   - the packages' own tests, benchmarks and examples (folders at a package's top), and protobufjs's
//     browser bundles (dist/: Node loads src/);
//   - type declarations, TypeScript sources, source maps and READMEs.
// Plain Node and no dependencies: it runs in the deps stage, before anything but npm's tree is there.
'use strict';
const { existsSync, lstatSync, readFileSync, readdirSync, rmSync, statSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/** Edges of the lockfile's tree that no running process follows: from the package at a path, the names it depends on. */
const BUILD_ONLY = {
  // The postinstall (patch-package --error-on-fail) has applied patches/ by now; processes read the
  // patches' markers in the patched files, never patch-package.
  '': ['patch-package'],
  // Workflow bundling only; the lazy-webpack patch (patches/, src/dependency-patches.ts) makes
  // @temporalio/worker load webpack on the first bundle instead of at require.
  'node_modules/@temporalio/worker': ['webpack', '@swc/core', 'swc-loader', 'source-map-loader', 'memfs', 'unionfs'],
};
/** The lazy-webpack patch's marker: without it @temporalio/worker requires webpack as it loads, and webpack stays. */
const LAZY_WEBPACK = { file: 'node_modules/@temporalio/worker/lib/workflow/bundler.js', marker: 'counterfoil: webpack, memfs and unionfs on the first bundle' };

/** Where Node finds `name` from the package at `from` (a lockfile path): its own node_modules, then each parent's. */
function resolveIn(packages, from, name) {
  for (let dir = from; ; ) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return null;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up < 0 ? '' : dir.slice(0, up);
  }
}

/**
 * The lockfile paths of the packages a production process can load: everything the root's dependencies
 * reach (with optional and peer dependencies: more than needed is safe), less what only BUILD_ONLY reaches.
 */
function runtimePackages(lock, cut = BUILD_ONLY) {
  const packages = lock.packages;
  const seen = new Set();
  const queue = [''];
  while (queue.length > 0) {
    const at = queue.pop();
    const entry = packages[at] ?? {};
    const names = new Set(Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...(at === '' ? {} : entry.peerDependencies) }));
    for (const name of names) {
      if ((cut[at] ?? []).includes(name)) continue;
      const found = resolveIn(packages, at, name);
      if (found && !seen.has(found)) {
        seen.add(found);
        queue.push(found);
      }
    }
  }
  return seen;
}

/** The bridge's folder name for this machine, as @temporalio/core-bridge/common.js names it. */
function bridgeTarget(arch = os.arch(), platform = os.platform()) {
  const a = { x64: 'x86_64', arm64: 'aarch64' }[arch];
  const p = { linux: 'unknown-linux-gnu', darwin: 'apple-darwin', win32: 'pc-windows-msvc' }[platform];
  return a && p ? `${a}-${p}` : null;
}

function diskBytes(target) {
  let stat;
  try {
    stat = lstatSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.blocks * 512;
  return readdirSync(target).reduce((sum, name) => sum + diskBytes(path.join(target, name)), stat.blocks * 512);
}

/** package.json fields only bundlers read (Node reads `main` and `exports`). */
const BUNDLER_FIELDS = ['module', 'esnext', 'es2015', 'jsnext:main'];
/** Packages whose `exports` put `node` first in every entry: the other builds, relative to the package. */
const NODE_FIRST = { rxjs: { node: 'dist/cjs/', others: ['dist/esm', 'dist/esm5', 'dist/bundles', 'src'] } };
/** Folders at a package's top that no package loads (a require of one is a test's or a bench's own). */
const UNLOADED_FOLDERS = ['test', 'tests', '__tests__', 'benchmark', 'benchmarks', 'example', 'examples', '.github'];
/** Per package, more folders Node never loads: protobufjs's dist/ holds builds for <script> tags. */
const UNLOADED_BY_PACKAGE = { protobufjs: ['dist'] };

/** The folders of the package at `dir` that Node never loads (see the header); `name` is its package name. */
function bundlerOnlyFolders(dir, name) {
  let pkg;
  try {
    pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  } catch {
    return [];
  }
  const unloaded = [...UNLOADED_FOLDERS, ...(UNLOADED_BY_PACKAGE[name] ?? [])].map((f) => path.join(dir, f)).filter((f) => existsSync(f) && statSync(f).isDirectory());
  return [...unloaded, ...moduleBuilds(dir, name, pkg)];
}

function moduleBuilds(dir, name, pkg) {
  const rule = NODE_FIRST[name];
  if (rule) {
    const entries = Object.values(pkg.exports ?? {}).filter((e) => typeof e === 'object' && e !== null);
    // Only while `node` is the first condition Node matches and names the kept build.
    const nodeFirst = entries.length > 0 && entries.every((e) => { const keys = Object.keys(e).filter((k) => k !== 'types'); return keys[0] === 'node' && String(e.node).replace(/^\.\//, '').startsWith(rule.node); });
    return nodeFirst ? rule.others.map((f) => path.join(dir, f)).filter((f) => existsSync(f)) : [];
  }
  if (pkg.exports !== undefined) return [];
  const main = path.posix.normalize(pkg.main ?? 'index.js');
  const folders = new Set();
  for (const field of BUNDLER_FIELDS) {
    if (typeof pkg[field] !== 'string') continue;
    const folder = path.posix.dirname(path.posix.normalize(pkg[field]));
    // A folder that `main` is in, or that holds `main`'s folder, stays.
    if (folder === '.' || main.startsWith(`${folder}/`) || folder.startsWith(`${path.posix.dirname(main)}/`) || folder === path.posix.dirname(main)) continue;
    if (existsSync(path.join(dir, folder))) folders.add(path.join(dir, folder));
  }
  return [...folders];
}

/** Every installed package folder under `modules` with its name, nested ones included. */
function packageFolders(modules) {
  const found = [];
  const visit = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      const full = path.join(folder, entry.name);
      if (entry.name.startsWith('@')) {
        for (const scoped of readdirSync(full, { withFileTypes: true })) if (scoped.isDirectory()) add(path.join(full, scoped.name), `${entry.name}/${scoped.name}`);
      } else add(full, entry.name);
    }
  };
  const add = (full, name) => {
    found.push({ full, name });
    if (existsSync(path.join(full, 'node_modules'))) visit(path.join(full, 'node_modules'));
  };
  visit(modules);
  return found;
}

const UNREAD = /\.(map|ts|mts|cts)$/;
const README = /\.md$/i;
const LICENCE = /^licen[cs]e/i;

/** Type declarations, sources, maps and READMEs under `dir` (licences stay); returns the bytes freed. */
function removeUnread(dir) {
  let freed = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) freed += removeUnread(full);
    else if (entry.isFile() && (UNREAD.test(entry.name) || (README.test(entry.name) && !LICENCE.test(entry.name)))) {
      freed += diskBytes(full);
      rmSync(full);
    }
  }
  return freed;
}

/** Bin links left pointing at a removed package. */
function removeDanglingBins(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.name === '.bin' && entry.isDirectory()) {
      for (const link of readdirSync(full)) if (!existsSync(path.join(full, link))) rmSync(path.join(full, link));
    } else if (entry.isDirectory() && !entry.name.startsWith('.')) removeDanglingBins(full);
  }
}

/** Prunes dir/node_modules as the header says; returns what it removed, with the bytes each freed. */
function prune(dir, target = bridgeTarget()) {
  const lock = JSON.parse(readFileSync(path.join(dir, 'package-lock.json'), 'utf8'));
  const patched = existsSync(path.join(dir, LAZY_WEBPACK.file)) && readFileSync(path.join(dir, LAZY_WEBPACK.file), 'utf8').includes(LAZY_WEBPACK.marker);
  if (!patched) throw new Error(`${LAZY_WEBPACK.file} lacks the lazy-webpack patch (was the postinstall skipped?): webpack cannot be left out`);
  const keep = runtimePackages(lock);
  const removed = [];
  // Parents before their nested packages, so a removed parent's children are not counted twice.
  for (const at of Object.keys(lock.packages).filter((p) => p !== '' && !keep.has(p)).sort()) {
    const full = path.join(dir, at);
    if (!existsSync(full)) continue; // a development package `--omit=dev` never installed
    removed.push({ what: at, bytes: diskBytes(full) });
    rmSync(full, { recursive: true, force: true });
  }
  const bridge = path.join(dir, 'node_modules', '@temporalio', 'core-bridge');
  if (existsSync(bridge)) {
    if (!target || !existsSync(path.join(bridge, 'releases', target))) throw new Error(`@temporalio/core-bridge has no build for ${target ?? `${os.arch()}-${os.platform()}`}`);
    for (const other of readdirSync(path.join(bridge, 'releases')).filter((name) => name !== target)) {
      const full = path.join(bridge, 'releases', other);
      removed.push({ what: `@temporalio/core-bridge/releases/${other}`, bytes: diskBytes(full) });
      rmSync(full, { recursive: true, force: true });
    }
    for (const source of ['sdk-core', 'src', 'bridge-macros', 'Cargo.toml', 'Cargo.lock']) {
      const full = path.join(bridge, source);
      if (!existsSync(full)) continue;
      removed.push({ what: `@temporalio/core-bridge/${source}`, bytes: diskBytes(full) });
      rmSync(full, { recursive: true, force: true });
    }
  }
  let bundlerBytes = 0;
  for (const { full, name } of packageFolders(path.join(dir, 'node_modules'))) {
    for (const folder of bundlerOnlyFolders(full, name)) {
      bundlerBytes += diskBytes(folder);
      rmSync(folder, { recursive: true, force: true });
    }
  }
  removed.push({ what: 'builds Node never loads (module, esnext, es2015; rxjs but dist/cjs), tests, benchmarks, examples', bytes: bundlerBytes });
  removed.push({ what: 'type declarations, TypeScript sources, source maps, READMEs', bytes: removeUnread(path.join(dir, 'node_modules')) });
  removeDanglingBins(path.join(dir, 'node_modules'));
  return removed;
}

module.exports = { BUILD_ONLY, LAZY_WEBPACK, runtimePackages, resolveIn, bridgeTarget, bundlerOnlyFolders, prune };

if (require.main === module) {
  const dir = path.resolve(process.argv[2] ?? '.');
  if (!statSync(path.join(dir, 'node_modules')).isDirectory()) throw new Error(`${dir} has no node_modules`);
  const removed = prune(dir);
  const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
  const packages = removed.filter((r) => r.what.startsWith('node_modules/'));
  const largest = [...packages].sort((a, b) => b.bytes - a.bytes).slice(0, 8);
  process.stdout.write(
    `runtime-deps: removed ${packages.length} packages no process loads (${mb(packages.reduce((s, r) => s + r.bytes, 0))}; largest ${largest.map((r) => `${r.what.replace(/^.*node_modules\//, '')} ${mb(r.bytes)}`).join(', ')})\n` +
      removed.filter((r) => !r.what.startsWith('node_modules/')).map((r) => `runtime-deps: removed ${r.what} (${mb(r.bytes)})\n`).join('') +
      `runtime-deps: node_modules is ${mb(diskBytes(path.join(dir, 'node_modules')))}\n`,
  );
}
