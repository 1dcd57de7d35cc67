import { useState } from 'react';
import type { Schemas } from '../../../../clients/typescript/index';
import { useAccess } from '../../lib/access';
import { attachmentName, saveFile } from '../../lib/download';
import { dataOf, useSteps } from '../../lib/forms';
import { useApi } from '../../lib/hooks';
import { formatAmount, usePrecisions } from '../../lib/money';
import { pollInterval } from '../../lib/poll';
import { AccountSelect } from '../../components/forms';
import { Field, Loader, Money, Notice, Page, ProblemView, Ref, Status, Table, When } from '../../components/ui';
import {
  createStatementExport,
  downloadStatementExport,
  getBalanceAsOf,
  getStatementPage,
  getWholeStatement,
  listStatementExports,
  loadStatementChoices,
  type Period,
} from './api/statements';
import { statementCsv, statementCsvName } from './csv';

type Statement = Schemas['Statement'];
type Entry = Schemas['StatementEntry'];
type Export = Schemas['Export'];
type Asset = Period['asset'];

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** The form's dates (UTC days) as the API's period: from the start of the first day to the end of the last, never past now. */
function periodOf(form: { account: string; asset: Asset; from: string; to: string }): Period {
  const end = new Date(`${form.to}T23:59:59.999Z`);
  const now = new Date();
  return { accountRef: form.account, asset: form.asset, from: `${form.from}T00:00:00.000Z`, to: (end > now ? now : end).toISOString() };
}

function Balances({ title, balance, asset }: { title: string; balance: Schemas['BalanceItem']; asset: string }) {
  return (
    <>
      <dt>{title}</dt>
      <dd>
        <Money amount={{ currency: asset, value: balance.total }} /> <span className="muted">(held <Money amount={{ currency: asset, value: balance.held }} />)</span>
      </dd>
    </>
  );
}

function StatementView({ statement, onDownload, busy }: { statement: Statement; onDownload: () => void; busy: boolean }) {
  const precisions = usePrecisions();
  const amount = (value: string) => <span className="money">{formatAmount(value, precisions?.get(statement.asset))}</span>;
  return (
    <section className="card" aria-labelledby="statement-title">
      <header>
        <h2 id="statement-title">
          Statement in {statement.asset}
        </h2>
        <button type="button" disabled={busy} onClick={onDownload}>
          Download the statement (CSV)
        </button>
      </header>
      <dl className="facts">
        <dt>Account</dt>
        <dd>
          <Ref value={statement.account_ref} />
        </dd>
        <dt>Period</dt>
        <dd>
          <When iso={statement.from} /> to <When iso={statement.to} />
        </dd>
        <Balances title="Opening balance" balance={statement.opening_balance} asset={statement.asset} />
        <Balances title="Closing balance" balance={statement.closing_balance} asset={statement.asset} />
      </dl>
      {statement.entries.length === 0 ? (
        <p className="empty">No entry in this period.</p>
      ) : (
        <Table<Entry>
          caption="Statement entries"
          rows={statement.entries}
          rowKey={(e) => `${e.transaction_id}|${e.booked_at}|${e.amount}`}
          columns={[
            { header: 'Booked', cell: (e) => <When iso={e.booked_at} /> },
            { header: 'Kind', cell: (e) => e.kind.replace(/_/g, ' ') },
            { header: 'Amount', cell: (e) => amount(e.amount) },
            { header: 'Balance after', cell: (e) => amount(e.balance_after) },
          ]}
        />
      )}
      {statement.next_page_token ? <p className="muted">The first 200 entries are shown; the download has them all.</p> : null}
    </section>
  );
}

/** What the account held at one moment, from the ledger's history. */
function BalanceAsOf({ accountRef, asset }: { accountRef: string; asset: Asset }) {
  const [asOf, setAsOf] = useState('');
  const [result, setResult] = useState<{ at: string; balance: Schemas['BalanceItem'] | null } | null>(null);
  const { problem, run } = useSteps();
  const look = () =>
    run(async () => {
      const at = new Date(asOf).toISOString();
      const balances = dataOf(await getBalanceAsOf(accountRef, asset, at));
      setResult({ at, balance: balances.items.find((b) => b.asset === asset) ?? null });
    });
  return (
    <form
      className="card form"
      aria-labelledby="as-of-title"
      onSubmit={(e) => {
        e.preventDefault();
        void look();
      }}
    >
      <h2 id="as-of-title">Balance at a moment</h2>
      <Field label="As of" hint="Your local time">
        {(id, hint) => <input id={id} type="datetime-local" step="1" aria-describedby={hint} required value={asOf} onChange={(e) => setAsOf(e.target.value)} />}
      </Field>
      <button type="submit">Show the balance</button>
      {problem ? <ProblemView problem={problem} /> : null}
      {result ? (
        <dl className="facts">
          <dt>As of</dt>
          <dd>
            <When iso={result.at} />
          </dd>
          {result.balance ? (
            <>
              <dt>Available</dt>
              <dd>
                <Money amount={{ currency: asset, value: result.balance.available }} />
              </dd>
              <dt>Held</dt>
              <dd>
                <Money amount={{ currency: asset, value: result.balance.held }} />
              </dd>
              <dt>Total</dt>
              <dd>
                <Money amount={{ currency: asset, value: result.balance.total }} />
              </dd>
            </>
          ) : (
            <>
              <dt>Balance</dt>
              <dd>None in {asset} then.</dd>
            </>
          )}
        </dl>
      ) : null}
    </form>
  );
}

