/**
 * Group commit: work submitted while earlier batches are in flight waits, and the next batch takes
 * all of it (up to `maxBatch`) in one database transaction. Idle, a submission runs alone on the
 * next turn of the event loop (after the requests read in the same poll phase have joined it), so
 * batching adds no wait of its own; under load, batches grow with the load and the per-transaction
 * cost (statements, commit, WAL flush) is shared. At most `concurrency` batches are in flight.
 */
export class GroupCommit<T, R> {
  private readonly queue: { item: T; resolve: (r: R) => void; reject: (err: unknown) => void }[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    /** Runs one batch; answers each item's outcome, in order. A rejection fails every item of the batch. */
    private readonly run: (items: T[]) => Promise<PromiseSettledResult<R>[]>,
    private readonly opts: { maxBatch: number; concurrency: number },
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
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
      const batch = this.queue.splice(0, this.opts.maxBatch);
      this.inFlight++;
      this.run(batch.map((b) => b.item))
        .then(
          (outcomes) => outcomes.forEach((o, i) => (o.status === 'fulfilled' ? batch[i].resolve(o.value) : batch[i].reject(o.reason))),
          (err) => batch.forEach((b) => b.reject(err)),
        )
        .finally(() => {
          this.inFlight--;
          this.drain();
        });
    }
  }
}
