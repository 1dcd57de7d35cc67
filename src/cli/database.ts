import type { Config } from '../config';
import { findSandboxDatabase } from '../db/sandbox-database';
import { CliFailure } from './errors';

/** A connection URL fit to print: the password masked (never a secret in a terminal or a log). */
export function maskPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(DATABASE_URL)';
  }
}

/** True when `start` runs (or would run) the embedded PostgreSQL that the database commands find by themselves. */
export const cliFindsDatabase = (config: Config): boolean => config.mode === 'sandbox' && !config.databaseUrl;

/**
 * The database `command` works on: DATABASE_URL; or, in sandbox mode only, the embedded PostgreSQL
 * that `npm start` runs from the data folder, named on stderr (stdout stays the command's answer).
 * Production never guesses: a missing DATABASE_URL is one line naming it.
 */
export function databaseFor(config: Config, command: string, say: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): string {
  if (config.databaseUrl) return config.databaseUrl;
  if (config.mode !== 'sandbox') throw new CliFailure(`DATABASE_URL is required for ${command}`);
  const found = findSandboxDatabase(config.dataDir);
  switch (found.kind) {
    case 'running':
      say(`counterfoil: using the sandbox database ${maskPassword(found.url)} of ${config.dataDir} (set DATABASE_URL for another)`);
      return found.url;
    case 'stopped':
      throw new CliFailure(`DATABASE_URL is required for ${command}: the sandbox database in ${found.clusterDir} is not running (start it with \`npm start\`)`);
    case 'none':
      throw new CliFailure(`DATABASE_URL is required for ${command} (or run \`npm start\` first: the CLI then finds its sandbox database in ${config.dataDir})`);
  }
}
