import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { problemOf, type SdkProblem as Problem } from '../../../../clients/typescript/index';
import { useAccess } from '../../lib/access';
import { useApi, usePaging } from '../../lib/hooks';
import { subjectRef } from '../../lib/names';
import { Dialog, Field, Loader, Money, Notice, Page, Pager, ProblemView, Ref, Status, Table, When } from '../../components/ui';
import { createRule, listPendingChanges, listRoles, listRules, transitionRule, type PolicyChange, type PolicyRule } from './api/policies';
import { RoleOptions } from './RoleOptions';

const FAMILIES = ['withdrawal', 'internal_transfer', 'conversion', 'off_ramp'] as const;

/** A rule's conditions in words. */
function Conditions({ rule }: { rule: PolicyRule }) {
  const c = rule.conditions;
  const parts: ReactNode[] = [];
  if (c.amount_at_least) parts.push(<span key="amount">from <Money amount={c.amount_at_least} /></span>);
  if (c.assets?.length) parts.push(<span key="assets">assets {c.assets.join(', ')}</span>);
  if (c.destinations?.length) parts.push(<span key="dest">{c.destinations.length} destination(s)</span>);
  if (c.initiator_kinds?.length) parts.push(<span key="kinds">initiated by {c.initiator_kinds.join(' or ').replace(/_/g, ' ')}</span>);
  if (c.velocity) parts.push(<span key="velocity">over <Money amount={c.velocity.total_at_least} /> in {c.velocity.window_seconds} s</span>);
  if (!parts.length) return <span>every {rule.action_family.replace(/_/g, ' ')}</span>;
  return <>{parts.map((p, i) => [i ? '; ' : '', p])}</>;
}

function Effect({ rule }: { rule: PolicyRule }) {
  const e = rule.effect;
  if (e.type !== 'require_approval') return <span>{e.type}</span>;
  return (
    <span>
      {e.required_human_approvals} approval(s) by <Ref value={e.approver_role_ref} />
      {e.initiator_cannot_approve ? ', never the initiator' : ''}
    </span>
  );
}

const KIND_NAMES: Record<PolicyChange['kind'], string> = {
  'policy_rule.activate': 'Activate a rule',
  'policy_rule.update': 'Change a rule',
  'policy_rule.retire': 'Retire a rule',
  'governance_settings.update': 'Change the governance settings',
  'withdrawal_destination.create': 'New withdrawal destination',
  'identity_provider.create': 'New identity provider',
  'identity_provider.update': 'Change who can sign in with an identity provider',
  'compliance_policy.update': 'Change the compliance policy',
};

/**
 * A rule's activation or retirement, behind a confirmation. When the enterprise's policy quorum applies the
 * answer is a policy change (202) and the rule stays as it is until other administrators approve it.
 */
