import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const OBSERVABILITY_DIR = path.resolve(__dirname, '../../deploy/observability');

/** The Grafana dashboards, parsed, by file name. */
export function dashboards(): Record<string, { panels: { id: number; type: string; targets?: { expr: string }[] }[] }> {
  const dir = path.join(OBSERVABILITY_DIR, 'dashboards');
  return Object.fromEntries(readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => [f, JSON.parse(readFileSync(path.join(dir, f), 'utf8'))]));
}

const METRIC_NAME = /\b(?:counterfoil|temporal)_[a-z0-9_]+\b|\bup(?=\{)/g;

/** Every metric name a dashboard panel or an alert rule queries. */
export function observabilityMetricNames(): Set<string> {
  const exprs = Object.values(dashboards()).flatMap((d) => d.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr)));
  const rules = readFileSync(path.join(OBSERVABILITY_DIR, 'alerts.yml'), 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(#|summary:|description:|runbook_url:)/.test(line))
    .join('\n');
  return new Set([...exprs, rules].flatMap((text) => text.match(METRIC_NAME) ?? []));
}

/** The Temporal SDK's native library for this platform: the metrics it can emit are named in it. */
function coreBridgeBinary(): Buffer {
  const releases = path.join(path.dirname(require.resolve('@temporalio/core-bridge/package.json')), 'releases');
  const arch = { x64: 'x86_64', arm64: 'aarch64' }[process.arch as 'x64' | 'arm64'];
  const target = readdirSync(releases).find((d) => d.startsWith(`${arch}-`) && d.includes(process.platform === 'darwin' ? 'apple-darwin' : 'linux'))!;
  return readFileSync(path.join(releases, target, 'index.node'));
}

/**
 * The names a process exports: every family in its /metrics text (with a histogram's `_bucket`,
 * `_sum` and `_count`), plus the `temporal_*` metrics the SDK's runtime defines but reports only
 * once they happen (a workflow task failure), found in the SDK's native library; and `up`, which
 * Prometheus adds to every target.
 */
export function exportedMetricNames(metricsText: string): { has(name: string): boolean } {
  const names = new Set(['up']);
  for (const [, name, type] of metricsText.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!);
    if (type === 'histogram' || type === 'summary') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
  }
  let binary: string | undefined;
  return {
    has(name: string) {
      if (names.has(name)) return true;
      if (!name.startsWith('temporal_')) return false;
      binary ??= coreBridgeBinary().toString('latin1');
      return binary.includes(name.slice('temporal_'.length).replace(/_(bucket|sum|count)$/, ''));
    },
  };
}
