import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { connectPostgres } from './connect';

/*
 * Connection URLs and the databases on a server (create, scratch, drop). The development server that
 * `npm start` embeds is temporal/postgres-dev-server.ts.
 */

export const DEFAULT_DATABASE = 'counterfoil';
const MAINTENANCE_DATABASE = 'postgres';
export const SUPERUSER = 'postgres';
export const LOOPBACK = '127.0.0.1';
const PROTECTED_DATABASES = new Set(['postgres', 'template0', 'template1']);
/** Names we generate: a safe identifier whatever the quoting, and within PostgreSQL's 63-byte limit. */
export const OWN_DATABASE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

// ---------------------------------------------------------------------------------------------
// Connection URLs (pure). String surgery rather than `new URL()`: libpq URLs may list several
// hosts (`postgres://h1:5432,h2:5432/db`), which the WHATWG parser rejects.

const POSTGRES_URL = /^(postgres(?:ql)?:\/\/[^/?#]*)(\/[^?#]*)?([?#].*)?$/i;

export interface UrlParts {
  /** `postgres://user:pass@host:port` */
  authority: string;
  /** Decoded database name; undefined when the URL has no path. */
  database: string | undefined;
  /** `?query#fragment`, kept verbatim. */
  suffix: string;
}

export function parseUrl(url: string): UrlParts {
  const match = POSTGRES_URL.exec(url);
  // Never echo the URL: it may carry a password.
  if (!match) throw new Error('Expected a postgres:// or postgresql:// connection URL');
  const [, authority, pathPart = '', suffix = ''] = match;
  let database: string;
  try {
    database = decodeURIComponent(pathPart.slice(1));
  } catch {
    throw new Error('The database name in the connection URL has invalid percent-encoding');
  }
  return { authority: authority!, database: database === '' ? undefined : database, suffix };
}

/** The same server and credentials, another database; query parameters (sslmode…) are kept. */
export function withDatabase(url: string, database: string): string {
  if (database === '') throw new Error('Database name must not be empty');
  const { authority, suffix } = parseUrl(url);
  return `${authority}/${encodeURIComponent(database)}${suffix}`;
}

/** The database a URL names; throws when it names none (we never guess libpq's user-name default). */
export function databaseName(url: string): string {
  const { database } = parseUrl(url);
  if (database === undefined) throw new Error('The connection URL names no database');
  return database;
}

/** `host:port/db` for messages: never the credentials. */
function describeServer(url: string): string {
  const { authority, database } = parseUrl(url);
  const hosts = authority.replace(/^[^:]+:\/\//, '').replace(/^.*@/, '');
  return `${hosts}/${database ?? ''}`;
}

function quoteIdentifier(name: string): string {
  if (name.includes('\0')) throw new Error('Identifier contains a NUL character');
  // Own quoting: postgres' sql(identifier) helper splits on dots, which is wrong for database names.
  return `"${name.replace(/"/g, '""')}"`;
}

// ---------------------------------------------------------------------------------------------
// Admin statements, over a short-lived single connection.

type Sql = postgres.Sql;

async function withConnection<T>(url: string, work: (sql: Sql) => Promise<T>): Promise<T> {
  const sql = connectPostgres(url, {
    max: 1,
    connect_timeout: 10,
    // The client prints NOTICEs (e.g. "database … does not exist, skipping") to the console by default.
    onnotice: () => undefined,
    connection: { application_name: 'counterfoil-admin' },
  });
  try {
    return await work(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : undefined;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

// SQLSTATEs we act on.
const INVALID_CATALOG_NAME = '3D000'; // database does not exist
const DUPLICATE_DATABASE = '42P04';
const OBJECT_IN_USE = '55006'; // database is being accessed by other users

/** Creates the URL's database when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  try {
    // Probe the target itself first: a least-privilege DATABASE_URL may not be allowed into `postgres`.
    await withConnection(url, (sql) => sql`select 1`);
    return;
  } catch (err) {
    if (errorCode(err) !== INVALID_CATALOG_NAME) {
      throw new Error(`Cannot connect to PostgreSQL at ${describeServer(url)}: ${errorMessage(err)}`, { cause: err });
    }
  }
  try {
    await withConnection(withDatabase(url, MAINTENANCE_DATABASE), async (sql) => {
      // One statement per query: CREATE DATABASE refuses to run inside a transaction block.
      await sql.unsafe(`create database ${quoteIdentifier(name)}`);
    });
  } catch (err) {
    if (errorCode(err) === DUPLICATE_DATABASE) return; // another process created it meanwhile
    throw new Error(`Cannot create database "${name}" on ${describeServer(url)}: ${errorMessage(err)}`, { cause: err });
  }
}

/** Create a fresh uniquely-named database next to `baseUrl`'s server and return its URL (for tests / CI). */
export async function createScratchDatabase(baseUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (!OWN_DATABASE_NAME.test(name)) {
    throw new Error(`Scratch database prefix must be lower-case letters, digits and _ (and short), got "${prefix}"`);
  }
  await withConnection(withDatabase(baseUrl, MAINTENANCE_DATABASE), async (sql) => {
    await sql.unsafe(`create database ${quoteIdentifier(name)}`);
  });
  return withDatabase(baseUrl, name);
}

/** Drops the URL's database, first disconnecting everyone still using it. Missing database: no-op. */
export async function dropDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  if (PROTECTED_DATABASES.has(name)) throw new Error(`Refusing to drop the system database "${name}"`);
  await withConnection(withDatabase(url, MAINTENANCE_DATABASE), async (sql) => {
    for (let attempt = 1; ; attempt++) {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
      try {
        await sql.unsafe(`drop database if exists ${quoteIdentifier(name)}`);
        return;
      } catch (err) {
        // A pool may reconnect between terminate and drop; terminate again.
        if (errorCode(err) !== OBJECT_IN_USE || attempt >= 5) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
}
