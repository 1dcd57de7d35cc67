import { useState, type ReactNode } from 'react';
import { problemOf, type SdkProblem as Problem } from '../../../clients/typescript/index';
import { Dialog, ProblemView } from './ui';

/** The answer of a call through the typed client. */
type Answered = { data?: unknown; error?: unknown; response: Response };

/** A privileged action, asked before it is done: what it does to which object, and the call that does it. */
export interface Confirmation {
  /** A question that names the object: `Revoke the API key "Payouts bot"?` */
  title: string;
  /** What follows, in words (and the object's facts a person checks). */
  body: ReactNode;
  /** The confirming button's label: the verb again (`Revoke`), never "OK". */
  confirm: string;
  danger?: boolean;
  run: () => Promise<Answered>;
  /** After a success, with the call's data. */
  done: (data: unknown) => void;
}

/**
 * Asks before a privileged action: the dialog names the object and the consequence, Cancel has the
 * focus (a stray Enter or a second click does nothing), the confirming button is disabled while the call
 * runs (one call for a double click), and a refusal is shown in the dialog with the API's words.
 */
export function ConfirmDialog({ pending, onClose }: { pending: Confirmation | null; onClose: () => void }) {
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const confirm = async () => {
    if (!pending || running) return;
    setRunning(true);
    setProblem(null);
    try {
      const res = await pending.run();
      if (res.error !== undefined || !res.response.ok) return setProblem(problemOf(res.error, res.response));
      pending.done(res.data);
      close();
    } finally {
      setRunning(false);
    }
  };
  return (
    <Dialog title={pending?.title ?? ''} open={pending !== null} onClose={close}>
      <div>{pending?.body}</div>
      {problem ? <ProblemView problem={problem} /> : null}
      <div className="actions">
        <button type="button" autoFocus onClick={close}>
          Cancel
        </button>
        <button type="button" className={pending?.danger ? 'danger' : 'primary'} disabled={running} onClick={() => void confirm()}>
          {pending?.confirm ?? ''}
        </button>
      </div>
    </Dialog>
  );
}
