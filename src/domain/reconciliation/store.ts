import type { Row } from 'postgres';
import type { SubjectAttribution } from '../../auth/caller';
import { bulkInsert, bulkTable } from '../../db/bulk';
import type { Db } from '../../db/sql';
import type { StatementLine } from '../../providers/statements';

/*
 * The rows of the tables this area owns (reconciliation_accounts, statement_imports, statement_lines,
 * reconciliation_rules, reconciliation_matches and their links): each table's one column list, its
 * mapper, and the statements that read and write them (`postgres` only: a money area).
 */

export interface ReconciliationAccountRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  rail: string;
  address: string;
  asset: string;
  lag_ms: number;
  interval_ms: number;
  cursor: string | null;
  available_through: Date | null;
  /** `provider`: pulled from the rail's statements provider on every run; `files`: imported only. */
  statement_source: 'provider' | 'files';
  /** What the provider account held before its first statement line, minor units as decimal text. */
  opening_balance: string;
  description: string;
  subject_attribution: SubjectAttribution | null;
  /** The balance the provider answered at its last pull (minor units, decimal text), and its read time. */
  provider_balance: string | null;
  provider_balance_at: Date | null;
}

const ACCOUNT_SELECT: Record<keyof ReconciliationAccountRow, string> = {
  id: 'id',
  version: 'version',
  created_at: 'created_at',
  updated_at: 'updated_at',
  enterprise_id: 'enterprise_id',
  rail: 'rail',
  address: 'address',
  asset: 'asset',
  lag_ms: 'lag_ms::float8 as lag_ms', // at most days in milliseconds: exact in a double
  interval_ms: 'interval_ms::float8 as interval_ms',
  cursor: 'cursor',
  available_through: 'available_through',
  statement_source: 'statement_source',
  opening_balance: 'opening_balance::text as opening_balance',
  description: 'description',
  subject_attribution: 'subject_attribution',
  provider_balance: 'provider_balance::text as provider_balance',
  provider_balance_at: 'provider_balance_at',
};
export const ACCOUNT_COLUMNS = Object.values(ACCOUNT_SELECT).join(', ');

export function toAccountRow(r: Row): ReconciliationAccountRow {
  return {
    id: r.id,
    version: r.version,
    created_at: r.created_at,
    updated_at: r.updated_at,
    enterprise_id: r.enterprise_id,
    rail: r.rail,
    address: r.address,
    asset: r.asset,
    lag_ms: Number(r.lag_ms),
    interval_ms: Number(r.interval_ms),
    cursor: r.cursor,
    available_through: r.available_through,
    statement_source: r.statement_source,
    opening_balance: r.opening_balance,
    description: r.description,
    subject_attribution: r.subject_attribution,
    provider_balance: r.provider_balance,
    provider_balance_at: r.provider_balance_at,
  };
}

export async function findAccount(db: Db, id: string): Promise<ReconciliationAccountRow | null> {
  const [r] = await db.unsafe(`select ${ACCOUNT_COLUMNS} from reconciliation_accounts where id = $1`, [id]);
  return r ? toAccountRow(r) : null;
}

export async function accountByIdentity(db: Db, enterpriseId: string, rail: string, address: string, asset: string): Promise<ReconciliationAccountRow | null> {
  const [r] = await db.unsafe(`select ${ACCOUNT_COLUMNS} from reconciliation_accounts where enterprise_id = $1 and rail = $2 and address = $3 and asset = $4`, [enterpriseId, rail, address, asset]);
  return r ? toAccountRow(r) : null;
}

export async function listAccounts(db: Db, enterpriseId: string, after: string | null, limit: number): Promise<ReconciliationAccountRow[]> {
  const rows = await db.unsafe(`select ${ACCOUNT_COLUMNS} from reconciliation_accounts where enterprise_id = $1 and ($2::uuid is null or id > $2::uuid) order by id limit $3`, [enterpriseId, after, limit]);
  return rows.map(toAccountRow);
}

export interface StatementLineRow {
  id: string;
  created_at: Date;
  enterprise_id: string;
  account_id: string;
  import_id: string | null;
  provider_id: string;
  booked_at: Date;
  value_at: Date | null;
  asset: string;
  /** Signed minor units, as decimal text. */
  amount: string;
  counterparty: string | null;
  reference: string | null;
  remittance: string | null;
  provider_status: string;
  /** The match it is part of, if any (read with a join). */
  match_id: string | null;
}

