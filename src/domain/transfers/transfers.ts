import type { Sql, TransactionSql } from 'postgres';
import type { Caller, PrincipalRef, SubjectAttribution } from '../../auth/caller';
import { AppError, conflict, notFound } from '../../errors';
import { recordEventSql } from '../../events/outbox';
import { uuidv7 } from '../../ids';
import type { IdempotencyScope } from '../../idempotency/store';
import type { Metrics } from '../../metrics';
import type { Services } from '../../services';
import { placeHold, postHold, voidHold } from '../../ledger';
import { anyRuleCovers, assertNotDenied, decide, evaluatePolicy, recordVelocity, releaseVelocity, type PolicyDecision, type ProposedOperation } from '../policies';
import { approvalSpecOf, cancelThroughWorkflow, startGovernedWorkflow, type ApprovalSpec } from '../approvals';
import { forgetUnstarted, recordStart, type UnstartedWorkflow, type WorkflowStart } from '../../temporal/start-outbox';
import { scopePathOf } from '../../auth/scope-paths';
import { placementPath, type Placement } from '../tenancy/placements';
import type { CarriedEntry } from '../audit/entries';
import { INTERNAL_TRANSFER_WORKFLOW, TRANSFER_CANCEL_UPDATE, TRANSFER_NOT_CANCELLABLE, internalTransferWorkflowId, type InternalTransferWorkflowInput } from './messages';
import {
  COLUMNS,
  lockAccounts,
  lockMovable,
  presentTransfer,
  transferEvent,
  transferRefusal,
  transferVelocity,
  velocityRef,
  type NewInternalTransfer,
  type TransferRow,
  type TransferStatus,
} from './records';
import { issueTransfers } from './booking';
import { referenceMetadataWhere, referenceRefusal, updateReferenceMetadata, type ReferenceMetadataChange, type ReferenceMetadataFilter } from '../../db/references';
import { TRANSFER_UPDATED } from './events';

export {
  accountStates,
  lockMovable,
  presentTransfer,
  transferBooking,
  transferEvent,
  transferRefusal,
  transferVelocity,
  type NewInternalTransfer,
  type TransferRow,
  type TransferStatus,
} from './records';

/*
 * Internal transfers are written with raw SQL (services.sql): creating one is the ledger's hot path,
 * and the whole transaction — account checks, booking, transfer row, event — goes out as one
 * pipelined batch instead of the ORM's round trip per statement.
 */

/**
 * Creates an internal transfer under the policy rules (family `internal_transfer`, destination = the
 * target account). Existence, scope and permission are decided first, from the accounts' cached
 * placements (404 out of scope). When no active rule covers the source account (the per-process rule
 * cache), the transfer takes the fast path: `services.transferBooker` books it in a group commit
 * with the transfers arriving meanwhile (./group-booking). Otherwise
 * `governedTransfer` evaluates the rules (velocity lock included): `deny` is 422 `policy_denied`;
 * `allow` books, with the trace; `require_approval` holds the amount on the source, records
 * `pending_approval` and starts `internal-transfer/<id>`.
 */
