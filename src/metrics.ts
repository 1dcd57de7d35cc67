import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics of one process (its own registry, so tests can build several apps). */
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

  readonly dependencyPatchMissing = new Gauge({
    name: 'counterfoil_dependency_patch_missing',
    help: 'An optimisation patch to a dependency (scripts/dependency-patches.cjs) this process runs without (1), or has (0).',
    labelNames: ['patch'] as const,
    registers: [this.registry],
  });

  constructor(defaults = true) {
    if (defaults) collectDefaultMetrics({ register: this.registry, prefix: 'counterfoil_' });
  }
}
