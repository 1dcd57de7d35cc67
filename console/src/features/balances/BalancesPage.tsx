import { Link } from 'wouter';
import type { Schemas } from '../../../../clients/typescript/index';
import { useAccess } from '../../lib/access';
import { useApi, usePaging } from '../../lib/hooks';
import { listAccountsWithBalances } from './api/balances';
import { formatAmount, sumAmounts, usePrecisions } from '../../lib/money';
import { Loader, Page, Pager, Ref, Status, Table } from '../../components/ui';

type Balance = Pick<Schemas['BalanceItem'], 'asset' | 'available' | 'held' | 'total'> & Partial<Pick<Schemas['BalanceItem'], 'overdraft_used' | 'restricted_reason'>>;

const used = (b: Balance) => Boolean(b.overdraft_used && /[1-9]/.test(b.overdraft_used));

/**
 * Available, held and total per asset, each amount in the locale with the asset's decimals; a balance
 * below zero or restricted (a recall it could not cover: no money leaves it until repaid) says so.
 */
function BalanceTable({ caption, rows }: { caption: string; rows: Balance[] }) {
  const precisions = usePrecisions();
  const amount = (b: Balance, value: string) => <span className="money">{formatAmount(value, precisions?.get(b.asset))}</span>;
  if (rows.length === 0) return <p className="empty">No balance yet.</p>;
  const restriction = rows.some((b) => b.restricted_reason || used(b));
  return (
    <Table<Balance>
      caption={caption}
      rows={rows}
      rowKey={(b) => b.asset}
      columns={[
        { header: 'Asset', cell: (b) => b.asset },
        { header: 'Available', cell: (b) => amount(b, b.available) },
        { header: 'Held', cell: (b) => amount(b, b.held) },
        { header: 'Total', cell: (b) => amount(b, b.total) },
        ...(restriction
          ? [
              {
                header: 'Restriction',
                cell: (b: Balance) => (
                  <>
                    {b.restricted_reason ? <Status value="restricted" /> : null}
                    {b.restricted_reason ? <span className="muted"> ({b.restricted_reason.replace(/_/g, ' ')})</span> : null}
                    {used(b) ? <span> overdraft used {amount(b, b.overdraft_used!)}</span> : null}
                    {!b.restricted_reason && !used(b) ? '—' : null}
                  </>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** The balances of every account listed, summed per asset (exactly: decimal strings, never floats). */
function totalsPerAsset(balances: Balance[]): Balance[] {
  const byAsset = new Map<string, Balance[]>();
  for (const b of balances) byAsset.set(b.asset, [...(byAsset.get(b.asset) ?? []), b]);
  return [...byAsset]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([asset, rows]) => ({
      asset,
      available: sumAmounts(rows.map((r) => r.available)),
      held: sumAmounts(rows.map((r) => r.held)),
      total: sumAmounts(rows.map((r) => r.total)),
    }));
}

export function BalancesPage() {
  const access = useAccess();
  const paging = usePaging('accounts');
  const loaded = useApi(() => listAccountsWithBalances(paging.token), [paging.token]);
  return (
    <Page title="Balances" actions={access.can('transfers.create') ? <Link href="/internal-transfers">New internal transfer</Link> : undefined}>
      <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty="No client accounts in your reach.">
        {(data) => (
          <>
            <section className="card" aria-labelledby="totals-title">
              <h2 id="totals-title">Totals per asset</h2>
              <p className="muted">Over the {data.items.length} account(s) listed here.</p>
              <BalanceTable caption="Totals per asset" rows={totalsPerAsset(data.items.flatMap((i) => i.balances))} />
            </section>
            {data.items.map(({ account, balances }) => (
              <section key={account.id} className="card" aria-labelledby={`acct-${account.id}`}>
                <h2 id={`acct-${account.id}`}>
                  {account.display_name} <Status value={account.status} />
                </h2>
                <p className="muted">
                  <Ref value={`client-accounts/${account.id}`} /> of <Ref value={account.scope_ref} />
                </p>
                <BalanceTable caption={`Balances of ${account.display_name}`} rows={balances} />
              </section>
            ))}
            <Pager page={paging.page} nextToken={data.next_page_token} onNext={paging.next} onPrevious={paging.previous} />
          </>
        )}
      </Loader>
    </Page>
  );
}
