import type { Sql, TransactionSql } from 'postgres';
import type { Caller, PrincipalRef, SubjectAttribution } from '../../auth/caller';
import { AppError, notFound } from '../../errors';
import { recordEventSql } from '../../events/outbox';
import { uuidv7 } from '../../ids';
import type { Services } from '../../services';
import { recordStart, forgetStart, type WorkflowStart } from '../../temporal/start-outbox';
import type { ApprovalOutcome, ApprovalSpec, GovernanceFamily } from '../approvals/messages';
import { startGovernedWorkflow } from '../approvals/operations';
import { activateGovernedDestination, rejectGovernedDestination } from '../withdrawals/destinations';
import { createApprovedProvider, updateApprovedProvider } from '../identity-providers/approved';
import type { IdentityProviderChangeBody } from '../identity-providers/providers';
import { visibleByScopePath } from '../policies/scope';
import { POLICY_CHANGE_WORKFLOW } from './messages';
export { POLICY_CHANGE_WORKFLOW, type PolicyChangeWorkflowInput } from './messages';
import { GOVERNANCE_EVENTS } from './events';
import { POLICY_CHANGE_COLUMNS as COLUMNS, presentPolicyChange, toPolicyChangeRow, type PolicyChangeKind, type PolicyChangeRow, type PolicyChangeStatus } from './change-rows';
import { approverRoleId, governanceSettings, writeSettings, type GovernanceSettingsPatch, type GovernanceSettingsRow } from './settings';
import { lockPolicyRule, ruleChangeOf, writeRuleChange, type PolicyRuleAction, type PolicyRulePatch } from '../policies/rules';
import { compliancePolicy, writeCompliancePolicy, type CompliancePolicyPatch } from '../screening';


/*
 * Changes of the policy itself under a quorum of admins (docs/policy-changes.md). With an enterprise's
 * `policy_change_quorum` above 0, activating a rule, editing or retiring an active rule, or changing the
 * governance settings is proposed as a policy change: an approval on the approval machinery, run by
 * the `policyChangeWorkflow` (workflows/policy-change.ts) with the ApprovalGate (initiator barred,
 * expiry). Nothing changes until the quorum approves; then the change applies in one transaction,
 * or fails if its target changed meanwhile. A new withdrawal destination waits the same way when
 * `destination_approval_quorum` is above 0; a new identity provider, or a change of who can sign in
 * with one, under `policy_change_quorum`.
 */

async function writeChangeEvent(tx: TransactionSql, c: PolicyChangeRow, attribution: SubjectAttribution | null): Promise<void> {
  await recordEventSql(tx, {
    type: GOVERNANCE_EVENTS[c.status],
    enterpriseId: c.enterprise_id,
    scopeRef: c.scope_path[c.scope_path.length - 1],
    resourceRef: `policy-changes/${c.id}`,
    payload: presentPolicyChange(c),
    attribution,
  });
}

export async function readPolicyChange(sql: Sql, caller: Caller, id: string): Promise<PolicyChangeRow> {
  const [row] = await sql.unsafe(`select ${COLUMNS} from policy_changes where id = $1`, [id], { prepare: true });
  if (!row || row.enterprise_id !== caller.enterpriseId) throw notFound('policy change');
  caller.require('policies.read', row.scope_path as string[], 'policy change');
  return toPolicyChangeRow(row);
}

export async function listPolicyChanges(
  sql: Sql,
  caller: Caller,
  q: { status?: PolicyChangeStatus; targetRef?: string; after: string | null; limit: number },
): Promise<PolicyChangeRow[]> {
  const rows = await sql`
    select ${sql.unsafe(COLUMNS)} from policy_changes
     where enterprise_id = ${caller.enterpriseId}
       and ${visibleByScopePath(sql, caller, 'policies.read')}
       and ${q.status ? sql`status = ${q.status}` : sql`true`}
       and ${q.targetRef ? sql`target_ref = ${q.targetRef}` : sql`true`}
       and ${q.after ? sql`id > ${q.after}` : sql`true`}
     order by id limit ${q.limit}`;
  return rows.map(toPolicyChangeRow);
}


