import type { Sql, TransactionSql } from 'postgres';
import { AppError } from '../../errors';
import type { Metrics } from '../../metrics';
import { recordEventSql } from '../../events/outbox';
import { money, parseAmount, systemAccountRef } from '../../ledger';
import { bookReturn, presentReturn, returnExtent, type ReturnReport } from '../returns';
import { ACCOUNT_RESTRICTED, DEPOSIT_PARTIALLY_REVERSED, DEPOSIT_REVERSED } from '../funding/events';
import { presentDeposit, type DepositRow } from '../funding/present';
import { DEPOSIT_COLUMNS } from './deposits';

/*
 * A credited deposit taken back (docs/returns-and-reversals.md): a bank's recall, an ACH return of a
 * debit, a card chargeback, or an operator's return to the sender. credited → partially_reversed →
 * reversed, each booked once as a ledger reversal of the credit debiting the account. When the account
 * no longer holds the money, the shortfall is overdraft used and the account is restricted (an event,
 * a metric and a warning): a negative position is never silent.
 */

export interface DepositReversalInput extends Omit<ReturnReport, 'amount'> {
  amount: { currency: string; value: string };
}

/** Why a balance is restricted (the ledger's restricted_reason): a reversal overdrew it. */
const RESTRICTION_REASON = 'reversal_shortfall';

export const unknownDeposit = () =>
  new AppError('EdgeUnprocessable', 'No credited deposit of this enterprise has this reference.', { reason: 'unknown_deposit', errors: [{ pointer: '/body/data/reference', detail: 'unknown deposit' }] });

/** The deposit of `enterpriseId` with this rail reference (the connector's `reference`), if one. */
export async function findDepositByReference(sql: Sql, enterpriseId: string, reference: string): Promise<string | null> {
  const [row] = await sql`select id from deposits where enterprise_id = ${enterpriseId} and transaction_hash = ${reference} order by id limit 1`;
  return row?.id ?? null;
}

export interface ReversedDeposit {
  deposit: DepositRow;
  replayed: boolean;
  /** Whether this reversal restricted the account. */
  restricted: boolean;
}

/** Books one reversal of a credited deposit; a second report of the same reversal id changes nothing (`replayed`). */
export async function reverseDeposit(sql: Sql | TransactionSql, enterpriseId: string, id: string, input: DepositReversalInput, metrics?: Metrics): Promise<ReversedDeposit> {
  const run = async (tx: TransactionSql): Promise<ReversedDeposit> => {
    const [d] = await tx<DepositRow[]>`select ${DEPOSIT_COLUMNS(tx)} from deposits where id = ${id} for update`;
    if (!d || d.enterprise_id !== enterpriseId) throw unknownDeposit();
    // A reversed one goes on: a second report replays, anything more is refused by the ledger.
    if (!['credited', 'partially_reversed', 'reversed'].includes(d.status) || !d.ledger_transaction_id) {
      throw new AppError('EdgeUnprocessable', `The deposit is ${d.status}: only a credited deposit can be reversed.`, { reason: 'deposit_not_credited', extensions: { status: d.status } });
    }
    if (input.amount.currency.toUpperCase() !== d.asset) {
      throw new AppError('EdgeUnprocessable', `The deposit was in ${d.asset}.`, { reason: 'return_currency_mismatch', errors: [{ pointer: '/body/data/amount/currency', detail: `must be ${d.asset}` }] });
    }
    const amount = parseAmount(input.amount.value, d.asset);
    const booked = await bookReturn(
      tx,
      {
        ref: `deposits/${d.id}`,
        enterpriseId,
        accountRef: d.account_ref,
        asset: d.asset,
        principal: BigInt(d.amount),
        ledgerTransactionId: d.ledger_transaction_id,
        counterRef: systemAccountRef(enterpriseId, 'external_deposits'),
      },
      { ...input, amount },
      metrics,
    );
    if (booked.replayed) return { deposit: d, replayed: true, restricted: false };
    const status = returnExtent(booked.reversedAmount, BigInt(d.amount)) === 'full' ? 'reversed' : 'partially_reversed';
    const [updated] = await tx<DepositRow[]>`
      update deposits set status = ${status}, reversals = reversals || ${JSON.stringify([presentReturn(booked.row)])}::text::jsonb,
             reversed_amount = ${booked.reversedAmount.toString()}::numeric, version = version + 1, updated_at = now()
       where id = ${d.id} returning ${DEPOSIT_COLUMNS(tx)}`;
    const event = { enterpriseId, scopeRef: updated.account_ref, attribution: null };
    await recordEventSql(tx, { ...event, type: status === 'reversed' ? DEPOSIT_REVERSED : DEPOSIT_PARTIALLY_REVERSED, resourceRef: `deposits/${d.id}`, payload: presentDeposit(updated) });
    if (booked.restricted) {
      const [b] = await tx`select (total - held)::text as available from ledger_balances where account_ref = ${d.account_ref} and asset = ${d.asset}`;
      await recordEventSql(tx, {
        ...event,
        type: ACCOUNT_RESTRICTED,
        resourceRef: d.account_ref,
        payload: {
          resource: 'account_restriction',
          account_ref: d.account_ref,
          asset: d.asset,
          reason: RESTRICTION_REASON,
          overdraft_used: money(-BigInt(b.available), d.asset),
          cause_ref: `deposits/${d.id}`,
          ledger_transaction_ref: `ledger-transactions/${booked.row.ledger_transaction_id}`,
        },
      });
    }
    return { deposit: updated, replayed: false, restricted: booked.restricted };
  };
  return typeof (sql as TransactionSql).savepoint === 'function' ? run(sql as TransactionSql) : ((await (sql as Sql).begin(run)) as ReversedDeposit);
}
