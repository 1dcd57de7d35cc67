import type { Row } from 'postgres';
import type { PrincipalRef, SubjectAttribution } from '../../auth/caller';
import { etagOf } from '../../db/base';
import type { POLICY_CHANGE_KINDS, POLICY_CHANGE_STATUSES } from './events';

/* A policy change as stored (policy_changes): its row, the table's one column list, the mapper, and its presentation. */

export type PolicyChangeKind = (typeof POLICY_CHANGE_KINDS)[number];
export type PolicyChangeStatus = (typeof POLICY_CHANGE_STATUSES)[number];

export interface PolicyChangeRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  scope_path: string[];
  kind: PolicyChangeKind;
  target_ref: string;
  target_version: number;
  change: Record<string, unknown>;
  status: PolicyChangeStatus;
  failure_reason: string | null;
  approval_id: string;
  initiated_by: SubjectAttribution;
  approved_by: PrincipalRef[] | null;
  applied_at: Date | null;
}

/** The select expression of each field: the row type names every column, so the list cannot drift from it. */
const CHANGE_SELECT: Record<keyof PolicyChangeRow, string> = {
  id: 'id',
  version: 'version',
  created_at: 'created_at',
  updated_at: 'updated_at',
  enterprise_id: 'enterprise_id',
  scope_path: 'scope_path',
  kind: 'kind',
  target_ref: 'target_ref',
  target_version: 'target_version',
  change: 'change',
  status: 'status',
  failure_reason: 'failure_reason',
  approval_id: 'approval_id',
  initiated_by: 'initiated_by',
  approved_by: 'approved_by',
  applied_at: 'applied_at',
};

/** The columns of a PolicyChangeRow, for selects and `returning`. */
export const POLICY_CHANGE_COLUMNS = Object.values(CHANGE_SELECT).join(', ');

/** A PolicyChangeRow from a row selected with POLICY_CHANGE_COLUMNS. */
export function toPolicyChangeRow(r: Row): PolicyChangeRow {
  return {
    id: r.id,
    version: r.version,
    created_at: r.created_at,
    updated_at: r.updated_at,
    enterprise_id: r.enterprise_id,
    scope_path: r.scope_path,
    kind: r.kind,
    target_ref: r.target_ref,
    target_version: r.target_version,
    change: r.change,
    status: r.status,
    failure_reason: r.failure_reason,
    approval_id: r.approval_id,
    initiated_by: r.initiated_by,
    approved_by: r.approved_by,
    applied_at: r.applied_at,
  };
}

export function presentPolicyChange(c: PolicyChangeRow) {
  return {
    id: c.id,
    resource: 'policy_change' as const,
    kind: c.kind,
    target_ref: c.target_ref,
    target_version: c.target_version,
    change: c.change,
    status: c.status,
    failure_reason: c.failure_reason,
    approval_ref: `approvals/${c.approval_id}`,
    initiated_by: c.initiated_by,
    approved_by: c.approved_by,
    applied_at: c.applied_at ? new Date(c.applied_at).toISOString() : null,
    etag: etagOf(c),
    created_at: new Date(c.created_at).toISOString(),
    updated_at: new Date(c.updated_at).toISOString(),
  };
}

export type PolicyChangeView = ReturnType<typeof presentPolicyChange>;
