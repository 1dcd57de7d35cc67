import { useApi } from '../../../lib/hooks';
import { subjectRef } from '../../../lib/names';
import { Loader, Ref, Status, When } from '../../../components/ui';
import { getApproval } from '../api/families';

export function ApprovalSummary({ approvalRef }: { approvalRef: string }) {
  const id = approvalRef.split('/')[1];
  const loaded = useApi(() => getApproval(id), [id]);
  return (
    <Loader loaded={loaded}>
      {(a) => (
        <dl className="facts">
          <dt>Approval</dt>
          <dd>
            <Status value={a.status} /> <Ref value={approvalRef} />
          </dd>
          <dt>Needs</dt>
          <dd>
            {a.requirement_snapshot.required_human_approvals} approval(s) by <Ref value={a.requirement_snapshot.approver_role_ref} />
            {a.requirement_snapshot.initiator_cannot_approve ? ', never the initiator' : ''}
          </dd>
          <dt>Votes</dt>
          <dd>
            {a.votes.length
              ? a.votes.map((v, i) => (
                  <span key={v.principal.id}>
                    {i ? '; ' : ''}
                    {v.verdict} by <Ref value={subjectRef(v.principal)} />
                  </span>
                ))
              : 'none yet'}
          </dd>
          <dt>Expires</dt>
          <dd>
            <When iso={a.expires_at} />
          </dd>
        </dl>
      )}
    </Loader>
  );
}
