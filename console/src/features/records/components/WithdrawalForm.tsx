import { useState } from 'react';
import { Link } from 'wouter';
import { newIdempotencyKey, problemOf, type Problem } from '../../../../../clients/typescript/index';
import { useApi } from '../../../lib/hooks';
import { Field, Loader, Money, Notice, ProblemView, Status } from '../../../components/ui';
import { createWithdrawal, loadWithdrawalChoices, previewWithdrawal, type WithdrawalIntent } from '../api/initiate';

type Preview = NonNullable<Awaited<ReturnType<typeof previewWithdrawal>>['data']>;

const EFFECTS = { allow: 'Proceeds at once', require_approval: 'Needs approval', deny: 'Refused by policy' } as const;

/**
 * A withdrawal: choose an active account and destination and an amount, review the fees and the policy's
 * decision, then confirm. One Idempotency-Key per intended withdrawal, made with the form and kept across
 * clicks and retries (the API replays the first answer); any change of the form makes it a new one.
 */
export function WithdrawalForm({ onCreated }: { onCreated: () => void }) {
  const choices = useApi(loadWithdrawalChoices, []);
  const [form, setForm] = useState({ account: '', destination: '', value: '' });
  const [key, setKey] = useState(newIdempotencyKey);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState<{ id: string; status: string } | null>(null);

  const change = (field: keyof typeof form, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setKey(newIdempotencyKey());
    setPreview(null);
    setDone(null);
  };
  const intent = (): WithdrawalIntent | null => {
    const destination = choices.data?.destinations.find((d) => d.id === form.destination);
    return destination && form.account ? { accountRef: form.account, destination, value: form.value.trim() } : null;
  };
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
      const i = intent();
      if (!i) return;
      const res = await previewWithdrawal(i);
      if (!res.data) throw problemOf(res.error, res.response);
      setPreview(res.data);
    });
  const confirm = () =>
    run(async () => {
      const i = intent();
      if (!i) return;
      const res = await createWithdrawal(key, i);
      if (!res.data) throw problemOf(res.error, res.response);
      setDone({ id: res.data.id, status: res.data.status });
      setPreview(null);
      setForm({ account: '', destination: '', value: '' });
      setKey(newIdempotencyKey());
      onCreated();
    });

  return (
    <Loader loaded={choices}>
      {({ accounts, destinations }) => (
        <form
          className="card form"
          aria-labelledby="withdraw-title"
          onSubmit={(e) => {
            e.preventDefault();
            void review();
          }}
        >
          <h2 id="withdraw-title">New withdrawal</h2>
          <Field label="From account">
            {(id) => (
              <select id={id} required value={form.account} onChange={(e) => change('account', e.target.value)}>
                <option value="">Choose…</option>
                {accounts.map((a) => (
                  <option key={a.id} value={`client-accounts/${a.id}`}>
                    {a.display_name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="To destination" hint="Active destinations of the address book">
            {(id, hint) => (
              <select id={id} aria-describedby={hint} required value={form.destination} onChange={(e) => change('destination', e.target.value)}>
                <option value="">Choose…</option>
                {destinations.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.label} · {d.crypto_routing.asset} on {d.crypto_routing.network}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Amount" hint="A decimal in the destination's asset, e.g. 125.50">
            {(id, hint) => (
              <input id={id} aria-describedby={hint} inputMode="decimal" pattern="[0-9]+(\.[0-9]+)?" required value={form.value} onChange={(e) => change('value', e.target.value)} />
            )}
          </Field>
          <button type="submit" disabled={busy}>
            Review fees and policy
          </button>
          {preview ? (
            <section aria-labelledby="withdraw-review-title">
              <h3 id="withdraw-review-title">Before you confirm</h3>
              <dl className="facts">
                <dt>Fees</dt>
                <dd>
                  <Money amount={{ currency: preview.fees.fee_preview.fee_summary.total.currency, value: preview.fees.fee_preview.fee_summary.total.amount }} />
                </dd>
                <dt>Policy</dt>
                <dd>
                  {preview.decision ? (
                    <>
                      <Status value={preview.decision.effect} /> {EFFECTS[preview.decision.effect]}
                      {preview.decision.rule_name ? ` (rule ${preview.decision.rule_name})` : ''}
                    </>
                  ) : (
                    'No rule applies: proceeds at once'
                  )}
                </dd>
              </dl>
              <button type="button" className="primary" disabled={busy || preview.decision?.effect === 'deny'} onClick={() => void confirm()}>
                {busy ? 'Sending…' : 'Confirm the withdrawal'}
              </button>
            </section>
          ) : null}
          {problem ? <ProblemView problem={problem} /> : null}
          <Notice tone="success" message={done ? `Withdrawal ${done.id} is ${done.status.replace(/_/g, ' ')}.` : null} />
          {done ? <Link href={`/withdrawals/${done.id}`}>Open the withdrawal</Link> : null}
        </form>
      )}
    </Loader>
  );
}
