import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isolateTimeoutOptions } from '../../src/temporal/worker';
import { connectPostgres } from '../../src/db/connect';
import { runState } from '../helpers/run-state';
import { Metrics } from '../../src/metrics';
import { checkDependencyPatches, DependencyPatchError, isPatched, missingPatches, PATCHES, recordDependencyPatches, type PatchName } from '../../src/dependency-patches';
import type { Logger } from '../../src/logger';
// The installed SDK's, patched: its promise hook is what the stack-traces patch changes.
import { GlobalHandlers as SdkGlobalHandlers } from '@temporalio/worker/lib/workflow/vm-shared';

const GlobalHandlers = SdkGlobalHandlers as unknown as new () => { setPromiseHook(): unknown }; // private in its types

const REPO = path.resolve(__dirname, '../..');
const NAMES = Object.keys(PATCHES) as PatchName[];
const installed = (pkg: string, file: string) => readFileSync(path.join(REPO, 'node_modules', pkg, file), 'utf8');
const patchFile = (pkg: string) => {
  const version = (JSON.parse(installed(pkg, 'package.json')) as { version: string }).version;
  return path.join(REPO, 'patches', `${pkg.replace('/', '+')}+${version}.patch`);
};

describe('patches/: the files patch-package applies', () => {
  it('hold every patch, and each names its upstream issue in the header patch-package skips', () => {
    const files = readdirSync(path.join(REPO, 'patches')).sort();
    expect(files).toEqual([...new Set(NAMES.map((name) => path.basename(patchFile(PATCHES[name].package))))].sort());
    for (const name of NAMES) {
      const text = readFileSync(patchFile(PATCHES[name].package), 'utf8');
      const header = text.slice(0, text.indexOf('diff --git '));
      expect([name, header]).toEqual([name, expect.stringContaining(`# ${name} (${PATCHES[name].purpose}`)]);
      for (const issue of PATCHES[name].upstream.match(/[\w-]+\/[\w-]+#\d+|#\d+/g) ?? []) expect([name, header]).toEqual([name, expect.stringContaining(issue)]);
      // The marker is in the patched text, in every file the patch changes.
      for (const file of PATCHES[name].files) expect(text).toContain(`+++ b/node_modules/${PATCHES[name].package}/${file}`);
      expect(text).toContain(PATCHES[name].marker);
    }
  });

  it('are in the installed packages', () => {
    for (const name of NAMES) expect([name, isPatched(name)]).toEqual([name, true]);
    expect(missingPatches('all')).toEqual([]);
  });
});

/** Runs patch-package in `cwd` (a repository with package.json, patches/ and node_modules). */
async function patchPackage(cwd: string, args: string[] = []) {
  return promisify(execFile)(process.execPath, [path.join(REPO, 'node_modules', 'patch-package', 'index.js'), '--error-on-fail', ...args], { cwd }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, output: err.stdout + err.stderr }),
  );
}

/** A scratch repository: package.json, patches/, and a copy of the installed (patched) postgres. */
function scratchRepository(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dependency-patches-repo-'));
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'scratch', private: true }));
  mkdirSync(path.join(root, 'patches'));
  cpSync(patchFile('postgres'), path.join(root, 'patches', path.basename(patchFile('postgres'))));
  cpSync(path.join(REPO, 'node_modules', 'postgres'), path.join(root, 'node_modules', 'postgres'), { recursive: true });
  return root;
}

