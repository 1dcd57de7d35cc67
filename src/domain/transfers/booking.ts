import { bulkInsertAll, type BulkTable } from '../../db/bulk';
import type { Db } from '../../db/sql';
import { eventsInBulk } from '../../events/outbox';
import { KeyTaken, answersInBulk, isKeyTaken, type IdempotencyScope } from '../../idempotency/store';
import { issueBookings } from '../../ledger';
import { uuidv7 } from '../../ids';
import { velocitiesInBulk } from '../policies';
import { accountStates, lockMovable, transferRefusal } from './accounts';
import { transferBooking, transferVelocity, type NewInternalTransfer } from './model';
import { transferEvent } from './present';
import { TRANSFERS_IN_BULK, type TransferRow } from './store';

/*
 * The one way an executed internal transfer is written: a transfer alone (the governed path's
 * `allow`), a group of concurrent transfers (./group-booking) and a batch
 * (./batch-create) all issue these statements; a single transfer is a group of one.
 */

export interface TransferToBook {
  input: NewInternalTransfer;
  /** The executed transfer's row, complete: ids, times, decision. */
  row: TransferRow;
  idempotency?: IdempotencyScope;
  /** Its velocity entry is already written (a governed transfer of an atomic batch, counted before the next is decided). */
  velocityRecorded?: boolean;
}

/**
 * The group's statements, in order: the accounts locked and checked, the transfer rows, their
 * velocity entries, their events, the Idempotency-Key answers with the requests' audit entries, and
 * last the bookings, so the balance rows are locked for the shortest time. Each lock class is taken
 * in one order (accounts by id, keys sorted, balance rows sorted), so groups cannot deadlock.
 */
export function issueTransfers(tx: Db, items: TransferToBook[]) {
  const rows = items.map((t) => t.row);
  const accounts =
    items.length === 1
      ? lockMovable(tx, items[0].input.sourceRef, items[0].input.targetRef)
      : tx`select counterfoil_refuse('account_not_movable') from (${accountStates(tx, [...new Set(rows.flatMap((r) => [r.source_ref, r.target_ref]))])}) s
            where s.admission_state = 'closed' or s.restriction_state = 'suspended' or coalesce(s.client_status, 'active') <> 'active' or s.status <> 'active'
            limit 1`.execute();
  // Each transfer's representation, once: the event's payload and the Idempotency-Key answer (kept as its JSON text, so a replay is the same bytes).
  const events = rows.map((r) => ({ ...transferEvent(r, r.subject_attribution), id: uuidv7() }));
  const answered = items.flatMap((t, i) => (t.idempotency ? [t.idempotency.answered({ status: 201, body: events[i].payload })] : []));
  const answers = answered.length > 0 ? answersInBulk(answered) : null;
  const parts = [
    { table: TRANSFERS_IN_BULK as BulkTable<unknown>, rows },
    velocitiesInBulk(items.filter((t) => !t.velocityRecorded).map((t) => transferVelocity(t.row))),
    eventsInBulk(events),
  ];
  // Every row of the group but the ledger's, in one statement; a taken key refuses there.
  const written = bulkInsertAll(tx, [...parts, ...(answers?.parts ?? [])], answers?.refusal(parts.length)).execute();
  const ledger = issueBookings(tx, items.map(({ row, input }) => transferBooking(row, input)));
  return {
    statements: [accounts, written, ...ledger.statements] as Promise<unknown>[],
    /** A lone transfer's failure as the API's answer (for a group, any PostgreSQL error means: book them one by one). */
    explain: async (err: unknown): Promise<unknown> => {
      if (items.length > 1) return err;
      if (isKeyTaken(err)) return new KeyTaken();
      return transferRefusal(await ledger.explain(err));
    },
  };
}
