import type { Row, Sql, TransactionSql } from 'postgres';
import type { GovernedAction } from '../../auth/action-tokens';
import { PASSKEY_ACTIONS } from '../../auth/passkeys';

/*
 * An enterprise's governance settings as stored (docs/policy-changes.md): the quorum that policy changes
 * and new withdrawal destinations wait for, who approves, how long a proposal lives, and how a decision
 * proves its human. Governance changes them, under its quorum; they are read here, below governance,
 * because deciding an approval depends on `delegated_approvals` and passkey step-up on `passkey_step_up`.
 */

export interface GovernanceSettingsRow {
  enterprise_id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  policy_change_quorum: number;
  approver_role_id: string | null;
  change_ttl_seconds: number;
  destination_approval_quorum: number;
  destination_cooling_off_seconds: number;
  passkey_step_up: boolean;
  delegated_approvals: boolean;
}

/** The select expression of each field: the row type names every column, so the list cannot drift from it. */
const SETTINGS_SELECT: Record<keyof GovernanceSettingsRow, string> = {
  enterprise_id: 'enterprise_id',
  version: 'version',
  created_at: 'created_at',
  updated_at: 'updated_at',
  policy_change_quorum: 'policy_change_quorum',
  approver_role_id: 'approver_role_id',
  change_ttl_seconds: 'change_ttl_seconds',
  destination_approval_quorum: 'destination_approval_quorum',
  destination_cooling_off_seconds: 'destination_cooling_off_seconds',
  passkey_step_up: 'passkey_step_up',
  delegated_approvals: 'delegated_approvals',
};

/** The columns of a GovernanceSettingsRow, for selects and `returning`. */
export const SETTINGS_COLUMNS = Object.values(SETTINGS_SELECT).join(', ');

/** A GovernanceSettingsRow from a row selected with SETTINGS_COLUMNS. */
export function toGovernanceSettingsRow(r: Row): GovernanceSettingsRow {
  return {
    enterprise_id: r.enterprise_id,
    version: r.version,
    created_at: r.created_at,
    updated_at: r.updated_at,
    policy_change_quorum: r.policy_change_quorum,
    approver_role_id: r.approver_role_id,
    change_ttl_seconds: r.change_ttl_seconds,
    destination_approval_quorum: r.destination_approval_quorum,
    destination_cooling_off_seconds: r.destination_cooling_off_seconds,
    passkey_step_up: r.passkey_step_up,
    delegated_approvals: r.delegated_approvals,
  };
}

export const DEFAULT_CHANGE_TTL_SECONDS = 7 * 86_400;

/** The settings, or the defaults (nothing under quorum, version 0) for an enterprise that never set them. */
export async function governanceSettings(db: Sql | TransactionSql, enterpriseId: string, lock = false): Promise<GovernanceSettingsRow> {
  const [row] = await db.unsafe(`select ${SETTINGS_COLUMNS} from governance_settings where enterprise_id = $1 ${lock ? 'for update' : ''}`, [enterpriseId], { prepare: true });
  if (row) return toGovernanceSettingsRow(row);
  const epoch = new Date(0);
  return {
    enterprise_id: enterpriseId, version: 0, created_at: epoch, updated_at: epoch, policy_change_quorum: 0, approver_role_id: null,
    change_ttl_seconds: DEFAULT_CHANGE_TTL_SECONDS, destination_approval_quorum: 0, destination_cooling_off_seconds: 0,
    passkey_step_up: false, delegated_approvals: false,
  };
}

/** Whether the enterprise requires a passkey for `action` (POST /action-tokens then refuses it); read only for the actions a passkey can guard. */
export async function passkeyRequired(sql: Sql | TransactionSql, enterpriseId: string, action: GovernedAction): Promise<boolean> {
  if (!PASSKEY_ACTIONS.has(action)) return false;
  return (await governanceSettings(sql, enterpriseId)).passkey_step_up;
}

/** The approving role: the one the settings name, else the enterprise's platform role `enterprise-admin`. */
export async function approverRoleId(db: Sql | TransactionSql, s: GovernanceSettingsRow): Promise<string> {
  if (s.approver_role_id) return s.approver_role_id;
  const [role] = await db`select id from roles where enterprise_id = ${s.enterprise_id} and name = 'enterprise-admin' and platform_managed`;
  return role.id as string;
}
