// The fee engine is pure: schedules in, exact components out. No database.
import { basisPointsUp, computeFees, type FeeSchedule, type OperationType, type ServiceFeeRule } from '../../src/domain/fees/engine';

const rule = (r: Partial<ServiceFeeRule> & Pick<ServiceFeeRule, 'operation_type'>): ServiceFeeRule => ({
  asset: null, rail: null, fixed_fee: null, rate_bps: null, min_fee: null, max_fee: null, ...r,
});

const platform: FeeSchedule = {
  service_fees: [
    rule({ operation_type: 'withdrawal', asset: 'USDC', fixed_fee: '1.00' }),
    rule({ operation_type: 'withdrawal', asset: 'EUR', rail: 'sepa', fixed_fee: '0.50' }),
    rule({ operation_type: 'withdrawal', asset: 'BTC', rate_bps: 10, min_fee: '0.0001' }),
    rule({ operation_type: 'conversion', rate_bps: 50 }),
    rule({ operation_type: 'off_ramp', asset: 'USD', fixed_fee: '2.00', rate_bps: 100, max_fee: '10.00' }),
  ],
  network_fees: [
    { network: 'ethereum', asset: 'USDC', amount: '2.50' },
    { network: 'bitcoin', asset: 'BTC', amount: '0.00005' },
  ],
};

const enterprise: FeeSchedule = {
  service_fees: [
    rule({ operation_type: 'withdrawal', asset: 'USDC', rail: 'ethereum', fixed_fee: '0.25' }),
    rule({ operation_type: 'conversion', asset: 'ETH', rate_bps: 0 }),
  ],
  network_fees: [{ network: 'ethereum', asset: 'USDC', amount: '1.75' }],
};

interface Case {
  name: string;
  op: OperationType;
  asset: string;
  amount: bigint;
  rail?: string;
  withEnterprise?: boolean;
  expected: Array<[type: string, minor: bigint, source: string]>;
  total: bigint;
}

const cases: Case[] = [
  { name: 'fixed fee + network fee from the platform', op: 'withdrawal', asset: 'USDC', amount: 100_000000n, rail: 'ethereum', expected: [['network_fee', 2_500000n, 'platform'], ['service_fee', 1_000000n, 'platform']], total: 3_500000n },
  { name: 'enterprise rule and network fee override the platform', op: 'withdrawal', asset: 'USDC', amount: 100_000000n, rail: 'ethereum', withEnterprise: true, expected: [['network_fee', 1_750000n, 'enterprise'], ['service_fee', 250000n, 'enterprise']], total: 2_000000n },
  { name: 'enterprise rule on another rail does not apply; platform fills in', op: 'withdrawal', asset: 'USDC', amount: 5_000000n, rail: 'solana', withEnterprise: true, expected: [['service_fee', 1_000000n, 'platform']], total: 1_000000n },
  { name: 'rail-specific bank fee', op: 'withdrawal', asset: 'EUR', amount: 1000n, rail: 'sepa', expected: [['service_fee', 50n, 'platform']], total: 50n },
  { name: 'no rule for the rail: free', op: 'withdrawal', asset: 'EUR', amount: 1000n, rail: 'swift', expected: [], total: 0n },
  { name: 'bps above the minimum', op: 'withdrawal', asset: 'BTC', amount: 1_00000000n, rail: 'bitcoin', expected: [['network_fee', 5000n, 'platform'], ['service_fee', 100000n, 'platform']], total: 105000n },
  { name: 'bps below the minimum is raised to it', op: 'withdrawal', asset: 'BTC', amount: 1000n, rail: 'bitcoin', expected: [['network_fee', 5000n, 'platform'], ['service_fee', 10000n, 'platform']], total: 15000n },
  { name: 'bps rounds up to the next minor unit', op: 'conversion', asset: 'USD', amount: 101n, expected: [['service_fee', 1n, 'platform']], total: 1n },
  { name: 'bps on an exact multiple does not round', op: 'conversion', asset: 'USD', amount: 20000n, expected: [['service_fee', 100n, 'platform']], total: 100n },
  { name: 'enterprise waiver (0 bps) wins over the platform rate', op: 'conversion', asset: 'ETH', amount: 10n ** 18n, withEnterprise: true, expected: [], total: 0n },
  { name: 'fixed + bps clamped to the maximum', op: 'off_ramp', asset: 'USD', amount: 5000_00n, expected: [['service_fee', 1000n, 'platform']], total: 1000n },
  { name: 'fixed + bps under the maximum', op: 'off_ramp', asset: 'USD', amount: 100_00n, expected: [['service_fee', 300n, 'platform']], total: 300n },
  { name: 'network fees apply to withdrawals only', op: 'off_ramp', asset: 'USDC', amount: 1_000000n, rail: 'ethereum', expected: [], total: 0n },
  { name: 'internal transfers are free by default', op: 'internal_transfer', asset: 'GBP', amount: 1n, expected: [], total: 0n },
  { name: 'huge amounts stay exact', op: 'conversion', asset: 'ETH', amount: 123456789012345678901234567890n, expected: [['service_fee', 617283945061728394506172840n, 'platform']], total: 617283945061728394506172840n },
];

describe('computeFees', () => {
  it.each(cases)('$name', (c) => {
    const quote = computeFees({
      operationType: c.op,
      asset: c.asset,
      amount: c.amount,
      rail: c.rail ?? null,
      railIsNetwork: c.rail !== undefined && ['ethereum', 'bitcoin', 'solana'].includes(c.rail),
      enterprise: c.withEnterprise ? { version: 3, schedule: enterprise } : null,
      platform: { version: 1, schedule: platform },
      payees: { serviceFee: 'system/E/fee_revenue', networkFee: 'system/E/network_fees' },
    });
    expect(quote.components.map((x) => [x.type, x.amount, x.source])).toEqual(c.expected);
    expect(quote.total).toBe(c.total);
    expect(quote.currency).toBe(c.asset);
    expect(quote.enterpriseCaVersion).toBe(c.withEnterprise ? 3 : 0);
    expect(quote.platformCaVersion).toBe(1);
    for (const x of quote.components) expect(x.payeeRef).toBe(x.type === 'network_fee' ? 'system/E/network_fees' : 'system/E/fee_revenue');
  });

  it.each([
    [0n, 1, 0n],
    [1n, 1, 1n],
    [9999n, 1, 1n],
    [10000n, 1, 1n],
    [10001n, 1, 2n],
    [12345n, 10_000, 12345n],
  ])('basisPointsUp(%s, %s) = %s', (amount, bps, expected) => {
    expect(basisPointsUp(amount, bps)).toBe(expected);
  });

  it('refuses a non-positive principal and an unknown asset', () => {
    const base = { operationType: 'conversion' as const, rail: null, railIsNetwork: false, enterprise: null, platform: { version: 1, schedule: platform }, payees: { serviceFee: null, networkFee: null } };
    expect(() => computeFees({ ...base, asset: 'USD', amount: 0n })).toThrow(/positive/);
    expect(() => computeFees({ ...base, asset: 'DOGE', amount: 1n })).toThrow(/unknown asset/);
  });
});
