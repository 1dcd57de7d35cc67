import type { Row, Sql, TransactionSql } from 'postgres';
import type { Caller, SubjectAttribution } from '../../auth/caller';
import { AppError, conflict, notFound } from '../../errors';
import { etagOf, type Alongside } from '../../db/base';
import { recordEventSql } from '../../events/outbox';
import { uuidv7 } from '../../ids';
import { assetOf } from '../../ledger/assets';
import { assertValidAddress, networkByCode } from '../../reference/networks';
import { resolveBoundary } from '../iam/scopes';
import { assertEnterpriseOpen } from '../tenancy/lifecycle';
import { visibleByScopePath } from '../policies/scope';
import type { ReferenceMetadata } from '../../schema/metadata';
import { referenceMetadataFragment, referenceRefusal, updateReferenceMetadata, type ReferenceMetadataChange, type ReferenceMetadataFilter } from '../../db/references';
import { DESTINATION_EVENTS, DESTINATION_UPDATED, type DESTINATION_STATUSES } from './events';

export type DestinationStatus = (typeof DESTINATION_STATUSES)[number];

export interface DestinationRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  scope_ref: string;
  scope_path: string[];
  rail_class: 'crypto';
  asset: string;
  network: string;
  label: string;
  address: string;
  memo: string | null;
  status: DestinationStatus;
  /** End of the cooling-off period; null: none (usable once active). */
  usable_from: Date | null;
  approval_id: string | null;
  reference: string | null;
  reference_unique: boolean;
  metadata: Record<string, string>;
}

/** The select expression of each field: the row type names every column, so the list cannot drift from it. */
const DESTINATION_SELECT: Record<keyof DestinationRow, string> = {
  id: 'id',
  version: 'version',
  created_at: 'created_at',
  updated_at: 'updated_at',
  enterprise_id: 'enterprise_id',
  scope_ref: 'scope_ref',
  scope_path: 'scope_path',
  rail_class: 'rail_class',
  asset: 'asset',
  network: 'network',
  label: 'label',
  address: 'address',
  memo: 'memo',
  status: 'status',
  usable_from: 'usable_from',
  approval_id: 'approval_id',
  reference: 'reference',
  reference_unique: 'reference_unique',
  metadata: 'metadata',
};

const COLUMNS = Object.values(DESTINATION_SELECT).join(', ');

/** A DestinationRow from a row selected with COLUMNS: the one place a result row becomes a typed one. */
const toDestinationRow = (r: Row): DestinationRow => ({
  id: r.id, version: r.version, created_at: r.created_at, updated_at: r.updated_at, enterprise_id: r.enterprise_id, scope_ref: r.scope_ref, scope_path: r.scope_path, rail_class: r.rail_class, asset: r.asset, network: r.network, label: r.label, address: r.address, memo: r.memo, status: r.status, usable_from: r.usable_from, approval_id: r.approval_id, reference: r.reference, reference_unique: r.reference_unique, metadata: r.metadata,
});

export function presentDestination(d: DestinationRow) {
  return {
    id: d.id,
    resource: 'withdrawal_destination' as const,
    asset: d.asset,
    label: d.label,
    rail_class: d.rail_class,
    scope_ref: d.scope_ref,
    status: d.status,
    usable_from: d.usable_from ? new Date(d.usable_from).toISOString() : null,
    approval_ref: d.approval_id ? `approvals/${d.approval_id}` : null,
    crypto_routing: { asset: d.asset, network: d.network, label: d.label, destination: { address: d.address, memo: d.memo } },
    fiat_routing: null,
    reference: d.reference,
    metadata: d.metadata,
    etag: etagOf(d),
    created_at: d.created_at.toISOString(),
    updated_at: d.updated_at.toISOString(),
  };
}

export interface NewDestination {
  scopeRef: string;
  asset: string;
  network: string;
  label: string;
  address: string;
  memo: string | null;
  /** The integrator's reference and metadata (none when absent). */
  annotations?: ReferenceMetadata;
}

async function writeEvent(tx: TransactionSql, attribution: SubjectAttribution, type: string, row: DestinationRow): Promise<void> {
  await recordEventSql(tx, {
    type,
    enterpriseId: row.enterprise_id,
    scopeRef: row.scope_ref,
    resourceRef: `withdrawal-destinations/${row.id}`,
    payload: presentDestination(row),
    attribution,
  });
}

