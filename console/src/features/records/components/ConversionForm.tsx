import { useState } from 'react';
import { AccountSelect, AmountField, FormOutcome } from '../../../components/forms';
import { Field, Loader, Money } from '../../../components/ui';
import { dataOf, useIntentForm } from '../../../lib/forms';
import { useApi, useCountdown } from '../../../lib/hooks';
import { executeConversion, firmQuote, indicativePrice, loadConversionChoices, type ConversionIntent } from '../api/convert';

type Indicative = NonNullable<Awaited<ReturnType<typeof indicativePrice>>['data']>;
type Quote = NonNullable<Awaited<ReturnType<typeof firmQuote>>['data']>;

/**
 * A conversion in three steps: the indicative price (binds nothing), a firm quote with its expiry counted
 * down, then execute that quote (one Idempotency-Key per intended conversion: useIntentForm).
 */
export function ConversionForm({ onCreated }: { onCreated: () => void }) {
  const choices = useApi(loadConversionChoices, []);
  const [indicative, setIndicative] = useState<Indicative | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const { form, key, done, change, created, busy, problem, run } = useIntentForm({ account: '', pair: '', value: '' }, () => {
    setIndicative(null);
    setQuote(null);
  });
  // The firm quote's remaining life, counted down: past it the quote can no longer be executed.
  const left = useCountdown(quote?.expires_at ?? '1970-01-01T00:00:00Z');
  const expired = left === 0;

  const intent = (): ConversionIntent | null => {
    const pair = choices.data?.pairs.find((p) => p.id === form.pair);
    return pair && form.account ? { accountRef: form.account, from: pair.from_asset, to: pair.to_asset, value: form.value.trim() } : null;
  };
  const withIntent = (step: (i: ConversionIntent) => Promise<void>) => {
    const i = intent();
    return i ? run(() => step(i)) : Promise.resolve();
  };
  const price = () =>
    withIntent(async (i) => {
      setIndicative(dataOf(await indicativePrice(i)));
      setQuote(null);
    });
  const fix = () => withIntent(async (i) => setQuote(dataOf(await firmQuote(i))));
  const execute = () =>
    withIntent(async (i) => {
      if (!quote) return;
      created(dataOf(await executeConversion(key, i, quote.id)));
      onCreated();
    });

  return (
    <Loader loaded={choices}>
      {({ accounts, pairs }) => (
        <form
          className="card form"
          aria-labelledby="convert-title"
          onSubmit={(e) => {
            e.preventDefault();
            void price();
          }}
        >
          <h2 id="convert-title">New conversion</h2>
          <AccountSelect label="Account" accounts={accounts} value={form.account} onChange={(v) => change('account', v)} />
          <Field label="Convert">
            {(id) => (
              <select id={id} required value={form.pair} onChange={(e) => change('pair', e.target.value)}>
                <option value="">Choose…</option>
                {pairs.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.from_asset} to {p.to_asset}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <AmountField label="Amount to convert" hint="A decimal in the asset converted from, e.g. 100.00" value={form.value} onChange={(v) => change('value', v)} />
          <button type="submit" disabled={busy}>
            Indicative price
          </button>
          {indicative ? (
            <section aria-labelledby="convert-indicative-title">
              <h3 id="convert-indicative-title">Indicative (binds nothing)</h3>
              <dl className="facts">
                <dt>You would receive about</dt>
                <dd>
                  <Money amount={indicative.to_amount} />
                </dd>
                <dt>Price</dt>
                <dd>{indicative.indicative_price.price}</dd>
                <dt>Fees</dt>
                <dd>
                  <Money amount={indicative.fee_summary.total} />
                </dd>
              </dl>
              <button type="button" disabled={busy} onClick={() => void fix()}>
                {quote ? 'New firm quote' : 'Firm quote'}
              </button>
            </section>
          ) : null}
          {quote ? (
            <section aria-labelledby="convert-quote-title">
              <h3 id="convert-quote-title">Firm quote</h3>
              <dl className="facts">
                <dt>You receive</dt>
                <dd>
                  <Money amount={quote.to_amount} />
                </dd>
                <dt>Price</dt>
                <dd>{quote.price.price}</dd>
                <dt>Debited in total</dt>
                <dd>
                  <Money amount={quote.total_debit} />
                </dd>
                <dt>Valid</dt>
                <dd>
                  <span className="countdown">{expired ? 'Expired: ask for a new firm quote' : `Expires in ${left} s`}</span>
                </dd>
              </dl>
              <button type="button" className="primary" disabled={busy || expired} onClick={() => void execute()}>
                {busy ? 'Sending…' : 'Execute the conversion'}
              </button>
            </section>
          ) : null}
          <FormOutcome problem={problem} done={done} noun="Conversion" path="conversions" />
        </form>
      )}
    </Loader>
  );
}
