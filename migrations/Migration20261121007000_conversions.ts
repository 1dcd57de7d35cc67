import { Migration } from '@mikro-orm/migrations';

/**
 * Conversion pairs (a seeded catalogue), firm quotes, conversions, on-ramp and off-ramp sessions.
 * Amounts are minor units in NUMERIC(78,0); prices are exact decimals or `num/den` rationals in text.
 * See docs/conversions-and-ramps.md.
 */
export class Migration20261121007000_conversions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      -- Directed pairs (from → to). Both directions of a market share base/quote and the mid price
      -- (quote per base); the reverse direction prices at 1/mid. Limits are in minor units of from_asset.
      create table conversion_pairs (
        id uuid primary key,
        from_asset text not null,
        to_asset text not null,
        base_asset text not null,
        quote_asset text not null,
        mid_price numeric not null check (mid_price > 0),
        spread_bps integer not null check (spread_bps between 0 and 9999),
        price_precision integer not null check (price_precision between 0 and 18),
        min_from_amount numeric(78,0) not null check (min_from_amount > 0),
        max_from_amount numeric(78,0) not null check (max_from_amount >= min_from_amount),
        quote_ttl_ms integer not null default 10000 check (quote_ttl_ms > 0),
        enabled boolean not null default true,
        unique (from_asset, to_asset),
        check (from_asset <> to_asset),
        check ((from_asset = base_asset and to_asset = quote_asset) or (from_asset = quote_asset and to_asset = base_asset))
      );

      insert into conversion_pairs (id, from_asset, to_asset, base_asset, quote_asset, mid_price, spread_bps, price_precision,
                                    min_from_amount, max_from_amount, enabled)
      select md5('conversion-pair:' || d.from_asset || ':' || d.to_asset)::uuid, d.from_asset, d.to_asset, m.base, m.quote,
             m.mid::numeric, m.spread, case when d.from_asset = m.base then m.base_price_dp else m.quote_price_dp end,
             case when d.from_asset = m.base then m.base_min else m.quote_min end::numeric,
             case when d.from_asset = m.base then m.base_max else m.quote_max end::numeric,
             m.enabled
        from jsonb_to_recordset('${JSON.stringify(MARKETS)}'::jsonb)
             as m(base text, quote text, mid text, spread int, base_price_dp int, quote_price_dp int,
                  base_min text, base_max text, quote_min text, quote_max text, enabled boolean)
        cross join lateral (values (m.base, m.quote), (m.quote, m.base)) as d(from_asset, to_asset);

      -- A firm price for one amount, used at most once (used_at set in the executing transaction).
      create table conversion_quotes (
        id uuid primary key,
        created_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        account_ref text not null,
        pair_id uuid not null references conversion_pairs(id) deferrable initially deferred,
        from_asset text not null,
        to_asset text not null,
        from_amount numeric(78,0) not null check (from_amount > 0),
        to_amount numeric(78,0) not null check (to_amount > 0),
        fee_amount numeric(78,0) not null check (fee_amount >= 0),
        fee_components jsonb not null,
        enterprise_ca_version integer not null,
        platform_ca_version integer not null,
        rate text not null,
        price text not null,
        expires_at timestamptz not null,
        used_at timestamptz,
        conversion_id uuid
      );
      create index conversion_quotes_enterprise_idx on conversion_quotes (enterprise_id, id);

      create table conversions (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        client_id uuid,
        account_ref text not null,
        pair_id uuid not null references conversion_pairs(id) deferrable initially deferred,
        quote_id uuid unique references conversion_quotes(id) deferrable initially deferred,
        -- The caller's business key (signed API exchanges): one conversion per key and enterprise.
        business_key text,
        from_asset text not null,
        to_asset text not null,
        from_amount numeric(78,0) not null check (from_amount > 0),
        to_amount numeric(78,0) not null check (to_amount > 0),
        fee_amount numeric(78,0) not null check (fee_amount >= 0),
        fee_components jsonb not null,
        enterprise_ca_version integer not null,
        platform_ca_version integer not null,
        rate text not null,
        price text not null,
        status text not null check (status in ('pending_approval', 'executing', 'executed', 'cancelled', 'rejected', 'expired', 'failed')),
        approval_ref text,
        failure_reason text,
        hold_id uuid,
        ledger_transaction_id uuid,
        policy_decision jsonb,
        subject_attribution jsonb not null,
        settled_at timestamptz,
        unique (enterprise_id, business_key)
      );
      create index conversions_enterprise_idx on conversions (enterprise_id, id);
      create index conversions_account_idx on conversions (account_ref, id);

      create table on_ramp_sessions (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        client_id uuid,
        account_ref text not null,
        fiat_currency text not null,
        asset text not null,
        pair_id uuid not null references conversion_pairs(id) deferrable initially deferred,
        status text not null check (status in ('requested', 'awaiting_payment', 'payment_received', 'converting', 'completed', 'expired', 'cancelled', 'failed')),
        payment_reference text not null unique,
        payment_instructions jsonb not null,
        expires_at timestamptz not null,
        fiat_amount numeric(78,0) check (fiat_amount > 0),
        fee_amount numeric(78,0),
        fee_components jsonb,
        asset_amount numeric(78,0),
        rate text,
        price text,
        failure_reason text,
        ledger_transaction_id uuid,
        subject_attribution jsonb not null,
        payment_received_at timestamptz,
        completed_at timestamptz
      );
      create index on_ramp_sessions_enterprise_idx on on_ramp_sessions (enterprise_id, id);

      create table off_ramp_sessions (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        client_id uuid,
        account_ref text not null,
        asset text not null,
        fiat_currency text not null,
        pair_id uuid not null references conversion_pairs(id) deferrable initially deferred,
        payout_method_id uuid not null references payout_methods(id) deferrable initially deferred,
        amount numeric(78,0) not null check (amount > 0),
        fee_amount numeric(78,0) not null check (fee_amount >= 0),
        fee_components jsonb not null,
        status text not null check (status in ('requested', 'converting', 'payout_sent', 'completed', 'cancelled', 'failed')),
        hold_id uuid not null,
        fiat_amount numeric(78,0),
        rate text,
        price text,
        payout_reference text,
        failure_reason text,
        ledger_transaction_id uuid,
        subject_attribution jsonb not null,
        payout_sent_at timestamptz,
        completed_at timestamptz
      );
      create index off_ramp_sessions_enterprise_idx on off_ramp_sessions (enterprise_id, id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists off_ramp_sessions, on_ramp_sessions, conversions, conversion_quotes, conversion_pairs cascade;');
  }
}

