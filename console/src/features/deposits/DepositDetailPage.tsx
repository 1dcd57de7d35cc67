import { useState } from 'react';
import { Link } from 'wouter';
import type { Schemas } from '../../../../clients/typescript/index';
import { useAccess } from '../../lib/access';
import { useApi } from '../../lib/hooks';
import { formatAmount, sumAmounts, usePrecisions } from '../../lib/money';
import { subjectRef } from '../../lib/names';
import { pollInterval } from '../../lib/poll';
import { Loader, Money, Notice, Page, Ref, Status, Table, When } from '../../components/ui';
import { ReversalDialog } from '../../components/ReversalDialog';
import { Reversals } from '../../components/Reversals';
import { loadDeposit, returnDeposit } from './api/deposits';

type DepositReturn = Schemas['DepositReturn'];

/** The operator's reasons for a return, as the API names them (DepositReturnReason). */
const RETURN_REASONS: ReadonlyArray<{ code: Schemas['DepositReturnReason']['code']; label: string }> = [
  { code: 'sender_request', label: 'The sender asked for it back' },
  { code: 'duplicate', label: 'Paid twice' },
  { code: 'incorrect_amount', label: 'Wrong amount' },
  { code: 'unidentified_sender', label: 'Sender not identified' },
  { code: 'compliance', label: 'Compliance decision' },
  { code: 'other', label: 'Other (say why in the note)' },
];

const OPEN = new Set<DepositReturn['status']>(['pending_approval', 'executing']);

/** The returns an operator proposed, whatever became of them: status, amount, reason, approval and ledger transaction. */
function ProposedReturns({ returns }: { returns: DepositReturn[] }) {
  if (returns.length === 0) return <p className="muted">No return has been proposed.</p>;
  return (
    <Table<DepositReturn>
      caption="Returns to the sender"
      rows={returns}
      rowKey={(r) => r.id}
      columns={[
        { header: 'Proposed', cell: (r) => <When iso={r.created_at} /> },
        { header: 'Amount', cell: (r) => <Money amount={r.amount} /> },
        { header: 'Reason', cell: (r) => <span>{r.reason.note ? `${r.reason.code}: ${r.reason.note}` : r.reason.code}</span> },
        {
          header: 'Status',
          cell: (r) => (
            <>
              <Status value={r.status} />
              {r.failure_reason ? <span className="muted"> ({r.failure_reason})</span> : null}
            </>
          ),
        },
        { header: 'Proposed by', cell: (r) => <Ref value={subjectRef(r.subject_attribution.subject)} /> },
        { header: 'Approval', cell: (r) => (r.approval_ref ? <Ref value={r.approval_ref} /> : <span className="muted">not needed</span>) },
        { header: 'Ledger transaction', cell: (r) => <Ref value={r.ledger_transaction_ref} /> },
      ]}
    />
  );
}

/** One deposit: its facts, what came back of it (recalls and returns, booked), the returns proposed, and a return to propose. */
export function DepositDetailPage({ id }: { id: string }) {
  const access = useAccess();
  const precisions = usePrecisions();
  const [notice, setNotice] = useState<string | null>(null);
  // Refreshed while a deposit is on its way in or a return is open.
  const loaded = useApi(() => loadDeposit(id), [id], {
    pollMs: pollInterval(1500),
    poll: (d) => d.returns.some((r) => OPEN.has(r.status)) || d.deposit.status === 'pending' || d.deposit.status === 'confirmed',
  });
  return (
    <Page title="Deposit">
      <p>
        <Link href="/deposits">← All deposits</Link>
      </p>
      <Notice message={notice} tone="success" />
      <Loader loaded={loaded}>
        {({ deposit: d, returns }) => {
          // Exact, on decimal strings: what was reversed and what open returns hold count against the amount.
          const negate = (v: string) => (v.startsWith('-') ? v.slice(1) : `-${v}`);
          const remaining = sumAmounts([d.amount.value, negate(d.reversed_amount.value), ...returns.filter((r) => OPEN.has(r.status)).map((r) => negate(r.amount.value))]);
          const returnable = access.can('deposits.return') && (d.status === 'credited' || d.status === 'partially_reversed') && !remaining.startsWith('-') && /[1-9]/.test(remaining);
          return (
            <div className="detail">
              {returnable ? (
                <ReversalDialog
                  action="Return to sender…"
                  title="Return the deposit to its sender"
                  subject={
                    <>
                      Pay <Money amount={d.amount} /> (or part of it) back to the sender, from <Ref value={d.account_ref} />.
                    </>
                  }
                  reasons={RETURN_REASONS}
                  currency={d.asset}
                  remaining={formatAmount(remaining, precisions?.get(d.asset))}
                  propose={(key, proposal) => returnDeposit(id, key, proposal)}
                  onProposed={(r) => {
                    setNotice(`Return ${r.id} is ${r.status.replace(/_/g, ' ')}.`);
                    loaded.reload();
                  }}
                />
              ) : null}
              <dl className="facts">
                <dt>Status</dt>
                <dd>
                  <Status value={d.status} />
                </dd>
                <dt>Amount</dt>
                <dd>
                  <Money amount={d.amount} />
                </dd>
                <dt>Reversed</dt>
                <dd>
                  <Money amount={d.reversed_amount} />
                </dd>
                <dt>Account</dt>
                <dd>
                  <Ref value={d.account_ref} />
                </dd>
                <dt>Rail</dt>
                <dd>{d.network ?? d.fiat_rail?.toUpperCase() ?? '—'}</dd>
                <dt>Credited</dt>
                <dd>
                  <When iso={d.credited_at} />
                </dd>
              </dl>
              <h2>Recalls and returns</h2>
              <Reversals caption="Recalls and returns of the deposit" entries={d.reversals} />
              <h2>Returns to the sender</h2>
              <ProposedReturns returns={returns} />
            </div>
          );
        }}
      </Loader>
    </Page>
  );
}
