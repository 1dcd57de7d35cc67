import type { ListenMeta } from 'postgres';
import type { Services } from '../../services';
import { EVENTS_CHANNEL } from '../../events/outbox';
import { isDatabaseUnavailable } from '../../db/unavailable';
import type { EventRow } from '../../events/present';
import { deliverFirstAttempts } from './first-attempts';
import { sweepLanes, wakeLane } from './lane-queue';

export interface DispatcherOptions {
  taskQueue?: string;
  batchSize?: number;
  /** First attempts in flight at once, per batch. */
  concurrency?: number;
  /** Batches in flight at once (each its own transaction; SKIP LOCKED keeps them apart). */
  parallelBatches?: number;
  sweepIntervalMs?: number;
  /** How often every queued subscription's lane is woken (one that died, or a wake-up lost with its process). */
  laneSweepIntervalMs?: number;
  /** Test seam ("killed here"): runs after a batch's first attempts are sent and recorded, before the commit. */
  beforeCommit?: (eventIds: string[]) => Promise<void>;
}

/**
 * Moves committed events from the outbox to their webhook subscriptions. A batch is claimed with
 * FOR UPDATE SKIP LOCKED (several dispatchers share the work); each matching (event, subscription)
 * gets its first attempt sent directly, or, while the subscription's lane is queued behind a failing
 * receiver, a pending delivery behind its backlog; delivery records, attempts and the events'
 * `dispatched_at` are written in the claim's transaction. A failed first attempt queues its
 * subscription's lane, whose workflow (`webhook-lane/<subscription>`) is woken after the commit and
 * owns the retries. A crash before the commit rolls the claim back: the next pass sends the first
 * attempt again, with the same webhook-id (at least once; receivers dedupe on it). Woken by NOTIFY on
 * EVENTS_CHANNEL (the outbox bell, rung outside writers' transactions), and by a periodic poll
 * (`outboxSweepIntervalMs`) that finds events no ring announced.
 */
export class OutboxDispatcher {
  private running = false;
  private draining: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private laneTimer: NodeJS.Timeout | undefined;
  private sweepingLanes: Promise<unknown> | null = null;
  private listening: ListenMeta | undefined;
  private readonly batchSize: number;
  /** Since when passes fail (a database outage), and how many did: logged once going down and once on recovery. */
  private failing: { since: number; passes: number } | undefined;

  constructor(private readonly services: Services, private readonly options: DispatcherOptions = {}) {
    this.batchSize = options.batchSize ?? 200;
  }

  async start(): Promise<void> {
    this.running = true;
    this.listening = await this.services.sql.listen(EVENTS_CHANNEL, () => this.wake());
    this.timer = setInterval(() => this.wake(), this.options.sweepIntervalMs ?? this.services.config.outboxSweepIntervalMs);
    this.laneTimer = setInterval(() => this.sweepLanes(), this.options.laneSweepIntervalMs ?? this.services.config.webhookLaneSweepMs);
    this.wake();
  }

  async stop(): Promise<void> {
    this.running = false;
    clearInterval(this.timer);
    clearInterval(this.laneTimer);
    await this.listening?.unlisten().catch(() => {});
    await this.draining;
    await this.sweepingLanes;
  }

  private sweepLanes(): void {
    if (!this.running || this.sweepingLanes) return;
    this.sweepingLanes = sweepLanes(this.services, this.options.taskQueue)
      .catch((err) => this.services.log.error({ err }, 'webhook lane sweep failed; the next one retries'))
      .finally(() => (this.sweepingLanes = null));
  }

  /** Coalesces wake-ups: one drain at a time, and one more if woken meanwhile. */
  private wake(): void {
    if (!this.running) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .then(
        () => {
          if (!this.failing) return;
          this.services.log.info({ outage_ms: Date.now() - this.failing.since, failed_passes: this.failing.passes }, 'outbox dispatch recovered');
          this.failing = undefined;
        },
        (err) => {
          // One line when passes start failing, not one per sweep (4 a second) for as long as an outage lasts.
          if (this.failing) this.failing.passes++;
          else {
            this.failing = { since: Date.now(), passes: 1 };
            // A lost database (a failover) is expected and heals by itself: a warning, not an error to page on.
            this.services.log[isDatabaseUnavailable(err) ? 'warn' : 'error']({ err }, 'outbox dispatch failed; the sweep retries');
          }
        },
      )
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /**
   * Lanes, each claiming batches until one comes back short. One lane starts; another joins each time
   * a batch comes back full (more is waiting), up to `parallelBatches`: a backlog is drained in
   * parallel and a slow receiver holds one lane, not all, while a wake-up for a few events costs one
   * claim, not one per lane that finds nothing (docs/performance.md, "Outbox dispatch").
   */
  private async drain(): Promise<void> {
    const most = this.options.parallelBatches ?? 2;
    const lanes: Promise<void>[] = [];
    const lane = async (): Promise<void> => {
      while (this.running && (await this.dispatchBatch()) === this.batchSize) {
        if (lanes.length < most) lanes.push(lane());
      }
    };
    lanes.push(lane());
    for (let i = 0; i < lanes.length; i++) await lanes[i]; // lanes join while earlier ones run
  }

  /** Dispatches one batch; returns how many events it handed over. */
  async dispatchBatch(): Promise<number> {
    const { count, lanes } = await this.services.sql.begin(async (tx) => {
      const events = await tx<EventRow[]>`
        select id, seq, type, occurred_at, enterprise_id, scope_ref, resource_ref, payload, attribution from events
         where dispatched_at is null order by seq limit ${this.batchSize} for update skip locked`;
      if (events.length === 0) return { count: 0, lanes: [] };
      const lanes = await deliverFirstAttempts(this.services, tx, events, { concurrency: this.options.concurrency ?? 32 });
      const ids = events.map((e) => e.id);
      await this.options.beforeCommit?.(ids);
      await tx`update events set dispatched_at = now() where id = any(${ids}::uuid[])`;
      return { count: events.length, lanes };
    });
    // After the commit, so a lane reads what queued it; a lost wake-up is made good by the lane sweep.
    await Promise.all(lanes.map((sub) => wakeLane(this.services, sub, { probeNow: false }, this.options.taskQueue)));
    return count;
  }
}
