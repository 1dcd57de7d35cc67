import { useState } from 'react';
import { problemOf, type SdkProblem as Problem, type Schemas } from '../../../../clients/typescript/index';
import { useAccess } from '../../lib/access';
import { useApi } from '../../lib/hooks';
import { grantRole, loadPeople, revokeAssignment } from './api/people';
import { Field, Loader, Notice, Page, ProblemView, Ref, Status, Table } from '../../components/ui';

type User = Schemas['User'];
type Assignment = Schemas['RoleAssignment'];
type Role = Schemas['Role'];

function GrantForm({ users, roles, scopeRef, onGranted }: { users: User[]; roles: Role[]; scopeRef: string; onGranted: () => void }) {
  const [form, setForm] = useState({ principal: '', role: '', propagation: 'subtree' as 'subtree' | 'exact' });
  const [problem, setProblem] = useState<Problem | null>(null);
  const submit = async () => {
    setProblem(null);
    const role = roles.find((r) => `roles/${r.id}` === form.role);
    const res = await grantRole(
      { principal_ref: form.principal, role_ref: form.role, scope_ref: scopeRef, scope_anchor_kind: 'explicit', scope_propagation: form.propagation },
      role?.name === 'enterprise-admin',
    );
    if (!res.data) return setProblem(problemOf(res.error, res.response));
    onGranted();
  };
  return (
    <form
      className="card form"
      aria-labelledby="grant-title"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id="grant-title">Grant a role</h2>
      <Field label="Person">
        {(id) => (
          <select id={id} required value={form.principal} onChange={(e) => setForm({ ...form, principal: e.target.value })}>
            <option value="">Choose…</option>
            {users.map((u) => (
              <option key={u.id} value={`users/${u.id}`}>
                {u.display_name} ({u.email})
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Role">
        {(id) => (
          <select id={id} required value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value })}>
            <option value="">Choose…</option>
            {roles.map((r) => (
              <option key={r.id} value={`roles/${r.id}`}>
                {r.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Applies to" hint={`At ${scopeRef}`}>
        {(id, hint) => (
          <select id={id} aria-describedby={hint} value={form.propagation} onChange={(e) => setForm({ ...form, propagation: e.target.value as 'subtree' | 'exact' })}>
            <option value="subtree">the enterprise and everything in it</option>
            <option value="exact">the enterprise only</option>
          </select>
        )}
      </Field>
      <button type="submit" className="primary">
        Grant
      </button>
      {problem ? <ProblemView problem={problem} /> : null}
    </form>
  );
}

/** Users and their role assignments; administrators grant and revoke (with the action token where it is required). */
export function PeoplePage() {
  const access = useAccess();
  const manage = access.can('roles.manage');
  const loaded = useApi(() => loadPeople(access.can('roles.read')), []);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const revoke = async (a: Assignment) => {
    setProblem(null);
    const res = await revokeAssignment(a);
    if (!res.data) return setProblem(problemOf(res.error, res.response));
    setNotice('The role assignment is revoked: it stops applying on the person’s next request.');
    loaded.reload();
  };

  return (
    <Page title="People and roles">
      <Notice message={notice} tone="success" />
      {problem ? <ProblemView problem={problem} onReload={loaded.reload} /> : null}
      <Loader loaded={loaded}>
        {({ users, assignments, roles }) => {
          const roleName = new Map(roles.map((r) => [`roles/${r.id}`, r.name]));
          const userName = new Map(users.map((u) => [`users/${u.id}`, u.display_name]));
          return (
            <>
              {manage ? (
                <GrantForm
                  users={users.filter((u) => u.status === 'active')}
                  roles={roles}
                  scopeRef={access.subject.tenant_ref}
                  onGranted={() => {
                    setNotice('Role granted: it applies on the person’s next request.');
                    loaded.reload();
                  }}
                />
              ) : null}
              <h2>Users</h2>
              <Table<User>
                caption="Users"
                rows={users}
                rowKey={(u) => u.id}
                columns={[
                  { header: 'Name', cell: (u) => u.display_name },
                  { header: 'E-mail', cell: (u) => u.email },
                  { header: 'Sign-in', cell: (u) => (u.federation ? `federated (${u.federation.issuer})` : u.identity_source) },
                  { header: 'Status', cell: (u) => <Status value={u.status} /> },
                  {
                    header: 'Roles',
                    cell: (u) =>
                      assignments
                        .filter((a) => a.principal_ref === `users/${u.id}`)
                        .map((a) => roleName.get(a.role_ref) ?? a.role_ref)
                        .join(', ') || <span className="muted">none</span>,
                  },
                ]}
              />
              <h2>Role assignments</h2>
              <Table<Assignment>
                caption="Role assignments"
                rows={assignments}
                rowKey={(a) => a.id}
                columns={[
                  { header: 'Who', cell: (a) => userName.get(a.principal_ref) ?? <Ref value={a.principal_ref} /> },
                  { header: 'Role', cell: (a) => roleName.get(a.role_ref) ?? <Ref value={a.role_ref} /> },
                  { header: 'Scope', cell: (a) => `${a.scope_ref} (${a.scope_propagation})` },
                  { header: 'Status', cell: (a) => <Status value={a.status} /> },
                  {
                    header: 'Actions',
                    cell: (a) =>
                      manage && a.status === 'active' ? (
                        <button type="button" className="danger" onClick={() => void revoke(a)} aria-label={`Revoke ${roleName.get(a.role_ref) ?? 'role'} from ${userName.get(a.principal_ref) ?? a.principal_ref}`}>
                          Revoke
                        </button>
                      ) : (
                        <span className="muted">—</span>
                      ),
                  },
                ]}
              />
            </>
          );
        }}
      </Loader>
    </Page>
  );
}
