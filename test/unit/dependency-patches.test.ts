import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isolateTimeoutOptions } from '../../src/temporal/worker';
import { connectPostgres } from '../../src/db/connect';
import { runState } from '../helpers/run-state';
import { Metrics } from '../../src/metrics';
import { checkDependencyPatches, DependencyPatchError, recordDependencyPatches } from '../../src/dependency-patches';
import type { Logger } from '../../src/logger';

type PatchName =
  | 'isolate-timeout'
  | 'activator-reader'
  | 'stack-traces'
  | 'settled-query'
  | 'settled-query-esm'
  | 'closed-socket-write'
  | 'closed-socket-write-esm'
  | 'types-fetch'
  | 'types-fetch-esm';
const { PATCHES, applyPatch, isPatched, missingPatches, main } = require('../../scripts/dependency-patches.cjs') as {
  PATCHES: Record<PatchName, { dir: string[]; file: string; purpose: string; edits: Array<{ original: string; patched: string }> }>;
  missingPatches(role: string, root?: string): Array<{ name: PatchName; package: string; purpose: string }>;
  main(root?: string): PatchName[];
  applyPatch(name: PatchName, file: string | null): 'absent' | 'already' | 'unrecognised' | 'applied';
  isPatched(name: PatchName, file?: string | null): boolean;
};

const timedCall = (indent: string) => `${indent}timeout: isolateExecutionTimeoutMs,\n${indent}displayErrors: true,\n`;
/** The four timed entries of @temporalio/worker 1.24's reusable-vm.js, reduced to their lines. */
const REUSABLE_VM = ['    ', '  ', '  ', '      '].map(timedCall).join('});\n');
/**
 * The lines of @temporalio/worker 1.24's vm-shared.js that the other two patches change, in a file
 * that runs: the promise hook is reduced to reading the context's Error constructor.
 */
const VM_SHARED = [
  'function getActivator(promise) {',
  '    const ctor = promise.constructor.constructor;',
  "    return ctor('return globalThis.__TEMPORAL_ACTIVATOR__')();",
  '}',
  'class GlobalHandlers {',
  '    setPromiseHook() {',
  '        return (promise) => {',
  '                    const fn = promise.constructor.constructor;',
  "                    const ErrorCtor = fn('return globalThis.Error')();",
  '                    return ErrorCtor;',
  '        };',
  '    }',
  '}',
  '',
].join('\n');

function scratchFile(text: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'dependency-patches-')), 'sdk.js');
  writeFileSync(file, text);
  return file;
}

type Hook = (promise: Promise<unknown>) => unknown;
/** Runs (patched) vm-shared text as a module exposing its getActivator and GlobalHandlers. */
function load(text: string): { getActivator(p: Promise<unknown>): unknown; GlobalHandlers: new () => { setPromiseHook(): Hook | undefined } } {
  const module = { exports: {} as any };
  new Function('module', `${text}\nmodule.exports = { getActivator, GlobalHandlers };`)(module);
  return module.exports;
}

/** A stand-in for a vm context's Function constructor: counts compiles, and its code reads `globals`. */
function contextOf(globals: Record<string, unknown>) {
  const counter = { compiled: 0 };
  const ContextFunction = function (source: string) {
    counter.compiled++;
    return new Function('globalThis', source).bind(null, globals);
  };
  return { counter, promise: { constructor: { constructor: ContextFunction } } as unknown as Promise<unknown> };
}

