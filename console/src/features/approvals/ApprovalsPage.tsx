import { useState } from 'react';
import { Link } from 'wouter';
import { problemOf, type SdkProblem as Problem, type Schemas } from '../../../../clients/typescript/index';
import { useAccess } from '../../lib/access';
import { useApi, usePaging } from '../../lib/hooks';
import { formatAmount, usePrecisions } from '../../lib/money';
import { RECORD_COLLECTIONS, getRecord, recordOf, type AnyRecord, type TransferRecord } from '../../lib/records';
import { Dialog, Loader, Money, Notice, Page, Pager, ProblemView, Ref, Status } from '../../components/ui';
import { ApprovalFacts } from '../../components/ApprovalFacts';
import { decideApproval, getDestination, getPolicyChange, getPolicyRule, listApprovals, type InboxView, type Verdict } from './api/approvals';
import { refreshWaiting, useOnWaitingChange } from './waiting';

type Approval = Schemas['Approval'];

type PolicyChange = Schemas['PolicyChange'];

/** What an approval governs: a money record, a new destination, or a change of the policy (with the rule it changes). */
function useGoverned(governedRef: string) {
  const [collection, id] = governedRef.split('/');
  const target = recordOf(governedRef);
  const record = useApi(() => (target ? getRecord(target.collection, target.id) : none()), [governedRef]);
  const change = useApi(() => (collection === 'policy-changes' ? getPolicyChange(id) : none()), [governedRef]);
  const ruleId = change.data?.target_ref.startsWith('policy-rules/') ? change.data.target_ref.split('/')[1] : null;
  const rule = useApi(() => (ruleId ? getPolicyRule(ruleId) : none()), [ruleId]);
  const destinationId =
    collection === 'withdrawal-destinations'
      ? id
      : change.data?.target_ref.startsWith('withdrawal-destinations/')
        ? change.data.target_ref.split('/')[1]
        : record.data && 'withdrawal_destination_id' in record.data
          ? record.data.withdrawal_destination_id
          : null;
  const destination = useApi(() => (destinationId ? getDestination(destinationId) : none()), [destinationId]);
  return {
    target,
    record: (record.data ?? undefined) as AnyRecord | undefined,
    change: change.data ?? null,
    rule: rule.data ?? null,
    destination: destination.data ?? null,
  };
}

const none = () => Promise.resolve({ data: null, response: new Response() });

const SETTING_NAMES: Record<string, string> = {
  policy_change_quorum: 'policy change quorum',
  destination_approval_quorum: 'destination approval quorum',
  destination_cooling_off_seconds: 'destination cooling-off (s)',
  change_ttl_seconds: 'time to approve a change (s)',
  approver_role_ref: 'approving role',
};

/** A policy change in words: what it does to what. */
function describeChange(change: PolicyChange, ruleName: string | null): string {
  const rule = ruleName ? `the rule “${ruleName}”` : 'a rule';
  if (change.kind === 'policy_rule.activate') return `activating ${rule}`;
  if (change.kind === 'policy_rule.retire') return `retiring ${rule}`;
  if (change.kind === 'policy_rule.update') return `changing ${rule} (${Object.keys(change.change).join(', ')})`;
  if (change.kind === 'withdrawal_destination.create') return 'a new withdrawal destination';
  const fields = Object.entries(change.change)
    .filter(([key]) => key !== 'approver_role_ref')
    .map(([key, value]) => `${SETTING_NAMES[key] ?? key.replace(/_/g, ' ')} to ${String(value)}`);
  if ('approver_role_ref' in change.change) fields.push('the approving role');
  return `changing the governance settings: ${fields.join(', ')}`;
}

function describe(g: ReturnType<typeof useGoverned>, precisions: Map<string, number> | null): string {
  const { record, destination, change, rule } = g;
  const where = destination ? `${destination.label} (${destination.crypto_routing.destination.address})` : 'its destination';
  if (change && change.kind !== 'withdrawal_destination.create') return describeChange(change, rule?.name ?? null);
  if (!record) return destination ? `the new withdrawal destination ${where}` : 'this operation';
  const amount = `${formatAmount(record.principal_amount.value, precisions?.get(record.principal_amount.currency))} ${record.principal_amount.currency}`;
  if (record.family === 'withdrawal') return `the withdrawal of ${amount} to ${where}`;
  if (record.family === 'internal_transfer') return `the internal transfer of ${amount} to ${(record as TransferRecord).family_params.target_ref}`;
  return `the conversion of ${amount}`;
}

/** The card's heading: the amount for money, what changes otherwise. */
function headline(approval: Approval, g: ReturnType<typeof useGoverned>, what: string) {
  if (g.record) return <Money amount={g.record.principal_amount} />;
  if (g.destination && !g.record) return `New destination ${g.destination.label}`;
  if (g.change) return what.charAt(0).toUpperCase() + what.slice(1);
  return approval.action_family === 'policy_change' ? 'Policy change' : approval.action_family === 'withdrawal_destination' ? 'New withdrawal destination' : 'Governed operation';
}

const FAMILY_NAMES: Record<string, string> = { policy_change: 'policy change', withdrawal_destination: 'address book' };

