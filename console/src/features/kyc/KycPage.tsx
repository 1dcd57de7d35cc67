import { useState } from 'react';
import { newIdempotencyKey, problemOf, type SdkProblem as Problem, type Schemas } from '../../../../clients/typescript/index';
import { useAccess } from '../../lib/access';
import { useApi, usePaging } from '../../lib/hooks';
import { Dialog, Field, Loader, Notice, Page, Pager, ProblemView, Ref, Status, Table, When } from '../../components/ui';
import { listClients, listDecisions, recordDecision, type KycStatus } from './api/kyc';

type Client = Schemas['Client'];

function Decisions({ clientId }: { clientId: string }) {
  const loaded = useApi(() => listDecisions(clientId), [clientId]);
  return (
    <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty="No decision recorded yet (the status is the one given at creation).">
      {(data) => (
        <ol className="history">
          {data.items.map((d) => (
            <li key={d.id}>
              <Status value={d.status} /> by {d.decided_by === 'operator' ? 'an operator' : 'the verification provider'}, <When iso={d.created_at} />
              {d.reason ? <> — {d.reason}</> : null}
            </li>
          ))}
        </ol>
      )}
    </Loader>
  );
}

/** An operator's decision: the outcome and a reason, behind a single-use action token. One Idempotency-Key per dialog. */
function DecideDialog({ client, onClose, onDecided }: { client: Client; onClose: () => void; onDecided: (c: string) => void }) {
  const [status, setStatus] = useState<KycStatus>(client.kyc_status === 'verified' ? 'rejected' : 'verified');
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const [key] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const decide = async () => {
    setBusy(true);
    setProblem(null);
    const res = await recordDecision(client.id, key, { status, reason: reason.trim(), reference: reference.trim() || undefined }).catch((err: unknown) => ({
      data: undefined,
      error: err,
      response: undefined,
    }));
    setBusy(false);
    if (res.data) onDecided(`${client.display_name} is now ${res.data.status}.`);
    else setProblem(problemOf(res.error, res.response));
  };
  return (
    <Dialog title={`Verification of ${client.display_name}`} open onClose={() => !busy && onClose()}>
      <p>
        Now <Status value={client.kyc_status} />. A single-use action token bound to you and this client is issued for the decision, which is audited.
      </p>
      <h3>Decisions so far</h3>
      <Decisions clientId={client.id} />
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void decide();
        }}
      >
        <Field label="Decision">
          {(id) => (
            <select id={id} value={status} onChange={(e) => setStatus(e.target.value as KycStatus)}>
              <option value="verified">Verified</option>
              <option value="rejected">Rejected</option>
              <option value="pending">Pending (verify again)</option>
            </select>
          )}
        </Field>
        <Field label="Reason" hint="Kept with the decision and in the audit log">
          {(id, hint) => <textarea id={id} aria-describedby={hint} required maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        <Field label="Reference (optional)" hint="The verification case's reference at your provider">
          {(id, hint) => <input id={id} aria-describedby={hint} maxLength={200} value={reference} onChange={(e) => setReference(e.target.value)} />}
        </Field>
        {problem ? <ProblemView problem={problem} /> : null}
        <div className="actions">
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Recording…' : 'Record the decision'}
          </button>
          <button type="button" disabled={busy} onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Clients with their verification state; an operator holding `kyc.decide` records a decision with a reason. */
export function KycPage() {
  const access = useAccess();
  const [filter, setFilter] = useState<KycStatus | ''>('');
  const paging = usePaging(filter);
  const loaded = useApi(() => listClients(filter, paging.token), [filter, paging.token]);
  const [deciding, setDeciding] = useState<Client | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Page title="Client verification">
      <form className="filters" onSubmit={(e) => e.preventDefault()}>
        <Field label="Verification">
          {(id) => (
            <select id={id} value={filter} onChange={(e) => setFilter(e.target.value as KycStatus | '')}>
              <option value="">Any</option>
              <option value="pending">Pending</option>
              <option value="verified">Verified</option>
              <option value="rejected">Rejected</option>
            </select>
          )}
        </Field>
      </form>
      <Notice tone="success" message={notice} />
      <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty="No client matches.">
        {(data) => (
          <>
            <Table<Client>
              caption="Clients and their verification"
              rows={data.items}
              rowKey={(c) => c.id}
              columns={[
                { header: 'Client', cell: (c) => <Ref value={`clients/${c.id}`} /> },
                { header: 'External id', cell: (c) => c.external_id },
                { header: 'Verification', cell: (c) => <Status value={c.kyc_status} /> },
                { header: 'Client status', cell: (c) => <Status value={c.status} /> },
                { header: 'Updated', cell: (c) => <When iso={c.updated_at} /> },
                {
                  header: 'Decision',
                  cell: (c) =>
                    access.can('kyc.decide') && c.status !== 'closed' ? (
                      <button type="button" onClick={() => setDeciding(c)}>
                        Decide…<span className="visually-hidden"> {c.display_name}</span>
                      </button>
                    ) : (
                      '—'
                    ),
                },
              ]}
            />
            <Pager page={paging.page} nextToken={data.next_page_token} onNext={paging.next} onPrevious={paging.previous} />
          </>
        )}
      </Loader>
      {deciding ? (
        <DecideDialog
          client={deciding}
          onClose={() => setDeciding(null)}
          onDecided={(message) => {
            setDeciding(null);
            setNotice(message);
            loaded.reload();
          }}
        />
      ) : null}
    </Page>
  );
}
