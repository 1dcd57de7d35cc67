import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { SdkProblem as Problem, Schemas } from '../../../clients/typescript/index';
import type { Loaded } from '../lib/hooks';
import { formatAmount, usePrecisions } from '../lib/money';
import { useName } from '../lib/names';
import { setScreenTitle } from '../lib/title';

export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  useEffect(() => {
    setScreenTitle(title);
  }, [title]);
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">{title}</h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

/** A problem as a person can act on it: what is missing for a 403, a reload for a 409/412. */
export function ProblemView({ problem, onReload }: { problem: Problem; onReload?: () => void }) {
  const permission = problem.status === 403 ? /permission ([a-z_]+\.[a-z_]+)/.exec(problem.detail)?.[1] : undefined;
  const changed = problem.status === 409 || problem.status === 412;
  return (
    <div className="problem" role="alert">
      <p className="problem-title">{changed ? 'This changed since it was loaded.' : problem.title}</p>
      <p>{problem.detail}</p>
      {permission ? (
        <p>
          Missing permission: <code>{permission}</code>. Ask an administrator for a role that grants it.
        </p>
      ) : null}
      {problem.reason ? <p className="muted">Reason: {problem.reason}</p> : null}
      {onReload && (changed || problem.status === 0 || problem.status >= 500) ? (
        <button type="button" onClick={onReload}>
          Reload
        </button>
      ) : null}
      {problem.request_id ? <p className="muted small">Request id: {problem.request_id}</p> : null}
    </div>
  );
}

/** Loading, error and empty states around a loaded list or record. */
export function Loader<T>({ loaded, empty, isEmpty, children }: { loaded: Loaded<T>; empty?: string; isEmpty?: (data: T) => boolean; children: (data: T) => ReactNode }) {
  if (loaded.state === 'error') return <ProblemView problem={loaded.problem} onReload={loaded.reload} />;
  if (loaded.data === undefined) {
    return (
      <p className="loading" role="status">
        Loading…
      </p>
    );
  }
  if (isEmpty?.(loaded.data)) return <p className="empty">{empty ?? 'Nothing here yet.'}</p>;
  return <>{children(loaded.data)}</>;
}

/** An amount in the browser's locale with its asset's decimals (the decimal string is never parsed into a float). */
export function Money({ amount }: { amount: Schemas['Money'] | null | undefined }) {
  const precisions = usePrecisions();
  return amount ? (
    <span className="money">
      {formatAmount(amount.value, precisions?.get(amount.currency))} <span className="currency">{amount.currency}</span>
    </span>
  ) : (
    <span className="muted">—</span>
  );
}

export function Status({ value }: { value: string }) {
  return <span className={`status status-${value}`}>{value.replace(/_/g, ' ')}</span>;
}

const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** "in 5 minutes", "3 days ago": the largest unit that fits. */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const [unit, size] = RELATIVE_UNITS.find(([, size]) => Math.abs(seconds) >= size) ?? RELATIVE_UNITS[RELATIVE_UNITS.length - 1];
  return new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }).format(Math.trunc(seconds / size), unit);
}

/** A moment, absolute and relative together. */
export function When({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <span className="muted">—</span>;
  return (
    <time dateTime={iso}>
      {new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })} <span className="muted">({relativeTime(iso)})</span>
    </time>
  );
}

/**
 * A reference as a person reads it: the name of what it points at (looked up in one batch per screen),
 * the reference itself on hover and behind a copy button. Unnamed kinds, and names out of reach, show the reference.
 */
export function Ref({ value }: { value: string | null | undefined }) {
  const name = useName(value);
  const [copied, setCopied] = useState(false);
  if (!value) return <span className="muted">—</span>;
  // While the batch is out, a placeholder the screen counts as loading.
  if (name === undefined) return <span className="loading">…</span>;
  if (name === null) return <code className="ref">{value}</code>;
  return (
    <span className="named" title={value}>
      <span>{name}</span>
      {/* The icon comes from CSS, so the name reads alone in the text of what surrounds it. */}
      <button
        type="button"
        className={copied ? 'copy copied' : 'copy'}
        aria-label={`Copy ${value}`}
        onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true), () => undefined)}
      />
    </span>
  );
}

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/** A table at desk width; on a phone each row becomes a labelled card (CSS reads data-label). */
export function Table<T>({ caption, columns, rows, rowKey }: { caption: string; columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string }) {
  return (
    // Focusable so a keyboard can scroll a table wider than the screen.
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.header} data-label={c.header}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Pager({ page, nextToken, onNext, onPrevious }: { page: number; nextToken: string | null | undefined; onNext: (t: string) => void; onPrevious: () => void }) {
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" onClick={onPrevious} disabled={page <= 1}>
        Previous
      </button>
      <span aria-live="polite">Page {page}</span>
      <button type="button" onClick={() => nextToken && onNext(nextToken)} disabled={!nextToken}>
        Next
      </button>
    </nav>
  );
}

/** A modal dialog on the native <dialog>: focus stays inside, Escape closes it. */
export function Dialog({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby={id} onClose={onClose} onCancel={onClose}>
      <h2 id={id}>{title}</h2>
      {open ? children : null}
    </dialog>
  );
}

export function Field({ label, hint, children }: { label: string; hint?: string; children: (id: string, describedBy?: string) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id, hintId)}
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function Notice({ message, tone = 'info' }: { message: string | null; tone?: 'info' | 'success' }) {
  return (
    <p className={`notice notice-${tone}`} role="status" aria-live="polite">
      {message ?? ''}
    </p>
  );
}