describe('patches/: applied by patch-package', () => {
  it('reverts and re-applies to the very text installed, and passes over a package that already has them', async () => {
    const root = scratchRepository();
    const connection = path.join(root, 'node_modules', 'postgres', 'cjs', 'src', 'connection.js');
    expect(await patchPackage(root)).toMatchObject({ code: 0 }); // already applied: nothing to do, no failure
    expect(await patchPackage(root, ['--reverse'])).toMatchObject({ code: 0 });
    // The scratch repository holds postgres only (the api's @temporalio/worker patch is missing there throughout).
    const postgresMissing = () => missingPatches('api', root).filter((p) => p.package === 'postgres');
    expect(postgresMissing().map((p) => p.name)).toEqual(['settled-query', 'closed-socket-write', 'types-fetch']);
    expect(await patchPackage(root)).toMatchObject({ code: 0 });
    expect(readFileSync(connection, 'utf8')).toBe(installed('postgres', 'cjs/src/connection.js'));
    expect(postgresMissing()).toEqual([]);
  }, 30_000);

  it('fails the install step, naming the package, when a patch no longer applies', async () => {
    const root = scratchRepository();
    expect(await patchPackage(root, ['--reverse'])).toMatchObject({ code: 0 });
    // A package version whose text the patch does not know.
    const connection = path.join(root, 'node_modules', 'postgres', 'cjs', 'src', 'connection.js');
    writeFileSync(connection, readFileSync(connection, 'utf8').replace('  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)\n', '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn) // changed\n'));
    const failed = await patchPackage(root);
    expect(failed.code).not.toBe(0);
    expect(failed.output).toMatch(/Failed to apply patch for package postgres/);
  }, 30_000);
});

describe('patches/: @temporalio/worker', () => {
  it('makes every timed entry treat 0 as no timeout, so the worker runs without per-call watchdogs by default', () => {
    const text = installed('@temporalio/worker', 'lib/workflow/reusable-vm.js');
    expect(text.match(/timeout: isolateExecutionTimeoutMs \|\| undefined,/g)).toHaveLength(4);
    expect(text).not.toMatch(/timeout: isolateExecutionTimeoutMs,/);
    expect(isolateTimeoutOptions(0)).toEqual({ isolateExecutionTimeout: 0 });
    expect(isolateTimeoutOptions(2000)).toEqual({ isolateExecutionTimeout: 2000 });
  });

  it('compiles the activator and Error readers once per context, and they still read the current value', () => {
    // The installed readers and getActivator, run on their own.
    const text = installed('@temporalio/worker', 'lib/workflow/vm-shared.js');
    const from = text.indexOf('const readersByContext');
    const getActivator = text.indexOf('function getActivator(promise) {');
    expect([from, getActivator]).toEqual([expect.any(Number), expect.any(Number)]);
    const snippet = text.slice(from, text.indexOf('\n}\n', getActivator) + 3);
    const module = { exports: {} as any };
    new Function('module', `${snippet}\nmodule.exports = { getActivator, contextReaders };`)(module);
    const { getActivator: read, contextReaders } = module.exports as { getActivator(p: Promise<unknown>): unknown; contextReaders(ctor: unknown): { error(): unknown } };

    const globals: Record<string, unknown> = { __TEMPORAL_ACTIVATOR__: 'first', Error: RangeError };
    const counter = { compiled: 0 };
    const ContextFunction = function (source: string) {
      counter.compiled++;
      return new Function('globalThis', source).bind(null, globals);
    };
    const promise = { constructor: { constructor: ContextFunction } } as unknown as Promise<unknown>;
    expect(read(promise)).toBe('first');
    globals.__TEMPORAL_ACTIVATOR__ = 'second'; // the reusable context swaps activators between workflows
    expect(read(promise)).toBe('second');
    expect(contextReaders(ContextFunction).error()).toBe(RangeError);
    expect(counter.compiled).toBe(2); // the activator reader and the Error reader, once each
    // The promise hook reads Error through them.
    expect(text).toContain('const ErrorCtor = contextReaders(fn).error();');
  });

  it('installs the per-promise stack-trace hook only on request', () => {
    const saved = process.env.COUNTERFOIL_WORKFLOW_STACK_TRACES;
    try {
      delete process.env.COUNTERFOIL_WORKFLOW_STACK_TRACES;
      expect(new GlobalHandlers().setPromiseHook()).toBeUndefined();
      process.env.COUNTERFOIL_WORKFLOW_STACK_TRACES = '0';
      expect(new GlobalHandlers().setPromiseHook()).toBeUndefined();
    } finally {
      if (saved === undefined) delete process.env.COUNTERFOIL_WORKFLOW_STACK_TRACES;
      else process.env.COUNTERFOIL_WORKFLOW_STACK_TRACES = saved;
    }
    // With =1 the SDK's own hook follows, unchanged (installing it here would hook this process's promises).
    expect(installed('@temporalio/worker', 'lib/workflow/vm-shared.js')).toContain(
      "    setPromiseHook() {\n        if (process.env.COUNTERFOIL_WORKFLOW_STACK_TRACES !== '1') return; // counterfoil: stack traces on request\n        // Track Promise aggregators",
    );
  });
});

