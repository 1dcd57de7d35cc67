import { useState } from 'react';
import { Link } from 'wouter';
import { problemOf, type Problem, type Schemas } from '../../../../clients/typescript';
import { useAccess, useSettings, workflowUrl } from '../../lib/access';
import { useApi, usePaging } from '../../lib/hooks';
import { api } from '../../lib/session';
import { Dialog, Field, Loader, Money, Notice, Page, Pager, ProblemView, Ref, Status, Table, When } from '../../components/ui';
import { STATUSES, TERMINAL, type AnyRecord, type ConversionRecord, type Family, type LedgerEntries, type RecordStatus, type TransferRecord, type WithdrawalRecord } from './families';

/** A family's records with filters (status, account) and keyset paging. */
export function RecordsPage({ family }: { family: Family }) {
  const [status, setStatus] = useState<RecordStatus | ''>('');
  const [account, setAccount] = useState('');
  const [applied, setApplied] = useState({ status: '' as RecordStatus | '', account: '' });
  const paging = usePaging(`${family.path}|${applied.status}|${applied.account}`);
  const loaded = useApi(
    () => family.list({ status: applied.status || undefined, account_ref: applied.account || undefined, page_token: paging.token }),
    [family.path, applied.status, applied.account, paging.token],
  );
  return (
    <Page title={family.label}>
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied({ status, account: account.trim() });
        }}
      >
        <Field label="Status">
          {(id) => (
            <select id={id} value={status} onChange={(e) => setStatus(e.target.value as RecordStatus | '')}>
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

function Destination({ id }: { id: string }) {
  const loaded = useApi(() => api.GET('/withdrawal-destinations/{destination_id}', { params: { path: { destination_id: id } } }), [id]);
  return (
    <Loader loaded={loaded}>
      {(d) => (
        <>
          {d.label} — <code className="ref">{d.crypto_routing.destination.address}</code> ({d.crypto_routing.network})
        </>
      )}
    </Loader>
  );
}

function FamilyFacts({ record }: { record: AnyRecord }) {
  if (record.family === 'withdrawal') {
    const w = record as WithdrawalRecord;
    return (
      <>
        <dt>Destination</dt>
        <dd>
          <Destination id={w.withdrawal_destination_id} />
        </dd>
        <dt>Rail reference</dt>
        <dd>{w.rail_reference ?? <span className="muted">—</span>}</dd>
      </>
    );
  }
  if (record.family === 'internal_transfer') {
    const t = record as TransferRecord;
    return (
      <>
        <dt>From</dt>
        <dd>
          <Ref value={t.family_params.source_ref} />
        </dd>
        <dt>To</dt>
        <dd>
          <Ref value={t.family_params.target_ref} />
        </dd>
      </>
    );
  }
  const c = record as ConversionRecord;
  return (
    <>
      <dt>Sells</dt>
      <dd>
        <Money amount={c.family_params.from_amount} />
      </dd>
      <dt>Buys</dt>
      <dd>
        <Money amount={c.family_params.to_amount} />
      </dd>
      <dt>Price</dt>
      <dd>{c.family_params.price}</dd>
    </>
  );
}

function History({ resourceRef, version }: { resourceRef: string; version: string }) {
  const loaded = useApi(() => api.GET('/events', { params: { query: { resource_ref: resourceRef, page_size: 100 } } }), [resourceRef, version]);
  return (
    <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty="No events recorded yet.">
      {(data) => (
        <ol className="history">
          {data.items.map((e) => (
            <li key={e.id}>
              <When iso={e.occurred_at} /> — <code>{e.type}</code>
              {(e.data as { status?: string } | undefined)?.status ? (
                <>
                  {' '}
                  → <Status value={(e.data as { status: string }).status} />
                </>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Loader>
  );
}

function ApprovalSummary({ approvalRef }: { approvalRef: string }) {
  const id = approvalRef.split('/')[1];
  const loaded = useApi(() => api.GET('/approvals/{approval_id}', { params: { path: { approval_id: id } } }), [id]);
  return (
    <Loader loaded={loaded}>
      {(a) => (
        <dl className="facts">
          <dt>Approval</dt>
          <dd>
            <Status value={a.status} /> <Ref value={approvalRef} />
          </dd>
          <dt>Needs</dt>
          <dd>
            {a.requirement_snapshot.required_human_approvals} approval(s) by <Ref value={a.requirement_snapshot.approver_role_ref} />
            {a.requirement_snapshot.initiator_cannot_approve ? ', never the initiator' : ''}
          </dd>
          <dt>Votes</dt>
          <dd>{a.votes.length ? a.votes.map((v) => `${v.verdict} by users/${v.principal.id}`).join('; ') : 'none yet'}</dd>
          <dt>Expires</dt>
          <dd>
            <When iso={a.expires_at} />
          </dd>
        </dl>
      )}
    </Loader>
  );
}

type LedgerHold = LedgerEntries['holds'][number];
type LedgerTransaction = LedgerEntries['transactions'][number];
type LedgerRow = { transaction: LedgerTransaction; posting: LedgerTransaction['postings'][number]; index: number };

/** What the record did to the ledger: its holds, and each transaction's postings (debits and credits). */
function LedgerEffects({ family, id, version }: { family: Family; id: string; version: string }) {
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

/** Cancel, with a confirmation, for a person allowed to create the family's records, while the record can still be cancelled. */
function CancelRecord({ family, record, onCancelled }: { family: Family; record: AnyRecord; onCancelled: () => void }) {
  const access = useAccess();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const noun = family.singular.toLowerCase();
  const cancel = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const res = await family.cancel(record.id);
      if (!res.data) throw problemOf(res.error, res.response);
      setOpen(false);
      setNotice(`The ${noun} is now ${res.data.status.replace(/_/g, ' ')}.`);
      onCancelled();
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  };
  const offered = access.can(family.cancelPermission) && family.cancellable.has(record.status);
  return (
    <>
      <Notice message={notice} tone="success" />
      {offered ? (
        <div className="actions">
          <button type="button" className="danger" onClick={() => setOpen(true)}>
            Cancel the {noun}…
          </button>
        </div>
      ) : null}
      <Dialog title={`Cancel the ${noun}`} open={open} onClose={() => !busy && setOpen(false)}>
        <p>
          Cancel the {noun} of <Money amount={record.principal_amount} /> from <Ref value={record.account_ref} />?
        </p>
        <p className="muted">Its pending approval is cancelled with it and the held funds return to the account.</p>
        {problem ? <ProblemView problem={problem} onReload={onCancelled} /> : null}
        <div className="actions">
          <button type="button" className="danger" disabled={busy} onClick={() => void cancel()}>
            {busy ? 'Working…' : `Yes, cancel the ${noun}`}
          </button>
          <button type="button" disabled={busy} onClick={() => setOpen(false)}>
            Keep it
          </button>
        </div>
      </Dialog>
    </>
  );
}

/** One record: its facts, policy decision, approval, ledger effects, status history and workflow; refreshed until it is final. */
export function RecordDetailPage({ family, id }: { family: Family; id: string }) {
  const settings = useSettings();
  const loaded = useApi(() => family.get(id), [family.path, id], { pollMs: 1500, poll: (r) => !TERMINAL.has(r.status) });
  const link = workflowUrl(settings, family.workflowId(id));
  return (
    <Page title={family.singular}>
      <p>
        <Link href={family.path}>← All {family.label.toLowerCase()}</Link>
      </p>
      <Loader loaded={loaded}>
        {(r) => {
          const decision = (r as { policy_decision?: Schemas['PolicyDecision'] }).policy_decision;
          return (
            <div className="detail">
              <CancelRecord family={family} record={r} onCancelled={loaded.reload} />
              <dl className="facts">
                <dt>Status</dt>
                <dd>
                  <Status value={r.status} />
                  {r.failure_reason ? <span className="muted"> ({r.failure_reason})</span> : null}
                </dd>
                <dt>Amount</dt>
                <dd>
                  <Money amount={r.principal_amount} />
                </dd>
                <dt>Fees</dt>
                <dd>
                  <Money amount={r.fee_summary.total} />
                </dd>
                <dt>Account</dt>
                <dd>
                  <Ref value={r.account_ref} />
                </dd>
                <FamilyFacts record={r} />
                <dt>Initiated by</dt>
                <dd>
                  {r.subject_attribution.subject.kind}s/{r.subject_attribution.subject.id}
                </dd>
                <dt>Created</dt>
                <dd>
                  <When iso={r.created_at} />
                </dd>
                <dt>Settled</dt>
                <dd>
                  <When iso={r.settled_at} />
                </dd>
                <dt>Workflow</dt>
                <dd>
                  {link ? (
                    <a href={link} target="_blank" rel="noreferrer">
                      {family.workflowId(id)} in the Temporal UI
                    </a>
                  ) : (
                    <code>{family.workflowId(id)}</code>
                  )}
                </dd>
              </dl>
              <h2>Policy decision</h2>
              {decision ? (
                <dl className="facts">
                  <dt>Effect</dt>
                  <dd>
                    <Status value={decision.effect} />
                  </dd>
                  <dt>Rule</dt>
                  <dd>{decision.rule_name ?? <span className="muted">no rule matched</span>}</dd>
                  <dt>Reason</dt>
                  <dd>
                    <code>{decision.reason_code}</code>
                  </dd>
                </dl>
              ) : (
                <p className="muted">No policy applies to this family.</p>
              )}
              <h2>Approval</h2>
              {r.approval_ref ? <ApprovalSummary approvalRef={r.approval_ref} /> : <p className="muted">No approval was needed.</p>}
              <h2>Ledger effects</h2>
              <LedgerEffects family={family} id={id} version={`${r.status}/${r.settled_at ?? ''}`} />
              <h2>Status history</h2>
              <History resourceRef={`${family.path.slice(1)}/${id}`} version={r.status} />
            </div>
          );
        }}
      </Loader>
    </Page>
  );
}
