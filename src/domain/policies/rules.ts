import type { Row, Sql, TransactionSql } from 'postgres';
import type { Caller, SubjectAttribution } from '../../auth/caller';
import { AppError, conflict, notFound } from '../../errors';
import { etagOf, type Alongside } from '../../db/base';
import { recordEventSql } from '../../events/outbox';
import { uuidv7 } from '../../ids';
import { isAsset, parseAmount } from '../../ledger/assets';
import { resolveBoundary } from '../iam/scopes';
import { assertEnterpriseOpen } from '../tenancy/lifecycle';
import type { ActionFamily, PolicyRule, RuleConditions, RuleEffect } from './engine';
import { POLICY_EVENTS, type POLICY_RULE_STATUSES } from './events';
import { visibleByScopePath } from './scope';

export type PolicyRuleStatus = (typeof POLICY_RULE_STATUSES)[number];

export interface PolicyRuleRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  scope_ref: string;
  scope_path: string[];
  name: string;
  description: string;
  action_family: ActionFamily;
  rule_order: number;
  conditions: RuleConditions;
  effect: RuleEffect;
  status: PolicyRuleStatus;
  activated_at: Date | null;
  retired_at: Date | null;
}

/** The select expression of each field: the row type names every column, so the list cannot drift from it. */
const RULE_SELECT: Record<keyof PolicyRuleRow, string> = {
  id: 'id',
  version: 'version',
  created_at: 'created_at',
  updated_at: 'updated_at',
  enterprise_id: 'enterprise_id',
  scope_ref: 'scope_ref',
  scope_path: 'scope_path',
  name: 'name',
  description: 'description',
  action_family: 'action_family',
  rule_order: 'rule_order',
  conditions: 'conditions',
  effect: 'effect',
  status: 'status',
  activated_at: 'activated_at',
  retired_at: 'retired_at',
};

/** The columns of a PolicyRuleRow, for selects and `returning`. */
export const POLICY_RULE_COLUMNS = Object.values(RULE_SELECT).join(', ');

/** A PolicyRuleRow from a row selected with POLICY_RULE_COLUMNS. */
export function toPolicyRuleRow(r: Row): PolicyRuleRow {
  return {
    id: r.id,
    version: r.version,
    created_at: r.created_at,
    updated_at: r.updated_at,
    enterprise_id: r.enterprise_id,
    scope_ref: r.scope_ref,
    scope_path: r.scope_path,
    name: r.name,
    description: r.description,
    action_family: r.action_family,
    rule_order: r.rule_order,
    conditions: r.conditions,
    effect: r.effect,
    status: r.status,
    activated_at: r.activated_at,
    retired_at: r.retired_at,
  };
}

