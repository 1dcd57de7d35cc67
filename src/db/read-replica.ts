import type { Sql } from 'postgres';
import type { Logger } from '../logger';

/**
 * Where reads that tolerate lag go (DATABASE_READ_URL): a replica while it is known to be fresh
 * enough, else the primary. Freshness is measured, not assumed: every `sampleMs` the primary's WAL
 * insert position is noted with the instant just before it was read; once the replica has replayed
 * past that position it holds every transaction committed before that instant. `freshAt` is the
 * latest such instant, so `now - freshAt` bounds the replica's lag from above (by up to one sample
 * more) whether the primary is busy or idle, which `pg_last_xact_replay_timestamp()` alone cannot
 * (it stops moving when the primary stops writing). A replica that cannot be read, or a primary that
 * cannot be sampled, lets `freshAt` age, and the reads move to the primary by themselves.
 */
export interface ReadRoutingOptions {
  /** "Now" reads go to the replica while its lag bound is at most this (COUNTERFOIL_READ_MAX_LAG_MS). */
  maxLagMs: number;
  /** How often the positions are compared. */
  sampleMs?: number;
  log?: Logger;
}

export type ReadTarget = 'primary' | 'replica';

/** A WAL position (`16/B374D848`) as a number that orders like it. */
export function lsnValue(lsn: string): bigint {
  const [hi, lo] = lsn.split('/');
  return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`);
}

export class ReadRouting {
  /** Primary positions not yet seen replayed, oldest first. */
  private samples: { at: number; lsn: bigint }[] = [];
  private freshAt = -Infinity;
  /** Whether the replica answered the last comparison: one that cannot be reached serves nothing, however fresh it was. */
  private replicaUp = false;
  private timer: NodeJS.Timeout | undefined;
  private sampling: Promise<void> | null = null;
  private lastTarget: ReadTarget | null = null;
  private readonly sampleMs: number;

  constructor(
    readonly primary: Sql,
    readonly replica: Sql | null,
    private readonly opts: ReadRoutingOptions,
  ) {
    this.sampleMs = opts.sampleMs ?? 250;
  }

  start(): void {
    if (!this.replica || this.timer) return;
    this.timer = setInterval(() => void this.sample(), this.sampleMs);
    this.timer.unref();
    void this.sample();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.sampling;
  }

  /** Upper bound of the replica's lag in ms (Infinity until measured); 0 without a replica. */
  lagBoundMs(now = Date.now()): number {
    if (!this.replica) return 0;
    return Math.max(0, now - this.freshAt);
  }

  /**
   * For a read of what was committed at or before `at` (an `as_of`, a statement's `to`): those rows
   * never change once committed, so the replica serves it as soon as it has replayed past `at`, however
   * far behind "now" it is.
   */
  upTo(at: Date | string): Sql {
    return this.route(this.freshAt >= new Date(at).getTime());
  }

  /** For a read of the present that may be up to `maxLagMs` behind (listings, searches). */
  recent(): Sql {
    return this.route(this.lagBoundMs() <= this.opts.maxLagMs);
  }

  /** Where the last routed read went (metrics, tests). */
  get target(): ReadTarget | null {
    return this.lastTarget;
  }

  private route(replicaFresh: boolean): Sql {
    const target: ReadTarget = this.replica && this.replicaUp && replicaFresh ? 'replica' : 'primary';
    if (this.replica && this.lastTarget !== null && target !== this.lastTarget) {
      this.opts.log?.info({ read_target: target, replica_lag_bound_ms: Math.round(this.lagBoundMs()) }, target === 'replica' ? 'lag-tolerant reads back on the replica' : 'lag-tolerant reads moved to the primary: replica lag unknown or above the bound');
    }
    this.lastTarget = target;
    return target === 'replica' ? this.replica! : this.primary;
  }

  /** One comparison of positions; resolves once done (tests await it). */
  sample(): Promise<void> {
    this.sampling ??= this.compare().finally(() => (this.sampling = null));
    return this.sampling;
  }

  private async compare(): Promise<void> {
    const replica = this.replica!;
    try {
      const at = Date.now();
      const [p] = await this.primary<{ lsn: string }[]>`select pg_current_wal_insert_lsn()::text as lsn`;
      this.samples.push({ at, lsn: lsnValue(p.lsn) });
      if (this.samples.length > 1000) this.samples.shift(); // a replica stuck for minutes: keep the newest
    } catch {
      // The primary is away (a failover): no new sample; the replica keeps what it has proven.
    }
    try {
      const replicaAt = Date.now();
      const [r] = await replica<{ recovering: boolean; lsn: string | null }[]>`
        select pg_is_in_recovery() as recovering, pg_last_wal_replay_lsn()::text as lsn`;
      this.replicaUp = true;
      if (!r.recovering) {
        // Not a standby (the read URL reaches a primary, e.g. the same server): as fresh as it gets.
        this.freshAt = replicaAt;
        this.samples = [];
        return;
      }
      const replayed = r.lsn ? lsnValue(r.lsn) : -1n;
      while (this.samples.length > 0 && this.samples[0].lsn <= replayed) this.freshAt = Math.max(this.freshAt, this.samples.shift()!.at);
    } catch {
      // Unreadable replica: reads go to the primary until it answers again.
      this.replicaUp = false;
    }
  }
}
