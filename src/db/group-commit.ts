import type { Logger } from '../logger';
import { isDatabaseUnavailable } from './unavailable';

/**
 * Group commit: work submitted while earlier batches are in flight waits, and the next batch takes
 * all of it (up to `maxBatch`) in one database transaction. Idle, a submission runs alone on the
 * next turn of the event loop (after the requests read in the same poll phase have joined it), so
 * batching adds no wait of its own; under load, batches grow with the load and the per-transaction
 * cost (statements, commit, WAL flush) is shared. At most `concurrency` batches are in flight.
 *
 * While a batch is in flight, a further one starts only once `busyBatch` items wait or the oldest
 * has waited `maxWaitMs`; else they wait for the batch in flight to finish and go together. Without
 * that rule a steady moderate load (750 transfers/s here) ran almost every transfer as a batch of
 * one next to the one in flight, each paying the whole per-transaction cost: about 3.4 M of
 * PostgreSQL's instructions for a batch of one against 2.1 M per item in a batch of four (perf stat).
 */
export interface GroupCommitOptions {
  maxBatch: number;
  concurrency: number;
  busyBatch?: number;
  maxWaitMs?: number;
  /** Says once when batches start failing because the database went away, and once when one commits again. */
  log?: Logger;
}

export class GroupCommit<T, R> {
  private readonly queue: { item: T; at: number; resolve: (r: R) => void; reject: (err: unknown) => void }[] = [];
  private inFlight = 0;
  private scheduled = false;
  private timer: NodeJS.Timeout | undefined;
  /** Since when batches fail for want of a database (undefined while they commit), and how many did. */
  private outage: { since: number; failed: number } | undefined;

  constructor(
    /** Runs one batch; answers each item's outcome, in order. A rejection fails every item of the batch. */
    private readonly run: (items: T[]) => Promise<PromiseSettledResult<R>[]>,
    private readonly opts: GroupCommitOptions,
  ) {
    // A batch size or concurrency below one would never take anything off the queue: drain would spin.
    if (!(opts.maxBatch >= 1 && opts.concurrency >= 1)) throw new Error(`group commit: maxBatch and concurrency must be at least 1 (got ${opts.maxBatch}, ${opts.concurrency})`);
  }

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, at: performance.now(), resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.drain();
        });
      }
    });
  }

  private drain(): void {
    while (this.inFlight < this.opts.concurrency && this.queue.length > 0) {
      if (this.inFlight > 0 && this.queue.length < (this.opts.busyBatch ?? 1)) {
        const wait = (this.opts.maxWaitMs ?? 0) - (performance.now() - this.queue[0].at);
        if (wait > 0) {
          // Drained again when a batch in flight settles, or when the oldest has waited long enough.
          this.timer ??= setTimeout(() => {
            this.timer = undefined;
            this.drain();
          }, wait);
          return;
        }
      }
      clearTimeout(this.timer);
      this.timer = undefined;
      const batch = this.queue.splice(0, this.opts.maxBatch);
      this.inFlight++;
      this.run(batch.map((b) => b.item))
        .then(
          (outcomes) => {
            this.observe(outcomes);
            outcomes.forEach((o, i) => (o.status === 'fulfilled' ? batch[i].resolve(o.value) : batch[i].reject(o.reason)));
          },
          (err) => {
            this.observe([{ status: 'rejected', reason: err }]);
            batch.forEach((b) => b.reject(err));
          },
        )
        .finally(() => {
          this.inFlight--;
          this.drain();
        });
    }
  }

  /** Whether the database is away as far as the last batches tell (tests, health). */
  get unavailableSince(): number | undefined {
    return this.outage?.since;
  }

  private observe(outcomes: PromiseSettledResult<R>[]): void {
    if (outcomes.some((o) => o.status === 'fulfilled')) {
      if (this.outage) {
        this.opts.log?.info({ outage_ms: Math.round(performance.now() - this.outage.since), failed_batches: this.outage.failed }, 'group commit recovered: a batch committed after the database came back');
        this.outage = undefined;
      }
      return;
    }
    const lost = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected' && isDatabaseUnavailable(o.reason));
    if (!lost) return;
    if (this.outage) this.outage.failed++;
    else {
      this.outage = { since: performance.now(), failed: 1 };
      this.opts.log?.warn({ err: lost.reason }, 'group commit: the database connection was lost; batches fail until it is back');
    }
  }
}
