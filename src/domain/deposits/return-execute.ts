import type { Sql } from 'postgres';
import type { PrincipalRef, SubjectAttribution } from '../../auth/caller';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import type { Metrics } from '../../metrics';
import { formatAmount, voidHold } from '../../ledger';
import { money } from '../../money/assets';
import { releaseVelocity } from '../policies';
import { forgetUnstarted, type UnstartedWorkflow } from '../../temporal/start-outbox';
import type { DepositRow } from '../funding/present';
import { DEPOSIT_COLUMNS } from './deposits';
import { reverseDeposit } from './reversal';
import { releaseFailure, returnVelocityRef, reversalReason, type DepositReturnRelease, type DepositReturnStatus } from './return-model';
import { getDepositReturn, lockDepositReturn, moveDepositReturn } from './return-store';

/*
 * The steps of `deposit-return/<id>`, one activity each, each guarded by the row lock and the status it
 * starts from so a retry is a no-op: marked executing once approved, paid back through the deposit's
 * provider (once per key `deposit_return/<id>`), then booked as a reversal of the credit from its hold.
 */

/** pending_approval → executing once approved (records who approved). Returns the status after. */
export function markDepositReturnExecuting(sql: Sql, id: string, approvedBy: PrincipalRef[]): Promise<DepositReturnStatus | null> {
  return sql.begin(async (tx): Promise<DepositReturnStatus | null> => {
    const row = await lockDepositReturn(tx, id);
    if (!row || row.status !== 'pending_approval') return row?.status ?? null;
    return (await moveDepositReturn(tx, row, { status: 'executing', subject_attribution: { ...row.subject_attribution, approved_by: approvedBy } }, null)).status;
  }) as Promise<DepositReturnStatus | null>;
}

/**
 * Pays the sender back through the provider of the deposit's rail, once: a return already sent keeps
 * its reference. One that no longer fits what remains (a recall booked meanwhile) fails before any
 * money moves, and so does one the provider rejects. A provider that does not answer throws: the
 * activity retries.
 */
export async function sendDepositReturn(services: Pick<Services, 'sql' | 'providers'>, id: string): Promise<DepositReturnStatus | null> {
  const row = await getDepositReturn(services.sql, id);
  if (!row || row.status !== 'executing' || row.provider_reference) return row?.status ?? null;
  const [d] = await services.sql<DepositRow[]>`select ${DEPOSIT_COLUMNS(services.sql)} from deposits where id = ${row.deposit_id}`;
  if (BigInt(d.reversed_amount) + BigInt(row.amount) > BigInt(d.amount)) return releaseDepositReturn(services.sql, id, 'failed', null, 'reversal_exceeds_remaining');
  const returner = await services.providers.depositReturner(row.enterprise_id, d.rail);
  const answer = await returner.returnDeposit({
    businessKey: `deposit_return/${id}`,
    enterpriseId: row.enterprise_id,
    rail: d.rail,
    depositReference: d.transaction_hash,
    depositAmount: formatAmount(BigInt(d.amount), d.asset),
    amount: formatAmount(BigInt(row.amount), row.asset),
    currency: row.asset,
    reason: row.reason,
  });
  if (answer.status === 'rejected') return releaseDepositReturn(services.sql, id, 'failed', null, 'provider_rejected');
  return services.sql.begin(async (tx): Promise<DepositReturnStatus | null> => {
    const locked = await lockDepositReturn(tx, id);
    if (!locked || locked.status !== 'executing' || locked.provider_reference) return locked?.status ?? null;
    return (await moveDepositReturn(tx, locked, { provider_reference: answer.reference }, null)).status;
  }) as Promise<DepositReturnStatus | null>;
}

/**
 * executing (sent) → executed: the hold is voided and the account debited by a reversal of the
 * deposit's credit (business key `return/deposits/<id>/<return id>`) in one transaction, so the money
 * the hold kept is what the reversal takes; the deposit becomes partially_reversed or reversed. A
 * booking the ledger refuses fails the return and is logged: the provider has sent it, so it is
 * reconciled by hand.
 */
export async function settleDepositReturn(services: Pick<Services, 'sql' | 'log'>, id: string, metrics?: Metrics): Promise<DepositReturnStatus | null> {
  const { sql } = services;
  try {
    return (await sql.begin(async (tx): Promise<DepositReturnStatus | null> => {
      const row = await lockDepositReturn(tx, id);
      if (!row || row.status !== 'executing' || !row.provider_reference) return row?.status ?? null;
      // The deposit before the balances, as a proposal locks them: the other order deadlocks with it.
      await tx`select id from deposits where id = ${row.deposit_id} for update`;
      await voidHold(tx, { holdId: row.hold_id!, metrics });
      const reversed = await reverseDeposit(
        tx,
        row.enterprise_id,
        row.deposit_id,
        { kind: 'operator_reversal', externalId: row.id, amount: money(BigInt(row.amount), row.asset), reason: reversalReason(row.reason), occurredAt: new Date(), approvalRef: row.approval_ref },
        metrics,
      );
      const entry = reversed.deposit.reversals.find((r) => r.external_id === row.id)!;
      const change = { status: 'executed' as const, ledger_transaction_id: entry.ledger_transaction_ref.slice('ledger-transactions/'.length), executed_at: new Date() };
      return (await moveDepositReturn(tx, row, change, null)).status;
    })) as DepositReturnStatus | null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    services.log.error({ err, depositReturnId: id, reason: err.options.reason }, 'a sent deposit return could not be booked: reconcile it');
    return sql.begin(async (tx): Promise<DepositReturnStatus | null> => {
      const row = await lockDepositReturn(tx, id);
      if (!row || row.status !== 'executing') return row?.status ?? null;
      await voidHold(tx, { holdId: row.hold_id! });
      await releaseVelocity(tx, returnVelocityRef(id));
      return (await moveDepositReturn(tx, row, { status: 'failed', failure_reason: `booking_refused:${err.options.reason ?? 'unknown'}` }, null)).status;
    }) as Promise<DepositReturnStatus | null>;
  }
}

/**
 * pending_approval → rejected | expired | cancelled | failed, or executing → failed before the provider
 * sent it: voids the hold and stops counting the return towards velocity limits, exactly once.
 * Returns the status after (unchanged when it had moved on).
 */
export function releaseDepositReturn(
  sql: Sql,
  id: string,
  status: DepositReturnRelease,
  attribution: SubjectAttribution | null,
  failureReason: string | null = null,
  /** Released instead of started: what the proposing transaction committed for the workflow, forgotten in the same transaction. */
  unstarted?: UnstartedWorkflow,
): Promise<DepositReturnStatus | null> {
  return sql.begin(async (tx): Promise<DepositReturnStatus | null> => {
    const row = await lockDepositReturn(tx, id);
    if (!row) return null;
    const releasable = row.status === 'pending_approval' || (row.status === 'executing' && status === 'failed' && !row.provider_reference);
    if (!releasable) return row.status;
    await forgetUnstarted(tx, unstarted);
    await voidHold(tx, { holdId: row.hold_id! });
    await releaseVelocity(tx, returnVelocityRef(id));
    return (await moveDepositReturn(tx, row, { status, failure_reason: releaseFailure(status, failureReason) }, attribution)).status;
  }) as Promise<DepositReturnStatus | null>;
}