/**
 * The sandbox markets: mid price (quote per base, exact decimal), spread in basis points, decimal
 * places of the presented price per direction, and limits per direction in minor units.
 */
const MARKETS = [
  market('USDC', 'USD', '1.0000', 10, 4, 4, '1000000', '1000000000000', '100', '100000000'),
  market('USDT', 'USD', '0.9998', 10, 4, 4, '1000000', '1000000000000', '100', '100000000'),
  market('USDC', 'EUR', '0.9200', 30, 4, 4, '1000000', '1000000000000', '100', '100000000'),
  market('USDC', 'GBP', '0.7900', 30, 4, 4, '1000000', '1000000000000', '100', '100000000'),
  market('USDT', 'USDC', '0.9999', 10, 4, 4, '1000000', '1000000000000', '1000000', '1000000000000'),
  market('BTC', 'USD', '65000.00', 50, 2, 10, '10000', '10000000000', '1000', '100000000'),
  market('BTC', 'EUR', '60000.00', 50, 2, 10, '10000', '10000000000', '1000', '100000000'),
  market('BTC', 'USDC', '65000.00', 40, 2, 10, '10000', '10000000000', '10000000', '1000000000000'),
  market('ETH', 'USD', '3500.00', 50, 2, 8, '1000000000000000', '1000000000000000000000', '1000', '100000000'),
  market('ETH', 'USDC', '3500.00', 40, 2, 8, '1000000000000000', '1000000000000000000000', '10000000', '1000000000000'),
  // Listed but switched off: pairs answer 409 pair_disabled until an operator enables them.
  market('ETH', 'BTC', '0.05384615', 60, 8, 4, '1000000000000000', '1000000000000000000000', '100000', '10000000000', false),
];

function market(
  base: string,
  quote: string,
  mid: string,
  spread: number,
  basePriceDp: number,
  quotePriceDp: number,
  baseMin: string,
  baseMax: string,
  quoteMin: string,
  quoteMax: string,
  enabled = true,
) {
  return { base, quote, mid, spread, base_price_dp: basePriceDp, quote_price_dp: quotePriceDp, base_min: baseMin, base_max: baseMax, quote_min: quoteMin, quote_max: quoteMax, enabled };
}
