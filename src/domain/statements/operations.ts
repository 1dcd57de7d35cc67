import { UUID_RE } from '../../ids';

/** The operations a statement entry can belong to, named as the API's families and collections name them. */
export const OPERATION_KINDS = ['withdrawal', 'internal_transfer', 'deposit', 'deposit_return', 'conversion', 'off_ramp', 'on_ramp', 'reconciliation_adjustment'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

/** The operation a ledger transaction booked: its kind and its id, the one its screen and its API resource show. */
export interface Operation {
  kind: OperationKind;
  id: string;
}

/** The first segment of the business keys an operation books under (`withdrawal/<id>/settle`, `off_ramp/<id>/return`…). */
const BOOKED_AS = new Map((['withdrawal', 'internal_transfer', 'deposit', 'conversion', 'off_ramp', 'on_ramp', 'reconciliation_adjustment'] as const).map((k): [string, OperationKind] => [k, k]));

/** A money return is booked as `return/<collection>/<id>/<external id>`, for the record it returns. */
const RETURNED = new Map<string, OperationKind>([
  ['withdrawals', 'withdrawal'],
  ['deposits', 'deposit'],
  ['off-ramp-sessions', 'off_ramp'],
]);

/**
 * The operation behind a ledger transaction, read from its business key, which every operation books
 * under its own id and which never changes once booked. Null for a booking of no operation.
 */
export function operationOf(businessKey: string, ledgerKind: string): Operation | null {
  const parts = businessKey.split('/');
  if (parts[0] === 'return') {
    const [, collection, id, externalId] = parts;
    // An operator's return of a deposit is booked with the deposit return's id as its external id.
    if (collection === 'deposits' && ledgerKind === 'operator_reversal') return UUID_RE.test(externalId ?? '') ? { kind: 'deposit_return', id: externalId } : null;
    const kind = RETURNED.get(collection);
    return kind && UUID_RE.test(id ?? '') ? { kind, id } : null;
  }
  const kind = BOOKED_AS.get(parts[0]);
  return kind && UUID_RE.test(parts[1] ?? '') ? { kind, id: parts[1] } : null;
}