export function presentPolicyRule(r: PolicyRuleRow) {
  return {
    id: r.id,
    resource: 'policy_rule' as const,
    name: r.name,
    description: r.description,
    scope_ref: r.scope_ref,
    action_family: r.action_family,
    order: r.rule_order,
    conditions: r.conditions,
    effect: r.effect,
    status: r.status,
    activated_at: r.activated_at?.toISOString() ?? null,
    retired_at: r.retired_at?.toISOString() ?? null,
    etag: etagOf(r),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

export const toPolicyRule = (r: PolicyRuleRow): PolicyRule => ({
  id: r.id,
  version: r.version,
  name: r.name,
  scopeRef: r.scope_ref,
  actionFamily: r.action_family,
  order: r.rule_order,
  conditions: r.conditions,
  effect: r.effect,
});

/** Semantic checks zod cannot make: known assets, exact amounts, an approving role of this enterprise. */
export async function assertValidRule(sql: Sql | TransactionSql, enterpriseId: string, conditions: RuleConditions, effect: RuleEffect): Promise<void> {
  const money = (m: { currency: string; value: string }, pointer: string) => {
    if (!isAsset(m.currency)) {
      throw new AppError('EdgeUnprocessable', `Unknown asset ${m.currency}.`, { errors: [{ pointer: `${pointer}/currency`, detail: 'unknown asset' }] });
    }
    parseAmount(m.value, m.currency, `${pointer}/value`);
  };
  if (conditions.amount_at_least) money(conditions.amount_at_least, '/body/conditions/amount_at_least');
  if (conditions.velocity) money(conditions.velocity.total_at_least, '/body/conditions/velocity/total_at_least');
  conditions.assets?.forEach((a, i) => {
    if (!isAsset(a)) throw new AppError('EdgeUnprocessable', `Unknown asset ${a}.`, { errors: [{ pointer: `/body/conditions/assets/${i}`, detail: 'unknown asset' }] });
  });
  if (effect.type === 'require_approval') {
    const [role] = await sql`select status from roles where id = ${effect.approver_role_ref.slice('roles/'.length)} and enterprise_id = ${enterpriseId}`;
    if (!role || role.status !== 'active') {
      throw new AppError('EdgeUnprocessable', 'The approving role does not exist or is retired.', {
        errors: [{ pointer: '/body/effect/approver_role_ref', detail: 'no active role of this enterprise' }],
      });
    }
  }
}

export interface NewPolicyRule {
  name: string;
  description: string;
  scopeRef: string;
  actionFamily: ActionFamily;
  order: number;
  conditions: RuleConditions;
  effect: RuleEffect;
}

async function writeEvent(tx: TransactionSql, attribution: SubjectAttribution, type: string, row: PolicyRuleRow): Promise<void> {
  await recordEventSql(tx, {
    type,
    enterpriseId: row.enterprise_id,
    scopeRef: row.scope_ref,
    resourceRef: `policy-rules/${row.id}`,
    payload: presentPolicyRule(row),
    attribution,
  });
}

/** Creates a rule as a draft; it governs nothing until activated. */
export async function createPolicyRule(sql: Sql, caller: Caller, input: NewPolicyRule, alongside?: Alongside<PolicyRuleRow>): Promise<PolicyRuleRow> {
  const path = await resolveBoundary(sql, caller, input.scopeRef);
  caller.require('policies.manage', path, 'scope');
  await assertValidRule(sql, caller.enterpriseId, input.conditions, input.effect);
  return sql.begin(async (tx) => {
    await assertEnterpriseOpen(tx, caller.enterpriseId);
    const [inserted] = await tx.unsafe(
      `insert into policy_rules (id, enterprise_id, scope_ref, scope_path, name, description, action_family, rule_order, conditions, effect)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9::text::jsonb, $10::text::jsonb) returning ${POLICY_RULE_COLUMNS}`,
      [uuidv7(), caller.enterpriseId, input.scopeRef, [...path] as never, input.name, input.description, input.actionFamily, input.order,
        JSON.stringify(input.conditions), JSON.stringify(input.effect)],
      { prepare: true },
    );
    const rule = toPolicyRuleRow(inserted);
    await writeEvent(tx, caller.attribution(), POLICY_EVENTS.created, rule);
    await alongside?.(tx, rule);
    return rule;
  });
}

/** A rule the caller may read with `permission`; 404 when missing or out of scope, 403 in scope without it. */
export async function readPolicyRule(sql: Sql | TransactionSql, caller: Caller, id: string, permission: 'policies.read' | 'policies.manage' = 'policies.read', lock = false): Promise<PolicyRuleRow> {
  const [row] = await sql.unsafe(`select ${POLICY_RULE_COLUMNS} from policy_rules where id = $1 ${lock ? 'for update' : ''}`, [id], { prepare: true });
  if (!row || row.enterprise_id !== caller.enterpriseId) throw notFound('policy rule');
  caller.require(permission, row.scope_path as string[], 'policy rule');
  return toPolicyRuleRow(row);
}

export interface PolicyRuleListQuery {
  actionFamily?: ActionFamily;
  status?: PolicyRuleStatus;
  scopeRef?: string;
  after: string | null;
  limit: number;
}

export async function listPolicyRules(sql: Sql, caller: Caller, q: PolicyRuleListQuery): Promise<PolicyRuleRow[]> {
  const rows = await sql`
    select ${sql.unsafe(POLICY_RULE_COLUMNS)} from policy_rules
     where enterprise_id = ${caller.enterpriseId}
       and ${visibleByScopePath(sql, caller, 'policies.read')}
       and ${q.actionFamily ? sql`action_family = ${q.actionFamily}` : sql`true`}
       and ${q.status ? sql`status = ${q.status}` : sql`true`}
       and ${q.scopeRef ? sql`${q.scopeRef} = any(scope_path)` : sql`true`}
       and ${q.after ? sql`id > ${q.after}` : sql`true`}
     order by id limit ${q.limit}`;
  return rows.map(toPolicyRuleRow);
}

export type Precondition = (row: { id: string; version: number }) => void;

/** One versioned change of a rule in one transaction, with its event; a lost race is 412. */
async function changeRule(
  sql: Sql,
  caller: Caller,
  id: string,
  precondition: Precondition,
  change: (row: PolicyRuleRow) => { set: Record<string, unknown>; event: string },
  alongside?: Alongside<PolicyRuleRow>,
): Promise<PolicyRuleRow> {
  return sql.begin(async (tx) => {
    const current = await readPolicyRule(tx, caller, id, 'policies.manage', true);
    precondition(current);
    await assertEnterpriseOpen(tx, caller.enterpriseId);
    const { set, event } = change(current);
    const row = await writeRuleChange(tx, current, set, event, caller.attribution());
    await alongside?.(tx, row);
    return row;
  });
}

/** Writes a checked change of a locked rule and its event (also how an approved policy change applies). */
export async function writeRuleChange(tx: TransactionSql, current: PolicyRuleRow, set: Record<string, unknown>, event: string, attribution: SubjectAttribution): Promise<PolicyRuleRow> {
  const [row] = await tx`
    update policy_rules set ${tx(set as Record<string, never>)}, version = version + 1, updated_at = now()
     where id = ${current.id} and version = ${current.version}
    returning ${tx.unsafe(POLICY_RULE_COLUMNS)}`;
  const rule = toPolicyRuleRow(row);
  await writeEvent(tx, attribution, event, rule);
  return rule;
}

/** The rule, locked, for a change applied by the platform (an approved policy change): no caller to check. */
export async function lockPolicyRule(tx: TransactionSql, id: string): Promise<PolicyRuleRow | null> {
  const [row] = await tx.unsafe(`select ${POLICY_RULE_COLUMNS} from policy_rules where id = $1 for update`, [id], { prepare: true });
  return row ? toPolicyRuleRow(row) : null;
}

export interface PolicyRulePatch {
  name?: string;
  description?: string;
  order?: number;
  conditions?: RuleConditions;
  effect?: RuleEffect;
}

/** Draft and active rules can change (records keep the rule version they ran under); retired ones are 409. */
export async function updatePolicyRule(sql: Sql, caller: Caller, id: string, patch: PolicyRulePatch, precondition: Precondition, alongside?: Alongside<PolicyRuleRow>): Promise<PolicyRuleRow> {
  const existing = await readPolicyRule(sql, caller, id, 'policies.manage');
  await assertValidRule(sql, caller.enterpriseId, patch.conditions ?? existing.conditions, patch.effect ?? existing.effect);
  return changeRule(sql, caller, id, precondition, (row) => ruleChangeOf(sql, row, 'update', patch), alongside);
}

export type PolicyRuleAction = 'activate' | 'retire';

const TRANSITIONS: Record<PolicyRuleAction, { from: PolicyRuleStatus[]; to: PolicyRuleStatus; event: string; stamp: string }> = {
  activate: { from: ['draft'], to: 'active', event: POLICY_EVENTS.activated, stamp: 'activated_at' },
  retire: { from: ['draft', 'active'], to: 'retired', event: POLICY_EVENTS.retired, stamp: 'retired_at' },
};

export function changePolicyRuleStatus(sql: Sql, caller: Caller, id: string, action: PolicyRuleAction, precondition: Precondition, alongside?: Alongside<PolicyRuleRow>): Promise<PolicyRuleRow> {
  return changeRule(sql, caller, id, precondition, (row) => ruleChangeOf(sql, row, action), alongside);
}

/**
 * What `action` sets on the rule and the event it records; 409 when the rule's state forbids it.
 * The same check runs when a change is proposed under quorum and again when it applies.
 */
export function ruleChangeOf(sql: Sql | TransactionSql, row: PolicyRuleRow, action: PolicyRuleAction | 'update', patch: PolicyRulePatch = {}): { set: Record<string, unknown>; event: string } {
  if (action === 'update') {
    if (row.status === 'retired') throw conflict('A retired policy rule cannot change.', 'policy_rule_retired');
    const set: Record<string, unknown> = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.description !== undefined) set.description = patch.description;
    if (patch.order !== undefined) set.rule_order = patch.order;
    if (patch.conditions !== undefined) set.conditions = sql.json(patch.conditions as never);
    if (patch.effect !== undefined) set.effect = sql.json(patch.effect as never);
    return { set, event: POLICY_EVENTS.updated };
  }
  const t = TRANSITIONS[action];
  if (!t.from.includes(row.status)) throw conflict(`A ${row.status} policy rule cannot be ${t.to === 'active' ? 'activated' : 'retired'}.`, `policy_rule_${row.status}`);
  return { set: { status: t.to, [t.stamp]: new Date() }, event: t.event };
}
