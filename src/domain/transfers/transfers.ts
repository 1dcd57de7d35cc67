import type { Sql, TransactionSql } from 'postgres';
import type { Caller, PrincipalRef, SubjectAttribution } from '../../auth/caller';
import { AppError, conflict, notFound, type ErrorReason } from '../../errors';
import { etagOf } from '../../db/base';
import { recordEventSql, type NewEvent } from '../../events/outbox';
import { uuidv7 } from '../../ids';
import type { IdempotencyScope } from '../../idempotency/store';
import type { Metrics } from '../../metrics';
import type { Services } from '../../services';
import { bookWithin, money, placeHold, postHold, voidHold, type Asset, type BatchBooking } from '../../ledger';
import { anyRuleCovers, assertNotDenied, decide, evaluatePolicy, recordVelocity, releaseVelocity, type PolicyDecision, type ProposedOperation, type VelocityEntry } from '../policies';
import { approvalSpecOf, cancelThroughWorkflow, startGovernedWorkflow, type ApprovalSpec } from '../approvals';
import { forgetUnstarted, recordStart, type UnstartedWorkflow, type WorkflowStart } from '../../temporal/start-outbox';
import { enterpriseClosed, enterpriseSuspended } from '../tenancy/lifecycle';
import { scopePathOf } from '../tenancy/scopes';
import { placementPath, type Placement } from '../tenancy/placements';
import { refusalReason } from '../../db/refusals';
import type { CarriedEntry } from '../audit/entries';
import { TRANSFER_EVENTS, type TRANSFER_STATUSES } from './events';
import { INTERNAL_TRANSFER_WORKFLOW, TRANSFER_CANCEL_UPDATE, TRANSFER_NOT_CANCELLABLE, internalTransferWorkflowId, type InternalTransferWorkflowInput } from './messages';

/*
 * Internal transfers are written with raw SQL (services.sql): creating one is the ledger's hot path,
 * and the whole transaction — account checks, booking, transfer row, event — goes out as one
 * pipelined batch instead of the ORM's round trip per statement.
 */

export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export interface TransferRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  source_ref: string;
  target_ref: string;
  asset: string;
  amount: string;
  status: TransferStatus;
  approval_ref: string | null;
  failure_reason: string | null;
  ledger_transaction_id: string | null;
  subject_attribution: SubjectAttribution;
  settled_at: Date | null;
  /** The policy decision (trace) the transfer was accepted under; null for transfers older than policies. */
  policy_decision: PolicyDecision | null;
  /** The hold on the source while the transfer awaits approval. */
  hold_id: string | null;
}

const COLUMNS = `id, version, created_at, updated_at, enterprise_id, source_ref, target_ref, asset, amount::text,
  status, approval_ref, failure_reason, ledger_transaction_id, subject_attribution, settled_at, policy_decision, hold_id`;

/** The seed's transaction record. Fees of internal transfers are zero until an agreement prices them. */
export function presentTransfer(t: TransferRow) {
  return {
    id: t.id,
    account_ref: t.source_ref,
    approval_ref: t.approval_ref,
    family: 'internal_transfer' as const,
    family_params: { source_ref: t.source_ref, target_ref: t.target_ref },
    principal_amount: money(BigInt(t.amount), t.asset),
    fee_summary: { components: [], total: money(0n, t.asset) },
    fill_rate: null,
    failure_reason: t.failure_reason,
    status: t.status,
    settled_at: t.settled_at ? t.settled_at.toISOString() : null,
    subject_attribution: t.subject_attribution,
    policy_decision: t.policy_decision,
    etag: etagOf(t),
    created_at: t.created_at.toISOString(),
    updated_at: t.updated_at.toISOString(),
  };
}

interface AccountState {
  ref: string;
  enterprise_id: string;
  client_id: string | null;
  status: string;
  client_status: string | null;
  admission_state: string;
  restriction_state: string;
}

/**
 * The accounts' states, read with FOR KEY SHARE in id order (client accounts, then master accounts):
 * an account close (FOR UPDATE) waits for in-flight transfers and later transfers see it closed.
 */
