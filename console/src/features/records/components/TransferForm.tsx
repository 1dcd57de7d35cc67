import { useState } from 'react';
import { Link } from 'wouter';
import { newIdempotencyKey, problemOf, type Problem } from '../../../../../clients/typescript/index';
import { useApi } from '../../../lib/hooks';
import { Field, Loader, Notice, ProblemView, Status } from '../../../components/ui';
import { createTransfer, loadTransferChoices, previewTransfer, type TransferIntent } from '../api/transfer';

type Decision = NonNullable<Awaited<ReturnType<typeof previewTransfer>>['data']>;

const EFFECTS = { allow: 'Proceeds at once', require_approval: 'Needs approval', deny: 'Refused by policy' } as const;

/**
 * An internal transfer: two active accounts, an asset and an amount, the policy's decision, then confirm.
 * One Idempotency-Key per intended transfer, made with the form and kept across clicks and retries (the
 * API replays the first answer); any change of the form makes it a new one.
 */
export function TransferForm({ onCreated }: { onCreated: () => void }) {
  const choices = useApi(loadTransferChoices, []);
  const [form, setForm] = useState({ source: '', target: '', currency: 'USDC', value: '' });
  const [key, setKey] = useState(newIdempotencyKey);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState<{ id: string; status: string } | null>(null);

  const change = (field: keyof typeof form, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setKey(newIdempotencyKey());
    setDecision(null);
    setDone(null);
  };
  const intent = (): TransferIntent => ({ sourceRef: form.source, targetRef: form.target, currency: form.currency, value: form.value.trim() });
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await step();
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  };
  const review = () =>
    run(async () => {
      const res = await previewTransfer(intent());
      if (!res.data) throw problemOf(res.error, res.response);
      setDecision(res.data);
    });
  const confirm = () =>
    run(async () => {
      const res = await createTransfer(key, intent());
      if (!res.data) throw problemOf(res.error, res.response);
      setDone({ id: res.data.id, status: res.data.status });
      setDecision(null);
      setForm((f) => ({ ...f, source: '', target: '', value: '' }));
      setKey(newIdempotencyKey());
      onCreated();
    });
  const sameAccount = form.source !== '' && form.source === form.target;

  return (
    <Loader loaded={choices}>
      {({ accounts, assets }) => (
        <form
          className="card form"
          aria-labelledby="transfer-title"
          onSubmit={(e) => {
            e.preventDefault();
            if (!sameAccount) void review();
          }}
        >
          <h2 id="transfer-title">New internal transfer</h2>
          {(['source', 'target'] as const).map((field) => (
            <Field key={field} label={field === 'source' ? 'From account' : 'To account'}>
              {(id) => (
                <select id={id} required value={form[field]} onChange={(e) => change(field, e.target.value)}>
                  <option value="">Choose…</option>
                  {accounts.map((a) => (
                    <option key={a.id} value={`client-accounts/${a.id}`}>
                      {a.display_name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ))}
          <Field label="Asset">
            {(id) => (
              <select id={id} required value={form.currency} onChange={(e) => change('currency', e.target.value)}>
                {assets.map((a) => (
                  <option key={a.code} value={a.code}>
                    {a.code} · {a.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Amount" hint="A decimal in the asset, e.g. 125.50">
            {(id, hint) => (
              <input id={id} aria-describedby={hint} inputMode="decimal" pattern="[0-9]+(\.[0-9]+)?" required value={form.value} onChange={(e) => change('value', e.target.value)} />
            )}
          </Field>
          {sameAccount ? <p className="problem">Choose two different accounts.</p> : null}
          <button type="submit" disabled={busy || sameAccount}>
            Review policy
          </button>
          {decision ? (
            <section aria-labelledby="transfer-review-title">
              <h3 id="transfer-review-title">Before you confirm</h3>
              <dl className="facts">
                <dt>Policy</dt>
                <dd>
                  <Status value={decision.effect} /> {EFFECTS[decision.effect]}
                  {decision.rule_name ? ` (rule ${decision.rule_name})` : ''}
                </dd>
              </dl>
              <button type="button" className="primary" disabled={busy || decision.effect === 'deny'} onClick={() => void confirm()}>
                {busy ? 'Sending…' : 'Confirm the transfer'}
              </button>
            </section>
          ) : null}
          {problem ? <ProblemView problem={problem} /> : null}
          <Notice tone="success" message={done ? `Transfer ${done.id} is ${done.status.replace(/_/g, ' ')}.` : null} />
          {done ? <Link href={`/internal-transfers/${done.id}`}>Open the transfer</Link> : null}
        </form>
      )}
    </Loader>
  );
}
