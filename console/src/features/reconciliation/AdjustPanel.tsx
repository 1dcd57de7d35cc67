import { useState } from 'react';
import { Link } from 'wouter';
import { newIdempotencyKey } from '../../../../clients/typescript/index';
import { useAccess } from '../../lib/access';
import { dataOf, useSteps } from '../../lib/forms';
import { useApi } from '../../lib/hooks';
import { formatAmount, usePrecisions } from '../../lib/money';
import { Dialog, Field, Loader, Money, Notice, ProblemView, Ref, Status, Table, When } from '../../components/ui';
import { listAdjustments, loadAdjustableAccounts, proposeAdjustment, reverseAdjustment, type Adjustment, type Break } from './api/reconciliation';
import { ADJUSTMENT_DIRECTIONS, adjustmentInWords, isLive } from './words';

type Choices = NonNullable<Awaited<ReturnType<typeof loadAdjustableAccounts>>['data']>;

/** The accounts by group, each as its reference and the name people read; two alike get the end of their id. */
function accountGroups(c: Choices): Array<[string, Array<[string, string]>]> {
  const named = (collection: string, items: Array<{ id: string; display_name: string }>): Array<[string, string]> =>
    items.map((a) => [`${collection}/${a.id}`, items.filter((x) => x.display_name === a.display_name).length > 1 ? `${a.display_name} · …${a.id.slice(-6)}` : a.display_name]);
  return [
    ['Master accounts', named('master-accounts', c.masters)],
    ['Client accounts', named('client-accounts', c.clients)],
  ];
}

/**
 * A new adjustment of a live break: the account that bears or receives it, an amount (empty: the whole
 * difference) and a note. One Idempotency-Key per intended adjustment: a double click or a retry after a
 * lost answer proposes it once; any change of the form makes it a new one.
 */
function ProposeForm({ brk, choices, onProposed, onRefused }: { brk: Break; choices: Choices; onProposed: (a: Adjustment) => void; onRefused: () => void }) {
  const precisions = usePrecisions();
  const empty = { account: '', value: '', note: '' };
  const [form, setForm] = useState(empty);
  const [key, setKey] = useState(newIdempotencyKey);
  const { busy, problem, run } = useSteps();
  const change = (field: keyof typeof form, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setKey(newIdempotencyKey());
  };
  const { currency } = brk.difference;
  const whole = `${formatAmount(brk.difference.value.replace(/^[-+]/, ''), precisions?.get(currency))} ${currency}`;
  const submit = () =>
    run(async () => {
      const value = form.value.trim();
      const res = await proposeAdjustment(brk.id, key, { account_ref: form.account, note: form.note.trim(), ...(value ? { amount: { currency, value } } : {}) });
      // A refusal naming an adjustment that waits already: the list shows it.
      if (res.response.status === 409) onRefused();
      const proposed = dataOf(res);
      setForm(empty);
      setKey(newIdempotencyKey());
      onProposed(proposed);
    });
  return (
    <>
      <p className="muted">{adjustmentInWords(brk.difference.value)} The policy may require approval first; once booked, the break is resolved with it.</p>
      <form
        className="decision"
        aria-label="Propose an adjustment"
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void submit();
        }}
      >
        <Field label="Account that bears or receives it" hint="One of the enterprise's master or client accounts.">
          {(id, hint) => (
            <select id={id} aria-describedby={hint} required value={form.account} onChange={(e) => change('account', e.target.value)}>
              <option value="">Choose…</option>
              {accountGroups(choices).map(([label, options]) =>
                options.length ? (
                  <optgroup key={label} label={label}>
                    {options.map(([ref, name]) => (
                      <option key={ref} value={ref}>
                        {name}
                      </option>
                    ))}
                  </optgroup>
                ) : null,
              )}
            </select>
          )}
        </Field>
        <Field label={`Amount in ${currency} (optional)`} hint={`Empty: the whole difference, ${whole}.`}>
          {(id, hint) => <input id={id} aria-describedby={hint} inputMode="decimal" pattern="[0-9]+(\.[0-9]+)?" value={form.value} onChange={(e) => change('value', e.target.value)} />}
        </Field>
        <Field label="Note (required)" hint="Why: the bank fee, the payment the ledger missed.">
          {(id, hint) => <input id={id} aria-describedby={hint} required maxLength={2000} value={form.note} onChange={(e) => change('note', e.target.value)} />}
        </Field>
        <button type="submit" disabled={busy}>
          {busy ? 'Proposing…' : 'Propose adjustment'}
        </button>
      </form>
      {problem ? <ProblemView problem={problem} /> : null}
    </>
  );
}

