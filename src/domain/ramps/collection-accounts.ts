import type { Row, Sql } from 'postgres';
import { uuidv7 } from '../../ids';
import { railsFor } from '../../reference/bank-rails';
import { collectionAccountKey, type InstructionRequest, type IssuedInstruction } from '../../providers/deposits/instructions';

/** An enterprise's on-ramp collection account on a pay-in rail: where every session's payer pays. */
export interface CollectionAccount {
  rail: string;
  provider: string;
  address: string;
  /** Bank routing as the payer sees it, with `beneficiary_name`. */
  details: Record<string, string>;
}

/** The rail's deposits provider (its routing name) and how to ask it for an instruction. */
export interface CollectionIssuer {
  provider: string;
  issue: (request: InstructionRequest) => Promise<IssuedInstruction>;
}

/** A CollectionAccount from a row selected with its four columns. */
const toCollectionAccount = (r: Row): CollectionAccount => ({ rail: r.rail, provider: r.provider, address: r.address, details: r.details });

const find = async (sql: Sql, enterpriseId: string, rail: string): Promise<CollectionAccount | undefined> => {
  const [row] = await sql`select rail, provider, address, details from ramp_collection_accounts where enterprise_id = ${enterpriseId} and rail = ${rail}`;
  return row ? toCollectionAccount(row) : undefined;
};

/**
 * The collection account of (enterprise, rail), issued on first need by the rail's deposits provider
 * (key `collection-account/<enterprise_id>/<rail>`) and kept. The provider is asked before any
 * transaction opens (network I/O) and answers the same account for the same key, so concurrent first
 * sessions each insert ON CONFLICT and end with the one row. A row another provider issued (the rail
 * was routed elsewhere since) is replaced: its payers would pay a bank that no longer reports to us.
 */
export async function ensureCollectionAccount(sql: Sql, enterpriseId: string, rail: string, issuer: CollectionIssuer): Promise<CollectionAccount> {
  const kept = await find(sql, enterpriseId, rail);
  if (kept && kept.provider === issuer.provider) return kept;

  const [enterprise] = await sql`select legal_name from enterprises where id = ${enterpriseId}`;
  const issued = await issuer.issue({
    businessKey: collectionAccountKey(enterpriseId, rail),
    purpose: 'collection',
    enterpriseId,
    accountRef: `enterprises/${enterpriseId}`,
    rail,
    assets: railsFor('pay_in').find((r) => r.code === rail)?.currencies ?? [],
    beneficiaryName: enterprise.legal_name,
  });
  await sql`
    insert into ramp_collection_accounts (id, enterprise_id, rail, provider, address, details)
    values (${uuidv7()}, ${enterpriseId}, ${rail}, ${issuer.provider}, ${issued.address}, ${sql.json(issued.details)})
    on conflict (enterprise_id, rail) do update
       set provider = excluded.provider, address = excluded.address, details = excluded.details, updated_at = now()
     where ramp_collection_accounts.provider <> excluded.provider`;
  return (await find(sql, enterpriseId, rail))!;
}
