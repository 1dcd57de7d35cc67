import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { areaCycles } from '../../scripts/area-cycles.cjs';

const ROOT = path.resolve(__dirname, '../..');
const FIXTURE = path.join(ROOT, 'test/fixtures/layering');

/** Cruises the fixture tree with the repository's own rules, as npm run lint:deps does (`err`: its exit code is the error count). */
const cruiseFixture = (outputType: 'json' | 'err') =>
  spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), 'src', 'workflows', 'console/src', '--config', path.join(ROOT, '.dependency-cruiser.cjs'), '--output-type', outputType],
    { cwd: FIXTURE, encoding: 'utf8' },
  );

describe('the layering rules (.dependency-cruiser.cjs)', () => {
  const result = JSON.parse(cruiseFixture('json').stdout) as { summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> } };
  const violations = result.summary.violations.map((v) => [v.rule.name, v.from, v.to]);

  it.each([
    ['below-http', 'src/domain/orders/orders.ts', 'src/http/routes/orders.ts'],
    ['config-at-the-base', 'src/config/index.ts', 'src/providers/rail.ts'],
    ['ledger-below-events', 'src/ledger/monitor.ts', 'src/events/first.ts'],
    ['providers-below-ledger', 'src/providers/payout.ts', 'src/ledger/book.ts'],
    ['ledger-below-domain', 'src/ledger/book.ts', 'src/domain/orders/orders.ts'],
    ['infrastructure-below-domain', 'src/providers/rail.ts', 'src/domain/orders/orders.ts'],
    ['no-workflow-code-in-src', 'src/domain/orders/start.ts', 'workflows/order.ts'],
    ['workflows-import-contracts-only', 'workflows/order.ts', 'src/domain/orders/orders.ts'],
    ['contracts-are-types', 'src/domain/refunds/messages.ts', 'src/domain/orders/orders.ts'],
    ['policies-below-approvals', 'src/domain/policies/rules.ts', 'src/domain/approvals/approvals.ts'],
    ['approvals-below-money', 'src/domain/approvals/approvals.ts', 'src/domain/transfers/transfers.ts'],
    ['money-below-governance', 'src/domain/transfers/transfers.ts', 'src/domain/governance/changes.ts'],
    ['iam-below-identity-providers', 'src/domain/iam/users.ts', 'src/domain/identity-providers/providers.ts'],
    ['db-imports-only-below', 'src/db/pool.ts', 'src/ledger/book.ts'],
    ['ledger-imports-only-below', 'src/ledger/rails.ts', 'src/providers/payout.ts'],
    ['ledger-imports-only-below', 'src/ledger/monitor.ts', 'src/events/first.ts'],
    ['ledger-imports-only-below', 'src/ledger/book.ts', 'src/domain/orders/orders.ts'],
    ['events-imports-only-below', 'src/events/payouts.ts', 'src/providers/payout.ts'],
    ['providers-imports-only-below', 'src/providers/notify.ts', 'src/events/first.ts'],
    ['providers-imports-only-below', 'src/providers/payout.ts', 'src/ledger/book.ts'],
    ['providers-imports-only-below', 'src/providers/rail.ts', 'src/domain/orders/orders.ts'],
    ['no-circular', 'src/events/first.ts', 'src/events/second.ts'],
    ['console-shared-below-features', 'console/src/lib/format.ts', 'console/src/features/orders/components/OrdersPage.ts'],
    ['console-features-below-app', 'console/src/features/orders/components/OrdersPage.ts', 'console/src/app/App.ts'],
    ['console-no-cross-feature', 'console/src/features/refunds/RefundsPage.ts', 'console/src/features/orders/api/orders.ts'],
    ['console-calls-in-feature-api', 'console/src/features/orders/components/OrdersPage.ts', 'console/src/lib/session.ts'],
  ])('%s: %s → %s is refused', (rule, from, to) => {
    expect(violations).toContainEqual([rule, from, to]);
  });

  it('console-one-client: the console importing openapi-fetch itself is refused', () => {
    expect(violations).toContainEqual(['console-one-client', 'console/src/lib/http.ts', expect.stringMatching(/(^|\/)node_modules\/openapi-fetch\//)]);
  });

  it('no-koa-outside-http: src/auth importing Koa (even its types) is refused, src/http may', () => {
    expect(violations).toContainEqual(['no-koa-outside-http', 'src/auth/step-up.ts', expect.stringMatching(/(^|\/)node_modules\/(@types\/)?koa\//)]);
    expect(violations.filter(([rule]) => rule === 'no-koa-outside-http')).toHaveLength(1);
  });

  it('allows contracts, type-only imports, @temporalio/workflow and the console\'s own layers, and fails the run', () => {
    // Exactly the twenty-eight above: workflows/order.ts's contract, type and SDK imports, src/providers/rail.ts's contract, the type-only auth cycle, the
    // policy engine's type from approvals, src/http's Koa, a feature's api folder calling the client, the app composing features, a feature using
    // shared code, config's own, reference, money and root imports, and the lower layers' money imports pass.
    expect(violations).toHaveLength(28);
    expect(cruiseFixture('err').status).toBe(28);
  });

  it('no-area-cycle: two areas importing each other at run time through different files are refused, through a type they pass', () => {
    // orders ↔ refunds load each other through four files (no module cycle); approvals → transfers and transfers' type of an approval pass.
    expect(areaCycles(FIXTURE)).toEqual([
      { areas: ['orders', 'refunds'], imports: ['src/domain/orders/refund-link.ts → src/domain/refunds/prefix.ts', 'src/domain/refunds/messages.ts → src/domain/orders/orders.ts'] },
    ]);
  });
});
