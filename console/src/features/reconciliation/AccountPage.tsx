import { useState } from 'react';
import { Link } from 'wouter';
import { problemOf, type SdkProblem as Problem } from '../../../../clients/typescript/index';
import { useAccess } from '../../lib/access';
import { useApi, usePaging } from '../../lib/hooks';
import { subjectRef } from '../../lib/names';
import { Loader, Money, Notice, Page, Pager, ProblemView, Ref, Status, Table, When } from '../../components/ui';
import { closeDay, getAccount, loadDays, listRuns, runNow, type Break, type Period, type ReconciliationAccount, type Run } from './api/reconciliation';
import { ExpectedPayments } from './ExpectedPayments';
import { accountLabel, closeRefusal, duration, formatDay, span, utcDay } from './words';

/** How many days back the calendar reaches (from the account's first day): older days show when a break or a refusal names them. */
const WINDOW_DAYS = 14;

interface Day {
  day: string;
  closed: Period | null;
  live: number;
}

/**
 * The days to show, newest first: the recent ones since the account was made, every day with a live
 * break, days a refusal named, and the closed days from the oldest of them on.
 */
function daysOf(account: ReconciliationAccount, closed: Period[], live: Break[], named: string[]): Day[] {
  const first = account.created_at.slice(0, 10);
  const days = new Set<string>([...live.map((b) => b.period), ...named]);
  for (let n = 0; n < WINDOW_DAYS && utcDay(n) >= first; n++) days.add(utcDay(n));
  const oldest = [...days, utcDay(WINDOW_DAYS - 1)].sort()[0];
  for (const p of closed) if (p.period >= oldest) days.add(p.period);
  const closedBy = new Map(closed.map((p) => [p.period, p]));
  return [...days]
    .sort()
    .reverse()
    .map((day) => ({ day, closed: closedBy.get(day) ?? null, live: live.filter((b) => b.period === day).length }));
}

function Days({ account, manage, onClosed }: { account: ReconciliationAccount; manage: boolean; onClosed: () => void }) {
  const loaded = useApi(() => loadDays(account.id), [account.id, account.etag]);
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const [named, setNamed] = useState<string[]>([]);
  const [closing, setClosing] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const today = utcDay();

  const close = async (day: string) => {
    setClosing(day);
    setProblem(null);
    setRefusals((r) => ({ ...r, [day]: '' }));
    try {
      const res = await closeDay(account.id, day);
      if (res.data) {
        loaded.reload();
        onClosed();
        return;
      }
      const refused = problemOf(res.error, res.response);
      if (refused.status !== 409) return setProblem(refused);
      setRefusals((r) => ({ ...r, [day]: closeRefusal(refused) }));
      // The day that must close first joins the list, with its own Close button.
      const earliest = (refused as { earliest_open?: unknown }).earliest_open;
      if (typeof earliest === 'string') setNamed((n) => (n.includes(earliest) ? n : [...n, earliest]));
      if (refused.reason === 'period_closed') loaded.reload();
    } finally {
      setClosing(null);
    }
  };

  return (
    <section aria-labelledby="days">
      <h2 id="days">Days</h2>
      <p className="muted">
        One UTC day at a time: a day closes once it is over, a run has read the account after its end plus the lag, none of its breaks is live, and every earlier day with activity is
        closed. {account.reconciled_through ? `Reconciled up to and including ${formatDay(account.reconciled_through)}.` : 'No day is closed yet.'}
      </p>
      {problem ? <ProblemView problem={problem} /> : null}
      <Loader loaded={loaded}>
        {(data) => (
          <Table<Day>
            caption={`Days of ${accountLabel(account)}`}
            rows={daysOf(account, data.closed, data.live, named)}
            rowKey={(d) => d.day}
            columns={[
              { header: 'Day', cell: (d) => <time dateTime={d.day}>{formatDay(d.day, 'full')}</time> },
              {
                header: 'State',
                cell: (d) =>
                  // One element per cell: on a phone the cell is a grid of its label and its content.
                  d.closed ? (
                    <span>
                      <Status value="closed" /> by <Ref value={subjectRef(d.closed.closed_by.subject)} /> · <When iso={d.closed.closed_at} />
                    </span>
                  ) : d.day >= today ? (
                    <span>
                      <Status value="open" /> <span className="muted">not over yet</span>
                    </span>
                  ) : (
                    <Status value="open" />
                  ),
              },
              {
                header: 'Live breaks',
                cell: (d) =>
                  d.live ? (
                    <Link href={`/reconciliation?account=${account.id}&day=${d.day}&snoozed=true`}>
                      {d.live} live {d.live === 1 ? 'break' : 'breaks'}
                    </Link>
                  ) : (
                    <span className="muted">none</span>
                  ),
              },
              {
                header: 'Close',
                cell: (d) =>
                  d.closed || d.day >= today || !manage ? (
                    <span className="muted">—</span>
                  ) : (
                    <div>
                      <button type="button" disabled={closing !== null} onClick={() => void close(d.day)} aria-label={`Close ${formatDay(d.day)}`}>
                        {closing === d.day ? 'Closing…' : 'Close'}
                      </button>
                      <p className="refusal" role="status">
                        {refusals[d.day] ?? ''}
                      </p>
                    </div>
                  ),
              },
            ]}
          />
        )}
      </Loader>
    </section>
  );
}

