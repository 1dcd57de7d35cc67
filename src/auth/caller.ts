import { AppError } from '../errors';
import type { Permission } from './permissions';

export interface Grant {
  permissions: ReadonlySet<string>;
  scopeRef: string;
  propagation: 'subtree' | 'exact';
}

/** Who a principal is: a person, or a service account (the iam entities store it). */
export type PrincipalKind = 'user' | 'service_account';

export interface PrincipalRef {
  id: string;
  kind: PrincipalKind;
  tenant_ref: string;
}

/** Subject attribution as the tenant API contract names it; every record a request writes carries it. */
export interface SubjectAttribution {
  authenticated_principal: PrincipalRef;
  subject: PrincipalRef;
  actor: PrincipalRef | null;
  identity_source: string;
  federation: { issuer: string; subject: string } | null;
  enterprise_binding: { tenant_type: 'enterprise'; topology_ref: string };
  initiated_by: PrincipalRef | null;
  approved_by: PrincipalRef[] | null;
  /** A withdrawal screening froze: who released it by a compliance decision. */
  compliance_released_by?: PrincipalRef[];
}

/**
 * A scope path lists an object's ancestry from the root: `['enterprises/E', 'clients/C', 'client-accounts/A']`.
 * A `subtree` grant at any element covers the object; an `exact` grant only at the last one.
 */
export type ScopePath = readonly string[];

function covers(grant: Grant, path: ScopePath): boolean {
  if (grant.propagation === 'exact') return path[path.length - 1] === grant.scopeRef;
  return path.includes(grant.scopeRef);
}

/** The authenticated caller of one request: who it is, for whom it acts, and what it may do where. */
/** Whether the grants of a principal of `enterpriseId` give `permission` at the scope `path`. */
export function grantsAllow(grants: readonly Grant[], enterpriseId: string, permission: Permission, path: ScopePath): boolean {
  return path[0] === `enterprises/${enterpriseId}` && grants.some((g) => g.permissions.has(permission) && covers(g, path));
}

export class Caller {
  constructor(
    readonly enterpriseId: string,
    readonly subject: PrincipalRef,
    readonly authenticatedPrincipal: PrincipalRef,
    readonly actor: PrincipalRef | null,
    readonly grants: readonly Grant[],
    readonly identitySource: string,
    readonly federation: { issuer: string; subject: string } | null,
    readonly tokenId: string,
    /** The API version the integration behind this token is pinned to (src/versions); null: none pinned. */
    readonly apiVersion: string | null = null,
  ) {}

  /**
   * The person is the authenticated principal: a user who signed in themselves (the console's ID-token
   * exchange), not a token a service account obtained for them or carried for them.
   */
  get humanAuthenticated(): boolean {
    return this.subject.kind === 'user' && this.actor === null;
  }

  get enterpriseRef(): string {
    return `enterprises/${this.enterpriseId}`;
  }

  /** The caller can see the object at all: some grant of any permission covers its scope. */
  sees(path: ScopePath): boolean {
    return path[0] === this.enterpriseRef && this.grants.some((g) => covers(g, path));
  }

  can(permission: Permission, path: ScopePath): boolean {
    return grantsAllow(this.grants, this.enterpriseId, permission, path);
  }

  /**
   * Whether the caller's own grants reach as far as `permission` at the end of `path` with `propagation`:
   * `exact` needs any grant covering the scope, `subtree` a subtree grant at the scope or above it.
   */
  reaches(permission: Permission, path: ScopePath, propagation: Grant['propagation']): boolean {
    if (propagation === 'exact') return this.can(permission, path);
    return path[0] === this.enterpriseRef && this.grants.some((g) => g.permissions.has(permission) && g.propagation === 'subtree' && path.includes(g.scopeRef));
  }

  /**
   * The permission reaches everything below the scope `path` ends at (a `subtree` grant on it): a list of
   * objects under that scope needs no filter. An `exact` grant reaches the scope itself, not what it holds.
   */
  canBelow(permission: Permission, path: ScopePath): boolean {
    return path[0] === this.enterpriseRef && this.grants.some((g) => g.permissions.has(permission) && g.propagation === 'subtree' && path.includes(g.scopeRef));
  }

  holdsAnywhere(permission: Permission): boolean {
    return this.grants.some((g) => g.permissions.has(permission));
  }

  /** Out of scope is 404, exactly as if the object did not exist; in scope without the permission is 403. */
  require(permission: Permission, path: ScopePath, what = 'resource'): void {
    if (this.can(permission, path)) return;
    if (!this.sees(path)) throw new AppError('EdgeNotFound', `The ${what} does not exist.`);
    throw new AppError('EdgeForbidden', `The caller lacks permission ${permission} at this scope.`);
  }

  /** Scope refs at which the caller holds `permission`, for filtering lists. */
  scopesWith(permission: Permission): Grant[] {
    return this.grants.filter((g) => g.permissions.has(permission));
  }

  attribution(): SubjectAttribution {
    return {
      authenticated_principal: this.authenticatedPrincipal,
      subject: this.subject,
      actor: this.actor,
      identity_source: this.identitySource,
      federation: this.federation,
      enterprise_binding: { tenant_type: 'enterprise', topology_ref: this.enterpriseRef },
      initiated_by: this.subject,
      approved_by: null,
    };
  }
}
