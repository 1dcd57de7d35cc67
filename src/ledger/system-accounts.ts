/**
 * System accounts: the other side of every flow that crosses the platform's edge, so money is never
 * created or destroyed inside the ledger. One per enterprise and kind; balances per asset. Their
 * overdraft is unbounded (an external-deposits account goes negative by exactly what came in).
 */
export const SYSTEM_ACCOUNT_KINDS = ['external_deposits', 'external_withdrawals', 'network_fees', 'fee_revenue', 'fx_liquidity'] as const;
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];

/** `system/<enterprise_id>/<kind>`: the account_ref of a system account. */
export function systemAccountRef(enterpriseId: string, kind: SystemAccountKind): string {
  return `system/${enterpriseId}/${kind}`;
}
