import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where `npm start`'s embedded PostgreSQL lives in the data folder, and how to reach it: the CLI's
 * database commands find it here when DATABASE_URL is unset in sandbox mode. The embedded launcher
 * (postgres-server.ts) writes this layout; the server itself writes postmaster.pid while it runs.
 */
export const EMBEDDED = {
  clusterDir: 'postgres',
  passwordFile: 'postgres-password',
  user: 'postgres',
  host: '127.0.0.1',
  database: 'counterfoil',
} as const;

export type SandboxDatabase =
  /** No embedded PostgreSQL was ever started with this data folder. */
  | { kind: 'none' }
  /** Initialised, but its server is not running (postmaster.pid is written only while it runs). */
  | { kind: 'stopped'; clusterDir: string }
  | { kind: 'running'; url: string; port: number; clusterDir: string };

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * The embedded PostgreSQL of `dataDir`. The port is the one the running server listens on (the fourth
 * line of its postmaster.pid), so a start with another COUNTERFOIL_PG_PORT is found as well.
 */
export function findSandboxDatabase(dataDir: string): SandboxDatabase {
  const clusterDir = path.join(dataDir, EMBEDDED.clusterDir);
  const password = readIfPresent(path.join(dataDir, EMBEDDED.passwordFile))?.trim();
  if (!password) return { kind: 'none' };
  const pid = readIfPresent(path.join(clusterDir, 'postmaster.pid'));
  if (pid === undefined) return { kind: 'stopped', clusterDir };
  const port = Number(pid.split('\n')[3]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${path.join(clusterDir, 'postmaster.pid')} names no port`);
  const url = `postgres://${EMBEDDED.user}:${encodeURIComponent(password)}@${EMBEDDED.host}:${port}/${EMBEDDED.database}`;
  return { kind: 'running', url, port, clusterDir };
}
