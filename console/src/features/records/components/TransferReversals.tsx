import type { Schemas } from '../../../../../clients/typescript/index';
import { useAccess } from '../../../lib/access';
import { formatAmount, sumAmounts, usePrecisions } from '../../../lib/money';
import { Money, Ref, Status, Table, When } from '../../../components/ui';
import { ReversalDialog } from '../../../components/ReversalDialog';
import { reverseTransfer } from '../api/transfer';

type Transfer = Schemas['InternalTransferRecord'];
type Entry = Schemas['InternalTransferReversalEntry'];

/** The operator's reasons for a reversal, as the API names them (InternalTransferReverse). */
const REVERSAL_REASONS: ReadonlyArray<{ code: Schemas['InternalTransferReverse']['reason']['code']; label: string }> = [
  { code: 'duplicate', label: 'Made twice' },
  { code: 'incorrect_amount', label: 'Wrong amount' },
  { code: 'incorrect_receiving_account', label: 'Wrong receiving account' },
  { code: 'date_earlier_than_intended', label: 'Made too early' },
  { code: 'date_later_than_intended', label: 'Made too late' },
  { code: 'other', label: 'Other (say why in the note)' },
];

/** Reversals that still count against what remains (the API counts them the same way). */
const COUNTING = new Set<Entry['status']>(['pending_approval', 'executing', 'executed']);

/** An internal transfer's reversals (each its own transfer the other way, with its approval), and the dialog to propose one. */
export function TransferReversals({ transfer, onProposed }: { transfer: Transfer; onProposed: () => void }) {
  const access = useAccess();
  const precisions = usePrecisions();
  const asset = transfer.principal_amount.currency;
  // Exact, on decimal strings: the amount less every reversal that counts.
  const remaining = sumAmounts([transfer.principal_amount.value, ...transfer.reversals.filter((e) => COUNTING.has(e.status)).map((e) => `-${e.amount.value}`)]);
  const reversible = transfer.status === 'executed' && transfer.reversal_of === null && access.can('transfers.create') && !remaining.startsWith('-') && /[1-9]/.test(remaining);
  return (
    <>
      {transfer.reversal_of ? (
        <p>
          This transfer reverses <Ref value={`internal-transfers/${transfer.reversal_of}`} />
          {transfer.reversal_reason ? ` (${transfer.reversal_reason.code}${transfer.reversal_reason.note ? `: ${transfer.reversal_reason.note}` : ''})` : ''}.
        </p>
      ) : transfer.reversals.length === 0 ? (
        <p className="muted">Nothing has been reversed.</p>
      ) : (
        <Table<Entry>
          caption="Reversals of the internal transfer"
          rows={transfer.reversals}
          rowKey={(e) => e.id}
          columns={[
            { header: 'Proposed', cell: (e) => <When iso={e.created_at} /> },
            { header: 'Reversal', cell: (e) => <Ref value={`internal-transfers/${e.id}`} /> },
            { header: 'Amount', cell: (e) => <Money amount={e.amount} /> },
            { header: 'Reason', cell: (e) => <span>{e.reason ? (e.reason.note ? `${e.reason.code}: ${e.reason.note}` : e.reason.code) : '—'}</span> },
            { header: 'Status', cell: (e) => <Status value={e.status} /> },
            { header: 'Approval', cell: (e) => (e.approval_ref ? <Ref value={e.approval_ref} /> : <span className="muted">none needed</span>) },
            { header: 'Ledger transaction', cell: (e) => (e.ledger_transaction_ref ? <Ref value={e.ledger_transaction_ref} /> : <span className="muted">not booked</span>) },
          ]}
        />
      )}
      {transfer.reversal_of === null ? (
        <p>
          Reversed: <Money amount={transfer.reversed_amount} />
        </p>
      ) : null}
      {reversible ? (
        <ReversalDialog
          action="Reverse…"
          title="Reverse the internal transfer"
          subject={
            <>
              Move <Money amount={transfer.principal_amount} /> (or part of it) back from <Ref value={transfer.family_params.target_ref} /> to{' '}
              <Ref value={transfer.family_params.source_ref} />.
            </>
          }
          reasons={REVERSAL_REASONS}
          currency={asset}
          remaining={formatAmount(remaining, precisions?.get(asset))}
          propose={(key, body) => reverseTransfer(transfer.id, key, body)}
          onProposed={onProposed}
        />
      ) : null}
    </>
  );
}
