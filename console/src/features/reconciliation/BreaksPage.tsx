import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { useApi } from '../../lib/hooks';
import { usePrecisions } from '../../lib/money';
import { subjectRef } from '../../lib/names';
import { Field, Loader, Notice, Page, Pager, Ref, Status, When } from '../../components/ui';
import { listAccounts, listBreaks, type Break, type BreakKind, type BreakStatus, type ReconciliationAccount } from './api/reconciliation';
import { BreakEvidence } from './BreakEvidence';
import { differenceInWords, signedAmount } from './amounts';
import { KIND_LABELS, RESOLUTIONS, STATUS_CHOICES, accountLabel, formatDay, isLive, kindOf } from './words';

const PAGE_SIZE = 25;

function BreakCard({ brk, account, accounts, onDecided }: { brk: Break; account: ReconciliationAccount | undefined; accounts: ReconciliationAccount[]; onDecided: (b: Break) => void }) {
  const precisions = usePrecisions();
  const heading = useRef<HTMLHeadingElement>(null);
  // Each card opens on its own: opening one never folds another, which would move this one under the cursor.
  const [expanded, setExpanded] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; n: number } | null>(null);
  // Once the decision has rendered (its dialog gone), the keyboard stays on the decided break's heading.
  useEffect(() => {
    if (outcome) heading.current?.focus();
  }, [outcome]);
  const reference = typeof brk.detail.reference === 'string' ? brk.detail.reference : null;
  const label = account ? accountLabel(account, accounts) : 'An account no longer listed';
  return (
    <article className="card break" aria-labelledby={`break-${brk.id}`}>
      <header>
        <h2 id={`break-${brk.id}`} ref={heading} tabIndex={-1}>
          {kindOf(brk)} · <span className="money">{signedAmount(brk.difference.value, brk.difference.currency, precisions)}</span>
        </h2>
        <Status value={brk.status} />
      </header>
      <p>{differenceInWords(brk.difference, precisions)}.</p>
      <dl className="facts">
        <dt>Account</dt>
        <dd>{account ? <Link href={`/reconciliation/accounts/${account.id}`}>{label}</Link> : label}</dd>
        <dt>Day</dt>
        <dd>{formatDay(brk.period)}</dd>
        {reference ? (
          <>
            <dt>Reference</dt>
            <dd>
              <code>{reference}</code>
            </dd>
          </>
        ) : null}
        <dt>Found</dt>
        <dd>
          <When iso={brk.created_at} />
        </dd>
        {brk.snoozed_until && Date.parse(brk.snoozed_until) > Date.now() ? (
          <>
            <dt>Snoozed until</dt>
            <dd>
              <When iso={brk.snoozed_until} />
            </dd>
          </>
        ) : null}
        {brk.decided_by ? (
          <>
            <dt>{brk.status === 'accepted' ? 'Accepted by' : 'Resolved by'}</dt>
            <dd>
              <Ref value={subjectRef(brk.decided_by.subject)} /> · <When iso={brk.decided_at} />
            </dd>
          </>
        ) : null}
        {brk.resolution ? (
          <>
            <dt>Resolution</dt>
            <dd>{RESOLUTIONS[brk.resolution]}</dd>
          </>
        ) : null}
        {brk.note ? (
          <>
            <dt>Note</dt>
            <dd>{brk.note}</dd>
          </>
        ) : null}
      </dl>
      <div className="actions">
        <button type="button" aria-expanded={expanded} aria-controls={`evidence-${brk.id}`} onClick={() => setExpanded((e) => !e)}>
          {expanded ? 'Hide the evidence' : 'Evidence and decision'}
        </button>
      </div>
      <Notice message={outcome?.text ?? null} tone="success" />
      {expanded ? (
        <BreakEvidence
          id={`evidence-${brk.id}`}
          brk={brk}
          accountLabel={label}
          onDecided={(b) => {
            onDecided(b);
            const snoozed = b.snoozed_until && Date.parse(b.snoozed_until) > Date.now();
            setOutcome((o) => ({ text: `The break is now ${b.status}${snoozed ? ', snoozed' : ''}.`, n: (o?.n ?? 0) + 1 }));
          }}
        />
      ) : null}
    </article>
  );
}

/**
 * The breaks inbox: what the runs could not explain, newest first, filtered by account, kind, status
 * and day (the filters live in the address, so a day's link opens its breaks). A break decided here
 * keeps its place, with its new status, until the filters change or the list is refreshed.
 */
