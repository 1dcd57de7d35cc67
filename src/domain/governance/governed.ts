import type { Caller } from '../../auth/caller';
import type { Alongside } from '../../db/base';
import { uuidv7 } from '../../ids';
import type { OutboundPolicy } from '../../net/outbound';
import type { Services } from '../../services';
import type { AuditDb } from '../audit/entries';
import { inIamTransaction, type Precondition as IamPrecondition } from '../iam/unit';
import type { IdentityProvider } from '../identity-providers/entities';
import {
  assertCreatable,
  changeOfBody,
  createIdentityProvider,
  previewUpdate,
  updateIdentityProvider,
  widensSignIn,
  type IdentityProviderChangeBody,
} from '../identity-providers/providers';
import { assertEnterpriseOpen } from '../tenancy/lifecycle';
import { compliancePolicy, writeCompliancePolicy, type CompliancePolicyPatch, type StoredCompliancePolicy } from '../screening';
import { createDestination, type DestinationRow, type NewDestination } from '../withdrawals/destinations';
import { proposeChange, startPolicyChange, type ProposedChange } from './changes';
import type { PolicyChangeRow } from './change-rows';
import { assertValidSettings, governanceSettings, writeSettings, type GovernanceSettingsPatch, type GovernanceSettingsRow } from './settings';
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
} from '../policies/rules';

/*
 * Rule and settings changes, new withdrawal destinations and identity providers: applied at once, or
 * proposed as a policy change (changes.ts) while the enterprise's quorum is on.
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
  const outcome = await sql.begin(async (tx): Promise<{ applied: GovernanceSettingsRow } | { change: ProposedChange }> => {
    await assertEnterpriseOpen(tx, caller.enterpriseId);
    const current = await governanceSettings(tx, caller.enterpriseId, true);
    precondition({ id: caller.enterpriseId, version: current.version });
    if (current.policy_change_quorum === 0) {
      const row = await writeSettings(tx, caller.enterpriseId, patch, caller.attribution());
      await audit(200)(tx, row);
      return { applied: row };
    }
    const change = await proposeChange(tx, services, caller, {
      kind: 'governance_settings.update',
      targetRef: `governance-settings/${caller.enterpriseId}`,
      targetVersion: current.version,
      change: patch as Record<string, unknown>,
      scopePath: [enterpriseRef],
      quorum: current.policy_change_quorum,
      settings: current,
    });
    await audit(202)(tx, change.row);
    return { change };
  });
  if ('applied' in outcome) return { applied: outcome.applied };
  await startPolicyChange(services, outcome.change);
  return { proposed: outcome.change.row };
}

/**
 * Changing the compliance policy (docs/compliance.md): like the governance settings, at once while
 * the policy-change quorum is 0, otherwise a policy change that waits for the quorum.
 */
