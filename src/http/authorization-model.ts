import type { Permission } from '../auth/permissions';
import type { GovernedAction } from '../auth/action-tokens';
import type { CheckScope, OperationFacts, OperationKind } from './authorization/facts';
import { ACCESS_FACTS } from './authorization/access';
import { MONEY_FACTS } from './authorization/money';
import { TENANCY_FACTS } from './authorization/tenancy';
import type { HttpMethod, RouteDef } from './route';

/**
 * The authorization model of the tenant API: one row per operation, joined with what the route
 * definitions already declare (permission, capability, idempotency, action token), so the facts
 * are only the ones a route cannot say. test/http/authorization-model.test.ts fails on a route without
 * a row or a row without a route, and renders docs/access.md's "Operations and their permissions" from it.
 * The rows are in src/http/authorization/, a file per group of areas.
 */

export type { CheckScope, OperationFacts, OperationKind };

/** Keyed by operationId, in the order of `tenantRoutes`; the OpenAPI document's own route last. */
export const OPERATION_FACTS: Record<string, OperationFacts> = joinRows(TENANCY_FACTS, ACCESS_FACTS, MONEY_FACTS);

/** The groups as one table; an operation with a row in two groups is a mistake, not an override. */
function joinRows(...groups: Record<string, OperationFacts>[]): Record<string, OperationFacts> {
  const rows: Record<string, OperationFacts> = {};
  for (const group of groups) {
    for (const [operationId, facts] of Object.entries(group)) {
      if (operationId in rows) throw new Error(`${operationId} has a row in two groups of OPERATION_FACTS`);
      rows[operationId] = facts;
    }
  }
  return rows;
}

export interface Operation extends OperationFacts {
  operationId: string;
  method: HttpMethod;
  path: string;
  /** `null` for public routes. */
  permission: Permission | null;
  capability: string | null;
  idempotency: 'required' | 'optional' | null;
  /** The action token the route always requires (X-Action-Token). */
  actionToken: GovernedAction | null;
  sandboxOnly: boolean;
}

/** The model: every route joined with its facts. Throws on a route without a row and on a row without a route. */
export function authorizationModel(routes: readonly RouteDef[]): Operation[] {
  const seen = new Set<string>();
  const operations = routes.map((def) => {
    const facts = OPERATION_FACTS[def.operationId];
    if (!facts) throw new Error(`${def.method.toUpperCase()} ${def.path} (${def.operationId}) has no row in OPERATION_FACTS`);
    seen.add(def.operationId);
    if ((facts.kind === 'public') !== (def.auth.kind === 'public')) throw new Error(`${def.operationId}: the row and the route disagree on whether it is public`);
    return {
      operationId: def.operationId,
      method: def.method,
      path: def.path,
      permission: def.auth.kind === 'bearer' ? def.auth.permission : null,
      capability: def.auth.kind === 'bearer' ? (def.auth.capability ?? null) : null,
      idempotency: def.idempotency ?? null,
      actionToken: def.actionToken ?? null,
      sandboxOnly: Boolean(def.sandboxOnly) || def.path.startsWith('/sandbox/'),
      ...facts,
    };
  });
  const stale = Object.keys(OPERATION_FACTS).filter((id) => !seen.has(id));
  if (stale.length) throw new Error(`OPERATION_FACTS rows name no route: ${stale.join(', ')}`);
  return operations;
}

const SCOPE_WORDS: Record<CheckScope, string> = {
  enterprise: 'enterprise',
  client: 'client',
  client_account: 'client account',
  object: "object's scope",
  any: 'any (reference data)',
  caller: 'the caller',
  public: '—',
};
const outOfScope = (op: Operation) => (op.own ? "its own enterprise's" : OUT_OF_SCOPE[op.kind]);
const OUT_OF_SCOPE: Record<OperationKind, string> = {
  read: '404',
  change: '404',
  create: '404',
  list: 'omits foreign rows',
  batch: '404 per item',
  self: 'own data only',
  public: '—',
};

/** The markdown section of docs/access.md, rendered from the model. */
export function renderOperationsSection(operations: readonly Operation[]): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const lines = [
    '## Operations and their permissions',
    '',
    'Generated from `src/http/authorization-model.ts` (`npm run generate:access-doc`); a test fails when it is stale.',
    'Scope: where the permission is checked (`subtree` grants at or above it reach it, `exact` grants only there).',
    'Out of scope: the answer to a caller that can see nothing at that scope (in scope without the permission is 403).',
    'Token: an X-Action-Token the route requires (`if …`: only in that case). Person: only a human may call it.',
    '',
    '| Operation | Permission | Scope | Out of scope | Token | Person | Idempotency | Other refusals |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const op of operations) {
    const token = op.actionToken ?? (op.conditionalActionToken ? `if ${op.conditionalActionToken.when}: ${op.conditionalActionToken.action}` : '');
    const permission = op.permission ? `\`${op.permission}\`${op.capability ? ` (capability \`${op.capability}\`)` : ''}` : 'none (public)';
    const scope = op.scope === 'public' ? (op.note ?? '') : SCOPE_WORDS[op.scope] + (op.note ? `: ${op.note}` : '');
    lines.push(
      `| \`${op.method.toUpperCase()} ${op.path}\`${op.sandboxOnly ? ' (sandbox)' : ''} | ${permission} | ${cell(scope)} | ${outOfScope(op)} | ${cell(token)} | ${op.human ? 'yes' : ''} | ${op.idempotency ?? ''} | ${(op.refusals ?? []).map((r) => `\`${r}\``).join(', ')} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
