import type { Sql, TransactionSql } from 'postgres';
import pLimit from 'p-limit';
import { uuidv7 } from '../../ids';
import { recordEventSql } from '../../events/outbox';
import { isAsset } from '../../ledger/assets';
import { networksFor } from '../../reference/networks';
import { railsFor } from '../../reference/bank-rails';
import { instructionKey, type InstructionRequest, type IssuedInstruction } from '../../providers/deposits/instructions';
import type { FundableAccount, Visibility } from './accounts';
import { visibleCondition } from './accounts';
import { FUNDING_ENDPOINT_CREATED } from './events';
import { presentFundingEndpoint, type EndpointRow } from './present';

export type RailClass = 'crypto' | 'fiat';

export interface FundingOption {
  asset: string;
  railClass: RailClass;
  rail: string;
}

/** Every (asset, rail) an account can be funded on: each active network's assets, each pay-in bank rail's currencies. */
export function fundingOptions(railClass?: RailClass): FundingOption[] {
  const crypto = networksFor().flatMap((n) => Object.keys(n.assets).filter(isAsset).map((asset) => ({ asset, railClass: 'crypto' as const, rail: n.code })));
  const fiat = railsFor('pay_in').flatMap((r) => r.currencies.map((asset) => ({ asset, railClass: 'fiat' as const, rail: r.code })));
  return [...crypto, ...fiat].filter((o) => !railClass || o.railClass === railClass);
}

/** The shared projection: endpoint, its address and its (1:1) deposit instruction. */
export const selectEndpoints = (sql: Sql | TransactionSql) => sql`
  select fe.id, fe.version, fe.created_at, fe.updated_at, fe.enterprise_id, fe.client_id, fe.account_ref, fe.asset,
         fe.rail_class, fe.rail, fe.status, da.address, da.memo, da.details,
         di.id as instruction_id, di.version as instruction_version, di.created_at as instruction_created_at,
         di.updated_at as instruction_updated_at, di.expires_at
    from funding_endpoints fe
    join deposit_addresses da on da.id = fe.deposit_address_id
    join deposit_instructions di on di.funding_endpoint_id = fe.id`;

/** Rails issued at once for one account: a few round trips overlap without a burst of connections per listing. */
const ISSUE_CONCURRENCY = 4;

/** Issues the deposit instruction of one account on one rail (the rail's deposits provider). */
export type IssueInstruction = (request: InstructionRequest) => Promise<IssuedInstruction>;

/**
 * Creates the account's missing funding endpoints, addresses and deposit instructions — on first
 * need, race-safe. The address of each rail still lacking one is issued by its provider first (a
 * connector call: network I/O, so no transaction is open across it; the provider answers the same
 * instruction for the same key), then every insert is ON CONFLICT DO NOTHING on its unique key, so
 * concurrent callers converge on the same rows. A closed account gets nothing new.
 */
