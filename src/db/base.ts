import { createHash } from 'node:crypto';
import type { TransactionSql } from 'postgres';

/** Columns every mutable resource shares. `version` drives optimistic locking and the ETag. */
export interface Versioned {
  id: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The class side of `versionedProperties`: entities extend it instead of redeclaring the four columns. */
export abstract class VersionedEntity implements Versioned {
  id!: string;
  version!: number;
  createdAt!: Date;
  updatedAt!: Date;
}

export const versionedProperties = {
  id: { type: 'uuid', primary: true },
  version: { type: 'integer', version: true },
  createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
  updatedAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date(), onUpdate: () => new Date() },
} as const;

/** The columns every raw-SQL row of an account-owned resource starts with (snake_case, as selected). */
export interface AccountOwnedRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  client_id: string | null;
  account_ref: string;
}

/** A strong entity tag: opaque, changes on every committed change of the resource. */
export function etagOf(row: { id: string; version: number }): string {
  const h = createHash('sha256').update(`${row.id}:${row.version}`).digest('base64url').slice(0, 20);
  return `"${h}"`;
}

export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** More work a caller commits with a row's change, in the same transaction (e.g. the request's audit entry). */
export type Alongside<R> = (tx: TransactionSql, row: R) => Promise<void>;
