/**
 * Refusals raised inside a transaction by `counterfoil_refuse(reason)` (SQLSTATE CF001, the reason as
 * message): checks that must abort a transaction whose COMMIT is already on its way.
 */
export const REFUSAL_SQLSTATE = 'CF001';

/** The reason of a refusal raised by counterfoil_refuse, or null for any other error. */
export function refusalReason(err: unknown): string | null {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === REFUSAL_SQLSTATE ? (e.message ?? '') : null;
}

export const isRefusal = (err: unknown, reason: string): boolean => refusalReason(err) === reason;
