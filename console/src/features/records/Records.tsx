import { useState } from 'react';
import { Link } from 'wouter';
import type { Schemas } from '../../../../clients/typescript';
import { useSettings, workflowUrl } from '../../lib/access';
import { useApi, usePaging } from '../../lib/hooks';
import { api } from '../../lib/session';
import { Field, Loader, Money, Page, Pager, Ref, Status, Table, When } from '../../components/ui';
import { STATUSES, TERMINAL, type AnyRecord, type ConversionRecord, type Family, type RecordStatus, type TransferRecord, type WithdrawalRecord } from './families';

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

/** One record: its facts, policy decision, approval, status history and workflow; refreshed until it is final. */
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
              <h2>Status history</h2>
              <History resourceRef={`${family.path.slice(1)}/${id}`} version={r.status} />
            </div>
          );
        }}
      </Loader>
    </Page>
  );
}