describe('patches/: postgres.js', () => {
  it('is in the installed postgres.js: a connection whose backend died rejects its next query instead of ending the process', async () => {
    expect(isPatched('closed-socket-write')).toBe(true);
    const sql = connectPostgres(runState().databaseUrl, { max: 1 });
    const admin = connectPostgres(runState().databaseUrl, { max: 1 });
    try {
      const reserved = await sql.reserve();
      const [{ pid }] = await reserved`select pg_backend_pid() as pid`;
      await admin`select pg_terminate_backend(${pid})`;
      await new Promise((r) => setTimeout(r, 200)); // the close reaches the client
      // Unpatched, this write's flush runs with no socket: an uncaught TypeError from a timer (porsager/postgres#1208).
      await expect(reserved`select 1`).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
      reserved.release();
    } finally {
      await Promise.all([sql.end({ timeout: 1 }), admin.end({ timeout: 1 })]);
    }
  });

  it('is in the installed postgres.js: a reserved connection cut off while it fetches the array types does not end the process', async () => {
    expect(isPatched('types-fetch')).toBe(true);
    // In a process of its own, the way a failover cuts a new connection: a proxy that closes both sides
    // when the driver sends its pg_type query. Unpatched, the process dies of an unhandled rejection.
    const script = `
      const net = require('node:net');
      const postgres = require('postgres');
      process.on('unhandledRejection', (e) => { console.log('unhandled ' + e.code); process.exit(3); });
      const target = new URL(process.env.TARGET);
      const proxy = net.createServer((client) => {
        const server = net.connect(Number(target.port || 5432), target.hostname);
        client.on('data', (d) => (d.toString('latin1').includes('pg_catalog.pg_type') ? (client.destroy(), server.destroy()) : server.write(d)));
        server.on('data', (d) => client.write(d));
        for (const s of [client, server]) { s.on('error', () => {}); s.on('close', () => (client.destroy(), server.destroy())); }
      });
      proxy.listen(0, '127.0.0.1', () => {
        const sql = postgres({ host: '127.0.0.1', port: proxy.address().port, user: decodeURIComponent(target.username), password: decodeURIComponent(target.password) || undefined, database: target.pathname.slice(1), max: 1 });
        sql.reserve().catch(() => {});
        setTimeout(() => { console.log('alive'); process.exit(0); }, 1500);
      });`;
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], { cwd: REPO, env: { ...process.env, TARGET: runState().databaseUrl } });
    expect(stdout.trim()).toBe('alive');
  });

  it('is in the installed postgres.js: a query answered by PostgreSQL no longer holds its parameters', async () => {
    const sql = connectPostgres(runState().databaseUrl, { max: 1 });
    try {
      const rows = JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ n: i })));
      const query = sql.unsafe('select jsonb_array_length($1::text::jsonb) as n', [rows], { prepare: true });
      expect(await query).toEqual([{ n: 40 }]);
      expect([(query as unknown as { parameters: unknown }).parameters, (query as unknown as { args: unknown }).args]).toEqual([null, null]);
      // Prepared on this connection now: the second execution binds its own parameters, not the first's.
      expect(await sql.unsafe('select jsonb_array_length($1::text::jsonb) as n', ['[1,2]'], { prepare: true })).toEqual([{ n: 2 }]);
      const refused = sql.unsafe('select $1::int as n', ['not a number'], { prepare: true });
      await expect(refused).rejects.toMatchObject({ code: '22P02' });
      expect((refused as unknown as { parameters: unknown }).parameters).toBeNull();
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});