export async function createInternalTransfer(services: Services, caller: Caller, input: NewInternalTransfer, idempotency?: IdempotencyScope): Promise<TransferRow> {
  if (input.sourceRef === input.targetRef) {
    throw new AppError('EdgeUnprocessable', 'The source and target accounts are the same.', {
      errors: [{ pointer: '/body/target_ref', detail: 'must differ from source_ref' }],
    });
  }
  const placements = await services.placements.resolve([input.sourceRef, input.targetRef]);
  const source = placements.get(input.sourceRef);
  const target = placements.get(input.targetRef);
  if (!source) throw notFound('source account');
  caller.require('transfers.create', placementPath(source), 'source account');
  if (!target || !caller.sees(placementPath(target))) throw notFound('target account');

  const governed = await anyRuleCovers(services.policyRules, services.sql, caller.enterpriseId, 'internal_transfer', placementPath(source));
  try {
    if (!governed) {
      const row = executedRow(caller, input, decide([], proposed(caller, input), new Map(), new Date()), new Date());
      return await services.transferBooker.book({ input, row, idempotency });
    }
    const taskQueue = services.config.taskQueue;
    const opened = await services.sql.begin((tx) => governedTransfer(tx, caller, input, source, services.metrics, taskQueue, idempotency));
    if (!opened.spec) services.metrics.ledgerTransactions.inc({ kind: 'internal_transfer' }); // booked: counted once committed
    if (opened.spec) {
      const row = opened.row;
      const start = transferStart(row, source, opened.spec, taskQueue);
      await startGovernedWorkflow(services, {
        start,
        approval: opened.spec,
        onStartFailure: () => releaseTransfer(services.sql, row.id, 'failed', null, 'workflow_start_failed', { workflowId: start.workflowId, answer: idempotency }),
      });
    }
    return opened.row;
  } catch (err) {
    throw transferRefusal(await referenceRefusal(services.sql, err, 'internal_transfers', 'internal transfer', caller.enterpriseId, { reference: input.annotations?.reference ?? null }));
  }
}

/** The operation the policy engine judges for a transfer. */
export const proposed = (caller: Caller, input: NewInternalTransfer): ProposedOperation => ({
  enterpriseId: caller.enterpriseId,
  actionFamily: 'internal_transfer',
  accountRef: input.sourceRef,
  asset: input.asset.code,
  amount: input.amount,
  destinationRef: input.targetRef,
  initiatorKind: caller.subject.kind,
});

/** The record of a transfer booked at once (executed), with the ledger transaction id it books under. */
export function executedRow(caller: Caller, input: NewInternalTransfer, decision: PolicyDecision, now: Date): TransferRow {
  return {
    id: uuidv7(now.getTime()),
    version: 1,
    created_at: now,
    updated_at: now,
    enterprise_id: caller.enterpriseId,
    source_ref: input.sourceRef,
    target_ref: input.targetRef,
    asset: input.asset.code,
    amount: input.amount.toString(),
    status: 'executed',
    approval_ref: null,
    failure_reason: null,
    ledger_transaction_id: uuidv7(now.getTime()),
    subject_attribution: caller.attribution(),
    settled_at: now,
    policy_decision: decision,
    hold_id: null,
    reference: input.annotations?.reference ?? null,
    reference_unique: input.annotations?.referenceUnique ?? false,
    metadata: input.annotations?.metadata ?? {},
  };
}

interface Opened {
  row: TransferRow;
  spec: ReturnType<typeof approvalSpecOf>;
}

/**
 * The governed path, in its own transaction: the lifecycle check, the policy decision (serialised on
 * the velocity lock when a velocity rule applies), then booked at once (`allow`) or held for approval.
 */
