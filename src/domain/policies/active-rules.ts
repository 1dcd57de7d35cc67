import type { Sql, TransactionSql } from 'postgres';
import type { NotifiedCache } from '../../db/notified-cache';
import type { ActionFamily, PolicyRule } from './engine';
import { POLICY_RULE_COLUMNS as COLUMNS, toPolicyRule, toPolicyRuleRow } from './rules';

/* The active rules a decision reads, and the per-process cache that lets a hot path skip them. */

/**
 * Every active rule of a family in the enterprise, whatever its scope, in decision order (order, id):
 * for a caller that learns the account's path in the same round trip (a rule applies when its
 * scope_ref is on that path).
 */
export async function activeRules(sql: Sql | TransactionSql, enterpriseId: string, family: ActionFamily): Promise<PolicyRule[]> {
  // execute() sends it now, so a caller pipelining statements behind it keeps their order.
  const rows = await sql`
    select ${sql.unsafe(COLUMNS)} from policy_rules
     where enterprise_id = ${enterpriseId} and action_family = ${family} and status = 'active'
     order by rule_order, id`.execute();
  return rows.map((r) => toPolicyRule(toPolicyRuleRow(r)));
}

/** Notified by the `policy_rules_changed` trigger with the enterprise id on every committed change of a rule. */
export const POLICY_RULES_CHANNEL = 'counterfoil_policy_rules';

/**
 * Whether any active rule of the family covers `scopePath`, from a per-process cache of the
 * enterprise's active rules that the trigger's NOTIFY invalidates: lets a hot path skip policy
 * evaluation (and its round trip) when no rule can apply. A rule activated in the last milliseconds
 * may be missed, as a read at the start of the transaction could miss one committed just after it.
 */
export async function anyRuleCovers(
  cache: NotifiedCache<PolicyRule[]>,
  sql: Sql,
  enterpriseId: string,
  family: ActionFamily,
  scopePath: readonly string[],
): Promise<boolean> {
  const rules = await cache.get(enterpriseId, async () => {
    const rows = await sql`select ${sql.unsafe(COLUMNS)} from policy_rules where enterprise_id = ${enterpriseId} and status = 'active'`;
    return rows.map((r) => toPolicyRule(toPolicyRuleRow(r)));
  });
  return rules.some((r) => r.actionFamily === family && scopePath.includes(r.scopeRef));
}

/** Active rules of a family whose scope covers `scopePath`, in decision order. */
export async function applicableRules(sql: Sql | TransactionSql, enterpriseId: string, family: ActionFamily, scopePath: readonly string[]): Promise<PolicyRule[]> {
  return (await activeRules(sql, enterpriseId, family)).filter((r) => scopePath.includes(r.scopeRef));
}
