import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const FIXTURE = path.join(ROOT, 'test/fixtures/layering');

/** Cruises the fixture tree with the repository's own rules, as npm run lint:deps does (`err`: its exit code is the error count). */
const cruiseFixture = (outputType: 'json' | 'err') =>
  spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), 'src', 'workflows', '--config', path.join(ROOT, '.dependency-cruiser.cjs'), '--output-type', outputType],
    { cwd: FIXTURE, encoding: 'utf8' },
  );

describe('the layering rules (.dependency-cruiser.cjs)', () => {
  const result = JSON.parse(cruiseFixture('json').stdout) as { summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> } };
  const violations = result.summary.violations.map((v) => [v.rule.name, v.from, v.to]);

  it.each([
    ['below-http', 'src/domain/orders/orders.ts', 'src/http/routes/orders.ts'],
    ['ledger-below-domain', 'src/ledger/book.ts', 'src/domain/orders/orders.ts'],
    ['no-workflow-code-in-src', 'src/domain/orders/start.ts', 'workflows/order.ts'],
    ['workflows-import-contracts-only', 'workflows/order.ts', 'src/domain/orders/orders.ts'],
    ['contracts-are-types', 'src/domain/refunds/messages.ts', 'src/domain/orders/orders.ts'],
    ['no-circular', 'src/events/first.ts', 'src/events/second.ts'],
  ])('%s: %s → %s is refused', (rule, from, to) => {
    expect(violations).toContainEqual([rule, from, to]);
  });

  it('allows contracts, type-only imports and @temporalio/workflow, and fails the run', () => {
    // Exactly the six above: workflows/order.ts's contract, type and SDK imports and the type-only auth cycle pass.
    expect(violations).toHaveLength(6);
    expect(cruiseFixture('err').status).toBe(6);
  });
});