/** A scratch repository whose node_modules holds copies of the patched files, with `unpatched` lacking their marker. */
function scratchRoot(unpatched: PatchName[]): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dependency-patches-root-'));
  for (const { package: pkg, files } of Object.values(PATCHES)) {
    for (const file of files) {
      mkdirSync(path.dirname(path.join(root, 'node_modules', pkg, file)), { recursive: true });
      cpSync(path.join(REPO, 'node_modules', pkg, file), path.join(root, 'node_modules', pkg, file));
    }
  }
  // After every copy is made: two patches may share one file.
  for (const name of unpatched) {
    const { package: pkg, files, marker } = PATCHES[name];
    for (const file of files) {
      const target = path.join(root, 'node_modules', pkg, file);
      writeFileSync(target, readFileSync(target, 'utf8').split(marker).join(''));
    }
  }
  return root;
}

function capturingLog(): { log: Logger; warnings: string[] } {
  const warnings: string[] = [];
  return { log: { warn: (_fields: unknown, message: string) => warnings.push(message) } as unknown as Logger, warnings };
}

describe('src/dependency-patches.ts: checked at start', () => {
  it('classifies every patch and names the roles that need it', () => {
    for (const name of NAMES) expect(['correctness', 'optimisation']).toContain(PATCHES[name].purpose);
    expect(PATCHES['closed-socket-write'].purpose).toBe('correctness');
    expect(missingPatches('all')).toEqual([]); // the installed packages carry every patch
  });

  it('stops a process whose postgres.js lacks a correctness patch, naming it', () => {
    const root = scratchRoot(['closed-socket-write']);
    expect(missingPatches('api', root)).toEqual([{ name: 'closed-socket-write', package: 'postgres', purpose: 'correctness' }]);
    const { log } = capturingLog();
    expect(() => checkDependencyPatches('api', log, root)).toThrow(DependencyPatchError);
    expect(() => checkDependencyPatches('worker', log, root)).toThrow(/postgres lacks the closed-socket-write patch/);
    // One of postgres.js's two builds without it is as bad.
    const esm = scratchRoot([]);
    const file = path.join(esm, 'node_modules', 'postgres', 'src', 'connection.js');
    writeFileSync(file, readFileSync(file, 'utf8').split(PATCHES['closed-socket-write'].marker).join(''));
    expect(missingPatches('worker', esm).map((p) => p.name)).toEqual(['closed-socket-write']);
  });

  it('warns and exports a metric for a missing optimisation, for the roles that need it only', async () => {
    const root = scratchRoot(['settled-query', 'stack-traces']);
    const api = capturingLog();
    expect(checkDependencyPatches('api', api.log, root).map((p) => p.name)).toEqual(['settled-query']);
    expect(api.warnings).toEqual([expect.stringContaining('postgres lacks the settled-query patch')]);
    const worker = capturingLog();
    const missing = checkDependencyPatches('worker', worker.log, root);
    expect(missing.map((p) => p.name).sort()).toEqual(['settled-query', 'stack-traces']);
    expect(worker.warnings).toHaveLength(2);

    const metrics = new Metrics(false);
    recordDependencyPatches(metrics, 'worker', missing);
    const text = await metrics.registry.metrics();
    expect(text).toContain('counterfoil_dependency_patch_missing{patch="stack-traces"} 1');
    expect(text).toContain('counterfoil_dependency_patch_missing{patch="isolate-timeout"} 0');
  });
});
