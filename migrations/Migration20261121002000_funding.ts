import { Migration } from '@mikro-orm/migrations';

/**
 * Commercial agreements (platform and per-enterprise fee schedules), funding endpoints, deposit
 * addresses and instructions, deposits, and payout methods. See docs/funding-and-fees.md.
 */
export class Migration20261121002000_funding extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      -- The platform fee schedule every enterprise agreement is layered on; versioned, one in force.
      create table platform_commercial_agreements (
        version integer primary key,
        status text not null check (status in ('in_force', 'superseded')),
        fee_schedule jsonb not null,
        effective_from timestamptz not null default now(),
        created_at timestamptz not null default now()
      );
      create unique index platform_commercial_agreements_in_force_idx
        on platform_commercial_agreements ((true)) where status = 'in_force';

      insert into platform_commercial_agreements (version, status, fee_schedule) values (1, 'in_force', '${JSON.stringify(PLATFORM_SCHEDULE_V1)}');

      create table enterprise_commercial_agreements (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        agreement_version integer not null check (agreement_version > 0),
        status text not null check (status in ('in_force', 'superseded')),
        fee_schedule jsonb not null,
        effective_from timestamptz not null default now(),
        superseded_at timestamptz,
        supersedes_id uuid references enterprise_commercial_agreements(id) deferrable initially deferred,
        superseded_by_id uuid references enterprise_commercial_agreements(id) deferrable initially deferred,
        subject_attribution jsonb,
        unique (enterprise_id, agreement_version)
      );
      -- Exactly one agreement in force per enterprise, whatever the interleaving of writers.
      create unique index enterprise_commercial_agreements_in_force_idx
        on enterprise_commercial_agreements (enterprise_id) where status = 'in_force';

      -- Where money arrives: a crypto address (+ memo) on a network or a virtual bank account on a
      -- fiat rail. One per (account, rail); never shared by two accounts.
      create table deposit_addresses (
        id uuid primary key,
        created_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        account_ref text not null,
        rail text not null,
        address text not null,
        memo text,
        -- The rest of the routing (bank identifiers, beneficiary name) as presented.
        details jsonb not null default '{}',
        unique (account_ref, rail)
      );
      create unique index deposit_addresses_address_idx on deposit_addresses (rail, address, coalesce(memo, ''));

      create table funding_endpoints (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        client_id uuid,
        account_ref text not null,
        asset text not null,
        rail_class text not null check (rail_class in ('crypto', 'fiat')),
        rail text not null,
        deposit_address_id uuid not null references deposit_addresses(id) deferrable initially deferred,
        status text not null default 'active' check (status in ('active', 'disabled')),
        unique (account_ref, asset, rail)
      );
      create index funding_endpoints_enterprise_idx on funding_endpoints (enterprise_id, id);
      create index funding_endpoints_account_idx on funding_endpoints (account_ref, id);

      create table deposit_instructions (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        funding_endpoint_id uuid not null unique references funding_endpoints(id) deferrable initially deferred,
        expires_at timestamptz
      );
      create index deposit_instructions_enterprise_idx on deposit_instructions (enterprise_id, id);

      create table deposits (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        client_id uuid,
        account_ref text not null,
        funding_endpoint_id uuid not null references funding_endpoints(id) deferrable initially deferred,
        deposit_instruction_id uuid not null references deposit_instructions(id) deferrable initially deferred,
        asset text not null,
        rail_class text not null,
        rail text not null,
        amount numeric(78,0) not null check (amount > 0),
        transaction_hash text not null,
        confirmations_required integer not null check (confirmations_required >= 0),
        status text not null check (status in ('pending', 'confirmed', 'credited', 'failed')),
        failure_reason text,
        ledger_transaction_id uuid,
        confirmed_at timestamptz,
        credited_at timestamptz,
        subject_attribution jsonb,
        unique (rail, transaction_hash)
      );
      create index deposits_enterprise_idx on deposits (enterprise_id, id);
      create index deposits_account_idx on deposits (account_ref, id);
      create index deposits_in_flight_idx on deposits (enterprise_id) where status in ('pending', 'confirmed');

      -- A beneficiary bank account an account pays out to (off-ramp, fiat withdrawal).
      create table payout_methods (
        id uuid primary key,
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        client_id uuid,
        account_ref text not null,
        rail text not null,
        currency text not null,
        label text not null,
        beneficiary jsonb not null,
        status text not null default 'active' check (status in ('active', 'disabled'))
      );
      create index payout_methods_enterprise_idx on payout_methods (enterprise_id, id);
      create index payout_methods_account_idx on payout_methods (account_ref, id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop table if exists payout_methods, deposits, deposit_instructions, funding_endpoints, deposit_addresses, enterprise_commercial_agreements, platform_commercial_agreements cascade;',
    );
  }
}

/** Version 1 of the platform schedule. A later version is a new migration row, never an edit of this one. */
const PLATFORM_SCHEDULE_V1 = {
  service_fees: [
    { operation_type: 'withdrawal', asset: 'USDC', rail: null, fixed_fee: '1.00', rate_bps: null, min_fee: null, max_fee: null },
    { operation_type: 'withdrawal', asset: 'USDT', rail: null, fixed_fee: '1.00', rate_bps: null, min_fee: null, max_fee: null },
    { operation_type: 'withdrawal', asset: 'BTC', rail: null, fixed_fee: null, rate_bps: 10, min_fee: '0.0001', max_fee: null },
    { operation_type: 'withdrawal', asset: 'ETH', rail: null, fixed_fee: null, rate_bps: 10, min_fee: '0.001', max_fee: null },
    { operation_type: 'withdrawal', asset: 'EUR', rail: 'sepa', fixed_fee: '0.50', rate_bps: null, min_fee: null, max_fee: null },
    { operation_type: 'withdrawal', asset: 'EUR', rail: 'swift', fixed_fee: '15.00', rate_bps: null, min_fee: null, max_fee: null },
    { operation_type: 'withdrawal', asset: 'USD', rail: 'ach', fixed_fee: '0.50', rate_bps: null, min_fee: null, max_fee: null },
    { operation_type: 'withdrawal', asset: 'USD', rail: 'swift', fixed_fee: '20.00', rate_bps: null, min_fee: null, max_fee: null },
    { operation_type: 'withdrawal', asset: 'GBP', rail: 'fps', fixed_fee: '0.30', rate_bps: null, min_fee: null, max_fee: null },
    { operation_type: 'withdrawal', asset: 'GBP', rail: 'swift', fixed_fee: '15.00', rate_bps: null, min_fee: null, max_fee: null },
    { operation_type: 'conversion', asset: null, rail: null, fixed_fee: null, rate_bps: 50, min_fee: null, max_fee: null },
    { operation_type: 'on_ramp', asset: null, rail: null, fixed_fee: null, rate_bps: 100, min_fee: null, max_fee: null },
    { operation_type: 'off_ramp', asset: null, rail: null, fixed_fee: null, rate_bps: 100, min_fee: null, max_fee: null },
  ],
  network_fees: [
    { network: 'ethereum', asset: 'ETH', amount: '0.0005' },
    { network: 'ethereum', asset: 'USDC', amount: '2.50' },
    { network: 'ethereum', asset: 'USDT', amount: '2.50' },
    { network: 'bitcoin', asset: 'BTC', amount: '0.00005' },
    { network: 'tron', asset: 'USDT', amount: '1.00' },
    { network: 'solana', asset: 'USDC', amount: '0.01' },
    { network: 'stellar', asset: 'USDC', amount: '0.01' },
  ],
};
