import { Link } from 'wouter';
import type { Schemas } from '../../../../../clients/typescript/index';
import { useSettings, workflowUrl } from '../../../lib/access';
import { useApi } from '../../../lib/hooks';
import { subjectRef } from '../../../lib/names';
import { pollInterval } from '../../../lib/poll';
import { TERMINAL } from '../../../lib/records';
import { Loader, Money, Page, Ref, Status, When } from '../../../components/ui';
import type { Family } from '../api/families';
import { ApprovalSummary } from './ApprovalSummary';
import { CancelRecord } from './CancelRecord';
import { FamilyFacts } from './FamilyFacts';
import { History } from './History';
import { LedgerEffects } from './LedgerEffects';
import { Reversals } from '../../../components/Reversals';
import { TransferReversals } from './TransferReversals';

/** One record: its facts, policy decision, approval, ledger effects, status history and workflow; refreshed until it is final. */
export function RecordDetailPage({ family, id }: { family: Family; id: string }) {
  const settings = useSettings();
  const loaded = useApi(() => family.get(id), [family.path, id], { pollMs: pollInterval(1500), poll: (r) => !TERMINAL.has(r.status) });
  const link = workflowUrl(settings, family.workflowId(id));
  return (
    <Page title={family.singular}>
      <p>
        <Link href={family.path}>← All {family.label.toLowerCase()}</Link>
      </p>
      <Loader loaded={loaded}>
        {(r) => {
          const decision = (r as { policy_decision?: Schemas['PolicyDecision'] }).policy_decision;
          // What came back after settlement: a payout's returns (the families that have them).
          const back = 'returns' in r ? r.returns : null;
          return (
            <div className="detail">
              <CancelRecord family={family} record={r} onCancelled={loaded.reload} />
              <dl className="facts">
                <dt>Status</dt>
                <dd>
                  <Status value={r.status} />
                  {r.failure_reason ? <span className="muted"> ({r.failure_reason})</span> : null}
                </dd>
                <dt>Amount</dt>
                <dd>
                  <Money amount={r.principal_amount} />
                </dd>
                <dt>Fees</dt>
                <dd>
                  <Money amount={r.fee_summary.total} />
                </dd>
                <dt>Account</dt>
                <dd>
                  <Ref value={r.account_ref} />
                </dd>
                <FamilyFacts record={r} />
                <dt>Initiated by</dt>
                <dd>
                  <Ref value={subjectRef(r.subject_attribution.subject)} />
                </dd>
                <dt>Created</dt>
                <dd>
                  <When iso={r.created_at} />
                </dd>
                <dt>Settled</dt>
                <dd>
                  <When iso={r.settled_at} />
                </dd>
                <dt>Workflow</dt>
                <dd>
                  {link ? (
                    <a href={link} target="_blank" rel="noreferrer">
                      {family.workflowId(id)} in the Temporal UI
                    </a>
                  ) : (
                    <code>{family.workflowId(id)}</code>
                  )}
                </dd>
              </dl>
              <h2>Policy decision</h2>
              {decision ? (
                <dl className="facts">
                  <dt>Effect</dt>
                  <dd>
                    <Status value={decision.effect} />
                  </dd>
                  <dt>Rule</dt>
                  <dd>{decision.rule_name ?? <span className="muted">no rule matched</span>}</dd>
                  <dt>Reason</dt>
                  <dd>
                    <code>{decision.reason_code}</code>
                  </dd>
                </dl>
              ) : (
                <p className="muted">No policy applies to this family.</p>
              )}
              <h2>Approval</h2>
              {r.approval_ref ? <ApprovalSummary approvalRef={r.approval_ref} /> : <p className="muted">No approval was needed.</p>}
              {back ? (
                <>
                  <h2>Returns and reversals</h2>
                  <Reversals caption={`Returns and reversals of the ${family.singular.toLowerCase()}`} entries={back} />
                </>
              ) : null}
              {r.family === 'internal_transfer' ? (
                <>
                  <h2>Reversals</h2>
                  <TransferReversals transfer={r} onProposed={loaded.reload} />
                </>
              ) : null}
              <h2>Ledger effects</h2>
              <LedgerEffects family={family} id={id} version={`${r.status}/${r.settled_at ?? ''}`} />
              <h2>Status history</h2>
              <History resourceRef={`${family.path.slice(1)}/${id}`} version={r.status} />
            </div>
          );
        }}
      </Loader>
    </Page>
  );
}