export function accountStates(tx: Sql | TransactionSql, refs: string[]) {
  const ids = (prefix: string) => refs.filter((r) => r.startsWith(prefix)).map((r) => r.slice(prefix.length));
  return tx`
    with client_side as materialized (
      select 'client-accounts/' || a.id as ref, a.enterprise_id, a.client_id, a.status, c.status as client_status,
             e.admission_state, e.restriction_state
        from client_accounts a join clients c on c.id = a.client_id join enterprises e on e.id = a.enterprise_id
       where a.id = any(${ids('client-accounts/')}::uuid[]) order by a.id for key share of a),
    master_side as materialized (
      select 'master-accounts/' || m.id as ref, m.enterprise_id, null::uuid as client_id, m.status, null::text as client_status,
             e.admission_state, e.restriction_state
        from master_accounts m join enterprises e on e.id = m.enterprise_id
       where m.id = any(${ids('master-accounts/')}::uuid[]) order by m.id for key share of m)
    select * from client_side union all select * from master_side`;
}

function lockAccounts(tx: Sql | TransactionSql, refs: string[]): Promise<AccountState[]> {
  return tx<AccountState[]>`select * from (${accountStates(tx, refs)}) s`.execute();
}

/**
 * Locks both accounts (as accountStates) and refuses in SQL, aborting the transaction, when the
 * source's enterprise is closed or suspended, or either account or its client is not active — the
 * first of these in that order, the source before the target (see transferRefusal for the answers).
 */
export function lockMovable(tx: Sql | TransactionSql, sourceRef: string, targetRef: string) {
  return tx`
    select counterfoil_refuse(reason) from (
      select case
               when s.ref = ${sourceRef} and s.admission_state = 'closed' then 'enterprise_closed'
               when s.ref = ${sourceRef} and s.restriction_state = 'suspended' then 'enterprise_suspended'
               when s.client_status is not null and s.client_status <> 'active' then 'client_' || s.client_status || ':' || side
               when s.status <> 'active' then 'account_' || s.status || ':' || side
             end as reason, side
        from (select *, case when ref = ${sourceRef} then 'source' else 'target' end as side from (${accountStates(tx, [sourceRef, targetRef])}) a) s
       order by side
    ) r where reason is not null
    limit 1`.execute();
}

/** The API answer for a refusal raised by lockMovable; any other error as it is. */
export function transferRefusal(err: unknown): unknown {
  const reason = refusalReason(err);
  if (reason === 'enterprise_closed') return enterpriseClosed();
  if (reason === 'enterprise_suspended') return enterpriseSuspended();
  const [code, side] = (reason ?? '').split(':');
  if (code.startsWith('client_')) return conflict(`The client of the ${side} account is ${code.slice('client_'.length)}.`, code as ErrorReason);
  if (code.startsWith('account_')) return conflict(`The ${side} account is ${code.slice('account_'.length)}.`, code as ErrorReason);
  return err;
}

export interface NewInternalTransfer {
  sourceRef: string;
  targetRef: string;
  asset: Asset;
  amount: bigint;
}

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
      const row = newRow(caller, input, decide([], proposed(caller, input), new Map(), new Date()), new Date());
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
    throw transferRefusal(err);
  }
}

const proposed = (caller: Caller, input: NewInternalTransfer): ProposedOperation => ({
  enterpriseId: caller.enterpriseId,
  actionFamily: 'internal_transfer',
  accountRef: input.sourceRef,
  asset: input.asset.code,
  amount: input.amount,
  destinationRef: input.targetRef,
  initiatorKind: caller.subject.kind,
});

function newRow(caller: Caller, input: NewInternalTransfer, decision: PolicyDecision, now: Date): TransferRow {
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
  };
}

/**
 * Issues an executed transfer's statements, in order, on a connection inside a transaction: the
 * lifecycle check (locks the accounts), the transfer row, the velocity entry, the event, the
 * Idempotency-Key answer (with the request's audit entry), and last the booking, so the balance rows
 * are locked for the shortest time. Every refusal aborts the transaction in SQL. Returns the
 * statements' outcomes, in order.
 */
