import type { ReactNode } from 'react';
import type { Schemas } from '../../../clients/typescript/index';
import { useCountdown } from '../lib/hooks';
import { subjectRef } from '../lib/names';
import { Ref, When } from './ui';

type Approval = Schemas['Approval'];

/** Time left until `iso`, ticking; urgent under five minutes. */
export function Countdown({ iso }: { iso: string }) {
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

/**
 * What an approval needs and who voted: the one rendering of an approval's facts, shared by the inbox
 * cards and the detail pages of what it governs. `children` come first (what the approval governs).
 */
export function ApprovalFacts({ approval, children }: { approval: Approval; children?: ReactNode }) {
  const need = approval.requirement_snapshot;
  return (
    <dl className="facts">
      {children}
      <dt>Initiated by</dt>
      <dd>
        <Ref value={subjectRef(approval.initiated_by.subject)} />
      </dd>
      <dt>Needs</dt>
      <dd>
        {need.required_human_approvals} approval(s) by <Ref value={need.approver_role_ref} />
        {need.initiator_cannot_approve ? ', never the initiator' : ''} · <code>{need.reason_code}</code>
      </dd>
      <dt>Votes</dt>
      <dd>
        {approval.votes.length
          ? approval.votes.map((v, i) => (
              <span key={v.principal.id}>
                {i ? '; ' : ''}
                {v.verdict} by <Ref value={subjectRef(v.principal)} />
                {v.note ? <> — “{v.note}”</> : null}
              </span>
            ))
          : 'none yet'}
      </dd>
      <dt>Expires</dt>
      <dd>{approval.status === 'pending' ? <Countdown iso={approval.expires_at} /> : <When iso={approval.expires_at} />}</dd>
    </dl>
  );
}
