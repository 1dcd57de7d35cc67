import { useState } from 'react';
import { problemOf, type SdkProblem as Problem } from '../../../../../clients/typescript/index';
import { useAccess } from '../../../lib/access';
import type { AnyRecord } from '../../../lib/records';
import { Dialog, Money, Notice, ProblemView, Ref } from '../../../components/ui';
import type { Family } from '../api/families';

/** Cancel, with a confirmation, for a person allowed to create the family's records, while the record can still be cancelled. */
export function CancelRecord({ family, record, onCancelled }: { family: Family; record: AnyRecord; onCancelled: () => void }) {
  const access = useAccess();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const noun = family.singular.toLowerCase();
  const cancel = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const res = await family.cancel(record.id);
      if (!res.data) throw problemOf(res.error, res.response);
      setOpen(false);
      setNotice(`The ${noun} is now ${res.data.status.replace(/_/g, ' ')}.`);
      onCancelled();
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  };
  const offered = access.can(family.cancelPermission) && family.cancellable.has(record.status);
  return (
    <>
      <Notice message={notice} tone="success" />
      {offered ? (
        <div className="actions">
          <button type="button" className="danger" onClick={() => setOpen(true)}>
            Cancel the {noun}…
          </button>
        </div>
      ) : null}
      <Dialog title={`Cancel the ${noun}`} open={open} onClose={() => !busy && setOpen(false)}>
        <p>
          Cancel the {noun} of <Money amount={record.principal_amount} /> from <Ref value={record.account_ref} />?
        </p>
        <p className="muted">Its pending approval is cancelled with it and the held funds return to the account.</p>
        {problem ? <ProblemView problem={problem} onReload={onCancelled} /> : null}
        <div className="actions">
          <button type="button" className="danger" disabled={busy} onClick={() => void cancel()}>
            {busy ? 'Working…' : `Yes, cancel the ${noun}`}
          </button>
          <button type="button" disabled={busy} onClick={() => setOpen(false)}>
            Keep it
          </button>
        </div>
      </Dialog>
    </>
  );
}
