import { useState } from 'react';
import { AccountSelect, AmountField, FormOutcome } from '../../../components/forms';
import { Field, Loader } from '../../../components/ui';
import { dataOf, useIntentForm } from '../../../lib/forms';
import { useApi } from '../../../lib/hooks';
import { createTransfer, loadTransferChoices, previewTransfer, type TransferIntent } from '../api/transfer';
import { PolicyDecision } from './PolicyDecision';

type Decision = NonNullable<Awaited<ReturnType<typeof previewTransfer>>['data']>;

/**
 * An internal transfer: two active accounts, an asset and an amount, the policy's decision, then confirm
 * (one Idempotency-Key per intended transfer: useIntentForm).
 */
export function TransferForm({ onCreated }: { onCreated: () => void }) {
  const choices = useApi(loadTransferChoices, []);
  const [decision, setDecision] = useState<Decision | null>(null);
  const { form, key, done, change, created, busy, problem, run } = useIntentForm({ source: '', target: '', currency: 'USDC', value: '' }, () => setDecision(null));

  const intent = (): TransferIntent => ({ sourceRef: form.source, targetRef: form.target, currency: form.currency, value: form.value.trim() });
  const review = () => run(async () => setDecision(dataOf(await previewTransfer(intent()))));
  const confirm = () =>
    run(async () => {
      // The asset stays chosen for the next transfer.
      created(dataOf(await createTransfer(key, intent())), { source: '', target: '', currency: form.currency, value: '' });
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
          <AccountSelect label="From account" accounts={accounts} value={form.source} onChange={(v) => change('source', v)} />
          <AccountSelect label="To account" accounts={accounts} value={form.target} onChange={(v) => change('target', v)} />
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
          <AmountField hint="A decimal in the asset, e.g. 125.50" value={form.value} onChange={(v) => change('value', v)} />
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
                  <PolicyDecision decision={decision} />
                </dd>
              </dl>
              <button type="button" className="primary" disabled={busy || decision.effect === 'deny'} onClick={() => void confirm()}>
                {busy ? 'Sending…' : 'Confirm the transfer'}
              </button>
            </section>
          ) : null}
          <FormOutcome problem={problem} done={done} noun="Transfer" path="internal-transfers" />
        </form>
      )}
    </Loader>
  );
}
