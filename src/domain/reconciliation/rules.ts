import type { Row, Sql } from 'postgres';
import { AppError, notFound } from '../../errors';
import type { Db } from '../../db/sql';
import { uuidv7 } from '../../ids';
import { defaultRules, patternProblem, type Criterion, type GroupKey, type MatchRule, type MatchStrategy } from './model';
import type { ReconciliationAccountRow } from './store';

/*
 * An enterprise's matching rules (reconciliation_rules), run in `position` order. Until it defines
 * one, every account matches by the default rule: reference and amount exactly, within the lag.
 */

export interface RuleRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  position: number;
  name: string;
  strategy: MatchStrategy;
  /** As stored: drift amounts as decimal text of minor units. */
  criteria: StoredCriterion[];
  group_by: GroupKey | null;
  active: boolean;
}

/** A criterion as JSON holds it: an absolute drift in minor units is decimal text. */
export type StoredCriterion = Exclude<Criterion, { field: 'amount' }> | { field: 'amount'; drift_absolute?: string; drift_bp?: number };

const toRule = (r: Row): RuleRow => ({
  id: r.id,
  version: r.version,
  created_at: r.created_at,
  updated_at: r.updated_at,
  enterprise_id: r.enterprise_id,
  position: r.position,
  name: r.name,
  strategy: r.strategy,
  criteria: r.criteria,
  group_by: r.group_by,
  active: r.active,
});

export function toMatchRule(r: RuleRow): MatchRule {
  return {
    id: r.id,
    name: r.name,
    strategy: r.strategy,
    groupBy: r.group_by ?? undefined,
    criteria: r.criteria.map((c): Criterion => (c.field === 'amount' ? { field: 'amount', drift_bp: c.drift_bp, drift_absolute: c.drift_absolute === undefined ? undefined : BigInt(c.drift_absolute) } : c)),
  };
}

export async function listRules(db: Db, enterpriseId: string, includeRetired = false): Promise<RuleRow[]> {
  const rows = await db`select * from reconciliation_rules where enterprise_id = ${enterpriseId} and (${includeRetired} or active) order by position, id`;
  return rows.map(toRule);
}

/** The rules a run of the account applies, in order. */
export async function activeRules(db: Db, account: ReconciliationAccountRow): Promise<MatchRule[]> {
  const rules = await listRules(db, account.enterprise_id);
  return rules.length ? rules.map(toMatchRule) : defaultRules(Math.round(account.lag_ms / 1000));
}

export interface NewRule {
  enterpriseId: string;
  position: number;
  name: string;
  strategy: MatchStrategy;
  criteria: StoredCriterion[];
  groupBy: GroupKey | null;
}

/** A rule is refused (422, naming the criterion) when its pattern could backtrack or a grouped strategy has no group. */
export async function createRule(sql: Sql, input: NewRule): Promise<RuleRow> {
  input.criteria.forEach((c, i) => {
    if ('operator' in c && c.operator === 'pattern') {
      const problem = c.pattern === undefined ? 'a pattern criterion needs its pattern' : patternProblem(c.pattern);
      if (problem) throw new AppError('EdgeUnprocessable', `Criterion ${i}: ${problem}.`, { errors: [{ pointer: `/body/criteria/${i}/pattern`, detail: problem }] });
    }
  });
  if (input.strategy !== 'one_to_one' && !input.groupBy) {
    throw new AppError('EdgeUnprocessable', `A ${input.strategy} rule groups by a field.`, { errors: [{ pointer: '/body/group_by', detail: 'required for one_to_many and many_to_one' }] });
  }
  const [r] = await sql`
    insert into reconciliation_rules (id, enterprise_id, position, name, strategy, criteria, group_by)
    values (${uuidv7()}, ${input.enterpriseId}, ${input.position}, ${input.name}, ${input.strategy}, ${sql.json(input.criteria as never)}, ${input.groupBy}) returning *`;
  return toRule(r);
}

/** Retires a rule: later runs no longer apply it; the matches it made stay. */
export async function retireRule(sql: Sql, enterpriseId: string, id: string): Promise<RuleRow> {
  const [r] = await sql`update reconciliation_rules set active = false, version = version + 1, updated_at = now() where id = ${id} and enterprise_id = ${enterpriseId} returning *`;
  if (!r) throw notFound('reconciliation rule');
  return toRule(r);
}
