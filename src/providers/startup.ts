import type { Sql } from 'postgres';
import { ConfigError, type Config } from '../config';
import { CRYPTO_NETWORKS } from '../reference/networks';
import { railsFor } from '../reference/bank-rails';
import { describeMissing, KYC_PATHS, missingProviders, type ProviderKeys } from './routing';

/** What production must have a real provider for: every network and bank rail each way, every listed market, every KYC path, screening of money on every network and bank rail, and every reconciled account's rail. */
export async function requiredProviderKeys(sql: Sql): Promise<ProviderKeys> {
  const markets = await sql<{ market: string }[]>`select distinct base_asset || '/' || quote_asset as market from conversion_pairs order by 1`;
  const networks = CRYPTO_NETWORKS.map((n) => n.code);
  return {
    rails: [...networks, ...railsFor('pay_out').map((r) => r.code)],
    deposits: [...networks, ...railsFor('pay_in').map((r) => r.code)],
    prices: markets.map((m) => m.market),
    kyc: KYC_PATHS,
    screening: [...new Set([...networks, ...railsFor('pay_out').map((r) => r.code), ...railsFor('pay_in').map((r) => r.code)])],
    // Only the accounts an enterprise reconciles from a provider need a real statement source (file-only ones import).
    statements: (await sql<{ rail: string }[]>`select distinct rail from reconciliation_accounts where statement_source = 'provider' order by 1`).map((r) => r.rail),
  };
}

/**
 * Production start-up stops here, listing every rail, network, market and KYC path still served by
 * the sandbox or by nothing: production never simulates a payout, a deposit, a price, a decision or a screening.
 */
export async function assertProductionProviders(sql: Sql, config: Config): Promise<void> {
  if (config.mode !== 'production') return;
  const missing = missingProviders(config.providers, await requiredProviderKeys(sql));
  if (missing.length > 0) throw new ConfigError('COUNTERFOIL_PROVIDERS', describeMissing(missing));
}
