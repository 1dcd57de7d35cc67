import { problemOf, type CounterfoilClient } from '../../clients/typescript/index';
import type { UserDirectory } from './directory';

/** The console's client id at the development provider (its registration's `audience`). */
export const DEV_CONSOLE_CLIENT_ID = 'counterfoil-console';

async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>, what: string): Promise<T> {
  const res = await call;
  if (res.data === undefined) throw new Error(`development sign-in set-up: ${what}: ${problemOf(res.error, res.response).detail}`);
  return res.data;
}

const DEV_PROVIDER_NAME = 'Development sign-in (sandbox)';

/**
 * Registers the development provider as an identity provider of the enterprise with console sign-in,
 * through the public API. A later start updates its registration instead: on another port it is the
 * same provider moved (a new issuer), so the people it signed in before stay linked to it.
 */
export async function registerDevIdentityProvider(api: CounterfoilClient, issuer: string): Promise<string> {
  const keys = { audience: DEV_CONSOLE_CLIENT_ID, jwks_uri: `${issuer}/jwks`, console_sign_in: true };
  const list = await ok(api.GET('/identity-providers', { params: { query: { page_size: 200 } } }), 'list identity providers');
  const existing =
    list.items.find((p) => p.issuer === issuer) ?? list.items.find((p) => p.display_name === DEV_PROVIDER_NAME && p.audience === DEV_CONSOLE_CLIENT_ID);
  if (!existing) {
    const created = await ok(api.POST('/identity-providers', { body: { display_name: DEV_PROVIDER_NAME, issuer, allowed_algorithms: ['RS256'], ...keys } }), 'register the identity provider');
    // Under the enterprise's policy-change quorum the answer is the change: the provider exists, under this id, once admins approve it.
    return created.resource === 'policy_change' ? created.target_ref.slice('identity-providers/'.length) : created.id;
  }
  await ok(
    api.PATCH('/identity-providers/{identity_provider_id}', { params: { path: { identity_provider_id: existing.id } }, body: { ...keys, issuer, status: 'active' } }),
    'update the identity provider',
  );
  return existing.id;
}

const DEMO_PEOPLE = [
  { display_name: 'Ada Admin', email: 'ada.admin@example.com', role: 'enterprise-admin' },
  { display_name: 'Omar Operator', email: 'omar.operator@example.com', role: 'operator' },
  { display_name: 'Amara Approver', email: 'amara.approver@example.com', role: 'approver' },
  { display_name: 'Dev Developer', email: 'dev.developer@example.com', role: 'developer' },
  { display_name: 'Vic Viewer', email: 'vic.viewer@example.com', role: 'viewer' },
] as const;

/**
 * A fresh sandbox has no people: give it one per platform role, and a rule that makes withdrawals
 * of 1,000 USDC or more wait for an approver, so the console's approval flow can be tried at once.
 * Runs only while the enterprise has no user at all.
 */
export async function seedSandboxPeople(directory: UserDirectory, enterpriseId: string): Promise<boolean> {
  await directory.signIn();
  const { api } = directory;
  const enterpriseRef = `enterprises/${enterpriseId}`;
  const existing = await ok(api.GET('/users', { params: { query: { page_size: 1 } } }), 'list users');
  if (existing.items.length > 0) return false;
  const roles = await ok(api.GET('/roles', { params: { query: { page_size: 200 } } }), 'list roles');
  const roleRef = (name: string) => `roles/${roles.items.find((r) => r.name === name && r.platform_managed)!.id}`;
  for (const person of DEMO_PEOPLE) {
    const user = await ok(api.POST('/users', { body: { display_name: person.display_name, email: person.email, scope_ref: enterpriseRef } }), `create ${person.email}`);
    const principalRef = `users/${user.id}`;
    const headers: Record<string, string> = {};
    if (person.role === 'enterprise-admin') {
      const token = await ok(api.POST('/action-tokens', { body: { action: 'role_assignments.grant_enterprise_admin', resource_ref: principalRef } }), 'issue an action token');
      headers['X-Action-Token'] = token.token;
    }
    await ok(
      api.POST('/role-assignments', {
        body: { principal_ref: principalRef, role_ref: roleRef(person.role), scope_ref: enterpriseRef, scope_anchor_kind: 'explicit', scope_propagation: 'subtree' },
        headers,
      }),
      `grant ${person.role}`,
    );
  }
  const rule = await ok(
    api.POST('/policies', {
      body: {
        name: 'Large withdrawals need an approver',
        description: 'Sandbox demonstration rule: a withdrawal of 1,000 USDC or more waits for one approver other than its initiator.',
        action_family: 'withdrawal',
        order: 100,
        scope_ref: enterpriseRef,
        conditions: { amount_at_least: { currency: 'USDC', value: '1000.00' } },
        effect: { type: 'require_approval', required_human_approvals: 1, approver_role_ref: roleRef('approver'), initiator_cannot_approve: true, approval_ttl_seconds: 86400 },
      },
    }),
    'create the approval rule',
  );
  await ok(api.POST('/policy-rules/{rule_id}/activate', { params: { path: { rule_id: rule.id } } }), 'activate the approval rule');
  return true;
}
