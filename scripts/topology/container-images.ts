// The PostgreSQL and Temporal server images the containers topology runs deploy/compose.yaml with, made
// here because no container registry can be reached: a Debian bookworm root filesystem per image, made
// with mmdebstrap and imported into podman, then deploy/postgres/Containerfile and
// deploy/temporal/Containerfile on it. The Temporal image holds the server, its schema tool and schemas
// the process topology builds with `go install` (temporal/real-server.ts) and the pinned `temporal` CLI
// (its health check), so it serves as the compose file's TEMPORAL_IMAGE and TEMPORAL_ADMIN_TOOLS_IMAGE.
//
// Root filesystems are cached under ${XDG_CACHE_HOME:-~/.cache}/counterfoil/compose-images/, named by a
// hash of what they are made from; an image is rebuilt only when its label says other inputs.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { acquireBuildLock, counterfoilCacheDir, ensureTemporalCli, lastLines, runCollecting, type Log } from '../../temporal/cli';
import { TEMPORAL_SERVER_VERSION, ensureTemporalServer } from '../../temporal/real-server';
// One Debian recipe for every image built here: the same suite, mirrors and dpkg exclusions as the Node base.
import { DPKG_OPTIONS, MIRRORS, SUITE } from '../image';

const ROOT = path.resolve(__dirname, '..', '..');
/** Bump when a recipe below changes in a way its inputs do not show. */
const RECIPE = 1;
const LABEL = 'counterfoil.compose.key';

export const POSTGRES_LOCAL_IMAGE = 'localhost/counterfoil-postgres:15';
export const TEMPORAL_LOCAL_IMAGE = `localhost/counterfoil-temporal:${TEMPORAL_SERVER_VERSION.replace(/^v/, '')}`;

export interface Rootfs {
  name: string;
  packages: string[];
  /** mmdebstrap customize hooks ("$1" is the root). */
  hooks: string[];
}

export const POSTGRES_ROOTFS: Rootfs = {
  name: 'postgres15',
  // tzdata: PostgreSQL resolves time zones through the system's database.
  packages: ['postgresql-15', 'tzdata'],
  hooks: [
    // The package makes a "main" cluster; the image's entrypoint makes its own in PGDATA.
    'rm -rf "$1/var/lib/postgresql/15/main" "$1/etc/postgresql/15/main"',
    'mkdir -p "$1/var/run/postgresql" "$1/var/lib/postgresql/data"',
    'chroot "$1" chown postgres:postgres /var/run/postgresql /var/lib/postgresql/data',
    'chmod 2777 "$1/var/run/postgresql"',
  ],
};

export const TEMPORAL_ROOTFS: Rootfs = {
  name: 'temporal',
  // ca-certificates for TLS to the database or the frontend with public roots; tzdata for schedules.
  packages: ['ca-certificates', 'tzdata'],
  hooks: [
    // The official image's user.
    'chroot "$1" groupadd --gid 1000 temporal',
    'chroot "$1" useradd --uid 1000 --gid temporal --home-dir /etc/temporal --no-create-home --shell /usr/sbin/nologin temporal',
    'mkdir -p "$1/etc/temporal/config"',
  ],
};

function hash(value: unknown): string {
  return createHash('sha256').update(typeof value === 'string' ? value : JSON.stringify(value)).digest('hex').slice(0, 16);
}