function ApprovalCard({ approval, decidable, onDecided }: { approval: Approval; decidable: boolean; onDecided: (a: Approval) => void }) {
  const access = useAccess();
  const governed = useGoverned(approval.governed_ref);
  const { target, destination } = governed;
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const what = describe(governed, usePrecisions());
  const canDecide = decidable && approval.status === 'pending' && access.can('approvals.decide') && access.can('action_tokens.create');

  const decide = async (v: Verdict) => {
    setBusy(true);
    setProblem(null);
    try {
      const res = await decideApproval(approval.id, v, note);
      if (!res.data) throw problemOf(res.error, res.response);
      setVerdict(null);
      onDecided(res.data);
      refreshWaiting();
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="card approval" aria-labelledby={`approval-${approval.id}`}>
      <header>
        <h2 id={`approval-${approval.id}`}>
          {headline(approval, governed, what)} · {FAMILY_NAMES[approval.action_family] ?? approval.action_family.replace(/_/g, ' ')}
        </h2>
        <Status value={approval.status} />
      </header>
      <ApprovalFacts approval={approval}>
        {destination ? (
          <>
            <dt>Destination</dt>
            <dd>
              {destination.label} — <code className="ref">{destination.crypto_routing.destination.address}</code> ({destination.crypto_routing.network})
            </dd>
          </>
        ) : null}
        <dt>Scope</dt>
        <dd>{approval.scope_ref.startsWith('enterprises/') ? 'The enterprise' : <Ref value={approval.scope_ref} />}</dd>
      </ApprovalFacts>
      <div className="actions">
        {target ? <Link href={`/${target.collection}/${target.id}`}>Open the {RECORD_COLLECTIONS[target.collection].toLowerCase()}</Link> : null}
        {canDecide ? (
          <>
            <button type="button" className="primary" onClick={() => setVerdict('approve')}>
              Approve…
            </button>
            <button type="button" className="danger" onClick={() => setVerdict('reject')}>
              Reject…
            </button>
          </>
        ) : null}
      </div>
      {problem ? <ProblemView problem={problem} /> : null}
      <Dialog title={verdict === 'approve' ? 'Confirm approval' : 'Confirm rejection'} open={verdict !== null} onClose={() => !busy && setVerdict(null)}>
        <p>
          {verdict === 'approve' ? 'Approve' : 'Reject'} {what}?
        </p>
        <p className="muted">
          {verdict === 'approve'
            ? 'Your approval counts towards the quorum; at the quorum it proceeds (or applies) at once.'
            : governed.record
              ? 'One rejection ends the operation and releases its funds.'
              : 'One rejection ends it: nothing changes.'}{' '}
          A single-use action token bound to you and this approval is issued for this decision.
        </p>
        <label>
          {verdict === 'reject' ? 'Reason (required, kept with the decision)' : 'Comment (optional, kept with the decision)'}
          <textarea value={note} maxLength={1000} required={verdict === 'reject'} onChange={(e) => setNote(e.target.value)} />
        </label>
        {problem ? <ProblemView problem={problem} /> : null}
        <div className="actions">
          <button type="button" className={verdict === 'approve' ? 'primary' : 'danger'} disabled={busy || (verdict === 'reject' && !note.trim())} onClick={() => verdict && void decide(verdict)}>
            {busy ? 'Working…' : verdict === 'approve' ? 'Approve' : 'Reject'}
          </button>
          <button type="button" disabled={busy} onClick={() => setVerdict(null)}>
            Cancel
          </button>
        </div>
      </Dialog>
    </article>
  );
}

/**
 * The page's approvals with this visit's decisions: a card just decided stays (with its new status and the
 * link to its record) even when the live count's reload drops it from "Waiting for me".
 */
function withDecided(items: Approval[], decided: Record<string, Approval>): Approval[] {
  const listed = new Set(items.map((a) => a.id));
  return [...items.map((a) => decided[a.id] ?? a), ...Object.values(decided).filter((a) => !listed.has(a.id))];
}

/** The approvals inbox: what waits for this person's decision (GET /approvals?decidable=true), or every approval in reach. */
export function ApprovalsPage() {
  const [view, setView] = useState<InboxView>('mine');
  const paging = usePaging(view);
  const [decided, setDecided] = useState<Record<string, Approval>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const loaded = useApi(() => listApprovals(view, paging.token), [view, paging.token]);
  // A new approval for this person (the live count changed) shows up without a reload.
  useOnWaitingChange(() => view === 'mine' && loaded.reload());
  const views = [
    ['mine', 'Waiting for me'],
    ['pending', 'All pending'],
    ['all', 'All'],
  ] as const;
  return (
    <Page title="Approvals">
      <div className="tabs" role="group" aria-label="Which approvals">
        {views.map(([key, label]) => (
          <button key={key} type="button" aria-pressed={view === key} onClick={() => setView(key)}>
            {label}
          </button>
        ))}
      </div>
      <Notice message={notice} tone="success" />
      <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty={view === 'mine' ? 'Nothing waits for your decision.' : 'No approvals.'}>
        {(data) => (
          <>
            <div className="cards">
              {withDecided(data.items, decided).map((a) => (
                <ApprovalCard
                  key={a.id}
                  approval={a}
                  decidable={view === 'mine'}
                  onDecided={(updated) => {
                    setDecided((d) => ({ ...d, [updated.id]: updated }));
                    setNotice(`The approval is now ${updated.status}.`);
                  }}
                />
              ))}
            </div>
            <Pager page={paging.page} nextToken={data.next_page_token} onNext={paging.next} onPrevious={paging.previous} />
          </>
        )}
      </Loader>
    </Page>
  );
}
