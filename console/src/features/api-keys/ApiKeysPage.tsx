import { useState } from 'react';
import { problemOf, type SdkProblem as Problem, type Schemas } from '../../../../clients/typescript/index';
import { useAccess } from '../../lib/access';
import { useApi, usePaging } from '../../lib/hooks';
import { changeApiKey, createApiKey, listActiveClients, listApiKeys, updateAllowlist } from './api/api-keys';
import { Dialog, Field, Loader, Notice, Page, Pager, ProblemView, Ref, Status, Table, When } from '../../components/ui';
import { ConfirmDialog, type Confirmation } from '../../components/ConfirmDialog';

type ApiKey = Schemas['ApiKey'];
type Issued = Schemas['IssuedApiKey'];

const parseAllowlist = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The secrets of a new (or reactivated) key, shown this once: copy or download, then they are gone from this page. */
function SecretsDialog({ issued, onClose }: { issued: Issued | null; onClose: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (what: string, value: string) => {
    await navigator.clipboard.writeText(value).then(
      () => setCopied(`${what} copied to the clipboard.`),
      () => setCopied(`The browser refused the clipboard: select the ${what.toLowerCase()} and copy it by hand.`),
    );
  };
  const download = () => {
    if (!issued) return;
    const text = `# Counterfoil signed API credentials (${issued.label})\nCOUNTERFOIL_API_KEY=${issued.api_key}\nCOUNTERFOIL_PRIVATE_KEY=${issued.private_key}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `counterfoil-api-key-${issued.api_key_prefix}.env`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Dialog title="Your new API key" open={issued !== null} onClose={onClose}>
      {issued ? (
        <>
          <p className="warning" role="alert">
            Save the private key now. It is shown only this once: Counterfoil keeps only the public key and cannot show it again. Anyone holding it can sign requests as this key.
          </p>
          <Field label="API key (x-apikey header)">
            {(id) => <input id={id} readOnly value={issued.api_key} className="secret" />}
          </Field>
          <Field label="Private key (Ed25519, PKCS#8 DER, base64)">
            {(id) => <textarea id={id} readOnly value={issued.private_key} rows={3} className="secret" data-testid="private-key" />}
          </Field>
          <div className="actions">
            <button type="button" onClick={() => void copy('API key', issued.api_key)}>
              Copy API key
            </button>
            <button type="button" onClick={() => void copy('Private key', issued.private_key)}>
              Copy private key
            </button>
            <button type="button" onClick={download}>
              Download as .env file
            </button>
          </div>
          <Notice message={copied} />
          <div className="actions">
            <button type="button" className="primary" onClick={onClose}>
              I have saved the private key
            </button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}

function CreateKeyForm({ onIssued }: { onIssued: (k: Issued) => void }) {
  const clients = useApi(listActiveClients, []);
  const [form, setForm] = useState({ client: '', label: '', allowlist: '' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const submit = async () => {
    setBusy(true);
    setProblem(null);
    const res = await createApiKey({ client_ref: form.client, label: form.label.trim(), ip_allowlist: parseAllowlist(form.allowlist) });
    setBusy(false);
    if (res.data) {
      setForm({ client: '', label: '', allowlist: '' });
      onIssued(res.data);
    } else setProblem(problemOf(res.error, res.response));
  };
  return (
    <form
      className="card form"
      aria-labelledby="create-key-title"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id="create-key-title">Create an API key</h2>
      <Field label="Client">
        {(id) => (
          <select id={id} required value={form.client} onChange={(e) => setForm({ ...form, client: e.target.value })}>
            <option value="">Choose…</option>
            {clients.data?.items.map((c) => (
              <option key={c.id} value={`clients/${c.id}`}>
                {c.display_name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Label">
        {(id) => <input id={id} required maxLength={200} value={form.label} onChange={(e) => setForm({ ...form, label: e.target.value })} />}
      </Field>
      <Field label="IP allowlist" hint="Addresses or CIDR ranges, separated by spaces or commas; empty admits any address.">
        {(id, hint) => <textarea id={id} aria-describedby={hint} rows={2} value={form.allowlist} onChange={(e) => setForm({ ...form, allowlist: e.target.value })} />}
      </Field>
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Creating…' : 'Create API key'}
      </button>
      {problem ? <ProblemView problem={problem} /> : null}
    </form>
  );
}

function AllowlistDialog({ apiKey, onClose, onSaved }: { apiKey: ApiKey | null; onClose: () => void; onSaved: () => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  if (apiKey && opened !== apiKey.id) {
    setOpened(apiKey.id);
    setText(apiKey.ip_allowlist.join('\n'));
    setProblem(null);
  }
  const save = async () => {
    if (!apiKey) return;
    const res = await updateAllowlist(apiKey, parseAllowlist(text));
    if (res.data) {
      setOpened(null);
      onSaved();
    } else setProblem(problemOf(res.error, res.response));
  };
  return (
    <Dialog title={`IP allowlist of ${apiKey?.label ?? ''}`} open={apiKey !== null} onClose={onClose}>
      <Field label="Allowed addresses" hint="One address or CIDR range per line; empty admits any address.">
        {(id, hint) => <textarea id={id} aria-describedby={hint} rows={5} value={text} onChange={(e) => setText(e.target.value)} />}
      </Field>
      {problem ? <ProblemView problem={problem} onReload={onSaved} /> : null}
      <div className="actions">
        <button type="button" className="primary" onClick={() => void save()}>
          Save
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}

/** Credentials of the signed API (`/v1`): create (private key shown once), list, revoke, reactivate, IP allowlist. */
export function ApiKeysPage() {
  const access = useAccess();
  const manage = access.can('api_keys.manage');
  const [status, setStatus] = useState<'' | 'active' | 'revoked'>('');
  const paging = usePaging(status);
  const loaded = useApi(() => listApiKeys(status || undefined, paging.token), [status, paging.token]);
  const [issued, setIssued] = useState<Issued | null>(null);
  const [editing, setEditing] = useState<ApiKey | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [asking, setAsking] = useState<Confirmation | null>(null);

  // Revoking stops an integration at once and reactivating issues a new secret: each is asked first.
  const act = (key: ApiKey, action: 'revoke' | 'reactivate') => {
    setProblem(null);
    setAsking({
      title: action === 'revoke' ? `Revoke the API key “${key.label}”?` : `Reactivate the API key “${key.label}”?`,
      body:
        action === 'revoke' ? (
          <p>
            Requests signed with <code>{key.api_key_prefix}…</code> are refused from now on. It can be reactivated later, with a new secret.
          </p>
        ) : (
          <p>
            A new secret is issued for <code>{key.api_key_prefix}…</code> and shown once; requests signed with it are accepted again.
          </p>
        ),
      confirm: action === 'revoke' ? 'Revoke' : 'Reactivate',
      danger: action === 'revoke',
      run: () => changeApiKey(key, action),
      done: (data) => {
        const changed = data as ApiKey | Issued;
        if ('private_key' in changed) setIssued(changed as Issued);
        setNotice(`${key.label} is ${changed.status}.`);
        loaded.reload();
      },
    });
  };

  return (
    <Page title="API keys">
      {manage ? (
        <CreateKeyForm
          onIssued={(k) => {
            setIssued(k);
            loaded.reload();
          }}
        />
      ) : null}
      <div className="filters">
        <Field label="Status">
          {(id) => (
            <select id={id} value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
              <option value="">Any</option>
              <option value="active">active</option>
              <option value="revoked">revoked</option>
            </select>
          )}
        </Field>
      </div>
      <Notice message={notice} tone="success" />
      {problem ? <ProblemView problem={problem} onReload={loaded.reload} /> : null}
      <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty="No API keys.">
        {(data) => (
          <>
            <Table<ApiKey>
              caption="API keys"
              rows={data.items}
              rowKey={(k) => k.id}
              columns={[
                { header: 'Label', cell: (k) => k.label },
                { header: 'Key', cell: (k) => <code>{k.api_key_prefix}…</code> },
                { header: 'Client', cell: (k) => <Ref value={k.client_ref} /> },
                { header: 'IP allowlist', cell: (k) => (k.ip_allowlist.length ? k.ip_allowlist.join(', ') : <span className="muted">any address</span>) },
                { header: 'Status', cell: (k) => <Status value={k.status} /> },
                { header: 'Issued', cell: (k) => <When iso={k.key_issued_at} /> },
                {
                  header: 'Actions',
                  cell: (k) =>
                    manage ? (
                      <div className="row-actions">
                        {k.status === 'active' ? (
                          <>
                            <button type="button" onClick={() => setEditing(k)} aria-label={`Edit the IP allowlist of ${k.label}`}>
                              IP allowlist
                            </button>
                            <button type="button" className="danger" onClick={() => act(k, 'revoke')} aria-label={`Revoke ${k.label}`}>
                              Revoke
                            </button>
                          </>
                        ) : (
                          <button type="button" onClick={() => act(k, 'reactivate')} aria-label={`Reactivate ${k.label}`}>
                            Reactivate
                          </button>
                        )}
                      </div>
                    ) : (
                      <span className="muted">read only</span>
                    ),
                },
              ]}
            />
            <Pager page={paging.page} nextToken={data.next_page_token} onNext={paging.next} onPrevious={paging.previous} />
          </>
        )}
      </Loader>
      <ConfirmDialog pending={asking} onClose={() => setAsking(null)} />
      <SecretsDialog issued={issued} onClose={() => setIssued(null)} />
      <AllowlistDialog
        apiKey={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          loaded.reload();
        }}
      />
    </Page>
  );
}
