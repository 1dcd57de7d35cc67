import { useState, type ReactNode } from 'react';
import { newIdempotencyKey, problemOf, type SdkProblem as Problem } from '../../../clients/typescript/index';
import { Dialog, Field, ProblemView } from './ui';

/** What a reversal or return proposes: a reason code, an optional note, and an optional part of the amount. */
export interface ReversalProposal<C extends string = string> {
  reason: { code: C; note?: string };
  amount?: { currency: string; value: string };
}

/** The answer of the proposing call, as the typed client gives it. */
type Proposed = { data?: { id: string; status: string }; error?: unknown; response: Response };

/**
 * A button and its dialog to propose undoing money that moved (a deposit's return to its sender, a
 * transfer's reversal): the reason, an optional note, and an optional amount (empty: all of what
 * remains). Generic over the call: `propose` sends the proposal under the dialog's Idempotency-Key,
 * kept for one intention so a double click or a retry proposes once; any change makes a new one.
 */
export function ReversalDialog<C extends string>({
  action,
  title,
  subject,
  reasons,
  currency,
  remaining,
  propose,
  onProposed,
}: {
  /** The button's label (`Return to sender…`). */
  action: string;
  title: string;
  /** What is undone, shown above the form. */
  subject: ReactNode;
  /** The codes the API takes for this kind of reversal, each with what a person reads. */
  reasons: ReadonlyArray<{ code: C; label: string }>;
  currency: string;
  /** What remains to undo, as a decimal string: the hint of the amount. */
  remaining: string;
  propose: (idempotencyKey: string, proposal: ReversalProposal<C>) => Promise<Proposed>;
  onProposed: (created: { id: string; status: string }) => void;
}) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState<C>(reasons[0].code);
  const [note, setNote] = useState('');
  const [value, setValue] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const changed = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setKey(newIdempotencyKey());
    setProblem(null);
  };
  const submit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const res = await propose(key, { reason: { code, ...(note.trim() ? { note: note.trim() } : {}) }, ...(value.trim() ? { amount: { currency, value: value.trim() } } : {}) });
      if (!res.data) throw problemOf(res.error, res.response);
      setOpen(false);
      setNote('');
      setValue('');
      setKey(newIdempotencyKey());
      onProposed(res.data);
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <div className="actions">
        <button type="button" onClick={() => setOpen(true)}>
          {action}
        </button>
      </div>
      <Dialog title={title} open={open} onClose={() => !busy && setOpen(false)}>
        <form
          aria-label={title}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <p>{subject}</p>
          <Field label="Reason">
            {(id) => (
              <select id={id} value={code} onChange={(e) => changed(setCode)(reasons.find((r) => r.code === e.target.value)!.code)}>
                {reasons.map((r) => (
                  <option key={r.code} value={r.code}>
                    {r.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Note (optional)" hint="What the approvers and the record should know.">
            {(id, hint) => <textarea id={id} aria-describedby={hint} maxLength={500} value={note} onChange={(e) => changed(setNote)(e.target.value)} />}
          </Field>
          <Field label={`Amount in ${currency} (optional)`} hint={`Empty: all of what remains (${remaining} ${currency}).`}>
            {(id, hint) => (
              <input id={id} aria-describedby={hint} inputMode="decimal" pattern="[0-9]+(\.[0-9]+)?" value={value} onChange={(e) => changed(setValue)(e.target.value)} />
            )}
          </Field>
          <p className="muted">The amount is held on the account until the proposal is approved and executed, or released.</p>
          {problem ? <ProblemView problem={problem} /> : null}
          <div className="actions">
            <button type="submit" disabled={busy}>
              {busy ? 'Working…' : 'Propose'}
            </button>
            <button type="button" disabled={busy} onClick={() => setOpen(false)}>
              Keep it
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
