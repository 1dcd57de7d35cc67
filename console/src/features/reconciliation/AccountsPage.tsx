import { Link } from 'wouter';
import { useApi } from '../../lib/hooks';
import { Loader, Money, Page, Table, When } from '../../components/ui';
import { listAccounts, type ReconciliationAccount } from './api/reconciliation';
import { accountLabel, formatDay } from './words';

/** The provider accounts the enterprise reconciles: how far each is reconciled, and what its provider last said it holds. */
export function AccountsPage() {
  const loaded = useApi(listAccounts, []);
  return (
    <Page title="Reconciled accounts" actions={<Link href="/reconciliation">Breaks inbox</Link>}>
      <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty="No provider account is reconciled yet (POST /reconciliation-accounts).">
        {(data) => (
          <Table<ReconciliationAccount>
            caption="Reconciled accounts"
            rows={data.items}
            rowKey={(a) => a.id}
            columns={[
              { header: 'Account', cell: (a) => <Link href={`/reconciliation/accounts/${a.id}`}>{accountLabel(a, data.items)}</Link> },
              { header: 'Rail', cell: (a) => a.rail },
              { header: 'Address', cell: (a) => <code className="address">{a.address}</code> },
              { header: 'Statements', cell: (a) => (a.statement_source === 'provider' ? 'Pulled from the provider' : 'Imported files') },
              { header: 'Reconciled through', cell: (a) => (a.reconciled_through ? formatDay(a.reconciled_through) : <span className="muted">no day closed yet</span>) },
              {
                header: 'Provider balance',
                cell: (a) =>
                  a.provider_balance ? (
                    <span>
                      <Money amount={a.provider_balance} /> at <When iso={a.provider_balance_at} />
                    </span>
                  ) : (
                    <span className="muted">not pulled</span>
                  ),
              },
            ]}
          />
        )}
      </Loader>
    </Page>
  );
}
