import { assetOf, parseAmount } from '../../ledger/assets';

/**
 * The fee engine: pure and exact. Amounts are BigInt minor units of the principal's asset; a rate in
 * basis points rounds UP to the next minor unit (in the house's favour). The same function prices
 * a preview and the executed operation, so they agree. Rules: docs/funding-and-fees.md.
 */
export const OPERATION_TYPES = ['withdrawal', 'internal_transfer', 'conversion', 'on_ramp', 'off_ramp'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

export interface ServiceFeeRule {
  operation_type: OperationType;
  /** Null: any asset (then only `rate_bps` may be set: fixed amounts need an asset). */
  asset: string | null;
  /** Crypto network or bank rail code; null: any rail. */
  rail: string | null;
  fixed_fee: string | null;
  rate_bps: number | null;
  min_fee: string | null;
  max_fee: string | null;
}

export interface NetworkFeeRule {
  network: string;
  asset: string;
  amount: string;
}

export interface FeeSchedule {
  service_fees: ServiceFeeRule[];
  network_fees: NetworkFeeRule[];
  /** Whether a payout's fees are refunded when the rail returns it: `full_return` (all of it came back) or never (absent). */
  refund_on_return?: 'never' | 'full_return';
}

export interface VersionedSchedule {
  version: number;
  schedule: FeeSchedule;
}

export type FeeComponentType = 'network_fee' | 'service_fee';

export interface FeeComponent {
  type: FeeComponentType;
  amount: bigint;
  currency: string;
  payeeRef: string | null;
  /** Which schedule the rule came from. */
  source: 'enterprise' | 'platform';
}

export interface FeeQuote {
  operationType: OperationType;
  currency: string;
  components: FeeComponent[];
  total: bigint;
  /** 0 when the enterprise has no agreement (platform schedule only). */
  enterpriseCaVersion: number;
  platformCaVersion: number;
}

export interface FeeQuoteInput {
  operationType: OperationType;
  asset: string;
  /** Principal in minor units of `asset`, > 0. */
  amount: bigint;
  /** Crypto network or bank rail the operation uses, if any. */
  rail: string | null;
  /** True when `rail` is a crypto network (a network fee may apply). */
  railIsNetwork: boolean;
  enterprise: VersionedSchedule | null;
  platform: VersionedSchedule;
  payees: { serviceFee: string | null; networkFee: string | null };
}

const BPS_DENOMINATOR = 10_000n;

/** ceil(amount × bps / 10 000) for non-negative operands. */
export function basisPointsUp(amount: bigint, bps: number): bigint {
  return (amount * BigInt(bps) + BPS_DENOMINATOR - 1n) / BPS_DENOMINATOR;
}

/** The most specific matching rule: an exact asset beats any-asset, then an exact rail beats any-rail. */
function bestServiceRule(rules: ServiceFeeRule[], op: OperationType, asset: string, rail: string | null): ServiceFeeRule | undefined {
  let best: ServiceFeeRule | undefined;
  let bestScore = -1;
  for (const r of rules) {
    if (r.operation_type !== op) continue;
    if (r.asset !== null && r.asset !== asset) continue;
    if (r.rail !== null && r.rail !== rail) continue;
    const score = (r.asset !== null ? 2 : 0) + (r.rail !== null ? 1 : 0);
    if (score > bestScore) {
      best = r;
      bestScore = score;
    }
  }
  return best;
}

const minor = (value: string | null, asset: string): bigint => (value === null ? 0n : parseAmount(value, asset));

/** fixed + ceil(rate), then clamped to [min, max]. */
export function serviceFeeOf(rule: ServiceFeeRule, asset: string, amount: bigint): bigint {
  let fee = minor(rule.fixed_fee, asset) + (rule.rate_bps ? basisPointsUp(amount, rule.rate_bps) : 0n);
  if (rule.min_fee !== null && fee < minor(rule.min_fee, asset)) fee = minor(rule.min_fee, asset);
  if (rule.max_fee !== null && fee > minor(rule.max_fee, asset)) fee = minor(rule.max_fee, asset);
  return fee;
}

/**
 * Prices one operation. The enterprise agreement's most specific matching rule wins; when it has
 * none, the platform schedule's does. Zero components are left out; the total is their sum.
 */
export function computeFees(input: FeeQuoteInput): FeeQuote {
  const asset = assetOf(input.asset).code;
  if (input.amount <= 0n) throw new Error('fees: the principal amount is positive');
  const components: FeeComponent[] = [];

  if (input.operationType === 'withdrawal' && input.railIsNetwork && input.rail) {
    const pick = (s: VersionedSchedule | null) => s?.schedule.network_fees.find((n) => n.network === input.rail && n.asset === asset);
    const fromEnterprise = pick(input.enterprise);
    const rule = fromEnterprise ?? pick(input.platform);
    if (rule) {
      const amount = parseAmount(rule.amount, asset);
      components.push({ type: 'network_fee', amount, currency: asset, payeeRef: input.payees.networkFee, source: fromEnterprise ? 'enterprise' : 'platform' });
    }
  }

  const fromEnterprise = input.enterprise ? bestServiceRule(input.enterprise.schedule.service_fees, input.operationType, asset, input.rail) : undefined;
  const rule = fromEnterprise ?? bestServiceRule(input.platform.schedule.service_fees, input.operationType, asset, input.rail);
  if (rule) {
    const amount = serviceFeeOf(rule, asset, input.amount);
    if (amount > 0n) components.push({ type: 'service_fee', amount, currency: asset, payeeRef: input.payees.serviceFee, source: fromEnterprise ? 'enterprise' : 'platform' });
  }

  return {
    operationType: input.operationType,
    currency: asset,
    components,
    total: components.reduce((sum, c) => sum + c.amount, 0n),
    enterpriseCaVersion: input.enterprise?.version ?? 0,
    platformCaVersion: input.platform.version,
  };
}
