import type { GovernedAction } from '../../auth/action-tokens';

/*
 * What an operation's route cannot say about its authorization: where the permission is checked and what it
 * answers out of scope. The rows are split by area, in the order of `tenantRoutes`; src/http/authorization-model.ts
 * joins them with the routes.
 */

/** Where the permission is checked. */
export type CheckScope =
  /** The enterprise itself: enterprise-level objects and settings (a client-scoped grant never reaches them). */
  | 'enterprise'
  /** The client the object belongs to (or the client the path or body names). */
  | 'client'
  /** The client account the object belongs to; a client's grant reaches it only with `subtree` propagation. */
  | 'client_account'
  /** The object's own scope, an enterprise or a client (users, roles, policies, subscriptions …), or the one the body names. */
  | 'object'
  /** Reference data: holding the permission at any scope is enough; the answer is the same for every caller. */
  | 'any'
  /** The caller itself (/me, its own action tokens and passkeys): there is no other principal's object to reach. */
  | 'caller'
  /** No bearer token: the route authenticates otherwise (client credentials, a signature, an invitation token) or not at all. */
  | 'public';

/** What the operation does with the scope, which decides its answer out of scope (BOLA). */
export type OperationKind =
  /** One object named by the path: out of scope 404, in scope without the permission 403. */
  | 'read'
  | 'change'
  /** Makes an object at the scope the body (or path) names: a scope out of reach 404, in reach without the permission 403. */
  | 'create'
  /** A list: only rows at scopes where the caller holds the permission, foreign rows omitted (never 404). */
  | 'list'
  /** A batch naming several objects: 200 with a result per item, each item answered as its own request would be. */
  | 'batch'
  /** The caller's own data. */
  | 'self'
  | 'public';

export interface OperationFacts {
  scope: CheckScope;
  kind: OperationKind;
  /** Only a person may call it (a service account, or a service account acting for a person, is 403 `human_approval_required`). */
  human?: boolean;
  /** An action token the handler asks for in some cases only (the route's own `actionToken` is always required). */
  conditionalActionToken?: { action: GovernedAction; when: string };
  /** Acts on the caller's own enterprise (nothing in the path or body names it): another enterprise's caller acts on its own. */
  own?: boolean;
  /** A further refusal of this operation, by its reason. */
  refusals?: string[];
  note?: string;
}

export const read = (scope: CheckScope, extra: Partial<OperationFacts> = {}): OperationFacts => ({ scope, kind: 'read', ...extra });
export const change = (scope: CheckScope, extra: Partial<OperationFacts> = {}): OperationFacts => ({ scope, kind: 'change', ...extra });
export const create = (scope: CheckScope, extra: Partial<OperationFacts> = {}): OperationFacts => ({ scope, kind: 'create', ...extra });
export const list = (scope: CheckScope, extra: Partial<OperationFacts> = {}): OperationFacts => ({ scope, kind: 'list', ...extra });
export const self = (extra: Partial<OperationFacts> = {}): OperationFacts => ({ scope: 'caller', kind: 'self', ...extra });
export const reference = (): OperationFacts => ({ scope: 'any', kind: 'read' });
export const referenceList = (): OperationFacts => ({ scope: 'any', kind: 'list' });
export const open = (note: string): OperationFacts => ({ scope: 'public', kind: 'public', note });

export const ESCALATION = 'privilege_escalation';
export const HUMAN = 'human_approval_required';
