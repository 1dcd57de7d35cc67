import type { Schemas } from '../../../../../clients/typescript/index';
import { api } from '../../../lib/session';

/** The people in reach and, with `roles.read`, the active role assignments and roles. */
export async function loadPeople(withRoles: boolean) {
  const [users, assignments, roles] = await Promise.all([
    api.GET('/users', { params: { query: { page_size: 200 } } }),
    withRoles ? api.GET('/role-assignments', { params: { query: { page_size: 200, status: 'active' } } }) : Promise.resolve(null),
    withRoles ? api.GET('/roles', { params: { query: { page_size: 200, status: 'active' } } }) : Promise.resolve(null),
  ]);
  if (!users.data) return { error: users.error, response: users.response };
  return { data: { users: users.data.items, assignments: assignments?.data?.items ?? [], roles: roles?.data?.items ?? [] }, response: users.response };
}

/** Granting enterprise-admin is governed: a single-use action token bound to the person receiving it comes first. */
export async function grantRole(body: Schemas['RoleAssignmentCreate'], governed: boolean) {
  const headers: Record<string, string> = {};
  if (governed) {
    const token = await api.POST('/action-tokens', { body: { action: 'role_assignments.grant_enterprise_admin', resource_ref: body.principal_ref } });
    if (!token.data) return { data: undefined, error: token.error, response: token.response };
    headers['X-Action-Token'] = token.data.token;
  }
  return api.POST('/role-assignments', { headers, body });
}

export const revokeAssignment = (a: Schemas['RoleAssignment']) =>
  api.POST('/role-assignments/{role_assignment_id}/revoke', { params: { path: { role_assignment_id: a.id }, header: { 'If-Match': a.etag } } });
