// Locates (or builds once) the pinned Temporal CLI, whose `server start-dev`
// is the local Temporal server for `npm start` and the tests.
//
// Resolution order:
//   1. $TEMPORAL_CLI           explicit override; must be an executable file
//   2. `temporal` on PATH      a developer's own install
//   3. per-user cache          ${XDG_CACHE_HOME:-~/.cache}/counterfoil/temporal-cli/<version>/temporal
//   4. `go install`            into that cache, once, under a cross-process lock
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TEMPORAL_CLI_MODULE, TEMPORAL_CLI_VERSION } from './version';

export type Log = (msg: string) => void;

/**
 * The CLI's go.mod says `go 1.25.0`. Go 1.22-1.24 still work: with the default
 * GOTOOLCHAIN=auto they fetch the 1.25 toolchain through the module proxy first.
 */
const MIN_GO: readonly [number, number] = [1, 22];
const CLI_GO = '1.25';
/** A cold build takes ~4 min on 2 cores; a lock this old is abandoned even if its pid looks alive (pid reuse). */
const LOCK_STALE_MS = 30 * 60_000;
/** A lock dir without owner info is only "being created" for a moment. */
const LOCK_OWNERLESS_GRACE_MS = 60_000;
const LOCK_POLL_MS = 1_000;
const LOCK_WAIT_MAX_MS = 45 * 60_000;
const LOCK_DIR_NAME = '.build.lock';
const STAGING_PREFIX = '.gobin-';

/** Where the pinned binary lives in the per-user cache (outside the work tree, keyed by version). */
export function cliCachePath(version: string, env: NodeJS.ProcessEnv, home: string): string {
  return path.join(counterfoilCacheDir(env, home), 'temporal-cli', version, 'temporal');
}

/** ${XDG_CACHE_HOME:-~/.cache}/counterfoil: built tools live here, outside any work tree. */
export function counterfoilCacheDir(env: NodeJS.ProcessEnv, home: string): string {
  // The XDG spec says a relative XDG_CACHE_HOME is invalid and must be ignored.
  const xdg = env.XDG_CACHE_HOME;
  const cacheRoot = xdg && path.isAbsolute(xdg) ? xdg : path.join(home, '.cache');
  return path.join(cacheRoot, 'counterfoil');
}