const TRIGGERS: Record<Run['trigger'], string> = { schedule: 'On its schedule', manual: 'Started by hand' };

function Runs({ account, version }: { account: ReconciliationAccount; version: number }) {
  const paging = usePaging(account.id);
  const loaded = useApi(() => listRuns(account.id, paging.token), [account.id, paging.token, version]);
  return (
    <section aria-labelledby="runs">
      <h2 id="runs">Run log</h2>
      <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty="No run yet.">
        {(data) => (
          <>
            <Table<Run>
              caption={`Runs of ${accountLabel(account)}, newest first`}
              rows={data.items}
              rowKey={(r) => r.id}
              columns={[
                { header: 'Read at', cell: (r) => <When iso={r.read_at} /> },
                { header: 'Trigger', cell: (r) => TRIGGERS[r.trigger] },
                { header: 'Statement lines', cell: (r) => `${r.lines_added} new, ${r.lines_considered} compared` },
                { header: 'Ledger transactions', cell: (r) => `${r.transactions_considered} compared` },
                { header: 'Matched', cell: (r) => r.matched },
                { header: 'Breaks', cell: (r) => `${r.breaks_opened} opened, ${r.breaks_resolved} resolved, ${r.breaks_open} live` },
                { header: 'Provider balance', cell: (r) => <Money amount={r.provider_balance} /> },
                { header: 'Statement adds up to', cell: (r) => <Money amount={r.statement_balance} /> },
                { header: 'Ledger moved', cell: (r) => <Money amount={r.ledger_total} /> },
                { header: 'Took', cell: (r) => duration(r.duration_ms) },
              ]}
            />
            <Pager page={paging.page} nextToken={data.next_page_token} onNext={paging.next} onPrevious={paging.previous} />
          </>
        )}
      </Loader>
    </section>
  );
}

/** One reconciled account: what it is, its days (closed by whom, or open with their live breaks), the payments expected on it and its run log. */
export function AccountPage({ id }: { id: string }) {
  const access = useAccess();
  const manage = access.can('reconciliation.manage');
  const loaded = useApi(() => getAccount(id), [id]);
  const [version, setVersion] = useState(0);
  const [running, setRunning] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  const run = async () => {
    setRunning(true);
    setProblem(null);
    setNotice(null);
    try {
      const res = await runNow(id);
      if (!res.data) return setProblem(problemOf(res.error, res.response));
      setNotice(res.response.status === 202 ? 'The run is still going: it shows in the log when it ends.' : 'The run finished.');
      setVersion((v) => v + 1);
      loaded.reload();
    } finally {
      setRunning(false);
    }
  };

  const a = loaded.data;
  return (
    <Page
      title={a ? accountLabel(a) : 'Reconciled account'}
      actions={
        <div className="row-actions">
          <Link href={`/reconciliation?account=${id}`}>Breaks of this account</Link>
          {manage ? (
            <button type="button" disabled={running} onClick={() => void run()}>
              {running ? 'Running…' : 'Run now'}
            </button>
          ) : null}
        </div>
      }
    >
      <Notice message={notice} tone="success" />
      {problem ? <ProblemView problem={problem} /> : null}
      <Loader loaded={loaded}>
        {(account) => (
          <>
            <dl className="facts">
              <dt>Rail</dt>
              <dd>{account.rail}</dd>
              <dt>Address</dt>
              <dd>
                <code className="address">{account.address}</code>
              </dd>
              <dt>Statements</dt>
              <dd>{account.statement_source === 'provider' ? 'Pulled from the provider at every run' : 'Imported from files'}</dd>
              <dt>Provider balance</dt>
              <dd>
                {account.provider_balance ? (
                  <>
                    <Money amount={account.provider_balance} /> at <When iso={account.provider_balance_at} />
                  </>
                ) : (
                  <span className="muted">not pulled yet</span>
                )}
              </dd>
              <dt>Runs</dt>
              <dd>
                every {span(account.interval_seconds)}; the provider may report up to {span(account.lag_seconds)} late
              </dd>
            </dl>
            <Days account={account} manage={manage} onClosed={loaded.reload} />
            <ExpectedPayments account={account} manage={manage} />
            <Runs account={account} version={version} />
          </>
        )}
      </Loader>
    </Page>
  );
}