/**
 * Registers a crypto destination; the address is checked for the network's format and checksum (422).
 * With `approvalId` it waits for that approval (`pending_approval`, governance/changes.ts); otherwise it
 * is active and usable after `coolingOffSeconds`.
 */
export async function createDestination(
  sql: Sql,
  caller: Caller,
  input: NewDestination,
  governance: { approvalId: string | null; coolingOffSeconds: number } = { approvalId: null, coolingOffSeconds: 0 },
  alongside?: Alongside<DestinationRow>,
): Promise<DestinationRow> {
  const path = await resolveBoundary(sql, caller, input.scopeRef);
  caller.require('withdrawal_destinations.manage', path, 'scope');
  const asset = assetOf(input.asset, '/body/crypto_routing/asset');
  const network = networkByCode(input.network);
  if (!network || network.status !== 'active') {
    throw new AppError('EdgeUnprocessable', `Unknown crypto network ${input.network}.`, { errors: [{ pointer: '/body/crypto_routing/network', detail: 'unknown network' }] });
  }
  if (!(asset.code in network.assets)) {
    throw new AppError('EdgeUnprocessable', `${network.displayName} does not carry ${asset.code}.`, {
      errors: [{ pointer: '/body/crypto_routing/asset', detail: `not carried by ${network.code}` }],
    });
  }
  assertValidAddress(network.code, input.address, input.memo, '/body/crypto_routing/destination');
  const annotations = input.annotations ?? { reference: null, referenceUnique: false, metadata: {} };
  return sql.begin(async (tx) => {
    await assertEnterpriseOpen(tx, caller.enterpriseId);
    const [row] = await tx.unsafe(
      `insert into withdrawal_destinations (id, enterprise_id, scope_ref, scope_path, rail_class, asset, network, label, address, memo, status, approval_id, usable_from,
                                            reference, reference_unique, metadata)
       values ($1, $2, $3, $4, 'crypto', $5, $6, $7, $8, $9, $10, $11, case when $11::uuid is null and $12::int > 0 then now() + make_interval(secs => $12::int) end,
               $13, $14, $15::text::jsonb) returning ${COLUMNS}`,
      [uuidv7(), caller.enterpriseId, input.scopeRef, [...path] as never, asset.code, network.code, input.label, input.address, input.memo,
        governance.approvalId ? 'pending_approval' : 'active', governance.approvalId, governance.coolingOffSeconds,
        annotations.reference, annotations.referenceUnique, JSON.stringify(annotations.metadata)],
      { prepare: true },
    );
    const created = toDestinationRow(row);
    await writeEvent(tx, caller.attribution(), governance.approvalId ? DESTINATION_EVENTS.pending_approval : DESTINATION_EVENTS.created, created);
    await alongside?.(tx, created);
    return created;
  }).catch(async (err: unknown) => {
    throw await referenceRefusal(sql, err, 'withdrawal_destinations', 'withdrawal destination', caller.enterpriseId, annotations);
  });
}

export async function findDestination(sql: Sql | TransactionSql, id: string, lock = false): Promise<DestinationRow | null> {
  const [row] = await sql.unsafe(`select ${COLUMNS} from withdrawal_destinations where id = $1 ${lock ? 'for update' : ''}`, [id], { prepare: true });
  return row ? toDestinationRow(row) : null;
}

export async function readDestination(
  sql: Sql | TransactionSql,
  caller: Caller,
  id: string,
  permission: 'withdrawals.read' | 'withdrawal_destinations.manage' = 'withdrawals.read',
  lock = false,
): Promise<DestinationRow> {
  const row = await findDestination(sql, id, lock);
  if (!row || row.enterprise_id !== caller.enterpriseId) throw notFound('withdrawal destination');
  caller.require(permission, row.scope_path, 'withdrawal destination');
  return row;
}

export async function listDestinations(
  sql: Sql,
  caller: Caller,
  q: ReferenceMetadataFilter & { scopeRef?: string; status?: DestinationStatus; asset?: string; after: string | null; limit: number },
): Promise<DestinationRow[]> {
  const rows = await sql`
    select ${sql.unsafe(COLUMNS)} from withdrawal_destinations
     where enterprise_id = ${caller.enterpriseId}
       and ${visibleByScopePath(sql, caller, 'withdrawals.read')}
       and ${q.scopeRef ? sql`${q.scopeRef} = any(scope_path)` : sql`true`}
       and ${q.status ? sql`status = ${q.status}` : sql`true`}
       and ${q.asset ? sql`asset = ${q.asset}` : sql`true`}
       and ${referenceMetadataFragment(sql, q)}
       and ${q.after ? sql`id > ${q.after}` : sql`true`}
     order by id limit ${q.limit}`;
  return rows.map(toDestinationRow);
}