const LINE_SELECT: Record<keyof StatementLineRow, string> = {
  id: 'l.id',
  created_at: 'l.created_at',
  enterprise_id: 'l.enterprise_id',
  account_id: 'l.account_id',
  import_id: 'l.import_id',
  provider_id: 'l.provider_id',
  booked_at: 'l.booked_at',
  value_at: 'l.value_at',
  asset: 'l.asset',
  amount: 'l.amount::text as amount',
  counterparty: 'l.counterparty',
  reference: 'l.reference',
  remittance: 'l.remittance',
  provider_status: 'l.provider_status',
  match_id: '(select ml.match_id from reconciliation_match_lines ml where ml.statement_line_id = l.id) as match_id',
};
export const LINE_COLUMNS = Object.values(LINE_SELECT).join(', ');

export function toLineRow(r: Row): StatementLineRow {
  return {
    id: r.id,
    created_at: r.created_at,
    enterprise_id: r.enterprise_id,
    account_id: r.account_id,
    import_id: r.import_id,
    provider_id: r.provider_id,
    booked_at: r.booked_at,
    value_at: r.value_at,
    asset: r.asset,
    amount: r.amount,
    counterparty: r.counterparty,
    reference: r.reference,
    remittance: r.remittance,
    provider_status: r.provider_status,
    match_id: r.match_id,
  };
}

/** The columns a bulk insert of statement lines fills; the rest take their defaults. */
export interface NewLineRow {
  id: string;
  enterprise_id: string;
  account_id: string;
  import_id: string | null;
  provider_id: string;
  booked_at: string;
  value_at: string | null;
  asset: string;
  amount: string;
  counterparty: string | null;
  reference: string | null;
  remittance: string | null;
  provider_status: string;
}

const LINES_TABLE = bulkTable<NewLineRow>(
  'statement_lines',
  {
    id: 'uuid',
    enterprise_id: 'uuid',
    account_id: 'uuid',
    import_id: 'uuid',
    provider_id: 'text',
    booked_at: 'timestamptz',
    value_at: 'timestamptz',
    asset: 'text',
    amount: 'numeric',
    counterparty: 'text',
    reference: 'text',
    remittance: 'text',
    provider_status: 'text',
  },
  // A line the provider reported before (same id) is the same line: a repeated pull adds nothing.
  { tail: 'on conflict (account_id, provider_id) do nothing returning id' },
);

export function newLineRow(id: string, account: ReconciliationAccountRow, importId: string | null, l: StatementLine): NewLineRow {
  return {
    id,
    enterprise_id: account.enterprise_id,
    account_id: account.id,
    import_id: importId,
    provider_id: l.providerId,
    booked_at: l.bookedAt.toISOString(),
    value_at: l.valueAt ? l.valueAt.toISOString() : null,
    asset: l.asset,
    amount: l.amount.toString(),
    counterparty: l.counterparty,
    reference: l.reference,
    remittance: l.remittance,
    provider_status: l.providerStatus,
  };
}

/** Inserts lines in one statement; answers how many were new. */
export async function insertLines(db: Db, rows: readonly NewLineRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await bulkInsert(db, LINES_TABLE, rows);
  return inserted.length;
}

export async function listLines(db: Db, accountId: string, filter: { matched?: boolean }, after: string | null, limit: number): Promise<StatementLineRow[]> {
  const matched = filter.matched === undefined ? null : filter.matched;
  const rows = await db.unsafe(
    `select ${LINE_COLUMNS} from statement_lines l
     where l.account_id = $1 and ($2::uuid is null or l.id > $2::uuid)
       and ($3::boolean is null or exists (select 1 from reconciliation_match_lines ml where ml.statement_line_id = l.id) = $3::boolean)
     order by l.id limit $4`,
    [accountId, after, matched, limit],
  );
  return rows.map(toLineRow);
}

/** Statement lines of the account no match takes yet. */
export async function unmatchedLines(db: Db, accountId: string): Promise<StatementLineRow[]> {
  const rows = await db.unsafe(
    `select ${LINE_COLUMNS} from statement_lines l
     where l.account_id = $1 and not exists (select 1 from reconciliation_match_lines ml where ml.statement_line_id = l.id)
     order by l.booked_at, l.id`,
    [accountId],
  );
  return rows.map(toLineRow);
}
