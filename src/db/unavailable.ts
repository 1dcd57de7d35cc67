/**
 * Whether a failure means the database went away under the request (a connection closed by the server,
 * an administrator's `pg_terminate_backend`, a restart, a refused connect) rather than a defect: the
 * transaction was rolled back, so the caller may retry — with its Idempotency-Key where the route has one.
 */
const DRIVER_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
]);
// admin_shutdown, crash_shutdown, cannot_connect_now; class 08 is "connection exception". And
// read_only_sql_transaction: a write that reached a node not yet, or no longer, the primary (a failover
// in progress behind the balancer) is as transient as a lost connection. too_many_connections: the
// server (max_connections) or the role (CONNECTION LIMIT) refused a new connection, until one is free.
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '25006', '53300']);

export function isDatabaseUnavailable(err: unknown): boolean {
  // MikroORM wraps the driver's error; walk the causes a few levels down.
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && (DRIVER_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  }
  return false;
}

/**
 * `Promise.allSettled` of the statements pipelined on one reserved connection, except that it gives up
 * as soon as one fails because the connection was lost, answering that error. postgres.js (3.4.9)
 * rejects the statements already written when the socket closes, but never settles those still queued
 * on the reserved connection behind a statement that needed a Describe first: waiting for all of them
 * hung the request until the client's timeout after a failover.
 */
export function settledUnlessLost<T>(statements: Promise<T>[]): Promise<PromiseSettledResult<T>[]> {
  return new Promise((resolve, reject) => {
    for (const s of statements) s.catch((err: unknown) => isDatabaseUnavailable(err) && reject(err));
    Promise.allSettled(statements).then(resolve);
  });
}