/** Reverse, with a note behind a confirmation: a second adjustment, the same amount on the same account the other way, governed the same way. */
function ReverseAdjustment({ adjustment, onReversed }: { adjustment: Adjustment; onReversed: (a: Adjustment) => void }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const { busy, problem, run } = useSteps();
  const reverse = () =>
    run(async () => {
      const reversal = dataOf(await reverseAdjustment(adjustment.id, key, note.trim()));
      setOpen(false);
      setNote('');
      setKey(newIdempotencyKey());
      onReversed(reversal);
    });
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Reverse…
      </button>
      <Dialog title="Reverse this adjustment" open={open} onClose={() => !busy && setOpen(false)}>
        <p>
          Propose the reversal of the {ADJUSTMENT_DIRECTIONS[adjustment.direction].toLowerCase()} of <Money amount={adjustment.amount} /> (<Ref value={adjustment.account_ref} />)?
        </p>
        <p className="muted">A booked adjustment never changes: its reversal books the same amount the other way, under the same policy. It is reversed once.</p>
        <label>
          Note (required, kept with the reversal)
          <textarea
            value={note}
            maxLength={2000}
            required
            onChange={(e) => {
              setNote(e.target.value);
              setKey(newIdempotencyKey());
            }}
          />
        </label>
        {problem ? <ProblemView problem={problem} /> : null}
        <div className="actions">
          <button type="button" className="primary" disabled={busy || !note.trim()} onClick={() => void reverse()}>
            {busy ? 'Working…' : 'Propose the reversal'}
          </button>
          <button type="button" disabled={busy} onClick={() => setOpen(false)}>
            Keep it
          </button>
        </div>
      </Dialog>
    </>
  );
}

/**
 * A break's adjustments (what became of each, its approval while it waits) and, for a person who may
 * manage reconciliation, the form to propose one while the break is live and Reverse on a booked one.
 */
export function Adjustments({ brk }: { brk: Break }) {
  const access = useAccess();
  const manage = access.can('reconciliation.manage');
  const offer = manage && isLive(brk) && /[1-9]/.test(brk.difference.value);
  const loaded = useApi(() => listAdjustments(brk.id), [brk.id]);
  const choices = useApi(() => (offer ? loadAdjustableAccounts() : Promise.resolve({ data: null, response: new Response() })), [offer]);
  const [notice, setNotice] = useState<string | null>(null);
  const items = loaded.data?.items ?? [];
  if (!offer && loaded.state === 'ready' && items.length === 0) return null;
  // In the list a master account says so: a client account may bear the same name.
  const names = new Map(choices.data ? accountGroups(choices.data).flatMap(([group, options]) => options.map(([ref, name]): [string, string] => [ref, group === 'Master accounts' ? `${name} (master account)` : name])) : []);
  const reversed = new Set(items.map((a) => a.reverses_id));
  const proposed = (a: Adjustment) => {
    setNotice(a.status === 'pending_approval' ? 'The adjustment waits for approval.' : `The adjustment is ${a.status.replace(/_/g, ' ')}.`);
    loaded.reload();
  };
  return (
    <section className="decisions" aria-labelledby={`adjust-${brk.id}`}>
      <h3 id={`adjust-${brk.id}`}>Adjustments</h3>
      <Notice message={notice} tone="success" />
      <Loader loaded={loaded} isEmpty={(d) => d.items.length === 0} empty="No adjustment proposed yet.">
        {(data) => (
          <Table<Adjustment>
            caption="Adjustments of this break, oldest first"
            rows={data.items}
            rowKey={(a) => a.id}
            columns={[
              { header: 'Proposed', cell: (a) => <When iso={a.created_at} /> },
              { header: 'Account', cell: (a) => names.get(a.account_ref) ?? <Ref value={a.account_ref} /> },
              { header: 'Direction', cell: (a) => `${ADJUSTMENT_DIRECTIONS[a.direction]}${a.reverses_id ? ' (a reversal)' : ''}` },
              { header: 'Amount', cell: (a) => <Money amount={a.amount} /> },
              {
                header: 'Status',
                cell: (a) => (
                  <span>
                    <Status value={a.status} />
                    {a.status === 'pending_approval' && access.can('approvals.read') ? (
                      <>
                        {' '}
                        <Link href="/approvals">in Approvals</Link>
                      </>
                    ) : null}
                    {a.executed_at ? (
                      <>
                        {' '}
                        <When iso={a.executed_at} />
                      </>
                    ) : null}
                  </span>
                ),
              },
              { header: 'Note', cell: (a) => a.note },
              ...(manage
                ? [
                    {
                      header: 'Reverse',
                      cell: (a: Adjustment) =>
                        a.status === 'executed' && !a.reverses_id && !reversed.has(a.id) ? <ReverseAdjustment adjustment={a} onReversed={proposed} /> : <span className="muted">—</span>,
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Loader>
      {offer ? (
        <Loader loaded={choices}>
          {(c) =>
            c ? (
              <ProposeForm
                brk={brk}
                choices={c}
                onProposed={proposed}
                onRefused={() => {
                  setNotice(null);
                  loaded.reload();
                }}
              />
            ) : null
          }
        </Loader>
      ) : null}
    </section>
  );
}
