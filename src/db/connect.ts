import net from 'node:net';
import postgres from 'postgres';
import { isDatabaseUnavailable } from './unavailable';
import { tracePostgres } from '../telemetry/postgres';

/**
 * A `postgres` (porsager) client for a libpq-style URL. libpq, and node-postgres under MikroORM,
 * take a Unix socket directory as `?host=/var/run/postgresql`; postgres.js would send that parameter
 * to the server as a setting, so it is moved into the client's options here. A co-located server is
 * cheaper to reach over its socket than over loopback TCP (docs/performance.md, "Database connections").
 *
 * Every client gets the failover behaviour below (docs/ledger.md, "When the database primary fails
 * over"): a connection closed unanswered is an error, and reconnects back off for half a second at most.
 */
export function connectPostgres(url: string, options: postgres.Options<Record<string, postgres.PostgresType>> = {}): postgres.Sql {
  options = { backoff: reconnectBackoff, ...({ socket: plainSockets() } as object), ...options };
  const query = url.indexOf('?');
  const params = new URLSearchParams(query < 0 ? '' : url.slice(query + 1));
  const socketDir = params.get('host');
  let sql: postgres.Sql;
  if (!socketDir?.startsWith('/')) sql = postgres(url, options);
  else {
    params.delete('host');
    const rest = params.toString();
    sql = postgres(url.slice(0, query) + (rest ? `?${rest}` : ''), { ...options, host: socketDir });
  }
  tracePostgres(sql);
  return sql;
}

/** What postgres.js passes its `socket` option (connection.js createSocket). */
export interface SocketTarget {
  host: string[];
  port: number[];
  path?: string | false;
}

/**
 * Sockets as postgres.js would open them (its Unix path, or its hosts in turn), that fail when the
 * server closes them without a word. A balancer in front of a cluster (HAProxy) accepts a connection
 * and closes it while no leader is up; postgres.js takes such a close during connect for a transient
 * one and reconnects, forever, so a query waited for the whole outage, past any client's timeout.
 * As an error, the query fails at once (503 with Retry-After: the client retries) and the pool's
 * next query connects again.
 */
export function plainSockets(opts: net.SocketConstructorOpts = {}): (o: SocketTarget) => net.Socket {
  let next = 0;
  return (o) => {
    const s = new net.Socket(opts);
    const i = next++ % o.host.length;
    if (o.path) s.connect(o.path);
    else s.connect(o.port[i], o.host[i]);
    return failIfClosedUnanswered(s);
  };
}

export function failIfClosedUnanswered(s: net.Socket): net.Socket {
  let answered = false;
  s.once('data', () => (answered = true));
  s.once('end', () => {
    if (!answered) s.destroy(Object.assign(new Error('the database server closed the connection before answering (no server behind the balancer?)'), { code: 'ECONNRESET' }));
  });
  return s;
}

/**
 * Seconds before a pool's next connect after `retries` failed ones in a row. postgres.js's default
 * grows as 3^retries up to 20 s and its count is shared by the pool, so an outage with traffic (a
 * failover) ran it to the cap in a few seconds: queries then waited up to 20 s after the database was
 * back. Refused connects are cheap; try again within half a second.
 */
export function reconnectBackoff(retries: number): number {
  return Math.min(0.05 * 2 ** retries, 0.5) * (0.5 + Math.random() / 2);
}

/** Resolves once the server answers a trivial query (readiness probes). */
export async function pingDatabase(sql: postgres.Sql): Promise<void> {
  await sql`select 1`;
}

/**
 * Waits up to `withinMs` for the database at `url` to answer, trying every second: a process started
 * during a failover or an outage becomes ready when the database is back, instead of exiting and waiting
 * out its supervisor's back-off (Kubernetes' CrashLoopBackOff grows to five minutes). Only a database that
 * is unreachable is waited for: a refused password or a missing database fails at once. Answers how long
 * it waited; throws the last error once the time is up.
 */
export async function waitForDatabase(url: string, withinMs: number, onWaiting: (err: unknown) => void): Promise<number> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    const sql = connectPostgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
    try {
      await sql`select 1`;
      return Date.now() - started;
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() - started >= withinMs) throw err;
      if (attempt === 1) onWaiting(err);
      await new Promise((r) => setTimeout(r, 1000));
    } finally {
      await sql.end({ timeout: 1 }).catch(() => undefined);
    }
  }
}