describe('scripts/dependency-patches.cjs: @temporalio/worker', () => {
  it('makes every timed entry treat 0 as no timeout, once', () => {
    const file = scratchFile(REUSABLE_VM);
    expect(isPatched('isolate-timeout', file)).toBe(false);
    expect(applyPatch('isolate-timeout', file)).toBe('applied');
    const patched = readFileSync(file, 'utf8');
    expect(patched.match(/timeout: isolateExecutionTimeoutMs \|\| undefined,/g)).toHaveLength(4);
    expect(patched).not.toMatch(/timeout: isolateExecutionTimeoutMs,/);
    expect(isPatched('isolate-timeout', file)).toBe(true);
    expect(applyPatch('isolate-timeout', file)).toBe('already');
    expect(readFileSync(file, 'utf8')).toBe(patched);
  });

  it('compiles the activator and Error readers once per context, and they still read the current value', () => {
    const file = scratchFile(VM_SHARED);
    expect(applyPatch('activator-reader', file)).toBe('applied');
    const patched = readFileSync(file, 'utf8');
    expect(patched).not.toContain("ctor('return globalThis.__TEMPORAL_ACTIVATOR__')()");
    expect(patched).toContain('const ErrorCtor = contextReaders(fn).error();');
    expect(applyPatch('activator-reader', file)).toBe('already');

    const { getActivator, GlobalHandlers } = load(patched);
    const globals: Record<string, unknown> = { __TEMPORAL_ACTIVATOR__: 'first', Error: RangeError };
    const { counter, promise } = contextOf(globals);
    expect(getActivator(promise)).toBe('first');
    globals.__TEMPORAL_ACTIVATOR__ = 'second'; // the reusable context swaps activators between workflows
    expect(getActivator(promise)).toBe('second');
    expect(new GlobalHandlers().setPromiseHook()!(promise)).toBe(RangeError);
    expect(counter.compiled).toBe(2); // the activator reader and the Error reader, once each
  });

  it('installs the per-promise stack-trace hook only on request', () => {
    const file = scratchFile(VM_SHARED);
    expect(applyPatch('stack-traces', file)).toBe('applied');
    const { GlobalHandlers } = load(readFileSync(file, 'utf8'));
    const saved = process.env.COUNTERFOIL_WORKFLOW_STACK_TRACES;
    try {
      delete process.env.COUNTERFOIL_WORKFLOW_STACK_TRACES;
      expect(new GlobalHandlers().setPromiseHook()).toBeUndefined();
      process.env.COUNTERFOIL_WORKFLOW_STACK_TRACES = '0';
      expect(new GlobalHandlers().setPromiseHook()).toBeUndefined();
      process.env.COUNTERFOIL_WORKFLOW_STACK_TRACES = '1';
      expect(new GlobalHandlers().setPromiseHook()).toEqual(expect.any(Function));
    } finally {
      if (saved === undefined) delete process.env.COUNTERFOIL_WORKFLOW_STACK_TRACES;
      else process.env.COUNTERFOIL_WORKFLOW_STACK_TRACES = saved;
    }
  });

  it('leaves an SDK it does not recognise untouched, patch by patch', () => {
    const changed = REUSABLE_VM.replace(timedCall('  '), '');
    const file = scratchFile(changed);
    expect(applyPatch('isolate-timeout', file)).toBe('unrecognised');
    expect(readFileSync(file, 'utf8')).toBe(changed);
    // One edit of a patch missing: none of its edits is made.
    const partial = scratchFile(VM_SHARED.replace("const ErrorCtor = fn('return globalThis.Error')();", 'const ErrorCtor = Error;'));
    const before = readFileSync(partial, 'utf8');
    expect(applyPatch('activator-reader', partial)).toBe('unrecognised');
    expect(readFileSync(partial, 'utf8')).toBe(before);
    expect(applyPatch('isolate-timeout', null)).toBe('absent');
  });

  it('is applied to the installed packages, so the worker runs without per-call watchdogs by default', () => {
    for (const name of Object.keys(PATCHES) as PatchName[]) expect(isPatched(name)).toBe(true);
    expect(isolateTimeoutOptions(0)).toEqual({ isolateExecutionTimeout: 0 });
    expect(isolateTimeoutOptions(2000)).toEqual({ isolateExecutionTimeout: 2000 });
  });
});

/** The lines of postgres.js 3.4's query.js that the settled-query patch changes, in a class that runs. */
const QUERY = [
  'class Query extends Promise {',
  '  constructor(args) {',
  '    let resolve, reject',
  '    super((a, b) => { resolve = a; reject = b })',
  '    this.args = args',
  '    this.parameters = [...args]',
  '    this.resolve = x => (this.active = false, resolve(x))',
  '    this.reject = x => (this.active = false, reject(x))',
  '',
  '    this.active = false',
  '  }',
  '  static get [Symbol.species]() { return Promise }',
  '}',
  '',
].join('\n');

