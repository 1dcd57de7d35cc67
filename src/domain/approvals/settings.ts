import type { Sql, TransactionSql } from 'postgres';

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

export const SETTINGS_COLUMNS = `enterprise_id, version, created_at, updated_at, policy_change_quorum, approver_role_id, change_ttl_seconds,
  destination_approval_quorum, destination_cooling_off_seconds, passkey_step_up, delegated_approvals`;

export const DEFAULT_CHANGE_TTL_SECONDS = 7 * 86_400;

/** The settings, or the defaults (nothing under quorum, version 0) for an enterprise that never set them. */
export async function governanceSettings(db: Sql | TransactionSql, enterpriseId: string, lock = false): Promise<GovernanceSettingsRow> {
  const [row] = await db.unsafe(`select ${SETTINGS_COLUMNS} from governance_settings where enterprise_id = $1 ${lock ? 'for update' : ''}`, [enterpriseId], { prepare: true });
  if (row) return row as unknown as GovernanceSettingsRow;
  const epoch = new Date(0);
  return {
    enterprise_id: enterpriseId, version: 0, created_at: epoch, updated_at: epoch, policy_change_quorum: 0, approver_role_id: null,
    change_ttl_seconds: DEFAULT_CHANGE_TTL_SECONDS, destination_approval_quorum: 0, destination_cooling_off_seconds: 0,
    passkey_step_up: false, delegated_approvals: false,
  };
}
