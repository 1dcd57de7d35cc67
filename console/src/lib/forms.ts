import { useState } from 'react';
import { newIdempotencyKey, problemOf, type SdkProblem as Problem } from '../../../clients/typescript/index';

/** The data of a typed API answer, or its problem thrown (for a step run by `useSteps`). */
export function dataOf<T>(res: { data?: T; error?: unknown; response?: Response }): T {
  if (res.data === undefined) throw problemOf(res.error, res.response);
  return res.data;
}

/** Steps a form runs (review, confirm, download): busy while one runs, its problem kept for display. */
export function useSteps() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await step();
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, run };
}

export interface Created {
  id: string;
  status: string;
}

/**
 * The form of one intended operation (a withdrawal, a transfer, a conversion). One Idempotency-Key per
 * intention, made with the form and kept across clicks and retries (the API replays the first answer):
 * a double click or a retry cannot move money twice. Any change of the form is a new intention, so a new
 * key, and drops what was reviewed (`onChange`); once created, the form starts again from `next`.
 */
export function useIntentForm<F extends Record<string, string>>(empty: F, onChange: () => void) {
  const [form, setForm] = useState(empty);
  const [key, setKey] = useState(newIdempotencyKey);
  const [done, setDone] = useState<Created | null>(null);
  const change = (field: keyof F, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setKey(newIdempotencyKey());
    setDone(null);
    onChange();
  };
  const created = (record: Created, next: F = empty) => {
    setDone({ id: record.id, status: record.status });
    setForm(next);
    setKey(newIdempotencyKey());
    onChange();
  };
  return { form, key, done, change, created, ...useSteps() };
}
