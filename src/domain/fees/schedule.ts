import { AppError, type FieldError } from '../../errors';
import { isAsset, parseAmount } from '../../ledger/assets';
import { findRail } from '../../reference/bank-rails';
import { networkByCode } from '../../reference/networks';
import type { FeeSchedule } from './engine';

/** The asset's minor units of `value`, or the reason it is not a positive amount of that asset. */
function amountProblem(value: string, asset: string): string | null {
  try {
    // parseAmount is the one exact parser; its 422 carries the detail we re-point.
    parseAmount(value, asset);
    return null;
  } catch (err) {
    return err instanceof AppError ? (err.options.errors?.[0]?.detail ?? err.detail) : String(err);
  }
}

/** Whether `rail` is a crypto network or a bank rail that can carry `asset` (any asset when null). */
export function railProblem(rail: string, asset: string | null): string | null {
  const network = networkByCode(rail);
  if (network) return asset === null || asset in network.assets ? null : `${rail} does not carry ${asset}`;
  const bank = findRail(rail);
  if (bank && bank.code === rail) return asset === null || bank.currencies.includes(asset) ? null : `${rail} does not carry ${asset}`;
  return `unknown rail ${JSON.stringify(rail).slice(0, 40)}: a crypto network or bank rail code`;
}

/**
 * Semantic checks of a fee schedule that the body schema cannot express; every problem is named
 * by its pointer (under `base`, e.g. `/body/fee_schedule`), and any problem is 422.
 */
export function assertValidFeeSchedule(schedule: FeeSchedule, base: string): void {
  const errors: FieldError[] = [];
  const fail = (pointer: string, detail: string) => errors.push({ pointer: `${base}/${pointer}`, detail });

  const seen = new Set<string>();
  schedule.service_fees.forEach((r, i) => {
    const at = `service_fees/${i}`;
    if (r.asset !== null && !isAsset(r.asset)) fail(`${at}/asset`, 'unknown asset');
    if (r.rail !== null) {
      const problem = railProblem(r.rail, r.asset !== null && isAsset(r.asset) ? r.asset : null);
      if (problem) fail(`${at}/rail`, problem);
      if (r.operation_type === 'internal_transfer' || r.operation_type === 'conversion') fail(`${at}/rail`, `${r.operation_type} uses no rail: must be null`);
    }
    if (r.fixed_fee === null && r.rate_bps === null) fail(at, 'set fixed_fee, rate_bps or both');
    for (const field of ['fixed_fee', 'min_fee', 'max_fee'] as const) {
      const value = r[field];
      if (value === null) continue;
      if (r.asset === null) fail(`${at}/${field}`, 'an amount needs an asset: set asset, or use rate_bps only');
      else if (isAsset(r.asset)) {
        const problem = amountProblem(value, r.asset);
        if (problem) fail(`${at}/${field}`, problem);
      }
    }
    if (r.min_fee !== null && r.max_fee !== null && r.asset !== null && isAsset(r.asset) && !amountProblem(r.min_fee, r.asset) && !amountProblem(r.max_fee, r.asset)) {
      if (parseAmount(r.min_fee, r.asset) > parseAmount(r.max_fee, r.asset)) fail(`${at}/min_fee`, 'must not exceed max_fee');
    }
    const key = `${r.operation_type}|${r.asset ?? '*'}|${r.rail ?? '*'}`;
    if (seen.has(key)) fail(at, 'duplicates an earlier rule for the same operation_type, asset and rail');
    seen.add(key);
  });

  const seenNetwork = new Set<string>();
  schedule.network_fees.forEach((n, i) => {
    const at = `network_fees/${i}`;
    const network = networkByCode(n.network);
    if (!network) fail(`${at}/network`, 'unknown crypto network');
    else if (!(n.asset in network.assets)) fail(`${at}/asset`, `${n.network} does not carry ${n.asset}`);
    if (!isAsset(n.asset)) fail(`${at}/asset`, 'unknown asset');
    else {
      const problem = amountProblem(n.amount, n.asset);
      if (problem) fail(`${at}/amount`, problem);
    }
    const key = `${n.network}|${n.asset}`;
    if (seenNetwork.has(key)) fail(at, 'duplicates an earlier network fee for the same network and asset');
    seenNetwork.add(key);
  });

  if (errors.length > 0) throw new AppError('EdgeUnprocessable', 'The fee schedule is invalid.', { errors });
}
