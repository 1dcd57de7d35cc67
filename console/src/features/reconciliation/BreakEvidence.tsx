import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { Schemas } from '../../../../clients/typescript/index';
import { useAccess } from '../../lib/access';
import { dataOf, useSteps } from '../../lib/forms';
import { useApi } from '../../lib/hooks';
import { usePrecisions } from '../../lib/money';
import { Dialog, Field, Loader, Money, ProblemView, Ref, Status, When } from '../../components/ui';
import { decideBreak, findLines, getOperation, type Break, type Decision, type Operation } from './api/reconciliation';
import { Adjustments } from './AdjustPanel';
import { differenceInWords, signedAmount } from './amounts';
import { formatDay, isLive, kindOf } from './words';

/** A statement line as the break shows it: read from the account's lines, or as frozen when the break was accepted. */
interface Line {
  id: string;
  booked_at: string;
  value_at: string | null;
  amount: Schemas['Money'];
  counterparty: string | null;
  reference: string | null;
  remittance: string | null;
  provider_status: string;
}

interface Frozen {
  frozen_at?: string;
  statement_lines?: Line[];
  ledger_transactions?: Array<{ id: string; business_key?: string }>;
}

const OPERATION_NAMES: Record<Operation['kind'], { name: string; at: string; path?: string }> = {
  withdrawal: { name: 'Withdrawal', at: 'Settled', path: '/withdrawals' },
  deposit: { name: 'Deposit', at: 'Credited', path: '/deposits' },
  off_ramp: { name: 'Off-ramp payout', at: 'Paid out' },
};

const OPERATION_REF = /^(withdrawal|deposit|off_ramp)\/[0-9a-f-]{36}/;

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/** The operation a break's ledger side belongs to: named by the run (`detail.operation`), or by the frozen transaction's business key. */
function operationRef(brk: Break, frozen: Frozen | null): string | null {
  const named = text(brk.detail.operation) ?? frozen?.ledger_transactions?.[0]?.business_key ?? null;
  return named ? (OPERATION_REF.exec(named)?.[0] ?? null) : null;
}

