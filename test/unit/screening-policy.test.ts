import { DEFAULT_COMPLIANCE_POLICY, outcomeOf, outcomeWithoutVerdict, travelRuleThreshold, type ComplianceRule } from '../../src/domain/screening/policy';
import { SANDBOX_SCREENING, SandboxScreener, sandboxBehaviour } from '../../src/providers/screening';
import { SandboxRefused } from '../../src/providers/sandbox';

const verdict = (category: string, score: number) => ({ category, score, reference: 'r', explanation: '' });

describe('the compliance policy decides an outcome from a verdict', () => {
  it.each([
    ['outgoing', 'sanctions', 100, 'reject'],
    ['incoming', 'sanctions', 100, 'freeze'],
    ['outgoing', 'mixer', 85, 'freeze'],
    ['incoming', 'mixer', 75, 'freeze'],
    ['outgoing', 'gambling', 74, 'alert'],
    ['outgoing', 'gambling', 40, 'alert'],
    ['outgoing', 'none', 39, 'accept'],
    ['incoming', 'none', 0, 'accept'],
  ] as const)('by default, %s %s scored %i: %s', (direction, category, score, outcome) => {
    expect(outcomeOf(DEFAULT_COMPLIANCE_POLICY, direction, 'USDC', verdict(category, score))).toBe(outcome);
  });

  it('takes the first matching rule, for its direction and asset only', () => {
    const rules: ComplianceRule[] = [
      { direction: 'outgoing', asset: 'BTC', categories: ['mixer'], min_score: 0, max_score: 100, outcome: 'reject' },
      { direction: 'any', asset: '*', categories: ['mixer'], min_score: 50, max_score: 100, outcome: 'alert' },
    ];
    expect(outcomeOf({ rules }, 'outgoing', 'BTC', verdict('mixer', 60))).toBe('reject');
    expect(outcomeOf({ rules }, 'outgoing', 'USDC', verdict('mixer', 60))).toBe('alert');
    expect(outcomeOf({ rules }, 'outgoing', 'USDC', verdict('mixer', 49))).toBe('accept');
    expect(outcomeOf({ rules: [] }, 'outgoing', 'USDC', verdict('sanctions', 100))).toBe('accept');
  });

  it('without a verdict: fail-closed rejects, fail-open alerts', () => {
    expect(outcomeWithoutVerdict({ provider_failure: 'fail_closed' })).toBe('reject');
    expect(outcomeWithoutVerdict({ provider_failure: 'fail_open' })).toBe('alert');
  });

  it("finds the Travel Rule threshold of the enterprise's jurisdiction, else `*`, else none", () => {
    const thresholds = DEFAULT_COMPLIANCE_POLICY.travel_rule.thresholds;
    expect(travelRuleThreshold({ travel_rule: { jurisdiction: 'EU', thresholds } })).toBe('0');
    expect(travelRuleThreshold({ travel_rule: { jurisdiction: 'US', thresholds } })).toBe('3000');
    expect(travelRuleThreshold({ travel_rule: { jurisdiction: 'none', thresholds } })).toBeNull();
    expect(travelRuleThreshold({ travel_rule: { jurisdiction: 'CH', thresholds: [...thresholds, { jurisdiction: '*', threshold_usd: '1000' }] } })).toBe('1000');
  });
});

describe('the sandbox screener', () => {
  const address = (suffix: string) => ({ kind: 'crypto_address' as const, network: 'ethereum', address: `0x${'a'.repeat(36)}${suffix.toUpperCase()}`, memo: null });
  const account = (holder: string) => ({ kind: 'bank_account' as const, rail: 'sepa', account: 'DE89370400440532013000', holder_name: holder });

  it.each(Object.entries(SANDBOX_SCREENING))('knows the %s test counterparty by address suffix and by holder name', (name, c) => {
    expect(sandboxBehaviour(address(c.addressSuffix))).toBe(name);
    expect(sandboxBehaviour(account(c.holderName))).toBe(name);
  });

  it('finds everything else clean, and refuses production mode', async () => {
    expect(sandboxBehaviour(address('beef'))).toBe('clean');
    expect(sandboxBehaviour(account('Ada Lovelace'))).toBe('clean');
    await expect(new SandboxScreener('production').screen({ idempotencyKey: 'k', enterpriseId: 'e', subject: address('beef') })).rejects.toBeInstanceOf(SandboxRefused);
  });
});