export async function ensureFundingEndpoints(sql: Sql, account: FundableAccount, issue: IssueInstruction): Promise<void> {
  if (account.status === 'closed') return;
  const options = fundingOptions();
  const [{ count }] = await sql`select count(*)::int as count from funding_endpoints where account_ref = ${account.accountRef}`;
  if (count >= options.length) return;

  const [enterprise] = await sql`select legal_name from enterprises where id = ${account.enterpriseId}`;
  const have = new Set((await sql<{ rail: string }[]>`select rail from deposit_addresses where account_ref = ${account.accountRef}`).map((r) => r.rail));
  const rails = [...new Set(options.map((o) => o.rail))].filter((rail) => !have.has(rail));
  const limit = pLimit(ISSUE_CONCURRENCY);
  const issued = await Promise.all(
    rails.map((rail) =>
      limit(() =>
        issue({
          businessKey: instructionKey(account.accountRef, rail),
          purpose: 'account',
          enterpriseId: account.enterpriseId,
          accountRef: account.accountRef,
          rail,
          assets: options.filter((o) => o.rail === rail).map((o) => o.asset),
          beneficiaryName: enterprise.legal_name,
        }),
      ),
    ),
  );

  await sql.begin(async (tx) => {
    if (issued.length > 0) {
      await tx`
        insert into deposit_addresses (id, enterprise_id, account_ref, rail, address, memo, details)
        select l.id, ${account.enterpriseId}, ${account.accountRef}, l.rail, l.address, l.memo, l.details::jsonb
          from unnest(${issued.map(() => uuidv7())}::uuid[], ${issued.map((d) => d.rail)}::text[], ${issued.map((d) => d.address)}::text[],
                      ${issued.map((d) => d.memo)}::text[], ${issued.map((d) => JSON.stringify(d.details))}::text[])
               as l(id, rail, address, memo, details)
        on conflict do nothing`;
      // Nothing inserted and none there: the provider gave an address another account holds.
      const [{ missing }] = await tx`
        select count(*)::int as missing from unnest(${rails}::text[]) as r(rail)
         where not exists (select 1 from deposit_addresses da where da.account_ref = ${account.accountRef} and da.rail = r.rail)`;
      if (missing > 0) throw new Error(`funding: a deposit address issued for ${account.accountRef} already belongs to another account`);
    }
    const inserted = await tx`
      insert into funding_endpoints (id, enterprise_id, client_id, account_ref, asset, rail_class, rail, deposit_address_id)
      select l.id, ${account.enterpriseId}, ${account.clientId}, ${account.accountRef}, l.asset, l.rail_class, l.rail, da.id
        from unnest(${options.map(() => uuidv7())}::uuid[], ${options.map((o) => o.asset)}::text[],
                    ${options.map((o) => o.railClass)}::text[], ${options.map((o) => o.rail)}::text[]) as l(id, asset, rail_class, rail)
        join deposit_addresses da on da.account_ref = ${account.accountRef} and da.rail = l.rail
      on conflict (account_ref, asset, rail) do nothing
      returning id`;
    if (inserted.length === 0) return;
    const ids = inserted.map((r) => r.id as string);
    await tx`
      insert into deposit_instructions (id, enterprise_id, funding_endpoint_id)
      select l.instruction_id, ${account.enterpriseId}, l.endpoint_id
        from unnest(${ids.map(() => uuidv7())}::uuid[], ${ids}::uuid[]) as l(instruction_id, endpoint_id)
      on conflict (funding_endpoint_id) do nothing`;
    const rows = await tx<EndpointRow[]>`${selectEndpoints(tx)} where fe.id = any(${ids}::uuid[]) order by fe.id`;
    for (const row of rows) {
      await recordEventSql(tx, {
        type: FUNDING_ENDPOINT_CREATED,
        enterpriseId: account.enterpriseId,
        scopeRef: account.accountRef,
        resourceRef: `funding-endpoints/${row.id}`,
        payload: presentFundingEndpoint(row),
      });
    }
  });
}

export interface EndpointListQuery {
  enterpriseId: string;
  visible: Visibility;
  accountRef?: string;
  railClass?: RailClass;
  /** Keyset: rows after this id (of the endpoint or of the instruction, per `orderBy`). */
  after: string | null;
  limit: number;
  orderBy: 'endpoint' | 'instruction';
}

export async function listEndpoints(sql: Sql, q: EndpointListQuery): Promise<EndpointRow[]> {
  const key = q.orderBy === 'endpoint' ? sql`fe.id` : sql`di.id`;
  return sql<EndpointRow[]>`
    ${selectEndpoints(sql)}
     where fe.enterprise_id = ${q.enterpriseId}
       and ${q.accountRef ? sql`fe.account_ref = ${q.accountRef}` : sql`true`}
       and ${q.railClass ? sql`fe.rail_class = ${q.railClass}` : sql`true`}
       and ${visibleCondition(sql, q.visible, 'fe')}
       and ${q.after ? sql`${key} > ${q.after}` : sql`true`}
     order by ${key}
     limit ${q.limit}`;
}

export async function findEndpoint(sql: Sql | TransactionSql, by: { endpointId: string } | { instructionId: string }): Promise<EndpointRow | undefined> {
  const [row] =
    'endpointId' in by
      ? await sql<EndpointRow[]>`${selectEndpoints(sql)} where fe.id = ${by.endpointId}`
      : await sql<EndpointRow[]>`${selectEndpoints(sql)} where di.id = ${by.instructionId}`;
  return row;
}
