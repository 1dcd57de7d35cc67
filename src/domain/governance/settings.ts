import type { Sql, TransactionSql } from 'postgres';
import type { SubjectAttribution } from '../../auth/caller';
import { AppError } from '../../errors';
import { etagOf } from '../../db/base';
import { recordEventSql } from '../../events/outbox';
import { GOVERNANCE_EVENTS } from './events';
import { approverRoleId, SETTINGS_COLUMNS, toGovernanceSettingsRow, type GovernanceSettingsRow } from '../approvals/settings';

// Read where approvals and passkeys need them too; governance presents and changes them.
export { approverRoleId, governanceSettings, type GovernanceSettingsRow } from '../approvals/settings';


export async function presentGovernanceSettings(db: Sql | TransactionSql, s: GovernanceSettingsRow) {
  return {
    id: s.enterprise_id,
    resource: 'governance_settings' as const,
    enterprise_ref: `enterprises/${s.enterprise_id}`,
    policy_change_quorum: s.policy_change_quorum,
    approver_role_ref: `roles/${await approverRoleId(db, s)}`,
    change_ttl_seconds: s.change_ttl_seconds,
    destination_approval_quorum: s.destination_approval_quorum,
    destination_cooling_off_seconds: s.destination_cooling_off_seconds,
    passkey_step_up: s.passkey_step_up,
    delegated_approvals: s.delegated_approvals,
    etag: etagOf({ id: s.enterprise_id, version: s.version }),
    updated_at: s.updated_at.toISOString(),
  };
}

export interface GovernanceSettingsPatch {
  policy_change_quorum?: number;
  approver_role_ref?: string;
  change_ttl_seconds?: number;
  destination_approval_quorum?: number;
  destination_cooling_off_seconds?: number;
  passkey_step_up?: boolean;
  delegated_approvals?: boolean;
}

export async function assertValidSettings(db: Sql | TransactionSql, enterpriseId: string, patch: GovernanceSettingsPatch): Promise<void> {
  if (patch.approver_role_ref === undefined) return;
  const [role] = await db`select status from roles where id = ${patch.approver_role_ref.slice('roles/'.length)} and enterprise_id = ${enterpriseId}`;
  if (!role || role.status !== 'active') {
    throw new AppError('EdgeUnprocessable', 'The approving role does not exist or is retired.', {
      errors: [{ pointer: '/body/approver_role_ref', detail: 'no active role of this enterprise' }],
    });
  }
}

export async function writeSettings(tx: TransactionSql, enterpriseId: string, patch: GovernanceSettingsPatch, attribution: SubjectAttribution): Promise<GovernanceSettingsRow> {
  await tx`insert into governance_settings (enterprise_id) values (${enterpriseId}) on conflict (enterprise_id) do nothing`;
  const set: Record<string, unknown> = {};
  for (const k of ['policy_change_quorum', 'change_ttl_seconds', 'destination_approval_quorum', 'destination_cooling_off_seconds', 'passkey_step_up', 'delegated_approvals'] as const) {
    if (patch[k] !== undefined) set[k] = patch[k];
  }
  if (patch.approver_role_ref !== undefined) set.approver_role_id = patch.approver_role_ref.slice('roles/'.length);
  const [row] = await tx.unsafe(
    `update governance_settings set ${Object.keys(set).map((k, i) => `${k} = $${i + 2}`).concat('version = version + 1', 'updated_at = now()').join(', ')}
      where enterprise_id = $1 returning ${SETTINGS_COLUMNS}`,
    [enterpriseId, ...Object.values(set)] as never[],
  );
  const settings = toGovernanceSettingsRow(row);
  await recordEventSql(tx, {
    type: GOVERNANCE_EVENTS.settingsUpdated,
    enterpriseId,
    scopeRef: `enterprises/${enterpriseId}`,
    resourceRef: `governance-settings/${enterpriseId}`,
    payload: await presentGovernanceSettings(tx, settings),
    attribution,
  });
  return settings;
}
