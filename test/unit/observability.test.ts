import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { OBSERVABILITY_DIR, dashboards } from '../helpers/observability';

const run = promisify(execFile);
const PROMTOOL = process.env.PROMTOOL ?? 'promtool';

async function promtool(...args: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await run(PROMTOOL, args, { cwd: OBSERVABILITY_DIR });
    return stdout + stderr;
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stdout?: string; stderr?: string };
    if (e.code === 'ENOENT') throw new Error(`promtool not found (${PROMTOOL}): install Debian's prometheus package (apt-get install prometheus), or set PROMTOOL`);
    throw new Error(`promtool ${args.join(' ')} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

const rulesText = readFileSync(path.join(OBSERVABILITY_DIR, 'alerts.yml'), 'utf8');
const alerts = [...rulesText.matchAll(/^\s*- alert: (\S+)$/gm)].map((m) => m[1]!);

/** GitHub's anchor of a Markdown heading. */
const slug = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');

it('promtool accepts the alert rules, and their unit tests pass', async () => {
  expect(await promtool('check', 'rules', 'alerts.yml')).toContain(`SUCCESS: ${alerts.length} rules found`);
  expect(await promtool('test', 'rules', 'alerts.test.yml')).toContain('SUCCESS');
});

it('every alert has a unit test where it fires and one where it does not', () => {
  const firing = new Set<string>();
  const quiet = new Set<string>();
  let alert = '';
  for (const line of readFileSync(path.join(OBSERVABILITY_DIR, 'alerts.test.yml'), 'utf8').split('\n')) {
    const named = /^\s*alertname: (\S+)$/.exec(line);
    if (named) alert = named[1]!;
    else if (/^\s*exp_alerts: \[\]$/.test(line)) quiet.add(alert);
    else if (/^\s*exp_alerts:$/.test(line)) firing.add(alert);
  }
  expect(alerts.length).toBeGreaterThanOrEqual(12);
  expect(alerts.filter((a) => !firing.has(a) || !quiet.has(a))).toEqual([]);
});

it('every alert links to a runbook section of docs/operations.md that exists', () => {
  const anchors = new Set(
    readFileSync(path.resolve(OBSERVABILITY_DIR, '../../docs/operations.md'), 'utf8')
      .split('\n')
      .filter((l) => /^#{1,6} /.test(l))
      .map((l) => slug(l.replace(/^#+ /, ''))),
  );
  const links = [...rulesText.matchAll(/^\s*runbook_url: docs\/operations\.md#(\S+)$/gm)].map((m) => m[1]!);
  expect(links).toHaveLength(alerts.length);
  expect(links.filter((a) => !anchors.has(a))).toEqual([]);
});

it('the dashboards are Grafana JSON with unique panel ids, and every panel queries something', () => {
  const all = dashboards();
  expect(Object.keys(all).sort()).toEqual(['api.json', 'connectors.json', 'ledger.json', 'webhooks.json', 'workflows.json']);
  for (const [file, d] of Object.entries(all)) {
    const ids = d.panels.map((p) => p.id);
    expect({ file, duplicated: ids.filter((id, i) => ids.indexOf(id) !== i) }).toEqual({ file, duplicated: [] });
    expect({ file, empty: d.panels.filter((p) => p.type !== 'row' && !p.targets?.every((t) => t.expr.length > 0) ).map((p) => p.id) }).toEqual({ file, empty: [] });
  }
});
