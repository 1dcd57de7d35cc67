import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Sql } from 'postgres';
import { BacklogSnapshots, OUTBOX_COUNT_CAP, WEBHOOK_BACKLOG_RANKS, type Backlogs } from './backlogs';

/** Why a connector call gave no usable answer (src/providers/http/client.ts), or `ok`. */
export type ConnectorOutcome = 'ok' | 'unreachable' | 'timeout' | 'status' | 'malformed';

/**
 * Prometheus metrics of one process (its own registry, so tests can build several apps). Labels take
 * values from closed sets only (route templates, statuses, workflow types, connector names from the
 * routing configuration, ranks): never an id, an amount or a tenant, so a series count stays bounded.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'counterfoil_http_request_duration_seconds',
    help: 'HTTP request duration by route template, method and status.',
    labelNames: ['surface', 'route', 'method', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly workflowsStarted = new Counter({
    name: 'counterfoil_workflows_started_total',
    help: 'Workflows started by this process, by workflow type.',
    labelNames: ['workflow'] as const,
    registers: [this.registry],
  });
  readonly moneyReturns = new Counter({
    name: 'counterfoil_money_returns_total',
    help: 'Payout returns, deposit reversals and operator reversals, by kind and outcome (booked, replayed, refused, restricted).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly ledgerTransactions = new Counter({
    name: 'counterfoil_ledger_transactions_total',
    help: 'Ledger transactions committed by this process, by kind.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly transferGroups = new Histogram({
    name: 'counterfoil_transfer_group_size',
    help: 'Internal transfers per group commit, by outcome (committed, or retried one by one after a refusal).',
    labelNames: ['outcome'] as const,
    buckets: [1, 2, 4, 8, 16, 32, 64],
    registers: [this.registry],
  });

  readonly transferGroupDuration = new Histogram({
    name: 'counterfoil_transfer_group_commit_duration_seconds',
    help: 'Time to send and commit one group of internal transfers, by outcome (committed, or retried one by one).',
    labelNames: ['outcome'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [this.registry],
  });

  readonly clockSkew = new Gauge({
    name: 'counterfoil_clock_skew_seconds',
    help: "This process's clock minus PostgreSQL's (positive: ahead), measured at each readiness probe and scrape.",
    registers: [this.registry],
  });

  readonly dependencyPatchMissing = new Gauge({
    name: 'counterfoil_dependency_patch_missing',
    help: 'An optimisation patch to a dependency (patches/) this process runs without (1), or has (0).',
    labelNames: ['patch'] as const,
    registers: [this.registry],
  });

  readonly idempotentReplays = new Counter({
    name: 'counterfoil_idempotent_replays_total',
    help: 'Requests answered with the stored answer of an earlier request under the same Idempotency-Key, by API surface.',
    labelNames: ['surface'] as const,
    registers: [this.registry],
  });

  readonly rateLimitRefusals = new Counter({
    name: 'counterfoil_rate_limit_refusals_total',
    help: 'Requests refused with 429 by the request budgets, by API surface.',
    labelNames: ['surface'] as const,
    registers: [this.registry],
  });

  readonly connectorDuration = new Histogram({
    name: 'counterfoil_connector_request_duration_seconds',
    help: 'Requests to connectors, by provider (its name in the routing configuration), operation (protocol path) and outcome.',
    labelNames: ['provider', 'operation', 'outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly connectorErrors = new Counter({
    name: 'counterfoil_connector_request_errors_total',
    help: 'Connector requests without a usable answer, by provider, operation and kind (unreachable, timeout, status, malformed).',
    labelNames: ['provider', 'operation', 'kind'] as const,
    registers: [this.registry],
  });

  readonly screenings = new Counter({
    name: 'counterfoil_screenings_total',
    help: 'Screenings decided, by direction and outcome (accept, alert, reject, freeze) and by who decided (policy, enterprise, timeout, provider_failure).',
    labelNames: ['direction', 'outcome', 'decided_by'] as const,
    registers: [this.registry],
  });

  readonly screeningDuration = new Histogram({
    name: 'counterfoil_screening_provider_duration_seconds',
    help: "Time for the screening provider's answer (a verdict or `pending`), by provider and result (completed, pending, failed).",
    labelNames: ['provider', 'result'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  constructor(defaults = true) {
    if (defaults) collectDefaultMetrics({ register: this.registry, prefix: 'counterfoil_' });
  }

  /** Times one connector request; a failure's `kind` (ConnectorFailure) is its outcome. */
  async timeConnector<T>(provider: string, operation: string, call: () => Promise<T>): Promise<T> {
    const started = performance.now();
    let outcome: ConnectorOutcome = 'ok';
    try {
      return await call();
    } catch (err) {
      outcome = (err as { kind?: ConnectorOutcome }).kind ?? 'unreachable';
      throw err;
    } finally {
      this.connectorDuration.observe({ provider, operation, outcome }, (performance.now() - started) / 1000);
      if (outcome !== 'ok') this.connectorErrors.inc({ provider, operation, kind: outcome });
    }
  }

  /** What a finished HTTP request says about replays and refusals (request-context calls it once per request). */
  observeRequest(surface: 'tenant' | 'signed', status: number, replayed: boolean): void {
    if (replayed) this.idempotentReplays.inc({ surface });
    if (status === 429) this.rateLimitRefusals.inc({ surface });
  }

  /**
   * Adds the gauges read from the database at scrape time (webhook backlog, outbox lag, open
   * withdrawals, pending approvals): one query per scrape, shared by every gauge and cached for
   * `cacheMs`. Only processes that run the worker register them, so replicas of the API do not
   * repeat the query; dashboards and rules take `max` across the worker replicas.
   */
  observeBacklogs(sql: Sql, cacheMs = 5000): void {
    const snapshots = new BacklogSnapshots(sql, cacheMs);
    const gauge = (name: string, help: string, labelNames: string[], fill: (g: Gauge<string>, b: Backlogs) => void) =>
      new Gauge({
        name,
        help,
        labelNames,
        registers: [this.registry],
        async collect() {
          this.reset();
          // Without the database these gauges read NaN or are absent (never a reassuring 0); the rest of /metrics still answers.
          const b = await snapshots.get().catch(() => null);
          if (b) fill(this, b);
          else if (labelNames.length === 0) this.set(NaN);
        },
      });
    gauge('counterfoil_webhook_backlog_deliveries', `Pending webhook deliveries: of the subscriptions with the oldest backlogs (rank "1" to "${WEBHOOK_BACKLOG_RANKS}", oldest first), and of all (rank "all").`, ['rank'], (g, b) => {
      b.webhooks.top.forEach((s, i) => g.set({ rank: String(i + 1) }, s.deliveries));
      g.set({ rank: 'all' }, b.webhooks.deliveries);
    });
    gauge('counterfoil_webhook_backlog_oldest_age_seconds', 'Age of the oldest pending webhook delivery of the ranked subscriptions, and of all (rank "all"); 0 without backlog.', ['rank'], (g, b) => {
      b.webhooks.top.forEach((s, i) => g.set({ rank: String(i + 1) }, s.oldestAgeSeconds));
      g.set({ rank: 'all' }, b.webhooks.top[0]?.oldestAgeSeconds ?? 0);
    });
    gauge('counterfoil_webhook_backlog_subscriptions', 'Webhook subscriptions with at least one pending delivery.', [], (g, b) => g.set(b.webhooks.subscriptions));
    gauge('counterfoil_outbox_pending_events', `Committed events not yet dispatched to webhook subscriptions (counted up to ${OUTBOX_COUNT_CAP}).`, [], (g, b) => g.set(b.outbox.pending));
    gauge('counterfoil_outbox_lag_seconds', 'Age of the oldest committed event not yet dispatched; 0 when the outbox is empty.', [], (g, b) => g.set(b.outbox.lagSeconds));
    gauge('counterfoil_withdrawals_open', 'Withdrawals not yet in a final status, by status (pending_approval, executing).', ['status'], (g, b) => {
      for (const status of ['pending_approval', 'executing']) g.set({ status }, b.withdrawals.open[status] ?? 0);
    });
    gauge('counterfoil_withdrawals_waiting_on_provider', 'Executing withdrawals the rail accepted and has not settled yet.', [], (g, b) => g.set(b.withdrawals.waitingOnProvider));
    gauge('counterfoil_withdrawals_waiting_on_provider_oldest_age_seconds', 'Time since the rail accepted the longest-waiting unsettled withdrawal; 0 when none waits.', [], (g, b) => g.set(b.withdrawals.oldestWaitSeconds));
    gauge('counterfoil_compliance_frozen_withdrawals', 'Withdrawals screening froze (pending_compliance), waiting for a compliance decision, by asset.', ['asset'], (g, b) => {
      for (const f of b.frozen) g.set({ asset: f.asset }, f.count);
    });
    gauge('counterfoil_compliance_frozen_amount_minor_units', "The amount of the withdrawals screening froze, in the asset's minor units, by asset.", ['asset'], (g, b) => {
      for (const f of b.frozen) g.set({ asset: f.asset }, f.minorUnits);
    });
    gauge('counterfoil_reconciliation_breaks_live', 'Reconciliation breaks open or acknowledged, by kind (docs/reconciliation.md).', ['kind'], (g, b) => {
      for (const k of b.breaks) g.set({ kind: k.kind }, k.live);
    });
    gauge('counterfoil_reconciliation_breaks_oldest_age_seconds', 'Age of the oldest live reconciliation break, by kind.', ['kind'], (g, b) => {
      for (const k of b.breaks) g.set({ kind: k.kind }, k.oldestAgeSeconds);
    });
    gauge('counterfoil_reconciliation_drift_minor_units', "The largest difference between a reconciled provider account's balance and the ledger's at its last run, by asset, in minor units: what is in flight or named by breaks.", ['asset'], (g, b) => {
      for (const d of b.drift) g.set({ asset: d.asset }, d.maxMinorUnits);
    });
    gauge('counterfoil_reconciliation_unexplained_accounts', 'Reconciled provider accounts whose last run left a difference neither in flight nor named by a break (a ledger_drift break), by asset.', ['asset'], (g, b) => {
      for (const d of b.drift) g.set({ asset: d.asset }, d.unexplainedAccounts);
    });
    gauge('counterfoil_reconciliation_unexplained_minor_units', 'What those differences add up to (magnitudes), by asset, in minor units.', ['asset'], (g, b) => {
      for (const d of b.drift) g.set({ asset: d.asset }, d.unexplainedMinorUnits);
    });
    gauge('counterfoil_reconciliation_stale_seconds', 'The longest a reconciled account has gone without a reconciliation run; 0 without accounts.', [], (g, b) => g.set(b.reconciliationStaleSeconds));
    gauge('counterfoil_approvals_pending', 'Approvals waiting for decisions, by action family.', ['action_family'], (g, b) => {
      for (const a of b.approvals) g.set({ action_family: a.actionFamily }, a.pending);
    });
    gauge('counterfoil_approvals_pending_oldest_age_seconds', 'Age of the oldest approval waiting for decisions, by action family.', ['action_family'], (g, b) => {
      for (const a of b.approvals) g.set({ action_family: a.actionFamily }, a.oldestAgeSeconds);
    });
    gauge('counterfoil_approvals_pending_next_expiry_seconds', 'Time until the first pending approval of the action family expires (negative: past its expiry, not yet closed).', ['action_family'], (g, b) => {
      for (const a of b.approvals) g.set({ action_family: a.actionFamily }, a.nextExpirySeconds);
    });
  }
}