/** A proposed change recorded in the caller's transaction, with the workflow start it owes; start it after commit with `startPolicyChange`. */
export interface ProposedChange {
  row: PolicyChangeRow;
  start: WorkflowStart;
  approval: ApprovalSpec;
}

/**
 * Records a change as `pending_approval` in `tx` with its event and the owed start of its workflow.
 * The quorum and expiry are the settings' at this moment (the approval keeps them in its snapshot).
 */
export async function proposeChange(
  tx: TransactionSql,
  services: Pick<Services, 'temporal'>,
  caller: Caller,
  input: {
    kind: PolicyChangeKind;
    targetRef: string;
    targetVersion: number;
    change: Record<string, unknown>;
    scopePath: readonly string[];
    quorum: number;
    settings: GovernanceSettingsRow;
    /** When the target already names its approval (a destination's `approval_ref`). */
    approvalId?: string;
  },
): Promise<ProposedChange> {
  const id = uuidv7();
  const approvalId = input.approvalId ?? uuidv7();
  const [inserted] = await tx.unsafe(
    `insert into policy_changes (id, enterprise_id, scope_path, kind, target_ref, target_version, change, status, approval_id, initiated_by)
     values ($1, $2, $3, $4, $5, $6, $7::text::jsonb, 'pending_approval', $8, $9::text::jsonb) returning ${COLUMNS}`,
    [id, caller.enterpriseId, [...input.scopePath] as never, input.kind, input.targetRef, input.targetVersion, JSON.stringify(input.change), approvalId,
      JSON.stringify(caller.attribution())],
    { prepare: true },
  );
  const row = toPolicyChangeRow(inserted);
  await writeChangeEvent(tx, row, caller.attribution());
  const family: GovernanceFamily = input.kind === 'withdrawal_destination.create' ? 'withdrawal_destination' : 'policy_change';
  const approval: ApprovalSpec = {
    approvalId,
    actionFamily: family,
    governedRef: family === 'withdrawal_destination' ? input.targetRef : `policy-changes/${id}`,
    operationId: id,
    workflowId: `policy-change/${id}`,
    enterpriseId: caller.enterpriseId,
    scopePath: [...input.scopePath],
    initiatedBy: caller.attribution(),
    requirement: {
      authority_ref: `governance-settings/${caller.enterpriseId}`,
      required_human_approvals: input.quorum,
      approver_role_ref: `roles/${await approverRoleId(tx, input.settings)}`,
      initiator_cannot_approve: true,
      approval_ttl_seconds: input.settings.change_ttl_seconds,
      reason_code: input.kind,
      requirement_key: `governance-settings/${caller.enterpriseId}/v${input.settings.version}`,
      source: 'governance',
    },
  };
  const start: WorkflowStart = { workflowType: POLICY_CHANGE_WORKFLOW, workflowId: approval.workflowId, taskQueue: services.temporal.taskQueue, args: [{ changeId: id, approval }] };
  await recordStart(tx, start);
  return { row, start, approval };
}

/** After commit: starts the change's workflow and waits until its approval exists (so `approval_ref` reads at once); a failed start fails the change. */
export async function startPolicyChange(services: Services, proposed: ProposedChange): Promise<void> {
  await startGovernedWorkflow(services, {
    start: proposed.start,
    approval: proposed.approval,
    onStartFailure: () =>
      services.sql.begin(async (tx) => {
        await forgetStart(tx, proposed.start.workflowId);
        await endChange(tx, proposed.row.id, 'failed', 'workflow_start_failed');
      }),
  });
}

/** Moves a pending change to a terminal state with its event (and, for a destination, its rejection); once. */
async function endChange(tx: TransactionSql, changeId: string, status: Exclude<PolicyChangeStatus, 'pending_approval' | 'applied'>, failureReason: string | null): Promise<PolicyChangeRow | null> {
  const [row] = await tx.unsafe(
    `update policy_changes set status = $2, failure_reason = $3, version = version + 1, updated_at = now()
      where id = $1 and status = 'pending_approval' returning ${COLUMNS}`,
    [changeId, status, failureReason],
    { prepare: true },
  );
  if (!row) return null;
  const change = toPolicyChangeRow(row);
  await writeChangeEvent(tx, change, null);
  if (change.kind === 'withdrawal_destination.create') await rejectGovernedDestination(tx, change.target_ref.slice('withdrawal-destinations/'.length), change.initiated_by);
  return change;
}

