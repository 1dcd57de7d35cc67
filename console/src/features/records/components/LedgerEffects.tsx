import { useApi } from '../../../lib/hooks';
import { Loader, Money, Ref, Status, Table, When } from '../../../components/ui';
import type { Family, LedgerEntries } from '../api/families';

type LedgerHold = LedgerEntries['holds'][number];
type LedgerTransaction = LedgerEntries['transactions'][number];
type LedgerRow = { transaction: LedgerTransaction; posting: LedgerTransaction['postings'][number]; index: number };

/** What the record did to the ledger: its holds, and each transaction's postings (debits and credits). */
export function LedgerEffects({ family, id, version }: { family: Family; id: string; version: string }) {
  const loaded = useApi(() => family.ledger(id), [family.path, id, version]);
  return (
    <Loader loaded={loaded} isEmpty={(d) => d.holds.length === 0 && d.transactions.length === 0} empty="Nothing booked on the ledger yet.">
      {(data) => (
        <>
          {data.holds.length ? (
            <Table<LedgerHold>
              caption="Holds"
              rows={data.holds}
              rowKey={(h) => h.id}
              columns={[
                { header: 'Placed', cell: (h) => <When iso={h.placed_at} /> },
                { header: 'Hold on', cell: (h) => <Ref value={h.account_ref} /> },
                { header: 'Held', cell: (h) => <Money amount={h.amount} /> },
                { header: 'Status', cell: (h) => <Status value={h.status} /> },
                { header: 'Posted', cell: (h) => <Money amount={h.posted_amount} /> },
                { header: 'Resolved', cell: (h) => <When iso={h.resolved_at} /> },
              ]}
            />
          ) : null}
          {data.transactions.length ? (
            <Table<LedgerRow>
              caption="Postings"
              rows={data.transactions.flatMap((transaction) => transaction.postings.map((posting, index) => ({ transaction, posting, index })))}
              rowKey={(r) => `${r.transaction.id}/${r.index}`}
              columns={[
                { header: 'Booked', cell: (r) => <When iso={r.transaction.booked_at} /> },
                { header: 'Kind', cell: (r) => <code>{r.transaction.kind}</code> },
                { header: 'Account', cell: (r) => <Ref value={r.posting.account_ref} /> },
                { header: 'Debit', cell: (r) => (r.posting.direction === 'debit' ? <Money amount={r.posting.amount} /> : null) },
                { header: 'Credit', cell: (r) => (r.posting.direction === 'credit' ? <Money amount={r.posting.amount} /> : null) },
              ]}
            />
          ) : (
            <p className="muted">No ledger transaction yet: the funds are only held.</p>
          )}
        </>
      )}
    </Loader>
  );
}