/** Names relative to `base` (the build context is a new folder each time), and contents. */
function fileHash(base: string, files: string[]): string {
  const h = createHash('sha256');
  for (const file of files.sort()) {
    h.update(path.relative(base, file));
    h.update(fs.readFileSync(file));
  }
  return h.digest('hex').slice(0, 16);
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function run(command: string, args: string[], env: NodeJS.ProcessEnv, what = `${command} ${args[0]}`): Promise<string> {
  const { code, output } = await runCollecting(command, args, { env });
  if (code !== 0) throw new Error(`${what} failed (exit ${code}):\n${lastLines(output, 30)}`);
  return output;
}

async function imageLabel(image: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  const { code, output } = await runCollecting('podman', ['image', 'inspect', '--format', `{{index .Labels "${LABEL}"}}`, image], { env });
  return code === 0 ? output.trim() : null;
}

/** The rootfs tarball of `spec`, made once with mmdebstrap (minutes), then reused. */
export async function ensureRootfs(spec: Rootfs, env: NodeJS.ProcessEnv, log: Log): Promise<{ tarball: string; key: string }> {
  const key = hash({ RECIPE, SUITE, MIRRORS, DPKG_OPTIONS, spec });
  const cacheDir = path.join(counterfoilCacheDir(env, os.homedir()), 'compose-images');
  const tarball = path.join(cacheDir, `rootfs-${spec.name}-${SUITE}-${key}.tar`);
  if (fs.existsSync(tarball)) return { tarball, key };
  await fs.promises.mkdir(cacheDir, { recursive: true });
  const release = await acquireBuildLock(path.join(cacheDir, '.build.lock'), log);
  try {
    if (fs.existsSync(tarball)) return { tarball, key };
    const partial = `${tarball}.partial`;
    const args = [
      '--variant=minbase',
      `--include=${spec.packages.join(',')}`,
      '--aptopt=APT::Install-Recommends "false"',
      ...DPKG_OPTIONS.map((o) => `--dpkgopt=${o}`),
      '--format=tar',
      ...spec.hooks.map((h) => `--customize-hook=${h}`),
      // No package lists or archives in the image.
      '--customize-hook=rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin',
      SUITE,
      partial,
      ...MIRRORS,
    ];
    log(`building the ${spec.name} rootfs with mmdebstrap (${SUITE} minbase + ${spec.packages.join(', ')})`);
    const started = Date.now();
    // The system's python first: mmdebstrap's helpers are `#!/usr/bin/env python3`, and a version
    // manager's shim in front of it costs a second per package.
    const systemFirst = ['/usr/sbin', '/usr/bin', '/sbin', '/bin', ...(env.PATH ?? '').split(path.delimiter)].join(path.delimiter);
    await run('mmdebstrap', args, { ...env, PATH: systemFirst }, `mmdebstrap of the ${spec.name} rootfs`);
    await fs.promises.rename(partial, tarball);
    log(`rootfs ${path.basename(tarball)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await release();
  }
  return { tarball, key };
}

/** `image` from `containerfile` on the imported rootfs, unless it exists with the same inputs. */
async function ensureImage(opts: {
  image: string;
  rootfs: Rootfs;
  containerfile: string;
  /** The build context: a folder whose files are all inputs. */
  context: string;
  env: NodeJS.ProcessEnv;
  log: Log;
}): Promise<{ built: boolean }> {
  const { image, rootfs, containerfile, context, env, log } = opts;
  const fs0 = await ensureRootfs(rootfs, env, log);
  const key = hash({ rootfs: fs0.key, containerfile: fileHash(ROOT, [containerfile]), context: fileHash(context, filesUnder(context)) });
  if ((await imageLabel(image, env)) === key) return { built: false };
  const base = `localhost/counterfoil-rootfs-${rootfs.name}:${fs0.key}`;
  if ((await imageLabel(base, env)) !== fs0.key) {
    log(`importing ${path.basename(fs0.tarball)} as ${base}`);
    await run('podman', ['import', '--change', `LABEL ${LABEL}=${fs0.key}`, fs0.tarball, base], env, `podman import of ${base}`);
  }
  log(`building ${image}`);
  await run(
    'podman',
    ['build', '--pull=never', '--network=host', `--build-arg=BASE_IMAGE=${base}`, `--label=${LABEL}=${key}`, `--file=${containerfile}`, `--tag=${image}`, context],
    env,
    `podman build of ${image}`,
  );
  return { built: true };
}

/** Both images, each built when missing or out of date. */
export async function ensureComposeImages(env: NodeJS.ProcessEnv, log: Log): Promise<{ postgres: string; temporal: string }> {
  const postgresDir = path.join(ROOT, 'deploy', 'postgres');
  await ensureImage({ image: POSTGRES_LOCAL_IMAGE, rootfs: POSTGRES_ROOTFS, containerfile: path.join(postgresDir, 'Containerfile'), context: postgresDir, env, log });

  // The Temporal image's context: the binaries and schemas from the per-user cache, and deploy/temporal's
  // entrypoint and configuration, hard-linked (or copied) into a staging folder.
  const bins = await ensureTemporalServer(log);
  const cli = await ensureTemporalCli(log);
  const cacheDir = path.join(counterfoilCacheDir(env, os.homedir()), 'compose-images');
  await fs.promises.mkdir(cacheDir, { recursive: true });
  const context = await fs.promises.mkdtemp(path.join(cacheDir, '.temporal-context-'));
  try {
    const place = async (from: string, to: string) => {
      await fs.promises.mkdir(path.dirname(to), { recursive: true });
      await fs.promises.link(from, to).catch(() => fs.promises.copyFile(from, to));
    };
    await place(bins.server, path.join(context, 'bin', 'temporal-server'));
    await place(bins.sqlTool, path.join(context, 'bin', 'temporal-sql-tool'));
    await place(cli, path.join(context, 'bin', 'temporal'));
    await fs.promises.cp(bins.schemaDir, path.join(context, 'schema', 'postgresql', 'v12'), { recursive: true });
    const deployDir = path.join(ROOT, 'deploy', 'temporal');
    await fs.promises.cp(path.join(deployDir, 'config'), path.join(context, 'config'), { recursive: true });
    await place(path.join(deployDir, 'entrypoint.sh'), path.join(context, 'entrypoint.sh'));
    await ensureImage({
      image: TEMPORAL_LOCAL_IMAGE,
      rootfs: TEMPORAL_ROOTFS,
      containerfile: path.join(deployDir, 'Containerfile'),
      context,
      env,
      log,
    });
  } finally {
    await fs.promises.rm(context, { recursive: true, force: true });
  }
  return { postgres: POSTGRES_LOCAL_IMAGE, temporal: TEMPORAL_LOCAL_IMAGE };
}
