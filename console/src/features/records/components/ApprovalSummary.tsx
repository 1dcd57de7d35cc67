import { useApi } from '../../../lib/hooks';
import { ApprovalFacts } from '../../../components/ApprovalFacts';
import { Loader, Ref, Status } from '../../../components/ui';
import { getApproval } from '../api/families';

export function ApprovalSummary({ approvalRef }: { approvalRef: string }) {
  const id = approvalRef.split('/')[1];
  const loaded = useApi(() => getApproval(id), [id]);
  return (
    <Loader loaded={loaded}>
      {(a) => (
        <ApprovalFacts approval={a}>
          <dt>Approval</dt>
          <dd>
            <Status value={a.status} /> <Ref value={approvalRef} />
          </dd>
        </ApprovalFacts>
      )}
    </Loader>
  );
}
