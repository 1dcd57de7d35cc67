import type { Sql } from 'postgres';

/**
 * How far this process's clock is from PostgreSQL's, in milliseconds (positive: ahead): the middle of
 * the round trip against the server's `clock_timestamp()`, so the network's delay cancels out. The
 * database is the one clock every process shares: tokens, signed requests' windows and approval
 * expiries are only as consistent as the processes' clocks are with it.
 */
export async function clockSkewMs(sql: Sql): Promise<number> {
  const sent = Date.now();
  const [{ at }] = await sql<{ at: number }[]>`select (extract(epoch from clock_timestamp()) * 1000)::float8 as at`;
  return Math.round((sent + Date.now()) / 2 - at);
}

/** "the clock is 300.2 s ahead of the database's (at most 2.0 s)", for a readiness check's detail and the log. */
export const describeSkew = (skewMs: number, maxMs: number): string =>
  `the clock is ${(Math.abs(skewMs) / 1000).toFixed(1)} s ${skewMs > 0 ? 'ahead of' : 'behind'} the database's (at most ${(maxMs / 1000).toFixed(1)} s)`;
