import { etagOf, iso, type AccountOwnedRow } from '../../db/base';
import type { ReturnEntry } from '../../schema/returns';
import { money } from '../../ledger/assets';

export interface EndpointRow extends AccountOwnedRow {
  asset: string;
  rail_class: 'crypto' | 'fiat';
  rail: string;
  status: 'active' | 'disabled';
  address: string;
  memo: string | null;
  details: Record<string, string>;
  instruction_id: string;
  instruction_version: number;
  instruction_created_at: Date;
  instruction_updated_at: Date;
  expires_at: Date | null;
}

function routing(r: EndpointRow) {
  return r.rail_class === 'crypto'
    ? { crypto_routing: { asset: r.asset, network: r.rail, endpoint: { address: r.address, memo: r.memo } }, fiat_routing: null }
    : { crypto_routing: null, fiat_routing: { rail: r.rail, currency: r.asset, ...r.details } };
}

/** The funding endpoint of the tenant API contract. */
export function presentFundingEndpoint(r: EndpointRow) {
  return {
    id: r.id,
    resource: 'funding_endpoint' as const,
    account_ref: r.account_ref,
    asset: r.asset,
    network: r.rail_class === 'crypto' ? r.rail : null,
    rail_class: r.rail_class,
    status: r.status,
    ...routing(r),
    fiat_rail: r.rail_class === 'fiat' ? r.rail : null,
    etag: etagOf(r),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** The deposit instruction of the tenant API contract: what to tell the payer, derived from its funding endpoint. */
export function presentDepositInstruction(r: EndpointRow) {
  return {
    id: r.instruction_id,
    resource: 'deposit_instruction' as const,
    funding_endpoint_id: r.id,
    account_ref: r.account_ref,
    asset: r.asset,
    rail_class: r.rail_class,
    ...routing(r),
    expires_at: iso(r.expires_at),
    created_at: r.instruction_created_at.toISOString(),
    updated_at: r.instruction_updated_at.toISOString(),
  };
}

export type DepositStatus = 'pending' | 'confirmed' | 'credited' | 'failed' | 'partially_reversed' | 'reversed';

export interface DepositRow extends AccountOwnedRow {
  funding_endpoint_id: string;
  deposit_instruction_id: string;
  asset: string;
  rail_class: 'crypto' | 'fiat';
  rail: string;
  amount: string;
  transaction_hash: string;
  confirmations_required: number;
  status: DepositStatus;
  failure_reason: string | null;
  ledger_transaction_id: string | null;
  confirmed_at: Date | null;
  credited_at: Date | null;
  subject_attribution: unknown;
  /** The connector that reported it; null for a simulated deposit. */
  connector_id: string | null;
  reference: string | null;
  reference_unique: boolean;
  metadata: Record<string, string>;
  reversals: ReturnEntry[];
  reversed_amount: string;
}

export function presentDeposit(r: DepositRow) {
  return {
    id: r.id,
    resource: 'deposit' as const,
    account_ref: r.account_ref,
    funding_endpoint_id: r.funding_endpoint_id,
    deposit_instruction_id: r.deposit_instruction_id,
    asset: r.asset,
    rail_class: r.rail_class,
    network: r.rail_class === 'crypto' ? r.rail : null,
    fiat_rail: r.rail_class === 'fiat' ? r.rail : null,
    amount: money(BigInt(r.amount), r.asset),
    transaction_hash: r.transaction_hash,
    confirmations: r.status === 'pending' ? 0 : r.confirmations_required,
    confirmations_required: r.confirmations_required,
    status: r.status,
    failure_reason: r.failure_reason,
    ledger_transaction_ref: r.ledger_transaction_id ? `ledger-transactions/${r.ledger_transaction_id}` : null,
    confirmed_at: iso(r.confirmed_at),
    credited_at: iso(r.credited_at),
    subject_attribution: r.subject_attribution ?? null,
    connector_ref: r.connector_id ? `connectors/${r.connector_id}` : null,
    reversals: r.reversals,
    reversed_amount: money(BigInt(r.reversed_amount), r.asset),
    reference: r.reference,
    metadata: r.metadata,
    etag: etagOf(r),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}
