import { useState } from 'react';
import { Link } from 'wouter';
import { newIdempotencyKey, problemOf, type SdkProblem as Problem } from '../../../../clients/typescript/index';
import { useAccess } from '../../lib/access';
import { useApi, usePaging } from '../../lib/hooks';
import { useName } from '../../lib/names';
import type { DataOf } from '../../lib/records';
import { Field, Loader, Notice, Page, Pager, ProblemView, Ref, Status, Table, When } from '../../components/ui';
import { createDestination, listDestinations, listNetworks, type DestinationStatus } from './api/destinations';

// As the list reads it (the create answer has the same fields).
type Destination = DataOf<typeof listDestinations>['items'][number];

/** A scope as an option: its name where the API has one, "The enterprise" for the enterprise. */
function ScopeOption({ scopeRef }: { scopeRef: string }) {
  const name = useName(scopeRef);
  return <option value={scopeRef}>{scopeRef.startsWith('enterprises/') ? 'The enterprise' : (name ?? scopeRef)}</option>;
}

/** When a destination can be used: pending its approval, in its cooling-off, or now. */
function Usable({ destination }: { destination: Destination }) {
  if (destination.status === 'pending_approval') return <span>after its approval</span>;
  if (destination.status !== 'active') return <span className="muted">never</span>;
  if (destination.usable_from && Date.parse(destination.usable_from) > Date.now()) {
    return (
      <span>
        cooling off until <When iso={destination.usable_from} />
      </span>
    );
  }
  return <span>now</span>;
}

/**
 * A new destination. One Idempotency-Key per intended destination: a double click or a retry after a lost
 * answer registers it once; any change of the form makes it a new one.
 */
