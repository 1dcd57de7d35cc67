import { useState } from 'react';
import { newIdempotencyKey } from '../../../../clients/typescript/index';
import { dataOf, useSteps } from '../../lib/forms';
import { useApi, usePaging } from '../../lib/hooks';
import { usePrecisions } from '../../lib/money';
import { AmountField } from '../../components/forms';
import { Field, Loader, Money, Notice, Pager, ProblemView, Status, Table, When } from '../../components/ui';
import { cancelExpectedPayment, declareExpectedPayment, listExpectedPayments, type ExpectedPayment, type ReconciliationAccount } from './api/reconciliation';
import { rangeInWords } from './amounts';
import { EXPECTED_DIRECTIONS, accountLabel, formatMoment } from './words';

/** A day `n` days from today in the browser's calendar (YYYY-MM-DD). */
function localDay(n = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The start of a day where the person is, `after` days later (the window runs to the end of its last day). */
function startOf(day: string, after = 0): string {
  const d = new Date(`${day}T00:00:00`);
  d.setDate(d.getDate() + after);
  return d.toISOString();
}

/**
 * A new expected payment: which way, the range its lines must add up to, the days the provider may book
 * it in, and its reference or counterparty (an amount alone would match any payment). One
 * Idempotency-Key per intended expectation: a retry after a lost answer declares it once.
 */
function DeclareForm({ account, onDeclared }: { account: ReconciliationAccount; onDeclared: () => void }) {
  const empty = { direction: 'credit', min: '', max: '', from: localDay(), until: localDay(7), reference: '', counterparty: '' };
  const [form, setForm] = useState(empty);
  const [key, setKey] = useState(newIdempotencyKey);
  const { busy, problem, run } = useSteps();
  const change = (field: keyof typeof form, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setKey(newIdempotencyKey());
  };
  const { currency } = account;
  const submit = () =>
    run(async () => {
      const reference = form.reference.trim();
      const counterparty = form.counterparty.trim();
      dataOf(
        await declareExpectedPayment(key, {
          account_id: account.id,
          direction: form.direction === 'debit' ? 'debit' : 'credit',
          amount_range: { min: { currency, value: form.min.trim() }, max: { currency, value: form.max.trim() } },
          window: { from: startOf(form.from), to: startOf(form.until, 1) },
          ...(reference ? { reference } : {}),
          ...(counterparty ? { counterparty } : {}),
        }),
      );
      setForm(empty);
      setKey(newIdempotencyKey());
      onDeclared();
    });
  return (
    <>
      <form
        className="decision"
        aria-label="Declare an expected payment"
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void submit();
        }}
      >
        <Field label="Direction">
          {(id) => (
            <select id={id} value={form.direction} onChange={(e) => change('direction', e.target.value)}>
              <option value="credit">{EXPECTED_DIRECTIONS.credit}: money in</option>
              <option value="debit">{EXPECTED_DIRECTIONS.debit}: money out</option>
            </select>
          )}
        </Field>
        <AmountField label={`At least (${currency})`} hint="What its lines add up to, at the least." value={form.min} onChange={(v) => change('min', v)} />
        <AmountField label={`At most (${currency})`} hint="The same for an exact amount." value={form.max} onChange={(v) => change('max', v)} />
        <Field label="Expected from">{(id) => <input id={id} type="date" required value={form.from} onChange={(e) => change('from', e.target.value)} />}</Field>
        <Field label="Expected until" hint="Included: to the end of that day.">
          {(id, hint) => <input id={id} aria-describedby={hint} type="date" required min={form.from} value={form.until} onChange={(e) => change('until', e.target.value)} />}
        </Field>
        <Field label="Reference" hint="Quoted by the line, or inside its remittance text (an invoice number).">
          {(id, hint) => <input id={id} aria-describedby={hint} maxLength={200} value={form.reference} onChange={(e) => change('reference', e.target.value)} />}
        </Field>
        <Field label="Counterparty" hint="A reference, a counterparty or both.">
          {(id, hint) => <input id={id} aria-describedby={hint} maxLength={200} value={form.counterparty} onChange={(e) => change('counterparty', e.target.value)} />}
        </Field>
        <button type="submit" disabled={busy}>
          {busy ? 'Declaring…' : 'Declare'}
        </button>
      </form>
      {problem ? <ProblemView problem={problem} /> : null}
    </>
  );
}

