import type { Caller } from '../../auth/caller';
import type { Alongside } from '../../db/base';
import { uuidv7 } from '../../ids';
import type { Services } from '../../services';
import { assertEnterpriseOpen } from '../tenancy/lifecycle';
import { createDestination, type DestinationRow, type NewDestination } from '../withdrawals/destinations';
import { proposeChange, startPolicyChange, type PolicyChangeRow, type ProposedChange } from './changes';
import { assertValidSettings, governanceSettings, writeSettings, type GovernanceSettingsPatch, type GovernanceSettingsRow } from './governance-settings';
import {
  assertValidRule,
  changePolicyRuleStatus,
  readPolicyRule,
  ruleChangeOf,
  updatePolicyRule,
  type PolicyRuleAction,
  type PolicyRulePatch,
  type PolicyRuleRow,
  type Precondition,
} from './rules';

/*
 * Rule and settings changes and new withdrawal destinations: applied at once, or proposed as a policy
 * change (changes.ts) while the enterprise's quorum is on.
 */

export type Governed<T> = { applied: T } | { proposed: PolicyChangeRow };

/**
 * Activating a rule, or editing or retiring an active one, is proposed as a policy change when the
 * enterprise's quorum is on; otherwise (and for drafts, which govern nothing) it applies at once.
 * The proposal checks what applying would check (409 for a retired rule, 422 for a bad patch).
 */
export async function changeRuleGoverned(
  services: Services,
  caller: Caller,
  ruleId: string,
  action: PolicyRuleAction | 'update',
  patch: PolicyRulePatch,
  precondition: Precondition,
  audit: (status: 200 | 202) => Alongside<unknown>,
): Promise<Governed<PolicyRuleRow>> {
  const { sql } = services;
  const settings = await governanceSettings(sql, caller.enterpriseId);
  const existing = await readPolicyRule(sql, caller, ruleId, 'policies.manage');
  if (action === 'update') await assertValidRule(sql, caller.enterpriseId, patch.conditions ?? existing.conditions, patch.effect ?? existing.effect);
  const governs = action === 'activate' || existing.status === 'active';
  if (settings.policy_change_quorum === 0 || !governs) {
    const row = action === 'update'
      ? await updatePolicyRule(sql, caller, ruleId, patch, precondition, audit(200))
      : await changePolicyRuleStatus(sql, caller, ruleId, action, precondition, audit(200));
    return { applied: row };
  }
  const proposed = await sql.begin(async (tx) => {
    const current = await readPolicyRule(tx, caller, ruleId, 'policies.manage', true);
    precondition(current);
    await assertEnterpriseOpen(tx, caller.enterpriseId);
    ruleChangeOf(tx, current, action, patch);
    const p = await proposeChange(tx, services, caller, {
      kind: `policy_rule.${action}`,
      targetRef: `policy-rules/${ruleId}`,
      targetVersion: current.version,
      change: action === 'update' ? (patch as Record<string, unknown>) : {},
      scopePath: current.scope_path,
      quorum: settings.policy_change_quorum,
      settings,
    });
    await audit(202)(tx, p.row);
    return p;
  });
  await startPolicyChange(services, proposed);
  return { proposed: proposed.row };
}

/**
 * Changing the governance settings: at once while the policy-change quorum is 0 (so turning it on
 * needs nobody else), otherwise as a policy change: lowering the quorum needs the quorum.
 */
export async function updateGovernanceSettings(
  services: Services,
  caller: Caller,
  patch: GovernanceSettingsPatch,
  precondition: Precondition,
  audit: (status: 200 | 202) => Alongside<unknown>,
): Promise<Governed<GovernanceSettingsRow>> {
  const { sql } = services;
  const enterpriseRef = `enterprises/${caller.enterpriseId}`;
  caller.require('policies.manage', [enterpriseRef], 'governance settings');
  await assertValidSettings(sql, caller.enterpriseId, patch);
  let proposed: ProposedChange | null = null;
  const applied = await sql.begin(async (tx) => {
    await assertEnterpriseOpen(tx, caller.enterpriseId);
    const current = await governanceSettings(tx, caller.enterpriseId, true);
    precondition({ id: caller.enterpriseId, version: current.version });
    if (current.policy_change_quorum === 0) {
      const row = await writeSettings(tx, caller.enterpriseId, patch, caller.attribution());
      await audit(200)(tx, row);
      return row;
    }
    proposed = await proposeChange(tx, services, caller, {
      kind: 'governance_settings.update',
      targetRef: `governance-settings/${caller.enterpriseId}`,
      targetVersion: current.version,
      change: patch as Record<string, unknown>,
      scopePath: [enterpriseRef],
      quorum: current.policy_change_quorum,
      settings: current,
    });
    await audit(202)(tx, proposed.row);
    return null;
  });
  if (applied) return { applied };
  const p = proposed as unknown as ProposedChange;
  await startPolicyChange(services, p);
  return { proposed: p.row };
}

/**
 * A new withdrawal destination: `pending_approval` under a change of its own when the enterprise's
 * `destination_approval_quorum` is above 0 (approved → active), else active at once; either way
 * usable only from `usable_from`, the end of the cooling-off period counted from activation.
 */
export async function createDestinationGoverned(services: Services, caller: Caller, input: NewDestination, alongside: Alongside<{ id: string }>): Promise<DestinationRow> {
  const settings = await governanceSettings(services.sql, caller.enterpriseId);
  const quorum = settings.destination_approval_quorum;
  const approvalId = quorum > 0 ? uuidv7() : null;
  let proposed: ProposedChange | null = null;
  const row = await createDestination(services.sql, caller, input, { approvalId, coolingOffSeconds: settings.destination_cooling_off_seconds }, async (tx, d) => {
    if (approvalId) {
      proposed = await proposeChange(tx, services, caller, {
        kind: 'withdrawal_destination.create',
        targetRef: `withdrawal-destinations/${d.id}`,
        targetVersion: d.version,
        change: { cooling_off_seconds: settings.destination_cooling_off_seconds },
        scopePath: d.scope_path,
        quorum,
        settings,
        approvalId,
      });
    }
    await alongside(tx, d);
  });
  if (proposed) await startPolicyChange(services, proposed);
  return row;
}
