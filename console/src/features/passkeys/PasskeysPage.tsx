import { useState } from 'react';
import { problemOf, type SdkProblem as Problem, type Schemas } from '../../../../clients/typescript/index';
import { useApi } from '../../lib/hooks';
import { enrolPasskey, listPasskeys, removePasskey } from './api/passkeys';
import { Field, Loader, Notice, Page, ProblemView, Table, When } from '../../components/ui';

type Passkey = Schemas['Passkey'];

/** The signed-in person's passkeys: what approving and creating API keys ask for when the enterprise requires it. */
export function PasskeysPage() {
  const loaded = useApi(() => listPasskeys(), []);
  const [name, setName] = useState('This device');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const run = async (work: () => Promise<{ data?: unknown; error?: unknown; response: Response }>, done: string) => {
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      const res = await work();
      if (!res.data) throw problemOf(res.error as never, res.response);
      setNotice(done);
      loaded.reload();
    } catch (err) {
      setProblem(err instanceof Error ? ({ title: 'Passkey not enrolled', status: 400, detail: err.message } as Problem) : (err as Problem));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title="Passkeys">
      <p>
        A passkey confirms approvals and new API keys with this device's screen lock or security key. Your enterprise may require one for
        them.
      </p>
      <form
        className="card form"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => enrolPasskey(name.trim() || 'Passkey'), 'Passkey enrolled.');
        }}
      >
        <Field label="Name of the new passkey">{(id) => <input id={id} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />}</Field>
        <button type="submit" className="primary" disabled={busy}>
          Enrol a passkey
        </button>
      </form>
      <Notice message={notice} tone="success" />
      {problem ? <ProblemView problem={problem} /> : null}
      <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty="No passkey yet.">
        {(d) => (
          <Table<Passkey>
            caption="Your passkeys"
            rows={d.items}
            rowKey={(p) => p.id}
            columns={[
              { header: 'Name', cell: (p) => p.name },
              { header: 'Enrolled', cell: (p) => <When iso={p.created_at} /> },
              { header: 'Last used', cell: (p) => (p.last_used_at ? <When iso={p.last_used_at} /> : <span className="muted">never</span>) },
              {
                header: 'Actions',
                cell: (p) => (
                  <button type="button" className="danger" disabled={busy} onClick={() => void run(() => removePasskey(p.id), `Passkey “${p.name}” removed.`)}>
                    Remove <span className="visually-hidden">{p.name}</span>
                  </button>
                ),
              },
            ]}
          />
        )}
      </Loader>
    </Page>
  );
}