/** The facts that have a value, as a definition list (none: nothing). */
function Facts({ rows }: { rows: Array<[string, ReactNode | null | undefined]> }) {
  const known = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  if (known.length === 0) return null;
  return (
    <dl className="facts">
      {known.map(([label, value]) => (
        <div key={label} className="fact">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function LineFacts({ line }: { line: Line }) {
  return (
    <Facts
      rows={[
        ['Booked', <When iso={line.booked_at} />],
        ['Value date', line.value_at ? <When iso={line.value_at} /> : null],
        ['Amount', <Money amount={line.amount} />],
        ['Reference', line.reference ? <code>{line.reference}</code> : null],
        ['Counterparty', line.counterparty],
        ['Remittance', line.remittance],
        ['Bank status', line.provider_status],
      ]}
    />
  );
}

/** The provider's side: the statement line(s) the break is about, or what the statement lacks. */
function StatementSide({ brk, frozen }: { brk: Break; frozen: Frozen | null }) {
  const kind = text(brk.detail.underlying_kind) ?? brk.kind;
  const own = frozen?.statement_lines ?? [];
  const lineIds = [brk.statement_line_id, ...(Array.isArray(brk.detail.line_ids) ? (brk.detail.line_ids as string[]) : [])].filter((id): id is string => !!id);
  const original = text(brk.detail.duplicate_of);
  const missing = [...new Set([...lineIds, ...(original ? [original] : [])])].filter((id) => !own.some((l) => l.id === id));
  const loaded = useApi(() => findLines(brk.account_id, missing), [brk.id, missing.join()]);
  const precisions = usePrecisions();

  if (kind === 'balance_drift') {
    const money = (v: unknown) => (typeof v === 'string' ? <Money amount={{ currency: brk.difference.currency, value: v }} /> : null);
    return (
      <Facts
        rows={[
          ['Provider balance', money(brk.detail.provider_balance)],
          ['Its statement adds up to', money(brk.detail.statement_balance)],
          ['As of', text(brk.detail.as_of) ? <When iso={text(brk.detail.as_of)} /> : null],
        ]}
      />
    );
  }
  if (lineIds.length === 0) return <p>The statement has no line for this, past the time the account allows the provider to report it.</p>;
  return (
    <Loader loaded={loaded}>
      {(found) => {
        const lineOf = (id: string): Line | undefined => own.find((l) => l.id === id) ?? found.get(id);
        const first = original ? lineOf(original) : undefined;
        return (
          <>
            {lineIds.map((id) => {
              const line = lineOf(id);
              return line ? <LineFacts key={id} line={line} /> : <p key={id}>This line is no longer in the account's statement.</p>;
            })}
            {first ? (
              <p>
                It repeats the line booked <When iso={first.booked_at} /> for {signedAmount(first.amount.value, first.amount.currency, precisions)}, which is matched to the ledger.
              </p>
            ) : null}
          </>
        );
      }}
    </Loader>
  );
}

/** The ledger's side: the operation the transaction belongs to and the transaction itself, or what the ledger lacks. */
function LedgerSide({ brk, frozen }: { brk: Break; frozen: Frozen | null }) {
  const kind = text(brk.detail.underlying_kind) ?? brk.kind;
  const ref = operationRef(brk, frozen);
  const operation = useApi(() => getOperation(ref), [ref]);
  const transactions = brk.ledger_transaction_id ? [brk.ledger_transaction_id] : Array.isArray(brk.detail.transaction_ids) ? (brk.detail.transaction_ids as string[]) : [];
  const ledgerAmount = text(brk.detail.ledger_amount);
  const op = operation.data;
  const names = op ? OPERATION_NAMES[op.kind] : null;
  const operationRows: Array<[string, ReactNode]> =
    op && names
      ? [
          ['Operation', names.name],
          ['Amount', <Money amount={op.amount} />],
          ['Account', <Ref value={op.accountRef} />],
          ['Status', <Status value={op.status} />],
          [names.at, op.at ? <When iso={op.at} /> : null],
          ['Rail reference', op.railReference ? <code>{op.railReference}</code> : null],
        ]
      : [];
  return (
    <>
      {/* Its loading and error states; the operation's facts lead the list below once read. */}
      {ref ? <Loader loaded={operation}>{() => null}</Loader> : null}
      <Facts
        rows={[
          ...operationRows,
          [transactions.length > 1 ? 'Ledger transactions' : 'Ledger transaction', transactions.length ? transactions.map((t) => <code key={t}>{t} </code>) : null],
          ['Ledger amount', ledgerAmount ? <Money amount={{ currency: brk.difference.currency, value: ledgerAmount }} /> : null],
          ['Corrected by', brk.resolution_ledger_transaction_id ? <code>{brk.resolution_ledger_transaction_id}</code> : null],
        ]}
      />
      {op && names?.path ? (
        <p>
          <Link href={`${names.path}/${op.id}`}>Open the {names.name.toLowerCase()}</Link>
        </p>
      ) : null}
      {transactions.length === 0 && !ref ? (
        <p>
          {kind === 'duplicate_line'
            ? 'Its first report is matched to the ledger; this second one has nothing to match.'
            : kind === 'balance_drift'
              ? 'The provider disagrees with its own statement: the ledger is not part of this difference.'
              : 'No ledger transaction matches this line.'}
        </p>
      ) : null}
    </>
  );
}

/** Tomorrow in the browser's calendar (YYYY-MM-DD), the earliest day a break can be snoozed to. */
function tomorrow(): string {
  const d = new Date(Date.now() + 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The decisions a live break allows: acknowledge, accept with a note (confirmed), resolve with the correcting transaction, snooze. */
function Decisions({ brk, accountLabel, onDecided }: { brk: Break; accountLabel: string; onDecided: (b: Break) => void }) {
  const precisions = usePrecisions();
  const { busy, problem, run } = useSteps();
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState('');
  const [transaction, setTransaction] = useState('');
  const [resolveNote, setResolveNote] = useState('');
  const [until, setUntil] = useState(tomorrow);
  const decide = (d: Decision) =>
    run(async () => {
      const updated = dataOf(await decideBreak(brk.id, d));
      setConfirming(false);
      onDecided(updated);
    });
  const what = `“${kindOf(brk)}” of ${signedAmount(brk.difference.value, brk.difference.currency, precisions)} on ${formatDay(brk.period)} (${accountLabel})`;
  return (
    <section className="decisions" aria-labelledby={`decide-${brk.id}`}>
      <h3 id={`decide-${brk.id}`}>Decide</h3>
      <div className="actions">
        {brk.status === 'open' ? (
          <button type="button" disabled={busy} onClick={() => void decide({ action: 'acknowledge' })}>
            Acknowledge
          </button>
        ) : null}
        <button type="button" className="primary" disabled={busy} onClick={() => setConfirming(true)}>
          Accept…
        </button>
      </div>
      <form
        className="decision"
        aria-label="Resolve with the correcting ledger transaction"
        onSubmit={(e) => {
          e.preventDefault();
          void decide({ action: 'resolve', ledgerTransactionId: transaction.trim(), note: resolveNote.trim() || undefined });
        }}
      >
        <Field label="Correcting ledger transaction" hint="The id of the ledger transaction that corrected the books (one of this enterprise's).">
          {(id, hint) => <input id={id} aria-describedby={hint} required pattern="\s*[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\s*" value={transaction} onChange={(e) => setTransaction(e.target.value)} />}
        </Field>
        <Field label="Note (optional)">{(id) => <input id={id} maxLength={2000} value={resolveNote} onChange={(e) => setResolveNote(e.target.value)} />}</Field>
        <button type="submit" disabled={busy}>
          Resolve
        </button>
      </form>
      <form
        className="decision"
        aria-label="Snooze until a day"
        onSubmit={(e) => {
          e.preventDefault();
          // Until the start of that day where the person is: it comes back to the inbox that morning.
          void decide({ action: 'snooze', until: new Date(`${until}T00:00:00`).toISOString() });
        }}
      >
        <Field label="Snooze until" hint="It leaves the inbox until then, still live: its day cannot close meanwhile.">
          {(id, hint) => <input id={id} aria-describedby={hint} type="date" required min={tomorrow()} value={until} onChange={(e) => setUntil(e.target.value)} />}
        </Field>
        <button type="submit" disabled={busy}>
          Snooze
        </button>
      </form>
      {problem && !confirming ? <ProblemView problem={problem} /> : null}
      <Dialog title="Accept this break" open={confirming} onClose={() => !busy && setConfirming(false)}>
        <p>Accept {what}?</p>
        <p className="muted">The difference is explained and stays in the books; the evidence as it is now is frozen on the break with your note. An accepted break is never reopened.</p>
        <label>
          Note (required, kept with the break)
          <textarea value={note} maxLength={2000} required onChange={(e) => setNote(e.target.value)} />
        </label>
        {problem ? <ProblemView problem={problem} /> : null}
        <div className="actions">
          <button type="button" className="primary" disabled={busy || !note.trim()} onClick={() => void decide({ action: 'accept', note: note.trim() })}>
            {busy ? 'Working…' : 'Accept the break'}
          </button>
          <button type="button" disabled={busy} onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      </Dialog>
    </section>
  );
}

/** A break's evidence side by side (the statement, the ledger), its difference, the decisions it still allows, and its adjustments. */
export function BreakEvidence({ id, brk, accountLabel, onDecided }: { id: string; brk: Break; accountLabel: string; onDecided: (b: Break) => void }) {
  const access = useAccess();
  const precisions = usePrecisions();
  const frozen = (brk.evidence as Frozen | null) ?? null;
  return (
    <section id={id} className="evidence" aria-label={`Evidence of the break ${kindOf(brk).toLowerCase()}`}>
      {frozen?.frozen_at ? (
        <p className="muted">
          As frozen when it was accepted, <When iso={frozen.frozen_at} />.
        </p>
      ) : null}
      <div className="sides">
        <section className="side" aria-labelledby={`${id}-statement`}>
          <h3 id={`${id}-statement`}>Statement</h3>
          <StatementSide brk={brk} frozen={frozen} />
        </section>
        <section className="side" aria-labelledby={`${id}-ledger`}>
          <h3 id={`${id}-ledger`}>Ledger</h3>
          <LedgerSide brk={brk} frozen={frozen} />
        </section>
      </div>
      <p className="difference">
        <strong>Difference: {signedAmount(brk.difference.value, brk.difference.currency, precisions)}</strong> · {differenceInWords(brk.difference, precisions)}.
      </p>
      {isLive(brk) && access.can('reconciliation.manage') ? <Decisions brk={brk} accountLabel={accountLabel} onDecided={onDecided} /> : null}
      <Adjustments brk={brk} />
    </section>
  );
}