/** The workflow's ending without approval: rejected, expired or cancelled; nothing else changes. */
export async function closePolicyChange(sql: Sql, changeId: string, outcome: Exclude<ApprovalOutcome, 'approved'>): Promise<PolicyChangeStatus> {
  return sql.begin(async (tx) => {
    await endChange(tx, changeId, outcome, `approval_${outcome}`);
    const [row] = await tx`select status from policy_changes where id = ${changeId}`;
    return row.status as PolicyChangeStatus;
  });
}

/**
 * The quorum approved: applies the change in one transaction with its events, unless the target
 * changed since it was proposed (`target_changed`) or its state no longer allows it (`target_<status>`);
 * then the change fails and nothing else changes. Idempotent: a change no longer pending answers its status.
 */
export async function applyPolicyChange(sql: Sql, changeId: string, approvedBy: PrincipalRef[]): Promise<PolicyChangeStatus> {
  return sql.begin(async (tx) => {
    const [locked] = await tx.unsafe(`select ${COLUMNS} from policy_changes where id = $1 for update`, [changeId], { prepare: true });
    const change = toPolicyChangeRow(locked);
    if (change.status !== 'pending_approval') return change.status;
    const attribution: SubjectAttribution = { ...change.initiated_by, approved_by: approvedBy };
    const failure = await applyToTarget(tx, change, attribution);
    if (failure) return (await endChange(tx, changeId, 'failed', failure))!.status;
    const [row] = await tx.unsafe(
      `update policy_changes set status = 'applied', approved_by = $2::text::jsonb, applied_at = now(), version = version + 1, updated_at = now()
        where id = $1 returning ${COLUMNS}`,
      [changeId, JSON.stringify(approvedBy)],
      { prepare: true },
    );
    await writeChangeEvent(tx, toPolicyChangeRow(row), attribution);
    return 'applied';
  });
}

/** Applies the change to its target; answers why it cannot (and changes nothing) or null. */
async function applyToTarget(tx: TransactionSql, change: PolicyChangeRow, attribution: SubjectAttribution): Promise<string | null> {
  const targetId = change.target_ref.slice(change.target_ref.indexOf('/') + 1);
  switch (change.kind) {
    case 'policy_rule.activate':
    case 'policy_rule.update':
    case 'policy_rule.retire': {
      const rule = await lockPolicyRule(tx, targetId);
      if (!rule) return 'target_missing';
      if (rule.version !== change.target_version) return 'target_changed';
      const action = change.kind.slice('policy_rule.'.length) as PolicyRuleAction | 'update';
      let next: { set: Record<string, unknown>; event: string };
      try {
        next = ruleChangeOf(tx, rule, action, change.change as PolicyRulePatch);
      } catch (err) {
        if (err instanceof AppError) return `target_${rule.status}`;
        throw err;
      }
      await writeRuleChange(tx, rule, next.set, next.event, attribution);
      return null;
    }
    case 'governance_settings.update': {
      const current = await governanceSettings(tx, change.enterprise_id, true);
      if (current.version !== change.target_version) return 'target_changed';
      await writeSettings(tx, change.enterprise_id, change.change as GovernanceSettingsPatch, attribution);
      return null;
    }
    case 'compliance_policy.update': {
      const current = await compliancePolicy(tx, change.enterprise_id, true);
      if (current.version !== change.target_version) return 'target_changed';
      await writeCompliancePolicy(tx, change.enterprise_id, change.change as CompliancePolicyPatch, attribution);
      return null;
    }
    case 'withdrawal_destination.create':
      return (await activateGovernedDestination(tx, targetId, Number(change.change.cooling_off_seconds ?? 0), attribution)) ? null : 'target_changed';
    case 'identity_provider.create':
      return createApprovedProvider(tx, change.enterprise_id, targetId, change.change as IdentityProviderChangeBody, attribution);
    case 'identity_provider.update':
      return updateApprovedProvider(tx, targetId, change.target_version, change.change as IdentityProviderChangeBody, attribution);
  }
}