function RuleTransition({ rule, to, onDone }: { rule: PolicyRule; to: 'activate' | 'retire'; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const verb = to === 'activate' ? 'Activate' : 'Retire';
  const run = async () => {
    setBusy(true);
    setProblem(null);
    const res = await transitionRule(rule, to).catch((err: unknown) => ({ data: undefined, error: err, response: undefined }));
    setBusy(false);
    if (!res.data) return setProblem(problemOf(res.error, res.response));
    setOpen(false);
    onDone(
      res.data.resource === 'policy_change'
        ? `${verb} “${rule.name}”: proposed. It waits for approval in Approvals; the rule stays as it is until then.`
        : `“${rule.name}” is now ${res.data.status}.`,
    );
  };
  return (
    <>
      <button type="button" className={to === 'retire' ? 'danger' : undefined} onClick={() => setOpen(true)} aria-label={`${verb} ${rule.name}…`}>
        {verb}…
      </button>
      <Dialog title={`${verb} the rule`} open={open} onClose={() => !busy && setOpen(false)}>
        <p>
          {verb} “{rule.name}”?
        </p>
        <p className="muted">
          {to === 'activate' ? 'From then on it governs new operations.' : 'A retired rule governs nothing and cannot come back.'} When your enterprise
          requires approval of policy changes, this proposes the change and other administrators approve it.
        </p>
        {problem ? <ProblemView problem={problem} /> : null}
        <div className="actions">
          <button type="button" className={to === 'retire' ? 'danger' : 'primary'} disabled={busy} onClick={() => void run()}>
            {busy ? 'Working…' : verb}
          </button>
          <button type="button" disabled={busy} onClick={() => setOpen(false)}>
            Cancel
          </button>
        </div>
      </Dialog>
    </>
  );
}

/** A draft rule that sends operations from an amount on to approvers (drafts govern nothing until activated). */
function RuleForm({ onCreated }: { onCreated: (rule: PolicyRule) => void }) {
  const access = useAccess();
  const roles = useApi(listRoles, []);
  const [form, setForm] = useState({ name: '', family: 'withdrawal', currency: 'USDC', value: '', approvals: '1', role: '', order: '10' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const set = (field: keyof typeof form, value: string) => setForm((f) => ({ ...f, [field]: value }));
  const scope = access.scopesOf('policies.manage')[0] ?? '';
  const submit = async () => {
    setBusy(true);
    setProblem(null);
    const res = await createRule({
      name: form.name.trim(),
      description: '',
      action_family: form.family as PolicyRule['action_family'],
      order: Number(form.order),
      scope_ref: scope,
      conditions: form.value.trim() ? { amount_at_least: { currency: form.currency.trim().toUpperCase(), value: form.value.trim() } } : {},
      effect: { type: 'require_approval', required_human_approvals: Number(form.approvals), approver_role_ref: form.role, initiator_cannot_approve: true, approval_ttl_seconds: 86_400 },
    }).catch((err: unknown) => ({ data: undefined, error: err, response: undefined }));
    setBusy(false);
    if (res.data) {
      onCreated(res.data);
      setForm((f) => ({ ...f, name: '', value: '' }));
    } else setProblem(problemOf(res.error, res.response));
  };
  return (
    <form
      className="card form"
      aria-labelledby="rule-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) void submit();
      }}
    >
      <h2 id="rule-title">New rule (a draft)</h2>
      <Field label="Name">{(id) => <input id={id} required maxLength={200} value={form.name} onChange={(e) => set('name', e.target.value)} />}</Field>
      <Field label="Operations">
        {(id) => (
          <select id={id} value={form.family} onChange={(e) => set('family', e.target.value)}>
            {FAMILIES.map((f) => (
              <option key={f} value={f}>
                {f.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="From the amount" hint="Leave empty for every amount.">
        {(id, describedBy) => <input id={id} inputMode="decimal" aria-describedby={describedBy} value={form.value} onChange={(e) => set('value', e.target.value)} />}
      </Field>
      <Field label="Asset">{(id) => <input id={id} required maxLength={12} value={form.currency} onChange={(e) => set('currency', e.target.value)} />}</Field>
      <Field label="Approvals needed">
        {(id) => <input id={id} type="number" min={1} max={10} required value={form.approvals} onChange={(e) => set('approvals', e.target.value)} />}
      </Field>
      <Field label="Approved by holders of">
        {(id) => (
          <select id={id} required value={form.role} onChange={(e) => set('role', e.target.value)}>
            <option value="">Choose…</option>
            <RoleOptions roles={roles.data?.items ?? []} />
          </select>
        )}
      </Field>
      <Field label="Order" hint="Rules are evaluated in ascending order; the first that matches decides.">
        {(id, describedBy) => <input id={id} type="number" min={0} required aria-describedby={describedBy} value={form.order} onChange={(e) => set('order', e.target.value)} />}
      </Field>
      {problem ? <ProblemView problem={problem} /> : null}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Working…' : 'Create the draft'}
        </button>
      </div>
    </form>
  );
}

/** Policy changes that wait for administrators: what, by whom, since when; decided in Approvals. */
function PendingChanges({ tick }: { tick: number }) {
  const loaded = useApi(listPendingChanges, [tick]);
  return (
    <section aria-labelledby="changes-title">
      <h2 id="changes-title">Changes waiting for approval</h2>
      <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty="No policy change waits.">
        {(data) => (
          <Table<PolicyChange>
            caption="Pending policy changes"
            rows={data.items}
            rowKey={(c) => c.id}
            columns={[
              { header: 'Change', cell: (c) => KIND_NAMES[c.kind] },
              { header: 'Of', cell: (c) => <ChangeTarget change={c} /> },
              { header: 'Proposed by', cell: (c) => <Ref value={subjectRef(c.initiated_by.subject)} /> },
              { header: 'Proposed', cell: (c) => <When iso={c.created_at} /> },
              { header: 'Decide', cell: () => <Link href="/approvals">in Approvals</Link> },
            ]}
          />
        )}
      </Loader>
    </section>
  );
}

/** The target of a change: the rule by name (from the rules listed), the settings, or the destination. */
function ChangeTarget({ change }: { change: PolicyChange }) {
  if (change.target_ref.startsWith('governance-settings/')) return <span>governance settings</span>;
  if (change.target_ref.startsWith('policy-rules/')) return <span>{Object.keys(change.change).length ? `rule (${Object.keys(change.change).join(', ')})` : 'rule'}</span>;
  return <Ref value={change.target_ref} />;
}

const FILTERS: Array<[PolicyRule['status'] | undefined, string]> = [
  [undefined, 'All'],
  ['active', 'Active'],
  ['draft', 'Drafts'],
];

/** The policy: its rules (read with `policies.read`; drafts, activation and retirement with `policies.manage`) and the changes waiting. */
export function PoliciesPage() {
  const access = useAccess();
  const manage = access.can('policies.manage');
  const [status, setStatus] = useState<PolicyRule['status'] | undefined>(undefined);
  const paging = usePaging(status ?? 'all');
  const [notice, setNotice] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const loaded = useApi(() => listRules(status, paging.token), [status, paging.token, tick]);
  const done = (message: string) => {
    setNotice(message);
    setTick((t) => t + 1);
  };
  return (
    <Page title="Policies">
      <Notice message={notice} tone="success" />
      <PendingChanges tick={tick} />
      <section aria-labelledby="rules-title">
        <h2 id="rules-title">Rules</h2>
        <div className="tabs" role="group" aria-label="Which rules">
          {FILTERS.map(([key, label]) => (
            <button key={label} type="button" aria-pressed={status === key} onClick={() => setStatus(key)}>
              {label}
            </button>
          ))}
        </div>
        <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty="No rules.">
          {(data) => (
            <>
              <Table<PolicyRule>
                caption="Policy rules"
                rows={data.items}
                rowKey={(r) => r.id}
                columns={[
                  { header: 'Order', cell: (r) => r.order },
                  { header: 'Name', cell: (r) => r.name },
                  { header: 'Operations', cell: (r) => r.action_family.replace(/_/g, ' ') },
                  { header: 'When', cell: (r) => <Conditions rule={r} /> },
                  { header: 'Then', cell: (r) => <Effect rule={r} /> },
                  { header: 'Status', cell: (r) => <Status value={r.status} /> },
                  ...(manage
                    ? [
                        {
                          header: 'Change',
                          cell: (r: PolicyRule) => (
                            <div className="actions">
                              {r.status === 'draft' ? <RuleTransition rule={r} to="activate" onDone={done} /> : null}
                              {r.status !== 'retired' ? <RuleTransition rule={r} to="retire" onDone={done} /> : null}
                            </div>
                          ),
                        },
                      ]
                    : []),
                ]}
              />
              <Pager page={paging.page} nextToken={data.next_page_token} onNext={paging.next} onPrevious={paging.previous} />
            </>
          )}
        </Loader>
      </section>
      {manage ? <RuleForm onCreated={(r) => done(`The draft “${r.name}” is created; activate it to make it govern.`)} /> : null}
    </Page>
  );
}