function issueBooking(tx: TransactionSql, input: NewInternalTransfer, row: TransferRow, idempotency?: IdempotencyScope): Promise<unknown>[] {
  return [
    lockMovable(tx, input.sourceRef, input.targetRef),
    tx`
      insert into internal_transfers (id, version, created_at, updated_at, enterprise_id, source_ref, target_ref, asset, amount,
                                      status, ledger_transaction_id, subject_attribution, settled_at, policy_decision)
      values (${row.id}, 1, ${row.created_at}, ${row.updated_at}, ${row.enterprise_id}, ${row.source_ref}, ${row.target_ref}, ${row.asset},
              ${row.amount}::numeric, 'executed', ${row.ledger_transaction_id}, ${tx.json(row.subject_attribution as never)},
              ${row.settled_at}, ${tx.json(row.policy_decision as never)})`.execute(),
    recordTransferVelocity(tx, row),
    recordTransferEvent(tx, row, row.subject_attribution),
    ...(idempotency ? [idempotency.record(tx, { status: 201, body: presentTransfer(row) }, { refuseInSql: true })] : []),
    bookWithin(tx, transferBooking(row, input)),
  ];
}

/** The ledger booking of an executed transfer: source to target, under the transfer's own ledger transaction id. */
export function transferBooking(row: TransferRow, input: NewInternalTransfer): BatchBooking {
  return {
    id: row.ledger_transaction_id!,
    key: `internal_transfer/${row.id}`,
    enterpriseId: row.enterprise_id,
    kind: 'internal_transfer',
    legs: [
      { accountRef: input.sourceRef, asset: input.asset.code, amount: -input.amount },
      { accountRef: input.targetRef, asset: input.asset.code, amount: input.amount },
    ],
  };
}

/** The first failure among issued statements: the cause (those behind it only report the aborted transaction). */
async function firstFailure(outcomes: Promise<unknown>[]): Promise<void> {
  for (const o of await Promise.allSettled(outcomes)) if (o.status === 'rejected') throw o.reason;
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
  const row = newRow(caller, input, decision, now);
  if (!decision.requirement) {
    await firstFailure(issueBooking(tx, input, row, idempotency));
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
                                    status, approval_ref, hold_id, subject_attribution, policy_decision)
    values (${row.id}, 1, ${now}, ${now}, ${row.enterprise_id}, ${row.source_ref}, ${row.target_ref}, ${row.asset}, ${row.amount}::numeric,
            'pending_approval', ${row.approval_ref}, ${hold.id}, ${tx.json(row.subject_attribution as never)}, ${tx.json(decision as never)})`;
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

const velocityRef = (id: string) => `internal-transfers/${id}`;

/** The velocity entry of a transfer: its amount counted against the source. */
export function transferVelocity(row: TransferRow): VelocityEntry {
  return {
    operationRef: velocityRef(row.id),
    enterpriseId: row.enterprise_id,
    accountRef: row.source_ref,
    actionFamily: 'internal_transfer',
    asset: row.asset,
    amount: BigInt(row.amount),
  };
}

function recordTransferVelocity(tx: TransactionSql, row: TransferRow): Promise<void> {
  return recordVelocity(tx, transferVelocity(row));
}

/** The event of a transfer's current status; `payload` defaults to its representation now. */
export function transferEvent(row: TransferRow, attribution: SubjectAttribution | null, payload: unknown = presentTransfer(row)): NewEvent {
  return {
    type: TRANSFER_EVENTS[row.status],
    enterpriseId: row.enterprise_id,
    scopeRef: row.source_ref,
    resourceRef: `internal-transfers/${row.id}`,
    payload,
    attribution,
  };
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

export interface TransferFilter {
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
  } else if (!caller.can('transfers.read', [caller.enterpriseRef])) {
    accounts = await readableAccounts(sql, caller);
    if (accounts.length === 0) return [];
  }
  return (await sql.unsafe(
    `select ${COLUMNS} from internal_transfers
      where enterprise_id = $1
        and ($2::text[] is null or source_ref = any($2) or target_ref = any($2))
        and ($3::text is null or status = $3)
        and ($4::timestamptz is null or created_at >= $4)
        and ($5::timestamptz is null or created_at < $5)
        and ($6::uuid is null or id > $6)
      order by id limit $7`,
    [caller.enterpriseId, accounts as never, filter.status ?? null, filter.createdAfter ?? null, filter.createdBefore ?? null, after, limit],
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
