import { Migration } from '@mikro-orm/migrations';

/**
 * Webhook delivery per subscription (docs/events-webhooks-exports.md, "Delivery lanes"): a subscription
 * is `direct` (the outbox dispatcher sends each event's first attempt itself) or `queued` (its
 * deliveries wait, in order, for the subscription's lane workflow). Deliveries made for a lane are
 * marked, so a delivery still owned by a per-delivery workflow of an earlier release is never taken
 * by a lane as well.
 */
export class Migration20261126050000_webhook_lanes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table webhook_subscriptions add column lane text not null default 'direct' check (lane in ('direct', 'queued'));
      create index webhook_subscriptions_queued_idx on webhook_subscriptions (id) where lane = 'queued';
      alter table webhook_deliveries add column in_lane boolean not null default false;
      -- A lane reads its backlog oldest first; GET of a subscription counts it.
      create index webhook_deliveries_pending_idx on webhook_deliveries (subscription_id, id) where status = 'pending';
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index if exists webhook_deliveries_pending_idx;
      alter table webhook_deliveries drop column in_lane;
      drop index if exists webhook_subscriptions_queued_idx;
      alter table webhook_subscriptions drop column lane;
    `);
  }
}
