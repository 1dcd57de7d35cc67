import type { Sql } from 'postgres';
import type { PrincipalRef, SubjectAttribution } from '../../auth/caller';
import type { Metrics } from '../../metrics';
import { voidHold } from '../../ledger';
import { releaseVelocity } from '../policies';
import { forgetUnstarted, type UnstartedWorkflow } from '../../temporal/start-outbox';
import type { ConversionStatus } from './events';
import { bookExchange } from './ledger';
import type { ConversionReleaseStatus } from './model';
import { recordConversionEvent } from './records';
import { lockConversion, statusOf, writeExecuted, writeExecuting, writeReleased } from './store';

/* The steps of `conversion/<id>` after its approval is decided, each an activity's. */

/** pending_approval → executing once approved (records who approved). Returns the status after. */
export async function markConversionExecuting(sql: Sql, id: string, approvedBy: PrincipalRef[]): Promise<ConversionStatus | null> {
  return (await sql.begin(async (tx) => {
    const row = await writeExecuting(tx, id, approvedBy);
    if (row) {
      await recordConversionEvent(tx, row, null);
      return row.status;
    }
    return statusOf(tx, id);
  })) as ConversionStatus | null;
}

/** executing → executed: posts the hold and books the target leg, exactly once (row lock + ledger keys). */
export async function settleConversion(sql: Sql, id: string, metrics?: Metrics): Promise<ConversionStatus | null> {
  return (await sql.begin(async (tx) => {
    const row = await lockConversion(tx, id);
    if (!row || row.status !== 'executing') return row?.status ?? null;
    const ledgerTransactionId = await bookExchange(tx, {
      key: `conversion/${id}`,
      kind: 'conversion',
      enterpriseId: row.enterprise_id,
      source: { holdId: row.hold_id! },
      targetRef: row.account_ref,
      fromAsset: row.from_asset,
      fromAmount: BigInt(row.from_amount),
      toAsset: row.to_asset,
      toAmount: BigInt(row.to_amount),
      fees: row.fee_components,
      metrics,
    });
    const updated = await writeExecuted(tx, id, ledgerTransactionId);
    await recordConversionEvent(tx, updated, null);
    return updated.status;
  })) as ConversionStatus | null;
}

/**
 * pending_approval → cancelled | rejected | expired | failed: voids the hold and stops counting the
 * conversion towards velocity limits, exactly once (the status guard). Returns the status after.
 */
export async function releaseConversion(
  sql: Sql,
  id: string,
  status: ConversionReleaseStatus,
  attribution: SubjectAttribution | null,
  failureReason: string | null = null,
  /** Released instead of started: what the accepting transaction committed for the workflow, forgotten in the same transaction. */
  unstarted?: UnstartedWorkflow,
): Promise<ConversionStatus | null> {
  return (await sql.begin(async (tx) => {
    await forgetUnstarted(tx, unstarted);
    const row = await lockConversion(tx, id);
    if (!row || row.status !== 'pending_approval') return row?.status ?? null;
    if (row.hold_id) await voidHold(tx, { holdId: row.hold_id });
    await releaseVelocity(tx, `conversions/${id}`);
    const updated = await writeReleased(tx, id, status, failureReason);
    await recordConversionEvent(tx, updated, attribution);
    return updated.status;
  })) as ConversionStatus | null;
}