export async function updateCompliancePolicy(
  services: Services,
  caller: Caller,
  patch: CompliancePolicyPatch,
  precondition: Precondition,
  audit: (status: 200 | 202) => Alongside<unknown>,
): Promise<Governed<StoredCompliancePolicy>> {
  const { sql } = services;
  const enterpriseRef = `enterprises/${caller.enterpriseId}`;
  caller.require('compliance.manage', [enterpriseRef], 'compliance policy');
  const outcome = await sql.begin(async (tx): Promise<{ applied: StoredCompliancePolicy } | { change: ProposedChange }> => {
    await assertEnterpriseOpen(tx, caller.enterpriseId);
    const [settings, current] = await Promise.all([governanceSettings(tx, caller.enterpriseId, true), compliancePolicy(tx, caller.enterpriseId, true)]);
    precondition({ id: caller.enterpriseId, version: current.version });
    if (settings.policy_change_quorum === 0) {
      const row = await writeCompliancePolicy(tx, caller.enterpriseId, patch, caller.attribution());
      await audit(200)(tx, row);
      return { applied: row };
    }
    const change = await proposeChange(tx, services, caller, {
      kind: 'compliance_policy.update',
      targetRef: `compliance-policies/${caller.enterpriseId}`,
      targetVersion: current.version,
      change: patch as Record<string, unknown>,
      scopePath: [enterpriseRef],
      quorum: settings.policy_change_quorum,
      settings,
    });
    await audit(202)(tx, change.row);
    return { change };
  });
  if ('applied' in outcome) return { applied: outcome.applied };
  await startPolicyChange(services, outcome.change);
  return { proposed: outcome.change.row };
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

/** Writes the request's audit entry in the change's transaction (an ORM unit of work or a raw SQL one). */
export type AuditIn = (db: AuditDb, status: 200 | 201 | 202, resourceRef: string) => Promise<void>;

/**
 * A new identity provider: created at once while the enterprise's `policy_change_quorum` is 0, else
 * proposed as an `identity_provider.create` change under the id it will have and created only once the
 * quorum approves. Whoever controls a provider's keys can sign in as any of the enterprise's people, so
 * one credential holding `identity_providers.manage` must not be able to add one alone.
 */
export async function createIdentityProviderGoverned(
  services: Services,
  caller: Caller,
  body: IdentityProviderChangeBody & { display_name: string; issuer: string; audience: string },
  policy: OutboundPolicy,
  audit: AuditIn,
): Promise<Governed<IdentityProvider>> {
  const settings = await governanceSettings(services.sql, caller.enterpriseId);
  const input = { ...changeOfBody(body), displayName: body.display_name, issuer: body.issuer, audience: body.audience };
  if (settings.policy_change_quorum === 0) {
    const applied = await inIamTransaction(services, caller, async (unit) => {
      const created = await createIdentityProvider(unit, input, policy);
      await audit(unit.em, 201, `identity-providers/${created.id}`);
      return created;
    });
    return { applied };
  }
  await assertCreatable(services.orm.em.fork(), caller, input, policy);
  return proposeProviderChange(services, caller, settings, { kind: 'identity_provider.create', targetRef: `identity-providers/${uuidv7()}`, targetVersion: 0, change: { ...body } }, audit);
}

/** An identity-provider change proposed under the enterprise's quorum, with its 202 audit entry, then its workflow started. */
async function proposeProviderChange(
  services: Services,
  caller: Caller,
  settings: GovernanceSettingsRow,
  c: { kind: 'identity_provider.create' | 'identity_provider.update'; targetRef: string; targetVersion: number; change: Record<string, unknown> },
  audit: AuditIn,
): Promise<{ proposed: PolicyChangeRow }> {
  const proposed = await services.sql.begin(async (tx) => {
    const p = await proposeChange(tx, services, caller, { ...c, scopePath: [caller.enterpriseRef], quorum: settings.policy_change_quorum, settings });
    await audit(tx, 202, c.targetRef);
    return p;
  });
  await startPolicyChange(services, proposed);
  return { proposed: proposed.row };
}

/**
 * A change of an identity provider: while the quorum is on, one that can let anyone new sign in
 * (`widensSignIn`: keys, issuer, audience, claim mapping, console sign-in turned on, enabling it) is
 * proposed as an `identity_provider.update` change against the provider's version; one that only
 * removes access (disabling it, a new display name) applies at once, as every change does at quorum 0.
 */
export async function updateIdentityProviderGoverned(
  services: Services,
  caller: Caller,
  id: string,
  body: IdentityProviderChangeBody,
  policy: OutboundPolicy,
  precondition: IamPrecondition,
  audit: AuditIn,
): Promise<Governed<IdentityProvider>> {
  const settings = await governanceSettings(services.sql, caller.enterpriseId);
  const change = changeOfBody(body);
  const targetRef = `identity-providers/${id}`;
  if (settings.policy_change_quorum > 0) {
    const { provider, next } = await previewUpdate(services.orm.em.fork(), caller, id, change, policy, precondition);
    if (widensSignIn(provider, next)) {
      return proposeProviderChange(services, caller, settings, { kind: 'identity_provider.update', targetRef, targetVersion: provider.version, change: { ...body } }, audit);
    }
  }
  const applied = await inIamTransaction(services, caller, async (unit) => {
    const updated = await updateIdentityProvider(unit, id, change, policy, precondition);
    await audit(unit.em, 200, targetRef);
    return updated;
  });
  return { applied };
}