export type DestinationAction = 'enable' | 'disable' | 'retire';

const TRANSITIONS: Record<DestinationAction, { from: DestinationStatus[]; to: DestinationStatus; event: string }> = {
  enable: { from: ['disabled'], to: 'active', event: DESTINATION_EVENTS.enabled },
  disable: { from: ['active'], to: 'disabled', event: DESTINATION_EVENTS.disabled },
  retire: { from: ['active', 'disabled'], to: 'retired', event: DESTINATION_EVENTS.retired },
};

/** enable / disable / retire, with If-Match (via `precondition`) and the event, in one transaction. */
export async function changeDestinationStatus(
  sql: Sql,
  caller: Caller,
  id: string,
  action: DestinationAction,
  precondition: (row: { id: string; version: number }) => void,
  alongside?: Alongside<DestinationRow>,
): Promise<DestinationRow> {
  const t = TRANSITIONS[action];
  return sql.begin(async (tx) => {
    const current = await readDestination(tx, caller, id, 'withdrawal_destinations.manage', true);
    precondition(current);
    await assertEnterpriseOpen(tx, caller.enterpriseId);
    if (!t.from.includes(current.status)) throw conflict(`A ${current.status} withdrawal destination cannot be ${action}d.`, `destination_${current.status}`);
    const [row] = await tx.unsafe(
      `update withdrawal_destinations set status = $2, version = version + 1, updated_at = now() where id = $1 returning ${COLUMNS}`,
      [id, t.to],
      { prepare: true },
    );
    const moved = toDestinationRow(row);
    await writeEvent(tx, caller.attribution(), t.event, moved);
    await alongside?.(tx, moved);
    return moved;
  });
}

/** Its approval came through: active, usable after the cooling-off period. False when it is no longer pending. */
export async function activateGovernedDestination(tx: TransactionSql, id: string, coolingOffSeconds: number, attribution: SubjectAttribution): Promise<boolean> {
  const [row] = await tx.unsafe(
    `update withdrawal_destinations set status = 'active', usable_from = now() + make_interval(secs => $2), version = version + 1, updated_at = now()
      where id = $1 and status = 'pending_approval' returning ${COLUMNS}`,
    [id, coolingOffSeconds],
    { prepare: true },
  );
  if (!row) return false;
  await writeEvent(tx, attribution, DESTINATION_EVENTS.approved, toDestinationRow(row));
  return true;
}

/** Its approval was rejected, expired or cancelled: `rejected` (terminal); never usable. */
export async function rejectGovernedDestination(tx: TransactionSql, id: string, attribution: SubjectAttribution): Promise<void> {
  const [row] = await tx.unsafe(
    `update withdrawal_destinations set status = 'rejected', version = version + 1, updated_at = now()
      where id = $1 and status = 'pending_approval' returning ${COLUMNS}`,
    [id],
    { prepare: true },
  );
  if (row) await writeEvent(tx, attribution, DESTINATION_EVENTS.rejected, toDestinationRow(row));
}

/**
 * Changes a destination's reference and metadata, in any status (retired and rejected included: the
 * integrator's address book keeps its ids); where withdrawals may go does not change, so no approval is
 * asked for. Needs `withdrawal_destinations.manage`, as registering it does.
 */
export async function updateDestinationReferenceMetadata(
  sql: Sql,
  caller: Caller,
  id: string,
  change: ReferenceMetadataChange,
  assertCurrent: (row: DestinationRow) => void,
): Promise<DestinationRow> {
  return updateReferenceMetadata<DestinationRow>(sql, {
    table: 'withdrawal_destinations',
    columns: COLUMNS,
    what: 'withdrawal destination',
    id,
    enterpriseId: caller.enterpriseId,
    change,
    authorize: (row) => caller.require('withdrawal_destinations.manage', row.scope_path, 'withdrawal destination'),
    assertCurrent,
    after: (tx, row) => writeEvent(tx, caller.attribution(), DESTINATION_UPDATED, row),
  });
}