/** What a payment quotes: its reference, its counterparty, or both. */
function Quoted({ payment }: { payment: ExpectedPayment }) {
  return (
    <span>
      {payment.reference ? <code>{payment.reference}</code> : null}
      {payment.reference && payment.counterparty ? ' · ' : null}
      {payment.counterparty}
    </span>
  );
}

/**
 * The payments expected on an account, newest first: which way, how much, when, what they quote and how
 * far the statement fulfilled them; for a person who may manage reconciliation, a form to declare one and
 * Cancel on one nothing fulfilled yet.
 */
export function ExpectedPayments({ account, manage }: { account: ReconciliationAccount; manage: boolean }) {
  const precisions = usePrecisions();
  const paging = usePaging(account.id);
  const [version, setVersion] = useState(0);
  const loaded = useApi(() => listExpectedPayments(account.id, paging.token), [account.id, paging.token, version]);
  const [notice, setNotice] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const { busy, problem, run } = useSteps();
  const cancel = (p: ExpectedPayment) =>
    run(async () => {
      setCancelling(p.id);
      setNotice(null);
      try {
        dataOf(await cancelExpectedPayment(p.id));
        setNotice('The expected payment is cancelled.');
      } finally {
        setCancelling(null);
        setVersion((v) => v + 1);
      }
    });
  return (
    <section aria-labelledby="expected">
      <h2 id="expected">Expected payments</h2>
      <p className="muted">What is expected to arrive on this account or leave it. Every run fulfils them from the statement, in parts if need be; they book nothing.</p>
      {manage ? (
        <DeclareForm
          account={account}
          onDeclared={() => {
            setNotice('The payment is expected: every run now looks for it in the statement.');
            setVersion((v) => v + 1);
          }}
        />
      ) : null}
      <Notice message={notice} tone="success" />
      {problem ? <ProblemView problem={problem} /> : null}
      <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty="No payment is expected on this account.">
        {(data) => (
          <>
            <Table<ExpectedPayment>
              caption={`Expected payments of ${accountLabel(account)}, newest first`}
              rows={data.items}
              rowKey={(p) => p.id}
              columns={[
                { header: 'Direction', cell: (p) => EXPECTED_DIRECTIONS[p.direction] },
                { header: 'Amount', cell: (p) => <span className="money">{rangeInWords(p.amount_range, precisions)}</span> },
                {
                  header: 'Window',
                  cell: (p) => (
                    <span>
                      <time dateTime={p.window.from}>{formatMoment(p.window.from)}</time> to <time dateTime={p.window.to}>{formatMoment(p.window.to)}</time>
                    </span>
                  ),
                },
                { header: 'Reference · counterparty', cell: (p) => <Quoted payment={p} /> },
                {
                  header: 'Status',
                  cell: (p) => (
                    <span>
                      <Status value={p.status} />
                      {p.status === 'partially_reconciled' || p.status === 'reconciled' ? (
                        <>
                          {' '}
                          <Money amount={p.reconciled_amount} /> <span className="muted">in {p.statement_line_ids.length === 1 ? 'one line' : `${p.statement_line_ids.length} lines`}</span>
                        </>
                      ) : null}
                    </span>
                  ),
                },
                { header: 'Declared', cell: (p) => <When iso={p.created_at} /> },
                ...(manage
                  ? [
                      {
                        header: 'Cancel',
                        cell: (p: ExpectedPayment) =>
                          p.status === 'unreconciled' ? (
                            <button type="button" disabled={busy} onClick={() => void cancel(p)} aria-label={`Cancel the expected payment ${p.reference ?? p.counterparty ?? ''}`.trim()}>
                              {cancelling === p.id ? 'Cancelling…' : 'Cancel'}
                            </button>
                          ) : (
                            <span className="muted">—</span>
                          ),
                      },
                    ]
                  : []),
              ]}
            />
            <Pager page={paging.page} nextToken={data.next_page_token} onNext={paging.next} onPrevious={paging.previous} />
          </>
        )}
      </Loader>
    </section>
  );
}
