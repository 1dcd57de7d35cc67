import { useState } from 'react';
import { Link } from 'wouter';
import { useAccess } from '../../../lib/access';
import { useApi, usePaging } from '../../../lib/hooks';
import { STATUSES, type AnyRecord, type ListStatus } from '../../../lib/records';
import { Field, Loader, Money, Page, Pager, Ref, Status, Table, When } from '../../../components/ui';
import type { Family } from '../api/families';
import { WithdrawalForm } from './WithdrawalForm';
import { TransferForm } from './TransferForm';
import { ConversionForm } from './ConversionForm';

/** A family's records with filters (status, account) and keyset paging. */
export function RecordsPage({ family }: { family: Family }) {
  const [status, setStatus] = useState<ListStatus | ''>('');
  const [account, setAccount] = useState('');
  const [applied, setApplied] = useState({ status: '' as ListStatus | '', account: '' });
  const paging = usePaging(`${family.path}|${applied.status}|${applied.account}`);
  const loaded = useApi(
    () => family.list({ status: applied.status || undefined, account_ref: applied.account || undefined, page_token: paging.token }),
    [family.path, applied.status, applied.account, paging.token],
  );
  const access = useAccess();
  return (
    <Page title={family.label}>
      {family.path === '/withdrawals' && access.can('withdrawals.create') ? <WithdrawalForm onCreated={loaded.reload} /> : null}
      {family.path === '/internal-transfers' && access.can('transfers.create') ? <TransferForm onCreated={loaded.reload} /> : null}
      {family.path === '/conversions' && access.can('conversions.create') ? <ConversionForm onCreated={loaded.reload} /> : null}
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied({ status, account: account.trim() });
        }}
      >
        <Field label="Status">
          {(id) => (
            <select id={id} value={status} onChange={(e) => setStatus(e.target.value as ListStatus | '')}>
              <option value="">Any</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Account" hint="client-accounts/<id> or master-accounts/<id>">
          {(id, hint) => <input id={id} aria-describedby={hint} value={account} onChange={(e) => setAccount(e.target.value)} placeholder="client-accounts/…" />}
        </Field>
        <button type="submit">Apply filters</button>
      </form>
      <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty={`No ${family.label.toLowerCase()} match.`}>
        {(data) => (
          <>
            <Table<AnyRecord>
              caption={family.label}
              rows={data.items}
              rowKey={(r) => r.id}
              columns={[
                { header: 'Created', cell: (r) => <When iso={r.created_at} /> },
                { header: 'Amount', cell: (r) => <Money amount={r.principal_amount} /> },
                { header: 'Account', cell: (r) => <Ref value={r.account_ref} /> },
                { header: 'Status', cell: (r) => <Status value={r.status} /> },
                {
                  header: 'Details',
                  cell: (r) => (
                    <Link href={`${family.path}/${r.id}`}>
                      Open<span className="visually-hidden"> {family.singular.toLowerCase()} {r.id}</span>
                    </Link>
                  ),
                },
              ]}
            />
            <Pager page={paging.page} nextToken={data.next_page_token} onNext={paging.next} onPrevious={paging.previous} />
          </>
        )}
      </Loader>
    </Page>
  );
}
