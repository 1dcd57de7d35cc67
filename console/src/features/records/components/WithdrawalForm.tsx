import { useState } from 'react';
import { AccountSelect, AmountField, FormOutcome } from '../../../components/forms';
import { Field, Loader, Money } from '../../../components/ui';
import { dataOf, useIntentForm } from '../../../lib/forms';
import { useApi } from '../../../lib/hooks';
import { createWithdrawal, loadWithdrawalChoices, previewWithdrawal, type WithdrawalIntent } from '../api/initiate';
import { PolicyDecision } from './PolicyDecision';

type Preview = NonNullable<Awaited<ReturnType<typeof previewWithdrawal>>['data']>;

/**
 * A withdrawal: choose an active account and destination and an amount, review the fees and the policy's
 * decision, then confirm (one Idempotency-Key per intended withdrawal: useIntentForm).
 */
export function WithdrawalForm({ onCreated }: { onCreated: () => void }) {
  const choices = useApi(loadWithdrawalChoices, []);
  const [preview, setPreview] = useState<Preview | null>(null);
  const { form, key, done, change, created, busy, problem, run } = useIntentForm({ account: '', destination: '', value: '' }, () => setPreview(null));

  const intent = (): WithdrawalIntent | null => {
    const destination = choices.data?.destinations.find((d) => d.id === form.destination);
    return destination && form.account ? { accountRef: form.account, destination, value: form.value.trim() } : null;
  };
  const review = () =>
    run(async () => {
      const i = intent();
      if (i) setPreview(dataOf(await previewWithdrawal(i)));
    });
  const confirm = () =>
    run(async () => {
      const i = intent();
      if (!i) return;
      created(dataOf(await createWithdrawal(key, i)));
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
          <AccountSelect label="From account" accounts={accounts} value={form.account} onChange={(v) => change('account', v)} />
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
          <AmountField hint="A decimal in the destination's asset, e.g. 125.50" value={form.value} onChange={(v) => change('value', v)} />
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
                  <PolicyDecision decision={preview.decision} />
                </dd>
              </dl>
              <button type="button" className="primary" disabled={busy || preview.decision?.effect === 'deny'} onClick={() => void confirm()}>
                {busy ? 'Sending…' : 'Confirm the withdrawal'}
              </button>
            </section>
          ) : null}
          <FormOutcome problem={problem} done={done} noun="Withdrawal" path="withdrawals" />
        </form>
      )}
    </Loader>
  );
}
