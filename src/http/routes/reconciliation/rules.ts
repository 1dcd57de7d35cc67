import { z } from '../../../schema/zod';
import { defineRoute } from '../../route';
import { Timestamp, Uuid } from '../../../schema/common';
import { parseAmount } from '../../../money/assets';
import { createRule, listRules, retireRule, type RuleRow, type StoredCriterion } from '../../../domain/reconciliation';
import { MAX_PATTERN } from '../../../domain/reconciliation/model';
import { Money, mustHold } from './shared';

/* Matching rules (docs/reconciliation.md, "Matching"). */

const TextCriterionBody = z
  .object({
    field: z.enum(['reference', 'description', 'counterparty']),
    operator: z.enum(['equals', 'contains', 'pattern']),
    pattern: z.string().min(1).max(MAX_PATTERN).optional().openapi({ description: "`pattern`: a bounded regular expression on the line's field; its one capture group, if any, must equal the ledger's." }),
    against: z.enum(['reference', 'description', 'counterparty']).optional().openapi({ description: "The ledger side's field compared (default the same)." }),
  })
  .strict();
const CriterionBody = z.union([
  z
    .object({
      field: z.literal('amount'),
      drift_absolute: Money.optional().openapi({ description: 'Amounts agree within this much.' }),
      drift_bp: z.number().int().min(0).max(10_000).optional().openapi({ description: "…or within this many basis points of the ledger's amount." }),
    })
    .strict(),
  z.object({ field: z.literal('currency') }).strict(),
  z.object({ field: z.literal('date'), window_seconds: z.number().int().min(0).max(90 * 86_400) }).strict(),
  TextCriterionBody,
]);

const RuleBody = z
  .object({
    id: Uuid,
    resource: z.literal('reconciliation_rule'),
    position: z.number().int(),
    name: z.string(),
    strategy: z.enum(['one_to_one', 'one_to_many', 'many_to_one']),
    criteria: z.array(z.record(z.string(), z.unknown())),
    group_by: z.enum(['reference', 'counterparty', 'booked_date']).nullable(),
    active: z.boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('ReconciliationRule');

const presentRule = (r: RuleRow) => ({
  id: r.id,
  resource: 'reconciliation_rule' as const,
  position: r.position,
  name: r.name,
  strategy: r.strategy,
  criteria: r.criteria as Array<Record<string, unknown>>,
  group_by: r.group_by,
  active: r.active,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export const listReconciliationRulesRoute = defineRoute({
  method: 'get',
  path: '/reconciliation-rules',
  operationId: 'listReconciliationRules',
  summary: 'List matching rules',
  description: 'In the order runs apply them. With no rule, runs match by reference and amount exactly, within the account\'s lag.',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.read' },
  query: z.object({ include_retired: z.enum(['true', 'false']).optional().openapi({ param: { name: 'include_retired', in: 'query' } }) }).strict(),
  responses: { 200: { description: 'The rules.', schema: z.object({ items: z.array(RuleBody) }).openapi('ReconciliationRuleList') } },
  handler: async ({ query, caller, services }) => {
    mustHold(caller, 'reconciliation.read');
    return { body: { items: (await listRules(services.sql, caller.enterpriseId, query.include_retired === 'true')).map(presentRule) } };
  },
});

export const createReconciliationRuleRoute = defineRoute({
  method: 'post',
  path: '/reconciliation-rules',
  operationId: 'createReconciliationRule',
  summary: 'Add a matching rule',
  description:
    'Rules run in `position` order over what the rules before them left. `criteria` say which fields must agree; `strategy` how many items on each side one match takes ' +
    '(`one_to_many`: one line against ledger transactions grouped by `group_by`; `many_to_one` the reverse). A match within a drift is a match with a difference, which opens an `amount_mismatch` break.',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.manage' },
  body: z
    .object({
      position: z.number().int().min(0).max(1000),
      name: z.string().min(1).max(200),
      strategy: z.enum(['one_to_one', 'one_to_many', 'many_to_one']),
      criteria: z.array(CriterionBody).min(1).max(10),
      group_by: z.enum(['reference', 'counterparty', 'booked_date']).optional(),
    })
    .strict()
    .openapi('ReconciliationRuleCreate'),
  responses: { 201: { description: 'The rule.', schema: RuleBody } },
  errors: ['EdgeUnprocessable'],
  handler: async ({ body, caller, services }) => {
    mustHold(caller, 'reconciliation.manage');
    const criteria = body.criteria.map((c, i): StoredCriterion => {
      if (c.field !== 'amount') return c;
      return {
        field: 'amount',
        drift_bp: c.drift_bp,
        drift_absolute: c.drift_absolute ? parseAmount(c.drift_absolute.value, c.drift_absolute.currency, `/body/criteria/${i}/drift_absolute/value`).toString() : undefined,
      };
    });
    const row = await createRule(services.sql, { enterpriseId: caller.enterpriseId, position: body.position, name: body.name, strategy: body.strategy, criteria, groupBy: body.group_by ?? null });
    return { status: 201, body: presentRule(row) };
  },
});

export const retireReconciliationRuleRoute = defineRoute({
  method: 'post',
  path: '/reconciliation-rules/{rule_id}/retire',
  operationId: 'retireReconciliationRule',
  summary: 'Retire a matching rule',
  description: 'Later runs no longer apply it; the matches it made stay.',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.manage' },
  params: z.object({ rule_id: Uuid }),
  responses: { 200: { description: 'The rule, retired.', schema: RuleBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => {
    mustHold(caller, 'reconciliation.manage');
    return { body: presentRule(await retireRule(services.sql, caller.enterpriseId, params.rule_id)) };
  },
});
