import type { Sql } from 'postgres';

/** How many subscriptions the webhook backlog gauges name by rank: a fixed number of series, whatever the tenants. */
export const WEBHOOK_BACKLOG_RANKS = 5;
/** Undispatched events are counted up to this many: the count stays an index-only read when the outbox falls far behind. */
export const OUTBOX_COUNT_CAP = 10_000;

export interface Backlogs {
  webhooks: { top: { deliveries: number; oldestAgeSeconds: number }[]; subscriptions: number; deliveries: number };
  outbox: { pending: number; lagSeconds: number };
  withdrawals: { open: Record<string, number>; waitingOnProvider: number; oldestWaitSeconds: number };
  /** Withdrawals screening froze, by asset: how many and their amount in minor units. */
  frozen: { asset: string; count: number; minorUnits: number }[];
  approvals: { actionFamily: string; pending: number; oldestAgeSeconds: number; nextExpirySeconds: number }[];
  /** Live reconciliation breaks (open or acknowledged), by kind, with the age of the oldest. */
  breaks: { kind: string; live: number; oldestAgeSeconds: number }[];
  /** Per asset, of the reconciled provider accounts' last runs: the largest provider-minus-ledger difference, and the accounts (and total) that no break explains (minor units). */
  drift: { asset: string; maxMinorUnits: number; unexplainedAccounts: number; unexplainedMinorUnits: number }[];
  /** The longest any reconciled account has gone without a run (since it was created, before its first); 0 without accounts. */
  reconciliationStaleSeconds: number;
}

/**
 * One statement for every backlog gauge. Each part reads a partial index of rows not yet done
 * (webhook_deliveries_pending_idx, events_undispatched_idx, withdrawals_open_idx,
 * withdrawals_pending_compliance_idx, approvals_pending_idx, reconciliation_breaks_live_idx), so its cost follows the backlog, not the tables' history.
 */
