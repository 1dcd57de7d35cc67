import type { Row, TransactionSql } from 'postgres';
import { uuidv7 } from '../../ids';
import type { Metrics } from '../../metrics';
import { bookReversal, type Leg } from '../../ledger';
import type { ReturnReason } from '../../reference/return-reasons';
import { schedulesInForce } from '../fees/agreements';
import { DEFAULT_FEE_REFUND_POLICY, refundsFees, type FeeRefundPolicy, type MoneyReturnRow, type ReturnKind } from './model';

/*
 * The one booking every kind of return shares: once per (record, provider's id), a ledger reversal
 * linked to the record's own ledger transaction, and its money_returns row. The record's area locks
 * its row first, then calls this, then moves its status and records its event in the same transaction.
 */

/** The record money comes back to (or is taken back from). */
export interface ReturnSubject {
  /** `withdrawals/<id>`, `off-ramp-sessions/<id>`, `deposits/<id>`, `internal-transfers/<id>`. */
  ref: string;
  enterpriseId: string;
  /** The account credited by a payout return, debited by a recall or a transfer's reversal. */
  accountRef: string;
  asset: string;
  /** What the record moved: its returns and reversals never add up to more. */
  principal: bigint;
  ledgerTransactionId: string;
  /** The other side of the booking: the external flow the money went to or came from, or the transfer's source. */
  counterRef: string;
  /** Service fees charged with it, in the same asset, with the account each was paid to (refunded only by policy; network fees were spent). */
  fees?: { payeeRef: string; amount: bigint }[];
}

export interface ReturnReport {
  kind: ReturnKind;
  externalId: string;
  amount: bigint;
  reason: ReturnReason;
  occurredAt: Date;
  connectorId?: string | null;
  approvalRef?: string | null;
}

export interface BookedReturn {
  row: MoneyReturnRow;
  replayed: boolean;
  /** What has come back in all, after this one. */
  reversedAmount: bigint;
  /** Whether this one restricted the account (a recall it could no longer cover). */
  restricted: boolean;
}

const COLUMNS = `id, created_at, enterprise_id, subject_ref, kind, external_id, account_ref, asset, amount::text as amount, fee_refund::text as fee_refund,
  shortfall::text as shortfall, reason, occurred_at, ledger_transaction_id, connector_id, approval_ref`;

export function toMoneyReturnRow(r: Row): MoneyReturnRow {
  return {
    id: r.id,
    created_at: r.created_at,
    enterprise_id: r.enterprise_id,
    subject_ref: r.subject_ref,
    kind: r.kind,
    external_id: r.external_id,
    account_ref: r.account_ref,
    asset: r.asset,
    amount: r.amount,
    fee_refund: r.fee_refund,
    shortfall: r.shortfall,
    reason: r.reason,
    occurred_at: r.occurred_at,
    ledger_transaction_id: r.ledger_transaction_id,
    connector_id: r.connector_id,
    approval_ref: r.approval_ref,
  };
}

/** The fee policy of returns in the enterprise's agreement in force, else the platform's, else never. */
export async function feeRefundPolicy(tx: TransactionSql, enterpriseId: string): Promise<FeeRefundPolicy> {
  const { platform, enterprise } = await schedulesInForce(tx, enterpriseId);
  return enterprise?.schedule.refund_on_return ?? platform.schedule.refund_on_return ?? DEFAULT_FEE_REFUND_POLICY;
}

/** Credits (payout return) or debits (recall, reversal) the account, linked to the record's ledger transaction; once per external id. */
export async function bookReturn(tx: TransactionSql, subject: ReturnSubject, report: ReturnReport, metrics?: Metrics): Promise<BookedReturn> {
  // Locked first: a second report of the same return waits here, then finds the first one's row.
  const [original] = await tx`select reversed_amount::text from ledger_transactions where id = ${subject.ledgerTransactionId} for update`;
  const [seen] = await tx.unsafe(`select ${COLUMNS} from money_returns where subject_ref = $1 and external_id = $2`, [subject.ref, report.externalId]);
  if (seen) return { row: toMoneyReturnRow(seen), replayed: true, reversedAmount: BigInt(original.reversed_amount), restricted: false };

  const credit = report.kind === 'payout_return';
  const fees = credit && (subject.fees ?? []).length > 0 && refundsFees(await feeRefundPolicy(tx, subject.enterpriseId), BigInt(original.reversed_amount) + report.amount, subject.principal)
    ? (subject.fees ?? []).filter((f) => f.amount > 0n)
    : [];
  const feeRefund = fees.reduce((s, f) => s + f.amount, 0n);
  const sign = credit ? 1n : -1n;
  const legs: Leg[] = [
    { accountRef: subject.accountRef, asset: subject.asset, amount: sign * report.amount + feeRefund },
    { accountRef: subject.counterRef, asset: subject.asset, amount: -sign * report.amount },
    ...fees.map((f) => ({ accountRef: f.payeeRef, asset: subject.asset, amount: -f.amount })),
  ];
  const booked = await bookReversal(tx, {
    key: `return/${subject.ref}/${report.externalId}`,
    enterpriseId: subject.enterpriseId,
    kind: report.kind,
    reversalOf: subject.ledgerTransactionId,
    reversible: subject.principal,
    amount: report.amount,
    asset: subject.asset,
    legs,
    overdraw: report.kind === 'deposit_reversal' ? { accountRef: subject.accountRef } : undefined,
    metrics,
  });
  const shortfall = booked.overdraftUsed < report.amount ? booked.overdraftUsed : report.amount;
  const [row] = await tx.unsafe(
    `insert into money_returns (id, enterprise_id, subject_ref, kind, external_id, account_ref, asset, amount, fee_refund, shortfall, reason, occurred_at,
                                ledger_transaction_id, connector_id, approval_ref)
     values ($1, $2, $3, $4, $5, $6, $7, $8::numeric, $9::numeric, $10::numeric, $11::text::jsonb, $12, $13, $14, $15) returning ${COLUMNS}`,
    [uuidv7(), subject.enterpriseId, subject.ref, report.kind, report.externalId, subject.accountRef, subject.asset, report.amount.toString(), feeRefund.toString(),
      shortfall.toString(), JSON.stringify(report.reason), report.occurredAt, booked.transaction.id, report.connectorId ?? null, report.approvalRef ?? null] as never[],
  );
  return { row: toMoneyReturnRow(row), replayed: false, reversedAmount: booked.reversedAmount, restricted: booked.restricted };
}

/** The returns and reversals of a record, oldest first. */
export async function returnsOf(tx: TransactionSql, subjectRef: string): Promise<MoneyReturnRow[]> {
  return (await tx.unsafe(`select ${COLUMNS} from money_returns where subject_ref = $1 order by id`, [subjectRef])).map(toMoneyReturnRow);
}
