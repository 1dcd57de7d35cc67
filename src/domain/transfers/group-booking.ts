import postgres, { type ReservedSql, type Sql } from 'postgres';
import { GroupCommit, type GroupCommitOptions } from '../../db/group-commit';
import { connectPostgres } from '../../db/connect';
import { PipelineSockets } from '../../db/pipeline-sockets';
import { isDatabaseUnavailable, settledUnlessLost } from '../../db/unavailable';
import type { Config } from '../../config';
import type { Metrics } from '../../metrics';
import type { TransferRow } from './store';
import { issueTransfers, type TransferToBook } from './booking';

export type { TransferToBook } from './booking';

/*
 * Executed internal transfers are booked in groups: the transfers that arrive while earlier groups
 * are being committed go together in one database transaction with a fixed number of statements
 * (the rows of every table travel as one JSON parameter each, see db/bulk), which costs PostgreSQL and
 * the API's sockets far less per transfer (docs/performance.md, "Ledger group commit"). A refusal of any member (an inactive
 * account, insufficient funds, a taken Idempotency-Key) rolls the group back, and then each member
 * is booked alone for its own answer, so a refusal costs its group one retry and nothing else.
 */

/**
 * postgres.js holds small writes back until setImmediate and writes at once from 1 KiB on; under
 * load that deferral (the rest of the event loop's poll phase) would keep the balance rows locked
 * while PostgreSQL waits for the COMMIT. A COMMIT padded past 1 KiB goes out with the batch.
 */
const FLUSHING_COMMIT = `commit /* ${' '.repeat(1024)} */`;

/** The booker's connections: a pool, and its sockets when the booker owns them (connectBookerPool). */
export interface BookerPool {
  sql: Sql;
  sockets?: PipelineSockets;
}

/**
 * The connections group commits run on: their own pool, one connection per group in flight, on
 * sockets that let a group's statements leave together (db/pipeline-sockets), with planner settings
 * for this workload. Every statement of a group touches a few rows by key, taken from a JSON or
 * array parameter whose size the planner cannot see (it guesses 10 or 100 rows):
 * - re-planned on every execution (PostgreSQL keeps custom plans while they look cheaper than the
 *   generic one), planning was a quarter of PostgreSQL's time per group; `force_generic_plan` plans
 *   each statement once per connection;
 * - on young tables it chose hash joins against full scans of ledger_balances, client_accounts,
 *   clients and enterprises; sequential scans, hash and merge joins are priced out (perf: about a
 *   tenth of PostgreSQL's time per transfer), so every lookup goes by index.
 */
export function connectBookerPool(databaseUrl: string, size: number): Required<BookerPool> {
  const sockets = new PipelineSockets();
  const sql = connectPostgres(databaseUrl, {
    max: size,
    onnotice: () => {},
    connection: { plan_cache_mode: 'force_generic_plan', enable_seqscan: 'off', enable_hashjoin: 'off', enable_mergejoin: 'off' },
    // Not in postgres.js's types, but in its options (connection.js createSocket).
    ...({ socket: sockets.connect } as object),
  });
  return { sql, sockets };
}

/** The booker's group settings from the configuration (COUNTERFOIL_LEDGER_GROUP_*; db/group-commit). */
export function bookerOptions(config: Pick<Config, 'ledgerGroupMax' | 'ledgerGroupCommits' | 'ledgerGroupBusy' | 'ledgerGroupWaitMs'>): GroupCommitOptions {
  return { maxBatch: config.ledgerGroupMax, concurrency: config.ledgerGroupCommits, busyBatch: config.ledgerGroupBusy, maxWaitMs: config.ledgerGroupWaitMs };
}

/** Longest a group waits for a connection of its own before its transfers answer 503. */
const RESERVE_TIMEOUT_MS = 5000;

/**
 * `sql.reserve()`, failing after `ms`. postgres.js (3.4.9) can lose a reserve that waits while a
 * connection closes: the reconnect takes it as its first query, and drops it to fetch the array types
 * first. The group waiting on it then never settled, and once every slot was taken the group commit
 * stalled for good after a failover. A reserve answered late is given back.
 */
