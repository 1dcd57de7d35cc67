import { useState } from 'react';
import { Link } from 'wouter';
import { newIdempotencyKey, problemOf, type Problem, type Schemas } from '../../../../clients/typescript/index';
import { useAccess } from '../../lib/access';
import { useApi, usePaging } from '../../lib/hooks';
import { createTransfer, listAccountsWithBalances } from './api/balances';
import { formatAmount, sumAmounts, usePrecisions } from '../../lib/money';
import { Field, Loader, Notice, Page, Pager, ProblemView, Ref, Status, Table } from '../../components/ui';

type Account = Schemas['ClientAccount'];

type Balance = Pick<Schemas['BalanceItem'], 'asset' | 'available' | 'held' | 'total'>;

/** Available, held and total per asset, each amount in the locale with the asset's decimals. */
function BalanceTable({ caption, rows }: { caption: string; rows: Balance[] }) {
  const precisions = usePrecisions();
  const amount = (b: Balance, value: string) => <span className="money">{formatAmount(value, precisions?.get(b.asset))}</span>;
  if (rows.length === 0) return <p className="empty">No balance yet.</p>;
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

/**
 * An internal transfer. One Idempotency-Key per intended transfer: a resubmission after a lost answer
 * reuses it (and gets the first answer back); any change of the form makes it a new transfer.
 */
function TransferForm({ accounts }: { accounts: Account[] }) {
  const [form, setForm] = useState({ source: '', target: '', value: '', currency: 'USDC' });
  const [key, setKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState<Schemas['InternalTransferRecord'] | null>(null);
  const change = (field: keyof typeof form, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setKey(newIdempotencyKey());
    setDone(null);
  };
  const submit = async () => {
    setBusy(true);
    setProblem(null);
    const res = await createTransfer(key, {
      source_ref: form.source,
      target_ref: form.target,
      amount: { currency: form.currency.trim().toUpperCase(), value: form.value.trim() },
    }).catch((err: unknown) => ({ data: undefined, error: err, response: undefined }));
    setBusy(false);
    if (res.data) {
      setDone(res.data);
      setKey(newIdempotencyKey());
    } else setProblem(problemOf(res.error, res.response));
  };
  return (
    <form
      className="card form"
      aria-labelledby="transfer-title"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id="transfer-title">Move funds between accounts</h2>
      <Field label="From account">
        {(id) => (
          <select id={id} required value={form.source} onChange={(e) => change('source', e.target.value)}>
            <option value="">Choose…</option>
            {accounts.map((a) => (
              <option key={a.id} value={`client-accounts/${a.id}`}>
                {a.display_name} ({a.id.slice(0, 8)})
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="To account">
        {(id) => (
          <select id={id} required value={form.target} onChange={(e) => change('target', e.target.value)}>
            <option value="">Choose…</option>
            {accounts.map((a) => (
              <option key={a.id} value={`client-accounts/${a.id}`}>
                {a.display_name} ({a.id.slice(0, 8)})
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Amount" hint="A decimal, e.g. 125.50">
        {(id, hint) => <input id={id} aria-describedby={hint} inputMode="decimal" pattern="[0-9]+(\.[0-9]+)?" required value={form.value} onChange={(e) => change('value', e.target.value)} />}
      </Field>
      <Field label="Asset">
        {(id) => <input id={id} required value={form.currency} onChange={(e) => change('currency', e.target.value)} />}
      </Field>
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Sending…' : 'Transfer'}
      </button>
      {problem ? <ProblemView problem={problem} /> : null}
      <Notice
        tone="success"
        message={done ? `Transfer ${done.id} is ${done.status.replace(/_/g, ' ')}.` : null}
      />
      {done ? <Link href={`/internal-transfers/${done.id}`}>Open the transfer</Link> : null}
    </form>
  );
}

export function BalancesPage() {
  const access = useAccess();
  const paging = usePaging('accounts');
  const loaded = useApi(() => listAccountsWithBalances(paging.token), [paging.token]);
  return (
    <Page title="Balances">
      <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty="No client accounts in your reach.">
        {(data) => (
          <>
            {access.can('transfers.create') ? <TransferForm accounts={data.items.map((i) => i.account)} /> : null}
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