function DestinationForm({ onCreated }: { onCreated: (d: Destination) => void }) {
  const access = useAccess();
  const scopes = access.scopesOf('withdrawal_destinations.manage');
  const networks = useApi(listNetworks, []);
  const [form, setForm] = useState({ label: '', network: '', asset: '', address: '', memo: '', scope: scopes[0] ?? '' });
  const [key, setKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const change = (field: keyof typeof form, value: string) => {
    setForm((f) => ({ ...f, [field]: value, ...(field === 'network' ? { asset: '' } : {}) }));
    setKey(newIdempotencyKey());
  };
  const network = networks.data?.items.find((n) => n.code === form.network);
  const submit = async () => {
    setBusy(true);
    setProblem(null);
    const res = await createDestination(key, {
      rail_class: 'crypto',
      scope_ref: form.scope,
      crypto_routing: { label: form.label.trim(), network: form.network, asset: form.asset, destination: { address: form.address.trim(), memo: form.memo.trim() || null } },
    }).catch((err: unknown) => ({ data: undefined, error: err, response: undefined }));
    setBusy(false);
    if (res.data) {
      onCreated(res.data);
      setForm((f) => ({ ...f, label: '', address: '', memo: '' }));
      setKey(newIdempotencyKey());
    } else setProblem(problemOf(res.error, res.response));
  };
  return (
    <form
      className="card form"
      aria-labelledby="destination-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) void submit();
      }}
    >
      <h2 id="destination-title">Add a destination</h2>
      <Field label="Label">{(id) => <input id={id} required maxLength={200} value={form.label} onChange={(e) => change('label', e.target.value)} />}</Field>
      <Field label="Network">
        {(id) => (
          <select id={id} required value={form.network} onChange={(e) => change('network', e.target.value)}>
            <option value="">Choose…</option>
            {(networks.data?.items ?? [])
              .filter((n) => n.status === 'active')
              .map((n) => (
                <option key={n.code} value={n.code}>
                  {n.display_name}
                </option>
              ))}
          </select>
        )}
      </Field>
      <Field label="Asset">
        {(id) => (
          <select id={id} required value={form.asset} onChange={(e) => change('asset', e.target.value)}>
            <option value="">Choose…</option>
            {(network?.assets ?? []).map((a) => (
              <option key={a.asset} value={a.asset}>
                {a.asset}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Address" hint={network ? `${network.address_format.description}, for example ${network.address_format.example}` : undefined}>
        {(id, describedBy) => (
          <input id={id} required autoComplete="off" spellCheck={false} aria-describedby={describedBy} value={form.address} onChange={(e) => change('address', e.target.value)} />
        )}
      </Field>
      {network?.memo ? (
        <Field label="Memo" hint={network.memo.format}>
          {(id, describedBy) => <input id={id} aria-describedby={describedBy} value={form.memo} onChange={(e) => change('memo', e.target.value)} />}
        </Field>
      ) : null}
      <Field label="For accounts under">
        {(id) => (
          <select id={id} required value={form.scope} onChange={(e) => change('scope', e.target.value)}>
            {scopes.map((s) => (
              <ScopeOption key={s} scopeRef={s} />
            ))}
          </select>
        )}
      </Field>
      {problem ? <ProblemView problem={problem} /> : null}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Working…' : 'Add the destination'}
        </button>
      </div>
    </form>
  );
}

const FILTERS: Array<[DestinationStatus | undefined, string]> = [
  [undefined, 'All'],
  ['pending_approval', 'Pending approval'],
  ['active', 'Active'],
];

/** The address book: withdrawal destinations, their approval state and cooling-off; new ones with `withdrawal_destinations.manage`. */
export function AddressBookPage() {
  const access = useAccess();
  const [status, setStatus] = useState<DestinationStatus | undefined>(undefined);
  const paging = usePaging(status ?? 'all');
  const [notice, setNotice] = useState<string | null>(null);
  const loaded = useApi(() => listDestinations(status, paging.token), [status, paging.token]);
  return (
    <Page title="Address book">
      <Notice message={notice} tone="success" />
      {access.can('withdrawal_destinations.manage') ? (
        <DestinationForm
          onCreated={(d) => {
            setNotice(
              d.status === 'pending_approval'
                ? `${d.crypto_routing.label} waits for approval: another administrator approves it in Approvals.`
                : `${d.crypto_routing.label} is ${d.usable_from ? 'active, usable after its cooling-off' : 'active'}.`,
            );
            loaded.reload();
          }}
        />
      ) : null}
      <div className="tabs" role="group" aria-label="Which destinations">
        {FILTERS.map(([key, label]) => (
          <button key={label} type="button" aria-pressed={status === key} onClick={() => setStatus(key)}>
            {label}
          </button>
        ))}
      </div>
      <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty="No destinations.">
        {(data) => (
          <>
            <Table<Destination>
              caption="Withdrawal destinations"
              rows={data.items}
              rowKey={(d) => d.id}
              columns={[
                { header: 'Label', cell: (d) => <Ref value={`withdrawal-destinations/${d.id}`} /> },
                { header: 'Address', cell: (d) => <code className="ref">{d.crypto_routing.destination.address}</code> },
                { header: 'Network', cell: (d) => `${d.crypto_routing.network} · ${d.crypto_routing.asset}` },
                { header: 'For', cell: (d) => (d.scope_ref.startsWith('enterprises/') ? 'The enterprise' : <Ref value={d.scope_ref} />) },
                {
                  header: 'State',
                  cell: (d) => (
                    <>
                      <Status value={d.status} />
                      {d.status === 'pending_approval' && access.can('approvals.read') ? (
                        <>
                          {' '}
                          <Link href="/approvals">in Approvals</Link>
                        </>
                      ) : null}
                    </>
                  ),
                },
                { header: 'Usable', cell: (d) => <Usable destination={d} /> },
                { header: 'Added', cell: (d) => <When iso={d.created_at} /> },
              ]}
            />
            <Pager page={paging.page} nextToken={data.next_page_token} onNext={paging.next} onPrevious={paging.previous} />
          </>
        )}
      </Loader>
    </Page>
  );
}