async function governedTransfer(
  tx: TransactionSql,
  caller: Caller,
  input: NewInternalTransfer,
  source: Placement,
  metrics: Metrics,
  taskQueue: string,
  idempotency?: IdempotencyScope,
): Promise<Opened> {
  await lockMovable(tx, input.sourceRef, input.targetRef);
  const decision = await evaluatePolicy(tx, proposed(caller, input), placementPath(source));
  assertNotDenied(decision);
  const now = new Date();
  const row = executedRow(caller, input, decision, now);
  if (!decision.requirement) {
    // Booked as a group of one: the same statements as the fast path's group commits.
    const issued = issueTransfers(tx, [{ input, row, idempotency }]);
    const failed = (await Promise.allSettled(issued.statements)).find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw await issued.explain(failed.reason);
    return { row, spec: null };
  }
  const approvalId = uuidv7();
  const hold = await placeHold(tx, {
    key: `internal_transfer/${row.id}/hold`,
    enterpriseId: caller.enterpriseId,
    accountRef: input.sourceRef,
    asset: input.asset.code,
    amount: input.amount,
    targetRef: input.targetRef,
    metrics,
  });
  Object.assign(row, { status: 'pending_approval', approval_ref: `approvals/${approvalId}`, hold_id: hold.id, settled_at: null, ledger_transaction_id: null });
  await tx`
    insert into internal_transfers (id, version, created_at, updated_at, enterprise_id, source_ref, target_ref, asset, amount,
                                    status, approval_ref, hold_id, subject_attribution, policy_decision, reference, reference_unique, metadata)
    values (${row.id}, 1, ${now}, ${now}, ${row.enterprise_id}, ${row.source_ref}, ${row.target_ref}, ${row.asset}, ${row.amount}::numeric,
            'pending_approval', ${row.approval_ref}, ${hold.id}, ${tx.json(row.subject_attribution as never)}, ${tx.json(decision as never)},
            ${row.reference}, ${row.reference_unique}, ${tx.json(row.metadata)})`;
  await recordTransferVelocity(tx, row);
  await recordTransferEvent(tx, row, row.subject_attribution);
  const spec = approvalSpecOf({
    decision,
    approvalId,
    actionFamily: 'internal_transfer',
    collection: 'internal-transfers',
    operationId: row.id,
    workflowId: internalTransferWorkflowId(row.id),
    enterpriseId: row.enterprise_id,
    scopePath: placementPath(source),
    initiatedBy: row.subject_attribution,
  });
  if (spec) await recordStart(tx, transferStart(row, source, spec, taskQueue));
  await idempotency?.record(tx, { status: 201, body: presentTransfer(row) });
  return { row, spec };
}

/** The start of `internal-transfer/<id>` a transfer awaiting approval is owed. */
function transferStart(row: TransferRow, source: Placement, approval: ApprovalSpec, taskQueue: string): WorkflowStart {
  const args: [InternalTransferWorkflowInput] = [{ transferId: row.id, enterpriseId: row.enterprise_id, clientId: source.clientId, accountRef: row.source_ref, approval }];
  return { workflowType: INTERNAL_TRANSFER_WORKFLOW, workflowId: internalTransferWorkflowId(row.id), taskQueue, args };
}

function recordTransferVelocity(tx: TransactionSql, row: TransferRow): Promise<void> {
  return recordVelocity(tx, transferVelocity(row));
}

function recordTransferEvent(tx: TransactionSql, row: TransferRow, attribution: SubjectAttribution | null) {
  return recordEventSql(tx, transferEvent(row, attribution));
}

/**
 * One guarded state change of a transfer awaiting approval (row lock + status guard), with its
 * event. Returns the status after (unchanged when the transfer was not in `from`).
 */
async function transition(
  sql: Sql,
  id: string,
  from: TransferStatus,
  change: (tx: TransactionSql, row: TransferRow) => Promise<Partial<TransferRow> & { status: TransferStatus }>,
  attribution: SubjectAttribution | null = null,
): Promise<TransferStatus | null> {
  return (await sql.begin(async (tx) => {
    const [row] = (await tx.unsafe(`select ${COLUMNS} from internal_transfers where id = $1 for update`, [id], { prepare: true })) as unknown as TransferRow[];
    if (!row || row.status !== from) return row?.status ?? null;
    const set = await change(tx, row);
    const [updated] = (await tx.unsafe(
      `update internal_transfers
          set status = $2, failure_reason = coalesce($3, failure_reason), ledger_transaction_id = coalesce($4, ledger_transaction_id),
              settled_at = coalesce($5, settled_at), subject_attribution = coalesce($6::jsonb, subject_attribution),
              version = version + 1, updated_at = now()
        where id = $1 returning ${COLUMNS}`,
      [id, set.status, set.failure_reason ?? null, set.ledger_transaction_id ?? null, set.settled_at ?? null, (set.subject_attribution ?? null) as never],
      { prepare: true },
    )) as unknown as TransferRow[];
    await recordTransferEvent(tx, updated, attribution);
    return updated.status;
  })) as TransferStatus | null;
}