describe('scripts/dependency-patches.cjs: postgres.js', () => {
  it('lets a settled query go of its parameters, resolved or rejected, and not before', async () => {
    const file = scratchFile(QUERY);
    expect(applyPatch('settled-query', file)).toBe('applied');
    expect(applyPatch('settled-query', file)).toBe('already');
    const module = { exports: {} as any };
    new Function('module', `${readFileSync(file, 'utf8')}\nmodule.exports = Query;`)(module);
    const Query = module.exports as new (args: unknown[]) => Promise<unknown> & { args: unknown; parameters: unknown; resolve(x: unknown): void; reject(e: unknown): void };

    const done = new Query(['{"rows":[]}']);
    expect(done.parameters).toEqual(['{"rows":[]}']); // in flight: still there to bind (or to bind again on a retry)
    done.resolve([{ ok: 1 }]);
    await expect(done).resolves.toEqual([{ ok: 1 }]);
    expect([done.parameters, done.args]).toEqual([null, null]);

    const failed = new Query(['x']);
    const error = Object.assign(new Error('refused'), { parameters: failed.parameters }); // postgres.js sets this before rejecting
    failed.reject(error);
    await expect(failed).rejects.toBe(error);
    expect([failed.parameters, failed.args]).toEqual([null, null]);
    expect(error.parameters).toEqual(['x']);
  });

  it('leaves a postgres.js it does not recognise untouched', () => {
    const changed = QUERY.replace('resolve(x))', 'resolve(x), 1)');
    const file = scratchFile(changed);
    expect(applyPatch('settled-query', file)).toBe('unrecognised');
    expect(readFileSync(file, 'utf8')).toBe(changed);
  });

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

const REPO = path.resolve(__dirname, '../..');

/** A scratch repository whose node_modules holds copies of the patched files, with `unpatched` reverted. */
function scratchRoot(unpatched: PatchName[]): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dependency-patches-root-'));
  for (const name of Object.keys(PATCHES) as PatchName[]) {
    const { dir, file } = PATCHES[name];
    mkdirSync(path.join(root, 'node_modules', ...dir), { recursive: true });
    const target = path.join(root, 'node_modules', ...dir, file);
    copyFileSync(path.join(REPO, 'node_modules', ...dir, file), target);
  }
  // Reverted after every copy is made: two patches may share one file.
  for (const name of unpatched) {
    const { dir, file, edits } = PATCHES[name];
    const target = path.join(root, 'node_modules', ...dir, file);
    let text = readFileSync(target, 'utf8');
    for (const edit of edits) text = text.split(edit.patched).join(edit.original);
    writeFileSync(target, text);
  }
  return root;
}

function capturingLog(): { log: Logger; warnings: string[] } {
  const warnings: string[] = [];
  return { log: { warn: (_fields: unknown, message: string) => warnings.push(message) } as unknown as Logger, warnings };
}

describe('scripts/dependency-patches.cjs: checked at start', () => {
  it('classifies every patch and names the roles that need it', () => {
    for (const name of Object.keys(PATCHES) as PatchName[]) {
      expect(['correctness', 'optimisation']).toContain(PATCHES[name].purpose);
    }
    expect(PATCHES['closed-socket-write'].purpose).toBe('correctness');
    expect(missingPatches('all')).toEqual([]); // the installed packages carry every patch
  });

  it('stops a process whose postgres.js lacks a correctness patch, naming it', () => {
    const root = scratchRoot(['closed-socket-write']);
    expect(missingPatches('api', root)).toEqual([{ name: 'closed-socket-write', package: 'postgres', purpose: 'correctness' }]);
    const { log } = capturingLog();
    expect(() => checkDependencyPatches('api', log, root)).toThrow(DependencyPatchError);
    expect(() => checkDependencyPatches('worker', log, root)).toThrow(/postgres lacks the closed-socket-write patch/);
  });

  it('warns and exports a metric for a missing optimisation, for the roles that need it only', async () => {
    const root = scratchRoot(['stack-traces', 'settled-query-esm']);
    const api = capturingLog();
    expect(checkDependencyPatches('api', api.log, root).map((p) => p.name)).toEqual(['settled-query-esm']);
    expect(api.warnings).toEqual([expect.stringContaining('postgres lacks the settled-query-esm patch')]);
    const worker = capturingLog();
    const missing = checkDependencyPatches('worker', worker.log, root);
    expect(missing.map((p) => p.name).sort()).toEqual(['settled-query-esm', 'stack-traces']);
    expect(worker.warnings).toHaveLength(2);

    const metrics = new Metrics(false);
    recordDependencyPatches(metrics, 'worker', missing);
    const text = await metrics.registry.metrics();
    expect(text).toContain('counterfoil_dependency_patch_missing{patch="stack-traces"} 1');
    expect(text).toContain('counterfoil_dependency_patch_missing{patch="isolate-timeout"} 0');
  });

  it('fails the install step when a patch no longer matches its package', () => {
    const root = scratchRoot([]);
    const file = path.join(root, 'node_modules', ...PATCHES['closed-socket-write'].dir, PATCHES['closed-socket-write'].file);
    // A package version whose text the patches do not know: unpatched, and their edits no longer match.
    writeFileSync(file, '  function nextWrite(fn) {\n    return socket.write(chunk, fn)\n');
    const saved = process.exitCode;
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(main(root)).toEqual(['closed-socket-write', 'types-fetch']);
      expect(process.exitCode).toBe(1);
      expect(errors.mock.calls.flat().join('\n')).toContain('postgres changed: its closed-socket-write patch (correctness');
    } finally {
      process.exitCode = saved;
      errors.mockRestore();
    }
    // A package that merely lost its patch (reinstalled by hand) gets it back, and the step passes.
    const reverted = scratchRoot(['stack-traces']);
    expect(main(reverted)).toEqual([]);
    expect(missingPatches('all', reverted)).toEqual([]);
  });
});
