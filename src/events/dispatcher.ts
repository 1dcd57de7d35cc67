import type { ListenMeta } from 'postgres';
import type { Services } from '../services';
import { EVENTS_CHANNEL } from './outbox';
import { ScopePaths } from './log';
import { activeSubscriptions, startDeliveryWorkflow, subscriptionMatches } from '../domain/webhooks/deliveries';

export interface DispatcherOptions {
  taskQueue?: string;
  batchSize?: number;
  sweepIntervalMs?: number;
  /** Test seam: runs after a batch's workflows are started and before the batch is marked dispatched. */
  beforeMarkDispatched?: (eventIds: string[]) => Promise<void>;
}

interface Claimed {
  id: string;
  type: string;
  enterprise_id: string;
  scope_ref: string;
}

/**
 * Moves committed events from the outbox to webhook delivery workflows. A batch is claimed with
 * FOR UPDATE SKIP LOCKED (several dispatchers share the work), each matching (event, subscription)
 * starts a workflow under a deterministic id, and only then is the batch marked dispatched, in the
 * same transaction. A crash anywhere rolls the claim back; the next pass starts the same workflow
 * ids again, which Temporal refuses as duplicates: nothing is lost and nothing is sent twice.
 * Woken by NOTIFY at commit, and by a periodic sweep for notifications missed while down.
 */
export class OutboxDispatcher {
  private running = false;
  private draining: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private listening: ListenMeta | undefined;
  private readonly batchSize: number;

  constructor(private readonly services: Services, private readonly options: DispatcherOptions = {}) {
    this.batchSize = options.batchSize ?? 200;
  }

  async start(): Promise<void> {
    this.running = true;
    this.listening = await this.services.sql.listen(EVENTS_CHANNEL, () => this.wake());
    this.timer = setInterval(() => this.wake(), this.options.sweepIntervalMs ?? this.services.config.outboxSweepIntervalMs);
    this.wake();
  }

  async stop(): Promise<void> {
    this.running = false;
    clearInterval(this.timer);
    await this.listening?.unlisten().catch(() => {});
    await this.draining;
  }

  /** Coalesces wake-ups: one drain at a time, and one more if woken meanwhile. */
  private wake(): void {
    if (!this.running) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((err) => this.services.log.error({ err }, 'outbox dispatch failed; the sweep retries'))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async drain(): Promise<void> {
    while (this.running && (await this.dispatchBatch()) === this.batchSize);
  }

  /** Dispatches one batch; returns how many events it claimed. */
  async dispatchBatch(): Promise<number> {
    const { sql } = this.services;
    return sql.begin(async (tx) => {
      const events = await tx<Claimed[]>`
        select id, type, enterprise_id, scope_ref from events
         where dispatched_at is null order by seq limit ${this.batchSize} for update skip locked`;
      if (events.length === 0) return 0;
      const subscriptions = await activeSubscriptions(sql, [...new Set(events.map((e) => e.enterprise_id))]);
      const paths = new ScopePaths(sql);
      const starts: Promise<void>[] = [];
      for (const event of events) {
        for (const sub of subscriptions) {
          if (await subscriptionMatches(paths, sub, event)) {
            starts.push(startDeliveryWorkflow(this.services, { enterpriseId: event.enterprise_id, subscriptionId: sub.id, eventId: event.id }, this.options.taskQueue));
          }
        }
      }
      await Promise.all(starts);
      const ids = events.map((e) => e.id);
      await this.options.beforeMarkDispatched?.(ids);
      await tx`update events set dispatched_at = now() where id = any(${ids}::uuid[])`;
      return events.length;
    });
  }
}
