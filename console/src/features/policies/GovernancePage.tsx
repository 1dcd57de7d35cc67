import { useEffect, useState } from 'react';
import { useAccess } from '../../lib/access';
import { useApi } from '../../lib/hooks';
import { Field, Loader, Notice, Page, Ref, When } from '../../components/ui';
import { getGovernance, listRoles, updateGovernance, type GovernanceSettings } from './api/policies';
import { RoleOptions } from './RoleOptions';
import { ConfirmDialog, type Confirmation } from '../../components/ConfirmDialog';

const NUMBERS = [
  ['policy_change_quorum', 'Administrators who approve a policy change', '0: changes apply at once. Above 0, every change of the policy and of these settings waits for them.'],
  ['destination_approval_quorum', 'Administrators who approve a new destination', '0: a new destination is active at once.'],
  ['destination_cooling_off_seconds', 'Cooling-off of a new destination (seconds)', 'How long after it becomes active a destination can be used.'],
  ['change_ttl_seconds', 'Time to approve a change (seconds)', 'A change not approved in time expires and changes nothing.'],
] as const;

type NumberField = (typeof NUMBERS)[number][0];

/** The form holds what the person typed; only what differs from the settings as read is sent. */
function SettingsForm({ settings, onSaved }: { settings: GovernanceSettings; onSaved: (message: string) => void }) {
  const roles = useApi(listRoles, []);
  const initial = () => ({ ...Object.fromEntries(NUMBERS.map(([k]) => [k, String(settings[k])])), approver_role_ref: settings.approver_role_ref }) as Record<NumberField | 'approver_role_ref', string>;
  const [form, setForm] = useState(initial);
  useEffect(() => setForm(initial()), [settings.etag]);
  const [busy, setBusy] = useState(false);
  const patch = {
    ...Object.fromEntries(NUMBERS.filter(([k]) => Number(form[k]) !== settings[k]).map(([k]) => [k, Number(form[k])])),
    ...(form.approver_role_ref !== settings.approver_role_ref ? { approver_role_ref: form.approver_role_ref } : {}),
  };
  const [asking, setAsking] = useState<Confirmation | null>(null);
  const roleName = (ref: string) => roles.data?.items.find((r) => `roles/${r.id}` === ref)?.name ?? ref;
  // A read-back of what changes, from what to what, before it is sent: these settings govern everything else.
  const submit = () => {
    const changes = [
      ...NUMBERS.filter(([k]) => k in patch).map(([k, label]) => [label, String(settings[k]), form[k]]),
      ...('approver_role_ref' in patch ? [['Approving role', roleName(settings.approver_role_ref), roleName(form.approver_role_ref)]] : []),
    ];
    setAsking({
      title: 'Change the governance settings?',
      body: (
        <>
          <ul>
            {changes.map(([label, from, to]) => (
              <li key={label}>
                {label}: {from} → <strong>{to}</strong>
              </li>
            ))}
          </ul>
          <p>{settings.policy_change_quorum > 0 ? `${settings.policy_change_quorum} administrator(s) approve it before it applies.` : 'It applies at once.'}</p>
        </>
      ),
      confirm: 'Save the settings',
      run: async () => {
        setBusy(true);
        try {
          return await updateGovernance(settings.etag, patch);
        } finally {
          setBusy(false);
        }
      },
      done: (data) =>
        onSaved(
          (data as { resource?: string }).resource === 'policy_change'
            ? 'Proposed: the change waits for approval in Approvals; the settings stay as they are until then.'
            : 'The governance settings are changed.',
        ),
    });
  };
  return (
    <form
      className="card form"
      aria-labelledby="governance-form-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) submit();
      }}
    >
      <h2 id="governance-form-title">Change the settings</h2>
      {NUMBERS.map(([key, label, hint]) => (
        <Field key={key} label={label} hint={hint}>
          {(id, describedBy) => (
            <input id={id} type="number" min={0} required aria-describedby={describedBy} value={form[key]} onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))} />
          )}
        </Field>
      ))}
      <Field label="Approving role">
        {(id) => (
          <select id={id} value={form.approver_role_ref} onChange={(e) => setForm((f) => ({ ...f, approver_role_ref: e.target.value }))}>
            <RoleOptions roles={roles.data?.items ?? [{ id: settings.approver_role_ref.split('/')[1], name: 'current role', status: 'active' }]} />
          </select>
        )}
      </Field>
      <ConfirmDialog pending={asking} onClose={() => setAsking(null)} />
      <div className="actions">
        <button type="submit" className="primary" disabled={busy || Object.keys(patch).length === 0}>
          {busy ? 'Working…' : 'Save the settings'}
        </button>
      </div>
    </form>
  );
}

/** Who approves policy changes and new destinations, and the cooling-off (read with `policies.read`, changed with `policies.manage`). */
export function GovernancePage() {
  const access = useAccess();
  const loaded = useApi(getGovernance, []);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Page title="Governance">
      <Notice message={notice} tone="success" />
      <Loader loaded={loaded}>
        {(s) => (
          <>
            <dl className="facts card">
              <dt>Policy changes</dt>
              <dd>{s.policy_change_quorum ? `${s.policy_change_quorum} administrator(s) approve each change` : 'apply at once'}</dd>
              <dt>New destinations</dt>
              <dd>{s.destination_approval_quorum ? `${s.destination_approval_quorum} administrator(s) approve each` : 'active at once'}</dd>
              <dt>Cooling-off</dt>
              <dd>{s.destination_cooling_off_seconds ? `${s.destination_cooling_off_seconds} s after a destination becomes active` : 'none'}</dd>
              <dt>Approved by</dt>
              <dd>
                <Ref value={s.approver_role_ref} />
              </dd>
              <dt>Changes expire after</dt>
              <dd>{s.change_ttl_seconds} s</dd>
              <dt>Last changed</dt>
              <dd>
                <When iso={s.updated_at} />
              </dd>
            </dl>
            {access.can('policies.manage') ? (
              <SettingsForm
                settings={s}
                onSaved={(message) => {
                  setNotice(message);
                  loaded.reload();
                }}
              />
            ) : null}
          </>
        )}
      </Loader>
    </Page>
  );
}
