import { useState } from 'react';
import { Link } from 'wouter';
import { problemOf, type Problem, type Schemas } from '../../../../clients/typescript/index';
import { useAccess } from '../../lib/access';
import { useApi, useCountdown, usePaging } from '../../lib/hooks';
import { subjectRef } from '../../lib/names';
import { formatAmount, usePrecisions } from '../../lib/money';
import { RECORD_COLLECTIONS, getRecord, recordOf, type AnyRecord, type TransferRecord } from '../../lib/records';
import { Dialog, Loader, Money, Notice, Page, Pager, ProblemView, Ref, Status, When } from '../../components/ui';
import { decideApproval, getDestination, listApprovals, type InboxView, type Verdict } from './api/approvals';

type Approval = Schemas['Approval'];

function Countdown({ iso }: { iso: string }) {
  const left = useCountdown(iso);
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const text = left === 0 ? 'expired' : `${h ? `${h} h ` : ''}${h || m ? `${m} min ` : ''}${s} s left`;
  return (
    <span className={left < 300 ? 'countdown urgent' : 'countdown'} title={new Date(iso).toLocaleString()}>
      {text}
    </span>
  );
}

/** What the approval governs, in the words a confirmation needs: amount and destination. */
function useGoverned(governedRef: string) {
  const target = recordOf(governedRef);
  const record = useApi(() => (target ? getRecord(target.collection, target.id) : Promise.reject(new Error('unknown record'))), [governedRef]);
  const destinationId = record.data && 'withdrawal_destination_id' in record.data ? record.data.withdrawal_destination_id : null;
  const destination = useApi(
    () => (destinationId ? getDestination(destinationId) : Promise.resolve({ data: null, response: new Response() })),
    [destinationId],
  );
  return { target, record: record.data as AnyRecord | undefined, destination: destination.data ?? null };
}

type Destination = NonNullable<ReturnType<typeof useGoverned>['destination']>;

function describe(record: AnyRecord | undefined, destination: Destination | null, precisions: Map<string, number> | null): string {
  if (!record) return 'this operation';
  const amount = `${formatAmount(record.principal_amount.value, precisions?.get(record.principal_amount.currency))} ${record.principal_amount.currency}`;
  if (record.family === 'withdrawal') return `the withdrawal of ${amount} to ${destination ? `${destination.label} (${destination.crypto_routing.destination.address})` : 'its destination'}`;
  if (record.family === 'internal_transfer') return `the internal transfer of ${amount} to ${(record as TransferRecord).family_params.target_ref}`;
  return `the conversion of ${amount}`;
}

function ApprovalCard({ approval, decidable, onDecided }: { approval: Approval; decidable: boolean; onDecided: (a: Approval) => void }) {
  const access = useAccess();
  const { target, record, destination } = useGoverned(approval.governed_ref);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const what = describe(record, destination, usePrecisions());
  const canDecide = decidable && approval.status === 'pending' && access.can('approvals.decide') && access.can('action_tokens.create');

  const decide = async (v: Verdict) => {
    setBusy(true);
    setProblem(null);
    try {
      const res = await decideApproval(approval.id, v);
      if (!res.data) throw problemOf(res.error, res.response);
      setVerdict(null);
      onDecided(res.data);
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
          {record ? <Money amount={record.principal_amount} /> : 'Governed operation'} · {approval.action_family.replace(/_/g, ' ')}
        </h2>
        <Status value={approval.status} />
      </header>
      <dl className="facts">
        {destination ? (
          <>
            <dt>Destination</dt>
            <dd>
              {destination.label} — <code className="ref">{destination.crypto_routing.destination.address}</code> ({destination.crypto_routing.network})
            </dd>
          </>
        ) : null}
        <dt>Account</dt>
        <dd>
          <Ref value={approval.scope_ref} />
        </dd>
        <dt>Initiated by</dt>
        <dd>
          <Ref value={subjectRef(approval.initiated_by.subject)} />
        </dd>
        <dt>Requirement</dt>
        <dd>
          {approval.requirement_snapshot.required_human_approvals} approval(s) · <code>{approval.requirement_snapshot.reason_code}</code> · rule{' '}
          <Ref value={approval.requirement_snapshot.requirement_key} />
          {approval.requirement_snapshot.initiator_cannot_approve ? ' · the initiator cannot approve' : ''}
        </dd>
        <dt>Votes</dt>
        <dd>
          {approval.votes.length
            ? approval.votes.map((v, i) => (
                <span key={v.principal.id}>
                  {i ? '; ' : ''}
                  {v.verdict} by <Ref value={subjectRef(v.principal)} />
                </span>
              ))
            : 'none yet'}
        </dd>
        <dt>Expires</dt>
        <dd>{approval.status === 'pending' ? <Countdown iso={approval.expires_at} /> : <When iso={approval.expires_at} />}</dd>
      </dl>
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
            ? 'Your approval counts towards the quorum; at the quorum the operation proceeds at once.'
            : 'One rejection ends the operation and releases its funds.'}{' '}
          A single-use action token bound to you and this approval is issued for this decision.
        </p>
        {problem ? <ProblemView problem={problem} /> : null}
        <div className="actions">
          <button type="button" className={verdict === 'approve' ? 'primary' : 'danger'} disabled={busy} onClick={() => verdict && void decide(verdict)}>
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

/** The approvals inbox: what waits for this person's decision (GET /approvals?decidable=true), or every approval in reach. */
export function ApprovalsPage() {
  const [view, setView] = useState<InboxView>('mine');
  const paging = usePaging(view);
  const [decided, setDecided] = useState<Record<string, Approval>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const loaded = useApi(
    () => listApprovals(view, paging.token),
    [view, paging.token],
  );
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
              {data.items.map((a) => (
                <ApprovalCard
                  key={a.id}
                  approval={decided[a.id] ?? a}
                  decidable={view === 'mine'}
                  onDecided={(updated) => {
                    setDecided((d) => ({ ...d, [updated.id]: updated }));
                    setNotice(`Approval ${updated.id} is now ${updated.status}.`);
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
