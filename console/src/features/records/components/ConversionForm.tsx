import { useState } from 'react';
import { Link } from 'wouter';
import { newIdempotencyKey, problemOf, type Problem } from '../../../../../clients/typescript/index';
import { useApi, useCountdown } from '../../../lib/hooks';
import { Field, Loader, Money, Notice, ProblemView } from '../../../components/ui';
import { executeConversion, firmQuote, indicativePrice, loadConversionChoices, type ConversionIntent } from '../api/convert';

type Indicative = NonNullable<Awaited<ReturnType<typeof indicativePrice>>['data']>;
type Quote = NonNullable<Awaited<ReturnType<typeof firmQuote>>['data']>;

/**
 * A conversion in three steps: the indicative price (binds nothing), a firm quote with its expiry counted
 * down, then execute that quote. One Idempotency-Key per intended conversion, made with the form and kept
 * across clicks and retries; any change of the form makes it a new one.
 */
export function ConversionForm({ onCreated }: { onCreated: () => void }) {
  const choices = useApi(loadConversionChoices, []);
  const [form, setForm] = useState({ account: '', pair: '', value: '' });
  const [key, setKey] = useState(newIdempotencyKey);
  const [indicative, setIndicative] = useState<Indicative | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState<{ id: string; status: string } | null>(null);
  // The firm quote's remaining life, counted down: past it the quote can no longer be executed.
  const left = useCountdown(quote?.expires_at ?? '1970-01-01T00:00:00Z');
  const expired = left === 0;

  const change = (field: keyof typeof form, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setKey(newIdempotencyKey());
    setIndicative(null);
    setQuote(null);
    setDone(null);
  };
  const intent = (): ConversionIntent | null => {
    const pair = choices.data?.pairs.find((p) => p.id === form.pair);
    return pair && form.account ? { accountRef: form.account, from: pair.from_asset, to: pair.to_asset, value: form.value.trim() } : null;
  };
  const run = async (step: (i: ConversionIntent) => Promise<void>) => {
    const i = intent();
    if (!i) return;
    setBusy(true);
    setProblem(null);
    try {
      await step(i);
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  };
  const price = () =>
    run(async (i) => {
      const res = await indicativePrice(i);
      if (!res.data) throw problemOf(res.error, res.response);
      setIndicative(res.data);
      setQuote(null);
    });
  const fix = () =>
    run(async (i) => {
      const res = await firmQuote(i);
      if (!res.data) throw problemOf(res.error, res.response);
      setQuote(res.data);
    });
  const execute = () =>
    run(async (i) => {
      if (!quote) return;
      const res = await executeConversion(key, i, quote.id);
      if (!res.data) throw problemOf(res.error, res.response);
      setDone({ id: res.data.id, status: res.data.status });
      setIndicative(null);
      setQuote(null);
      setForm({ account: '', pair: '', value: '' });
      setKey(newIdempotencyKey());
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
          <Field label="Account">
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
          <Field label="Amount to convert" hint="A decimal in the asset converted from, e.g. 100.00">
            {(id, hint) => (
              <input id={id} aria-describedby={hint} inputMode="decimal" pattern="[0-9]+(\.[0-9]+)?" required value={form.value} onChange={(e) => change('value', e.target.value)} />
            )}
          </Field>
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
          {problem ? <ProblemView problem={problem} /> : null}
          <Notice tone="success" message={done ? `Conversion ${done.id} is ${done.status.replace(/_/g, ' ')}.` : null} />
          {done ? <Link href={`/conversions/${done.id}`}>Open the conversion</Link> : null}
        </form>
      )}
    </Loader>
  );
}