/** pending_approval → executing once approved (records who approved). Returns the status after. */
export function markTransferExecuting(sql: Sql, id: string, approvedBy: PrincipalRef[]): Promise<TransferStatus | null> {
  return transition(sql, id, 'pending_approval', async (_tx, row) => ({
    status: 'executing',
    subject_attribution: { ...row.subject_attribution, approved_by: approvedBy },
  }));
}

/**
 * executing → executed: posts the hold into the target account (the hold's target; ledger key
 * `internal_transfer/<id>`), exactly once. An account closed or suspended meanwhile fails the
 * transfer instead, releasing the hold.
 */
export function settleTransfer(sql: Sql, id: string, metrics?: Metrics): Promise<TransferStatus | null> {
  return transition(sql, id, 'executing', async (tx, row) => {
    const accounts = await lockAccounts(tx, [row.source_ref, row.target_ref]);
    const blocked = accounts.length < 2 ? { ref: row.target_ref, status: 'missing' } : accounts.find((a) => a.status !== 'active' || (a.client_status ?? 'active') !== 'active');
    if (blocked) {
      await voidHold(tx, { holdId: row.hold_id!, metrics });
      await releaseVelocity(tx, velocityRef(id));
      return { status: 'failed', failure_reason: `${blocked.ref === row.source_ref ? 'source' : 'target'}_account_unavailable` };
    }
    const posted = await postHold(tx, { holdId: row.hold_id!, key: `internal_transfer/${id}`, kind: 'internal_transfer', metrics });
    return { status: 'executed', ledger_transaction_id: posted.transaction.id, settled_at: new Date() };
  });
}

/**
 * pending_approval → rejected | expired | cancelled | failed: voids the hold and stops counting the
 * transfer towards velocity limits, exactly once (the status guard). Returns the status after.
 */
export function releaseTransfer(
  sql: Sql,
  id: string,
  status: Extract<TransferStatus, 'rejected' | 'expired' | 'cancelled' | 'failed'>,
  attribution: SubjectAttribution | null,
  failureReason: string | null = null,
  /** Released instead of started: what the accepting transaction committed for the workflow, forgotten in the same transaction. */
  unstarted?: UnstartedWorkflow,
): Promise<TransferStatus | null> {
  return transition(
    sql,
    id,
    'pending_approval',
    async (tx, row) => {
      await forgetUnstarted(tx, unstarted);
      await voidHold(tx, { holdId: row.hold_id! });
      await releaseVelocity(tx, velocityRef(id));
      return { status, failure_reason: failureReason ?? (status === 'failed' ? null : `approval_${status}`) };
    },
    attribution,
  );
}

export async function findTransfer(sql: Sql, id: string): Promise<TransferRow | null> {
  const [row] = await sql.unsafe(`select ${COLUMNS} from internal_transfers where id = $1`, [id], { prepare: true });
  return (row as unknown as TransferRow | undefined) ?? null;
}

/** The transfer if the caller may read it at its source account, else 404. */
export async function readableTransfer(sql: Sql, caller: Caller, id: string): Promise<TransferRow> {
  const row = await findTransfer(sql, id);
  const path = row ? await scopePathOf(sql, row.source_ref) : null;
  if (!row || !path) throw notFound('internal transfer');
  caller.require('transfers.read', path, 'internal transfer');
  return row;
}

/**
 * Cancels a transfer awaiting approval: the workflow takes the cancellation as an Update (so it
 * cannot cross an approval decision), cancels the approval and releases the hold; then this answers
 * with the record. Anything but `pending_approval` is 409 `internal_transfer_<status>`. `audit`, the
 * request's entry, travels with the Update and commits with the approval's cancellation.
 */
