import { useState } from 'react';
import type { Schemas } from '../../../../clients/typescript/index';
import { useAccess } from '../../lib/access';
import { useApi } from '../../lib/hooks';
import { grantRole, loadPeople, revokeAssignment } from './api/people';
import { Field, Loader, Notice, Page, Ref, Status, Table } from '../../components/ui';
import { ConfirmDialog, type Confirmation } from '../../components/ConfirmDialog';

type User = Schemas['User'];
type Assignment = Schemas['RoleAssignment'];
type Role = Schemas['Role'];

const FORM = { principal: '', role: '', propagation: 'subtree' as 'subtree' | 'exact' };

/** A grant names the person, the role and where it applies, and is asked before it is made. */
function GrantForm({ users, roles, scopeRef, onAsk, onGranted }: { users: User[]; roles: Role[]; scopeRef: string; onAsk: (c: Confirmation) => void; onGranted: () => void }) {
  const [form, setForm] = useState(FORM);
  const submit = () => {
    const role = roles.find((r) => `roles/${r.id}` === form.role);
    const person = users.find((u) => `users/${u.id}` === form.principal);
    const where = form.propagation === 'subtree' ? 'the enterprise and everything in it' : 'the enterprise only';
    onAsk({
      title: `Grant ${role?.name ?? 'the role'} to ${person?.display_name ?? form.principal}?`,
      body: (
        <p>
          {person?.display_name} ({person?.email}) holds {role?.name} over {where} from their next request.
        </p>
      ),
      confirm: 'Grant',
      run: () =>
        grantRole(
          { principal_ref: form.principal, role_ref: form.role, scope_ref: scopeRef, scope_anchor_kind: 'explicit', scope_propagation: form.propagation },
          role?.name === 'enterprise-admin',
        ),
      done: () => {
        setForm(FORM);
        onGranted();
      },
    });
  };
  return (
    <form
      className="card form"
      aria-labelledby="grant-title"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
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
    </form>
  );
}

/** Users and their role assignments; administrators grant and revoke (with the action token where it is required). */
export function PeoplePage() {
  const access = useAccess();
  const manage = access.can('roles.manage');
  const loaded = useApi(() => loadPeople(access.can('roles.read')), []);
  const [notice, setNotice] = useState<string | null>(null);
  const [asking, setAsking] = useState<Confirmation | null>(null);

  const revoke = (a: Assignment, role: string, person: string) =>
    setAsking({
      title: `Revoke ${role} from ${person}?`,
      body: <p>It stops applying on {person}’s next request, at {a.scope_ref} ({a.scope_propagation}).</p>,
      confirm: 'Revoke',
      danger: true,
      run: () => revokeAssignment(a),
      done: () => {
        setNotice('The role assignment is revoked: it stops applying on the person’s next request.');
        loaded.reload();
      },
    });

  return (
    <Page title="People and roles">
      <Notice message={notice} tone="success" />
      <ConfirmDialog pending={asking} onClose={() => setAsking(null)} />
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
                  onAsk={setAsking}
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
                        <button type="button" className="danger" onClick={() => revoke(a, roleName.get(a.role_ref) ?? 'the role', userName.get(a.principal_ref) ?? a.principal_ref)} aria-label={`Revoke ${roleName.get(a.role_ref) ?? 'role'} from ${userName.get(a.principal_ref) ?? a.principal_ref}`}>
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