export async function isExecutableFile(file: string): Promise<boolean> {
  try {
    const stat = await fs.promises.stat(file);
    if (!stat.isFile()) return false;
    await fs.promises.access(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** First executable `name` on env.PATH, as an absolute path. */
export async function findOnPath(name: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    // An empty entry means "current directory"; never pick up a binary from wherever we were started.
    if (!dir) continue;
    const candidate = path.resolve(dir, name);
    if (await isExecutableFile(candidate)) return candidate;
  }
  return null;
}

/**
 * Steps 1-3 of the resolution order, without building: the binary to use, or
 * null if it has to be built. Throws if TEMPORAL_CLI is set but unusable,
 * because silently falling back would hide a misconfiguration.
 */
export async function findTemporalCli(
  version: string,
  env: NodeJS.ProcessEnv,
  home: string,
): Promise<string | null> {
  const override = env.TEMPORAL_CLI;
  if (override) {
    const absolute = path.resolve(override);
    if (!(await isExecutableFile(absolute))) {
      throw new Error(
        `TEMPORAL_CLI is set to "${override}", but that is not an executable file. ` +
          `Point TEMPORAL_CLI at a temporal CLI binary (${version}), or unset it to use ` +
          `\`temporal\` from PATH or the cached build.`,
      );
    }
    return absolute;
  }
  const onPath = await findOnPath('temporal', env);
  if (onPath) return onPath;
  const cached = cliCachePath(version, env, home);
  return (await isExecutableFile(cached)) ? cached : null;
}

/** Absolute path to a usable `temporal` binary, building the pinned version once if needed. */
export async function ensureTemporalCli(log: Log = () => undefined): Promise<string> {
  const env = process.env;
  const home = os.homedir();
  const found = await findTemporalCli(TEMPORAL_CLI_VERSION, env, home);
  if (found) return found;

  const target = cliCachePath(TEMPORAL_CLI_VERSION, env, home);
  const go = await findGo(env);
  if (!go) throw new Error(missingToolsMessage(target));
  await assertGoRecentEnough(go, env);
  await buildUnderLock(go, target, env, log);
  return target;
}

function missingToolsMessage(target: string): string {
  return [
    `The Temporal CLI (${TEMPORAL_CLI_VERSION}) was not found, and Go is not installed to build it.`,
    'Do one of:',
    `  - install Go >= ${CLI_GO} from https://go.dev/dl/ (Go >= ${MIN_GO.join('.')}, e.g. Debian 13's golang-go package,`,
    `    also works: it fetches the ${CLI_GO} toolchain itself; Debian 12's golang-go is 1.19, too old),`,
    '    then re-run: the CLI is built once into',
    `    ${path.dirname(target)}`,
    '  - set TEMPORAL_CLI=/absolute/path/to/temporal',
    '  - put a `temporal` binary on PATH',
  ].join('\n');
}

export async function findGo(env: NodeJS.ProcessEnv): Promise<string | null> {
  const onPath = await findOnPath('go', env);
  if (onPath) return onPath;
  // The go.dev tarball's default location is often missing from non-login shells' PATH.
  const wellKnown = [env.GOROOT && path.join(env.GOROOT, 'bin', 'go'), '/usr/local/go/bin/go'];
  for (const candidate of wellKnown) {
    if (candidate && (await isExecutableFile(candidate))) return candidate;
  }
  return null;
}

async function assertGoRecentEnough(go: string, env: NodeJS.ProcessEnv): Promise<void> {
  const { code, output } = await runCollecting(go, ['env', 'GOVERSION'], { env });
  const match = /go(\d+)\.(\d+)/.exec(output);
  if (code !== 0 || !match) return; // unknown (e.g. devel build): let `go install` decide
  const [major, minor] = [Number(match[1]), Number(match[2])];
  if (major > MIN_GO[0] || (major === MIN_GO[0] && minor >= MIN_GO[1])) return;
  throw new Error(
    `${go} is ${output.trim()}, too old to build the Temporal CLI ${TEMPORAL_CLI_VERSION}. ` +
      `Install Go >= ${CLI_GO} (or >= ${MIN_GO.join('.')}, which fetches ${CLI_GO} itself) from https://go.dev/dl/, set TEMPORAL_CLI to a temporal binary, ` +
      'or put `temporal` on PATH.',
  );
}

async function buildUnderLock(go: string, target: string, env: NodeJS.ProcessEnv, log: Log): Promise<void> {
  const cacheDir = path.dirname(target);
  await fs.promises.mkdir(cacheDir, { recursive: true });
  const release = await acquireBuildLock(path.join(cacheDir, LOCK_DIR_NAME), log);
  try {
    // Whoever held the lock before us may have just finished the build.
    if (await isExecutableFile(target)) return;
    await removeLeftoverStagingDirs(cacheDir);
    await goInstall(go, target, env, log);
  } finally {
    await release();
  }
}

async function goInstall(go: string, target: string, env: NodeJS.ProcessEnv, log: Log): Promise<void> {
  const cacheDir = path.dirname(target);
  // Build into a private GOBIN inside the cache folder, then rename: the rename is
  // atomic, so nobody can ever exec a half-written `temporal`.
  const stagingDir = await fs.promises.mkdtemp(path.join(cacheDir, STAGING_PREFIX));
  const pkg = `${TEMPORAL_CLI_MODULE}@${TEMPORAL_CLI_VERSION}`;
  log(
    `Temporal CLI ${TEMPORAL_CLI_VERSION} not found: building it once with \`go install ${pkg}\` ` +
      `into ${cacheDir} (a few minutes; later runs reuse it)`,
  );
  const startedAt = Date.now();
  try {
    const { code, output } = await runCollecting(go, ['install', pkg], {
      cwd: cacheDir, // never inside someone's Go module
      env: { ...env, GOBIN: stagingDir, GOFLAGS: '-mod=mod' },
    });
    if (code !== 0) {
      throw new Error(
        `\`go install ${pkg}\` failed (exit ${code}). Last output:\n${lastLines(output, 30)}\n` +
          'Alternatively set TEMPORAL_CLI to a temporal binary, or put `temporal` on PATH.',
      );
    }
    await fs.promises.rename(path.join(stagingDir, 'temporal'), target);
  } finally {
    await fs.promises.rm(stagingDir, { recursive: true, force: true });
  }
  log(`Built Temporal CLI ${TEMPORAL_CLI_VERSION} in ${((Date.now() - startedAt) / 1000).toFixed(0)} s: ${target}`);
}

/** Builds killed mid-way (Ctrl-C) leave staging dirs; only the lock holder may clean them. */
async function removeLeftoverStagingDirs(cacheDir: string): Promise<void> {
  for (const entry of await fs.promises.readdir(cacheDir)) {
    if (entry.startsWith(STAGING_PREFIX)) {
      await fs.promises.rm(path.join(cacheDir, entry), { recursive: true, force: true });
    }
  }
}

// ---------------------------------------------------------------------------
// Cross-process build lock: `mkdir` is atomic, so exactly one process creates
// the lock dir; the others poll until it disappears.

interface LockOwner {
  pid: number;
  host: string;
  startedAt: number;
}

const OWNER_FILE = 'owner.json';

export async function acquireBuildLock(lockDir: string, log: Log): Promise<() => Promise<void>> {
  const waitStartedAt = Date.now();
  let announcedWait = false;
  for (;;) {
    try {
      await fs.promises.mkdir(lockDir);
      const owner: LockOwner = { pid: process.pid, host: os.hostname(), startedAt: Date.now() };
      await fs.promises.writeFile(path.join(lockDir, OWNER_FILE), JSON.stringify(owner));
      return () => fs.promises.rm(lockDir, { recursive: true, force: true });
    } catch (err) {
      if (!isErrno(err, 'EEXIST')) throw err;
    }

    const holder = await readLockHolder(lockDir);
    if (holder.stale) {
      // Re-check right before removing, so we don't delete a lock that a third
      // process has just re-created after breaking the same stale lock.
      const again = await readLockHolder(lockDir);
      if (again.stale && again.raw === holder.raw) {
        log(`Removing stale Temporal CLI build lock ${lockDir} (${holder.description})`);
        await fs.promises.rm(lockDir, { recursive: true, force: true });
      }
      continue;
    }
    if (!announcedWait) {
      log(`Waiting for another process (${holder.description}) that is building the Temporal CLI...`);
      announcedWait = true;
    }
    if (Date.now() - waitStartedAt > LOCK_WAIT_MAX_MS) {
      throw new Error(
        `Gave up after ${LOCK_WAIT_MAX_MS / 60_000} min waiting for the Temporal CLI build lock ${lockDir} ` +
          `(${holder.description}). If no build is running, remove that directory.`,
      );
    }
    await sleep(LOCK_POLL_MS);
  }
}

async function readLockHolder(lockDir: string): Promise<{ stale: boolean; raw: string; description: string }> {
  let raw = '';
  try {
    raw = await fs.promises.readFile(path.join(lockDir, OWNER_FILE), 'utf8');
  } catch {
    // Lock gone already, or its creator is between mkdir and writeFile (or died there).
  }
  const owner = parseOwner(raw);
  if (!owner) {
    const createdAt = await fs.promises.stat(lockDir).then((s) => s.mtimeMs, () => 0);
    const stale = createdAt === 0 || Date.now() - createdAt > LOCK_OWNERLESS_GRACE_MS;
    return { stale, raw, description: 'owner unknown' };
  }
  const ageMs = Date.now() - owner.startedAt;
  // A pid only means something on the host that wrote it (the cache may be on a shared home).
  const ownerDead = owner.host === os.hostname() && !isProcessAlive(owner.pid);
  return {
    stale: ownerDead || ageMs > LOCK_STALE_MS,
    raw,
    description: `pid ${owner.pid} on ${owner.host}, started ${Math.round(ageMs / 1000)} s ago`,
  };
}

function parseOwner(raw: string): LockOwner | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { pid, host, startedAt } = value as Record<string, unknown>;
    if (typeof pid !== 'number' || typeof host !== 'string' || typeof startedAt !== 'number') return null;
    return { pid, host, startedAt };
  } catch {
    return null;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return isErrno(err, 'EPERM'); // exists, but belongs to someone else
  }
}

// ---------------------------------------------------------------------------

function isErrno(err: unknown, code: string): boolean {
  return typeof err === 'object' && err !== null && (err as NodeJS.ErrnoException).code === code;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function lastLines(text: string, count: number): string {
  return text.trimEnd().split('\n').slice(-count).join('\n');
}

/** Runs a command to completion, collecting stdout+stderr (bounded), never rejecting on exit code. */
export function runCollecting(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<{ code: number; output: string }> {
  const maxChars = 256 * 1024; // go's download chatter can be long; only the tail matters
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.timeoutMs,
      signal: options.signal, // aborting kills the command and rejects
    });
    let output = '';
    const collect = (chunk: Buffer): void => {
      output = (output + chunk.toString('utf8')).slice(-maxChars);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
  });
}