export async function cancelInternalTransfer(services: Services, caller: Caller, id: string, audit?: CarriedEntry): Promise<TransferRow> {
  const row = await findTransfer(services.sql, id);
  const path = row ? await scopePathOf(services.sql, row.source_ref) : null;
  if (!row || !path) throw notFound('internal transfer');
  caller.require('transfers.create', path, 'internal transfer');
  const refuse = (status: TransferStatus) =>
    conflict(`The internal transfer is ${status}; only a transfer awaiting approval can be cancelled.`, `internal_transfer_${status}`);
  if (row.status !== 'pending_approval') throw refuse(row.status);
  await cancelThroughWorkflow(services, caller, { workflowId: internalTransferWorkflowId(id), update: TRANSFER_CANCEL_UPDATE, notCancellable: TRANSFER_NOT_CANCELLABLE, audit });
  const after = (await findTransfer(services.sql, id))!;
  if (after.status !== 'cancelled') throw refuse(after.status);
  return after;
}

/**
 * Changes a transfer's reference and metadata, in any status: they describe the transfer for the
 * integrator and change nothing it does. Needs `transfers.create` at the source account.
 */
export async function updateTransferReferenceMetadata(
  sql: Sql,
  caller: Caller,
  id: string,
  change: ReferenceMetadataChange,
  assertCurrent: (row: TransferRow) => void,
): Promise<TransferRow> {
  return updateReferenceMetadata<TransferRow>(sql, {
    table: 'internal_transfers',
    columns: COLUMNS,
    what: 'internal transfer',
    id,
    enterpriseId: caller.enterpriseId,
    change,
    authorize: async (row) => {
      const path = await scopePathOf(sql, row.source_ref);
      if (!path) throw notFound('internal transfer');
      caller.require('transfers.create', path, 'internal transfer');
    },
    assertCurrent,
    after: (tx, row) => recordEventSql(tx, transferEvent(row, caller.attribution(), presentTransfer(row), TRANSFER_UPDATED)),
  });
}

export interface TransferFilter extends ReferenceMetadataFilter {
  accountRef?: string;
  status?: TransferStatus;
  createdAfter?: string;
  createdBefore?: string;
}

/**
 * A page of transfers the caller may read: all of the enterprise with an enterprise-wide grant,
 * else those touching accounts under the scopes it holds `transfers.read` at.
 */
export async function listTransfers(sql: Sql, caller: Caller, filter: TransferFilter, after: string | null, limit: number): Promise<TransferRow[]> {
  let accounts: string[] | null = null;
  if (filter.accountRef) {
    const path = await scopePathOf(sql, filter.accountRef);
    if (!path) throw notFound('account');
    caller.require('transfers.read', path, 'account');
    accounts = [filter.accountRef];
  } else if (!caller.canBelow('transfers.read', [caller.enterpriseRef])) {
    accounts = await readableAccounts(sql, caller);
    if (accounts.length === 0) return [];
  }
  const annotated = referenceMetadataWhere(filter, 8);
  return (await sql.unsafe(
    `select ${COLUMNS} from internal_transfers
      where enterprise_id = $1
        and ($2::text[] is null or source_ref = any($2) or target_ref = any($2))
        and ($3::text is null or status = $3)
        and ($4::timestamptz is null or created_at >= $4)
        and ($5::timestamptz is null or created_at < $5)
        and ($6::uuid is null or id > $6)
        and ${annotated.text}
      order by id limit $7`,
    [caller.enterpriseId, accounts as never, filter.status ?? null, filter.createdAfter ?? null, filter.createdBefore ?? null, after, limit, ...(annotated.params as never[])],
    { prepare: true },
  )) as unknown as TransferRow[];
}

/** Accounts under the scopes where the caller holds transfers.read (below enterprise level). */
async function readableAccounts(sql: Sql, caller: Caller): Promise<string[]> {
  const scopes = caller.scopesWith('transfers.read').map((g) => g.scopeRef);
  const clientIds = scopes.filter((s) => s.startsWith('clients/')).map((s) => s.slice(8));
  const direct = scopes.filter((s) => s.startsWith('client-accounts/') || s.startsWith('master-accounts/'));
  const rows = clientIds.length
    ? await sql`select 'client-accounts/' || id as ref from client_accounts where client_id = any(${clientIds}::uuid[]) and enterprise_id = ${caller.enterpriseId}`
    : [];
  return [...direct, ...rows.map((r) => r.ref as string)];
}