async function readBacklogs(sql: Sql): Promise<Backlogs> {
  const [row] = await sql`
    with backlog as (
      select subscription_id, count(*)::int as deliveries
        from webhook_deliveries where status = 'pending' group by subscription_id
    ), ranked as (
      select b.deliveries, extract(epoch from now() - oldest.created_at)::float8 as age
        from backlog b
        cross join lateral (select created_at from webhook_deliveries d
                             where d.subscription_id = b.subscription_id and d.status = 'pending' order by d.id limit 1) oldest
       order by oldest.created_at limit ${WEBHOOK_BACKLOG_RANKS}
    ), open_withdrawals as (
      select status, rail_reference, rail_accepted_at, settled_at from withdrawals where status in ('pending_approval', 'executing')
    ), pending_approvals as (
      select action_family, count(*)::int as pending,
             extract(epoch from now() - min(created_at))::float8 as age,
             extract(epoch from min(expires_at) - now())::float8 as next_expiry
        from approvals where status = 'pending' group by action_family
    )
    select
      (select coalesce(json_agg(json_build_array(deliveries, age) order by age desc), '[]') from ranked) as webhook_top,
      (select count(*)::int from backlog) as webhook_subscriptions,
      (select coalesce(sum(deliveries), 0)::int from backlog) as webhook_deliveries,
      (select count(*)::int from (select 1 from events where dispatched_at is null limit ${OUTBOX_COUNT_CAP}) e) as outbox_pending,
      (select coalesce(extract(epoch from now() - min(occurred_at))::float8, 0)
         from (select occurred_at from events where dispatched_at is null order by seq limit 1) e) as outbox_lag,
      (select coalesce(json_object_agg(status, n), '{}') from (select status, count(*)::int as n from open_withdrawals group by status) w) as withdrawals_open,
      (select count(*)::int from open_withdrawals where status = 'executing' and rail_reference is not null and settled_at is null) as waiting_on_provider,
      (select coalesce(extract(epoch from now() - min(rail_accepted_at))::float8, 0)
         from open_withdrawals where status = 'executing' and rail_reference is not null and settled_at is null) as oldest_wait,
      (select coalesce(json_agg(json_build_array(action_family, pending, age, next_expiry) order by action_family), '[]') from pending_approvals) as approvals,
      -- A gauge's value, not money handling: the sum leaves PostgreSQL as a float for Prometheus only.
      (select coalesce(json_agg(json_build_array(asset, n, minor) order by asset), '[]')
         from (select asset, count(*)::int as n, sum(amount)::float8 as minor from withdrawals where status = 'pending_compliance' group by asset) f) as frozen,
      (select coalesce(json_agg(json_build_array(kind, n, age) order by kind), '[]')
         from (select kind, count(*)::int as n, extract(epoch from now() - min(created_at))::float8 as age
                 from reconciliation_breaks where status in ('open', 'acknowledged') group by kind) b) as breaks,
      -- Gauges again, by asset (never an account's id in a label): from each account's last run.
      (select coalesce(json_agg(json_build_array(asset, max_drift, drifting, unexplained) order by asset), '[]')
         from (select a.asset, max(abs(r.provider_balance - r.ledger_balance))::float8 as max_drift,
                      (count(*) filter (where r.ledger_unexplained <> 0))::int as drifting, sum(abs(r.ledger_unexplained))::float8 as unexplained
                 from reconciliation_accounts a cross join lateral (select provider_balance, ledger_balance, ledger_unexplained from reconciliation_runs
                                                                    where account_id = a.id order by id desc limit 1) r
                where r.ledger_balance is not null group by a.asset) d) as drift,
      (select coalesce(max(extract(epoch from now() - coalesce(r.last, a.created_at))), 0)::float8
         from reconciliation_accounts a cross join lateral (select max(created_at) as last from reconciliation_runs where account_id = a.id) r) as reconciliation_stale`;
  return {
    webhooks: {
      top: (row.webhook_top as [number, number][]).map(([deliveries, age]) => ({ deliveries, oldestAgeSeconds: Math.max(0, age) })),
      subscriptions: row.webhook_subscriptions,
      deliveries: row.webhook_deliveries,
    },
    outbox: { pending: row.outbox_pending, lagSeconds: Math.max(0, row.outbox_lag) },
    withdrawals: { open: row.withdrawals_open, waitingOnProvider: row.waiting_on_provider, oldestWaitSeconds: Math.max(0, row.oldest_wait) },
    frozen: (row.frozen as [string, number, number][]).map(([asset, count, minorUnits]) => ({ asset, count, minorUnits })),
    breaks: (row.breaks as [string, number, number][]).map(([kind, live, age]) => ({ kind, live, oldestAgeSeconds: Math.max(0, age) })),
    drift: (row.drift as [string, number, number, number][]).map(([asset, maxMinorUnits, unexplainedAccounts, unexplainedMinorUnits]) => ({ asset, maxMinorUnits, unexplainedAccounts, unexplainedMinorUnits })),
    reconciliationStaleSeconds: Math.max(0, row.reconciliation_stale),
    approvals: (row.approvals as [string, number, number, number][]).map(([actionFamily, pending, age, nextExpiry]) => ({
      actionFamily,
      pending,
      oldestAgeSeconds: Math.max(0, age),
      nextExpirySeconds: nextExpiry,
    })),
  };
}

/** The last reading, shared by every gauge of a scrape and reused for `cacheMs`; concurrent scrapes wait for one query. */
export class BacklogSnapshots {
  private reading: Promise<Backlogs> | undefined;
  private readAt = 0;

  constructor(
    private readonly sql: Sql,
    private readonly cacheMs: number,
  ) {}

  get(): Promise<Backlogs> {
    const now = Date.now();
    if (!this.reading || now - this.readAt > this.cacheMs) {
      this.readAt = now;
      this.reading = readBacklogs(this.sql);
      // A failed read is not cached: the next scrape tries again.
      this.reading.catch(() => (this.readAt = 0));
    }
    return this.reading;
  }
}
