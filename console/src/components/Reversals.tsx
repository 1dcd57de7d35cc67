import type { Schemas } from '../../../clients/typescript/index';
import { Money, Ref, Status, Table, When } from './ui';

type Entry = Schemas['ReturnEntry'];

const KIND: Record<Entry['kind'], string> = { payout_return: 'returned by the rail', deposit_reversal: 'recalled', operator_reversal: 'returned by an operator' };

/** What came back of a record (a payout's returns, a deposit's or transfer's reversals): each booked, with its reason and ledger transaction. */
export function Reversals({ caption, entries }: { caption: string; entries: Entry[] }) {
  if (entries.length === 0) return <p className="muted">Nothing has come back.</p>;
  return (
    <Table<Entry>
      caption={caption}
      rows={entries}
      rowKey={(e) => e.id}
      columns={[
        { header: 'When', cell: (e) => <When iso={e.occurred_at} /> },
        { header: 'Amount', cell: (e) => <Money amount={e.amount} /> },
        { header: 'Reason', cell: (e) => <span>{`${e.reason.scheme.toUpperCase()} ${e.reason.code}${e.reason.description ? `: ${e.reason.description}` : ''}`}</span> },
        {
          header: 'Status',
          cell: (e) => (
            <>
              <Status value="booked" /> <span className="muted">{KIND[e.kind]}</span>
            </>
          ),
        },
        { header: 'Ledger transaction', cell: (e) => <Ref value={e.ledger_transaction_ref} /> },
        { header: 'Overdraft used', cell: (e) => <Money amount={e.overdraft_used} /> },
      ]}
    />
  );
}
