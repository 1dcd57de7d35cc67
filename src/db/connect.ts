import postgres from 'postgres';

/**
 * A `postgres` (porsager) client for a libpq-style URL. libpq, and node-postgres under MikroORM,
 * take a Unix socket directory as `?host=/var/run/postgresql`; postgres.js would send that parameter
 * to the server as a setting, so it is moved into the client's options here. A co-located server is
 * cheaper to reach over its socket than over loopback TCP (docs/performance.md, "Database connections").
 */
export function connectPostgres(url: string, options: postgres.Options<Record<string, postgres.PostgresType>> = {}): postgres.Sql {
  const query = url.indexOf('?');
  const params = new URLSearchParams(query < 0 ? '' : url.slice(query + 1));
  const socketDir = params.get('host');
  if (!socketDir?.startsWith('/')) return postgres(url, options);
  params.delete('host');
  const rest = params.toString();
  return postgres(url.slice(0, query) + (rest ? `?${rest}` : ''), { ...options, host: socketDir });
}

/** Resolves once the server answers a trivial query (readiness probes). */
export async function pingDatabase(sql: postgres.Sql): Promise<void> {
  await sql`select 1`;
}