/** The statement exports in reach: each waits `queued`/`running` until the worker has written its file. */
function Exports({ version }: { version: number }) {
  const loaded = useApi(listStatementExports, [version], { pollMs: pollInterval(1000), poll: (d) => d.items.some((x) => x.status === 'queued' || x.status === 'running') });
  const { problem, run } = useSteps();
  const download = (x: Export) =>
    run(async () => {
      const res = await downloadStatementExport(x.id);
      saveFile(dataOf(res), attachmentName(res.response, `${x.id}.${x.format}`));
    });
  return (
    <section className="card" aria-labelledby="exports-title">
      <h2 id="exports-title">CSV exports</h2>
      {problem ? <ProblemView problem={problem} /> : null}
      <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty="No export yet.">
        {(data) => (
          <Table<Export>
            caption="Statement exports"
            rows={data.items}
            rowKey={(x) => x.id}
            columns={[
              { header: 'Created', cell: (x) => <When iso={x.created_at} /> },
              { header: 'Account', cell: (x) => <Ref value={x.scope_ref} /> },
              { header: 'Asset', cell: (x) => x.asset ?? '—' },
              { header: 'Status', cell: (x) => <Status value={x.status} /> },
              { header: 'Rows', cell: (x) => (x.row_count === null ? '—' : x.row_count.toLocaleString()) },
              {
                header: 'File',
                cell: (x) =>
                  x.status === 'completed' ? (
                    <button type="button" onClick={() => void download(x)}>
                      Download<span className="visually-hidden"> the export of {x.created_at}</span>
                    </button>
                  ) : (
                    (x.failure_reason ?? '—')
                  ),
              },
            ]}
          />
        )}
      </Loader>
    </section>
  );
}

/** Statements of an account over a period (shown, downloadable), the balance at a moment, and CSV exports made by the worker. */
export function StatementsPage() {
  const access = useAccess();
  const choices = useApi(loadStatementChoices, []);
  const [form, setForm] = useState({ account: '', asset: 'USDC' as Asset, from: daysAgo(7), to: today() });
  const [period, setPeriod] = useState<Period | null>(null);
  const [exportsVersion, setExportsVersion] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const statement = useApi(() => (period ? getStatementPage(period) : Promise.resolve({ data: null, response: new Response() })), [period]);
  const change = (field: keyof typeof form, value: string) => setForm((f) => ({ ...f, [field]: value }));
  const { busy, problem, run: runStep } = useSteps();
  const run = (step: (p: Period) => Promise<void>) => (period ? runStep(() => step(period)) : Promise.resolve());
  const download = () =>
    run(async (p) => {
      const whole = dataOf(await getWholeStatement(p));
      saveFile(new Blob([statementCsv(whole)], { type: 'text/csv' }), statementCsvName(whole));
    });
  const exportIt = () =>
    run(async (p) => {
      dataOf(await createStatementExport(p));
      setNotice('The export is queued: it appears below, and can be downloaded once completed.');
      setExportsVersion((v) => v + 1);
    });

  return (
    <Page title="Statements">
      <Loader loaded={choices} isEmpty={(d) => d.accounts.length === 0} empty="No client accounts in your reach.">
        {({ accounts, assets }) => (
          <>
            <form
              className="filters"
              aria-label="Statement period"
              onSubmit={(e) => {
                e.preventDefault();
                setNotice(null);
                setPeriod(periodOf(form));
              }}
            >
              <AccountSelect label="Account" accounts={accounts} value={form.account} onChange={(v) => change('account', v)} />
              <Field label="Asset">
                {(id) => (
                  <select id={id} value={form.asset} onChange={(e) => change('asset', e.target.value)}>
                    {assets.map((a) => (
                      <option key={a} value={a}>
                        {a}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label="From (UTC day)">{(id) => <input id={id} type="date" required max={form.to} value={form.from} onChange={(e) => change('from', e.target.value)} />}</Field>
              <Field label="To (UTC day)">{(id) => <input id={id} type="date" required max={today()} value={form.to} onChange={(e) => change('to', e.target.value)} />}</Field>
              <button type="submit">Show the statement</button>
            </form>
            {period ? (
              <Loader loaded={statement}>
                {(s) =>
                  s ? (
                    <>
                      <StatementView statement={s} busy={busy} onDownload={() => void download()} />
                      {access.can('exports.create') ? (
                        <p>
                          <button type="button" disabled={busy} onClick={() => void exportIt()}>
                            Create a CSV export of this period
                          </button>
                        </p>
                      ) : null}
                    </>
                  ) : null
                }
              </Loader>
            ) : null}
            {problem ? <ProblemView problem={problem} /> : null}
            <Notice tone="success" message={notice} />
            {period ? <BalanceAsOf accountRef={period.accountRef} asset={period.asset} /> : null}
          </>
        )}
      </Loader>
      {access.can('exports.read') ? <Exports version={exportsVersion} /> : null}
    </Page>
  );
}