export function BreaksPage() {
  const [params, setParams] = useSearchParams();
  const filter = {
    accountId: params.get('account') ?? '',
    kind: (params.get('kind') ?? '') as BreakKind | '',
    status: (params.get('status') ?? 'live') as BreakStatus | 'live',
    period: params.get('day') ?? '',
    includeSnoozed: params.get('snoozed') === 'true',
  };
  const key = JSON.stringify(filter);
  const [refreshed, setRefreshed] = useState(0);
  const accounts = useApi(listAccounts, []);
  const loaded = useApi(() => listBreaks({ ...filter, kind: filter.kind || undefined }), [key, refreshed]);
  const [decided, setDecided] = useState<{ key: string; breaks: Record<string, Break> }>({ key, breaks: {} });
  const [page, setPage] = useState(1);
  useEffect(() => {
    setDecided({ key, breaks: {} });
    setPage(1);
  }, [key, refreshed]);

  const set = (name: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const all = accounts.data?.items ?? [];
  const byId = new Map(all.map((a) => [a.id, a]));
  const overlay = decided.key === key ? decided.breaks : {};

  return (
    <Page
      title="Reconciliation breaks"
      actions={
        <div className="row-actions">
          <Link href="/reconciliation/accounts">Reconciled accounts</Link>
          <button type="button" onClick={() => setRefreshed((n) => n + 1)}>
            Refresh
          </button>
        </div>
      }
    >
      <form className="filters" aria-label="Filter the breaks" onSubmit={(e) => e.preventDefault()}>
        <Field label="Account">
          {(id) => (
            <select id={id} value={filter.accountId} onChange={(e) => set('account', e.target.value)}>
              <option value="">Every account</option>
              {all.map((a) => (
                <option key={a.id} value={a.id}>
                  {accountLabel(a, all)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Kind">
          {(id) => (
            <select id={id} value={filter.kind} onChange={(e) => set('kind', e.target.value)}>
              <option value="">Any kind</option>
              {Object.entries(KIND_LABELS).map(([k, label]) => (
                <option key={k} value={k}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Status">
          {(id) => (
            <select id={id} value={filter.status} onChange={(e) => set('status', e.target.value === 'live' ? '' : e.target.value)}>
              {STATUS_CHOICES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Day (UTC)">{(id) => <input id={id} type="date" value={filter.period} onChange={(e) => set('day', e.target.value)} />}</Field>
        <label className="check">
          <input type="checkbox" checked={filter.includeSnoozed} onChange={(e) => set('snoozed', e.target.checked ? 'true' : '')} /> Include snoozed breaks
        </label>
      </form>
      <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty={
          accounts.data?.items.length === 0
            ? 'No provider account is reconciled yet (see Reconciled accounts).'
            : filter.status === 'live'
              ? 'No live break: every difference found is explained.'
              : 'No break matches.'
        }>
        {(data) => {
          const items = data.items.map((b) => overlay[b.id] ?? b);
          const decidedHere = filter.status === 'live' ? items.filter((b) => !isLive(b)).length : 0;
          const pages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
          const shown = items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
          return (
            <>
              <p className="muted">
                {items.length} {filter.status === 'live' ? 'live ' : ''}
                {items.length === 1 ? 'break' : 'breaks'}
                {data.truncated ? ' (the oldest are not shown: narrow the filters to see them)' : ''}, newest first.
                {decidedHere ? ` ${decidedHere} decided here ${decidedHere === 1 ? 'stays' : 'stay'} in place until you refresh.` : ''}
              </p>
              <ul className="break-list">
                {shown.map((b) => (
                  <li key={b.id}>
                    <BreakCard
                      brk={b}
                      account={byId.get(b.account_id)}
                      accounts={all}
                      onDecided={(updated) => setDecided((d) => ({ key, breaks: { ...(d.key === key ? d.breaks : {}), [updated.id]: updated } }))}
                    />
                  </li>
                ))}
              </ul>
              {pages > 1 ? <Pager page={page} nextToken={page < pages ? String(page + 1) : null} onNext={(p) => setPage(Number(p))} onPrevious={() => setPage((p) => Math.max(1, p - 1))} /> : null}
            </>
          );
        }}
      </Loader>
    </Page>
  );
}