function reserveWithin(sql: Sql, ms: number): Promise<ReservedSql> {
  const reserving = sql.reserve();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reserving.then((c) => c.release(), () => {});
      reject(Object.assign(new Error(`no database connection within ${ms} ms`), { code: 'CONNECT_TIMEOUT' }));
    }, ms);
  });
  return Promise.race([reserving, late]).finally(() => clearTimeout(timer));
}

export class TransferBooker {
  private readonly groups: GroupCommit<TransferToBook, TransferRow>;
  private readonly sql: Sql;
  private readonly sockets: PipelineSockets | undefined;

  constructor(
    pool: BookerPool,
    private readonly metrics: Metrics,
    opts: GroupCommitOptions,
  ) {
    this.sql = pool.sql;
    this.sockets = pool.sockets;
    this.groups = new GroupCommit((items) => this.bookGroup(items), opts);
  }

  /** Books an executed transfer with whatever else is waiting; answers its row once committed. */
  book(t: TransferToBook): Promise<TransferRow> {
    return this.groups.submit(t);
  }

  private async bookGroup(items: TransferToBook[]): Promise<PromiseSettledResult<TransferRow>[]> {
    const committing = this.metrics.transferGroupDuration.startTimer();
    try {
      await this.commit(items);
      committing({ outcome: 'committed' });
      this.metrics.ledgerTransactions.inc({ kind: 'internal_transfer' }, items.length);
      this.metrics.transferGroups.observe({ outcome: 'committed' }, items.length);
      return items.map((t) => ({ status: 'fulfilled', value: t.row }));
    } catch (err) {
      // Alone, the error is the transfer's answer; in a group, only an error PostgreSQL raised says the group rolled back.
      if (items.length === 1 || !(err instanceof postgres.PostgresError)) return items.map(() => ({ status: 'rejected', reason: err }));
      committing({ outcome: 'retried' });
      this.metrics.transferGroups.observe({ outcome: 'retried' }, items.length);
      return Promise.all(items.map(async (t) => (await this.bookGroup([t]))[0]));
    }
  }

  /**
   * One transaction sent in one write on a reserved connection (on the booker's own sockets; a plain
   * pool sends a write per statement): BEGIN, the statements, COMMIT. Nothing
   * is decided between them (every check refuses in SQL and aborts the transaction), so the balance
   * rows stay locked only while PostgreSQL runs the tail and commits, not for a round trip to the API.
   */
  private async commit(items: TransferToBook[]): Promise<void> {
    const conn = await reserveWithin(this.sql, RESERVE_TIMEOUT_MS);
    // postgres.js (3.4.9) puts a released connection back as open even when it closed while reserved;
    // every later query of the pool then failed with CONNECTION_CLOSED. A lost one is left to the pool.
    let lost = false;
    try {
      const send = this.sockets?.hold();
      const begun = conn`begin`.execute();
      let issued: ReturnType<typeof issueTransfers>;
      try {
        issued = issueTransfers(conn, items);
      } catch (err) {
        send?.();
        await conn`rollback`.catch(() => {}); // a statement that could not even be built: nothing may commit
        throw err;
      }
      const committed = conn.unsafe(FLUSHING_COMMIT).execute();
      send?.();
      // Everything settles before the connection goes back to the pool: a queued COMMIT must not be left
      // behind. A lost connection is the exception: what is still queued on it never settles.
      const outcomes = await settledUnlessLost([begun, ...issued.statements, committed]).catch((err: unknown) => {
        lost = true;
        throw err;
      });
      lost = outcomes.some((o) => o.status === 'rejected' && isDatabaseUnavailable(o.reason));
      const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
      if (failed) throw await issued.explain(failed.reason);
      // A failed statement turns the COMMIT into a rollback; one failing on its own is an unknown outcome, as any commit error.
      if ((await committed).command !== 'COMMIT') throw new Error('the transfer transaction did not commit');
    } finally {
      if (!lost) conn.release();
    }
  }
}
