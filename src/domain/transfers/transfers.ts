import type { Sql, TransactionSql } from 'postgres';
import type { Caller, PrincipalRef, ScopePath, SubjectAttribution } from '../../auth/caller';
import { AppError, conflict, notFound } from '../../errors';
import { etagOf } from '../../db/base';
import { recordEventSql } from '../../events/outbox';
import { uuidv7 } from '../../ids';
import type { IdempotencyScope } from '../../http/idempotency';
import type { Metrics } from '../../metrics';
import type { Services } from '../../services';
import { bookWithin, money, placeHold, postHold, voidHold, type Asset } from '../../ledger';
import { activeRules, assertNotDenied, decide, evaluatePolicy, recordVelocity, releaseVelocity, type PolicyDecision, type ProposedOperation } from '../policies';
import { approvalSpecOf, cancelThroughWorkflow, startGovernedWorkflow } from '../approvals';
import { enterpriseClosed, enterpriseSuspended } from '../tenancy/lifecycle';
import { scopePathOf } from '../tenancy/scopes';
import { TRANSFER_EVENTS, type TRANSFER_STATUSES } from './events';
import { TRANSFER_CANCEL_UPDATE, TRANSFER_NOT_CANCELLABLE, internalTransferWorkflowId, type InternalTransferWorkflowInput } from './messages';

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
 * Reads the accounts with FOR KEY SHARE, in id order (client accounts, then master accounts): an
 * account close (FOR UPDATE) waits for in-flight transfers and later transfers see it closed.
 */
function lockAccounts(tx: Sql | TransactionSql, refs: string[]): Promise<AccountState[]> {
  const ids = (prefix: string) => refs.filter((r) => r.startsWith(prefix)).map((r) => r.slice(prefix.length));
  const clientIds = ids('client-accounts/');
  const masterIds = ids('master-accounts/');
  const queries = [];
  if (clientIds.length > 0) {
    queries.push(tx<AccountState[]>`
      select 'client-accounts/' || a.id as ref, a.enterprise_id, a.client_id, a.status, c.status as client_status,
             e.admission_state, e.restriction_state
        from client_accounts a join clients c on c.id = a.client_id join enterprises e on e.id = a.enterprise_id
       where a.id = any(${clientIds}::uuid[]) order by a.id for key share of a`);
  }
  if (masterIds.length > 0) {
    queries.push(tx<AccountState[]>`
      select 'master-accounts/' || m.id as ref, m.enterprise_id, null as client_id, m.status, null as client_status,
             e.admission_state, e.restriction_state
        from master_accounts m join enterprises e on e.id = m.enterprise_id
       where m.id = any(${masterIds}::uuid[]) order by m.id for key share of m`);
  }
  return Promise.all(queries.map((q) => q.execute())).then((rs) => rs.flat());
}

function pathOf(a: AccountState): ScopePath {
  return a.client_id ? [`enterprises/${a.enterprise_id}`, `clients/${a.client_id}`, a.ref] : [`enterprises/${a.enterprise_id}`, a.ref];
}

/**
 * 404 for accounts that do not exist or are out of scope, then 410/409 for closed or suspended
 * holders. Returns the source account.
 */
function assertMovable(caller: Caller, accounts: AccountState[], sourceRef: string, targetRef: string): AccountState {
  const source = accounts.find((a) => a.ref === sourceRef);
  const target = accounts.find((a) => a.ref === targetRef);
  if (!source) throw notFound('source account');
  caller.require('transfers.create', pathOf(source), 'source account');
  if (!target || !caller.sees(pathOf(target))) throw notFound('target account');
  if (source.admission_state === 'closed') throw enterpriseClosed();
  if (source.restriction_state === 'suspended') throw enterpriseSuspended();
  for (const [a, side] of [[source, 'source'], [target, 'target']] as const) {
    if (a.client_status && a.client_status !== 'active') {
      throw conflict(`The client of the ${side} account is ${a.client_status}.`, `client_${a.client_status}`);
    }
    if (a.status !== 'active') throw conflict(`The ${side} account is ${a.status}.`, `account_${a.status}`);
  }
  return source;
}

export interface NewInternalTransfer {
  sourceRef: string;
  targetRef: string;
  asset: Asset;
  amount: bigint;
}

/** The first attempt found policy rules covering the source account: it rolls back and the governed path decides. */
class PolicyApplies extends Error {}

/**
 * Creates an internal transfer under the policy rules (family `internal_transfer`, destination = the
 * target account). Fast path: checks, booking, row (with its `allow` decision), velocity entry, event
 * and the Idempotency-Key answer go out as one pipelined round trip in one transaction, together with
 * the read of the family's active rules; if one of them covers the source account, that transaction
 * rolls back and `governedTransfer` evaluates the rules properly (velocity lock included): `deny` is
 * 422 `policy_denied`; `allow` books as the fast path does, with the trace; `require_approval` holds
 * the amount on the source, records `pending_approval` and starts `internal-transfer/<id>`.
 */
export async function createInternalTransfer(services: Services, caller: Caller, input: NewInternalTransfer, idempotency?: IdempotencyScope): Promise<TransferRow> {
  if (input.sourceRef === input.targetRef) {
    throw new AppError('EdgeUnprocessable', 'The source and target accounts are the same.', {
      errors: [{ pointer: '/body/target_ref', detail: 'must differ from source_ref' }],
    });
  }
  try {
    return await services.sql.begin((tx) => bookTransfer(tx, caller, input, null, services.metrics, idempotency));
  } catch (err) {
    if (!(err instanceof PolicyApplies)) throw err;
  }
  // The rolled-back attempt's answer was never stored.
  if (idempotency) idempotency.recorded = false;
  const opened = await services.sql.begin((tx) => governedTransfer(tx, caller, input, services.metrics, idempotency));
  if (opened.spec) {
    const row = opened.row;
    const args: [InternalTransferWorkflowInput] = [
      { transferId: row.id, enterpriseId: row.enterprise_id, clientId: opened.clientId, accountRef: row.source_ref, approval: opened.spec },
    ];
    await startGovernedWorkflow(services, {
      workflowType: 'internalTransferWorkflow',
      workflowId: internalTransferWorkflowId(row.id),
      args,
      approval: opened.spec,
      onStartFailure: () => releaseTransfer(services.sql, row.id, 'failed', null, 'workflow_start_failed'),
    });
  }
  return opened.row;
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
    ledger_transaction_id: null,
    subject_attribution: caller.attribution(),
    settled_at: now,
    policy_decision: decision,
    hold_id: null,
  };
}

/**
 * Books an allowed transfer: checks, ledger booking, transfer row, velocity entry, event and the
 * Idempotency-Key answer in one pipelined round trip. `decision` null: no rule was consulted yet, so
 * the family's active rules are read in the same round trip and a rule covering the source account
 * throws PolicyApplies (the caller rolls back and takes the governed path).
 */
async function bookTransfer(
  tx: TransactionSql,
  caller: Caller,
  input: NewInternalTransfer,
  decision: PolicyDecision | null,
  metrics: Metrics,
  idempotency?: IdempotencyScope,
): Promise<TransferRow> {
  const now = new Date();
  const row = newRow(caller, input, decision ?? decide([], proposed(caller, input), new Map(), now), now);
  const id = row.id;
  const ledgerKey = `internal_transfer/${id}`;
  // One pipelined round trip, in this order (execute() fixes it): the accounts (FOR KEY SHARE), the
  // rules, the booking (balance locks), the transfer row, the velocity entry, the event, and the
  // Idempotency-Key answer — in this transaction, so a key is `completed` exactly when the transfer
  // committed and a retry after a crash can never book twice.
  const accounts = lockAccounts(tx, [input.sourceRef, input.targetRef]);
  const rules = decision ? Promise.resolve([]) : activeRules(tx, caller.enterpriseId, 'internal_transfer');
  // Counted after commit: a rolled-back attempt books nothing.
  const booked = bookWithin(tx, {
    key: ledgerKey,
    enterpriseId: caller.enterpriseId,
    kind: 'internal_transfer',
    legs: [
      { accountRef: input.sourceRef, asset: input.asset.code, amount: -input.amount },
      { accountRef: input.targetRef, asset: input.asset.code, amount: input.amount },
    ],
  });
  const inserted = tx`
    insert into internal_transfers (id, version, created_at, updated_at, enterprise_id, source_ref, target_ref, asset, amount,
                                    status, ledger_transaction_id, subject_attribution, settled_at, policy_decision)
    values (${id}, 1, ${now}, ${now}, ${caller.enterpriseId}, ${input.sourceRef}, ${input.targetRef}, ${input.asset.code},
            ${row.amount}::numeric, 'executed',
            (select id from ledger_transactions where business_key = ${ledgerKey}),
            ${tx.json(row.subject_attribution as never)}, ${now}, ${tx.json(row.policy_decision as never)})
    returning ledger_transaction_id`.execute();
  const velocity = recordTransferVelocity(tx, row);
  const event = recordTransferEvent(tx, row, row.subject_attribution);
  const answered = idempotency?.record(tx, { status: 201, body: presentTransfer(row) }).execute();
  const [a, r, b, i, v, e, k] = await Promise.allSettled([accounts, rules, booked, inserted, velocity, event, answered]);
  // Refusals in the order a client expects them: existence and scope, lifecycle, policy, then funds.
  if (a.status === 'rejected') throw a.reason;
  const source = assertMovable(caller, a.value, input.sourceRef, input.targetRef);
  if (r.status === 'rejected') throw r.reason;
  if (r.value.some((rule) => pathOf(source).includes(rule.scopeRef))) throw new PolicyApplies();
  if (b.status === 'rejected') throw b.reason;
  if (i.status === 'rejected') throw i.reason;
  if (v.status === 'rejected') throw v.reason;
  if (e.status === 'rejected') throw e.reason;
  if (k.status === 'rejected') throw k.reason;
  if (!b.value.replayed) metrics.ledgerTransactions.inc({ kind: 'internal_transfer' });
  row.ledger_transaction_id = i.value[0].ledger_transaction_id;
  return row;
}

interface Opened {
  row: TransferRow;
  clientId: string | null;
  spec: ReturnType<typeof approvalSpecOf>;
}

/**
 * The governed path, in its own transaction: the accounts, the policy decision (serialised on the
 * velocity lock when a velocity rule applies), then booked at once (`allow`) or held for approval.
 */
async function governedTransfer(tx: TransactionSql, caller: Caller, input: NewInternalTransfer, metrics: Metrics, idempotency?: IdempotencyScope): Promise<Opened> {
  const source = assertMovable(caller, await lockAccounts(tx, [input.sourceRef, input.targetRef]), input.sourceRef, input.targetRef);
  const decision = await evaluatePolicy(tx, proposed(caller, input), pathOf(source));
  assertNotDenied(decision);
  if (!decision.requirement) return { row: await bookTransfer(tx, caller, input, decision, metrics, idempotency), clientId: source.client_id, spec: null };
  const now = new Date();
  const row = newRow(caller, input, decision, now);
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
  Object.assign(row, { status: 'pending_approval', approval_ref: `approvals/${approvalId}`, hold_id: hold.id, settled_at: null });
  await tx`
    insert into internal_transfers (id, version, created_at, updated_at, enterprise_id, source_ref, target_ref, asset, amount,
                                    status, approval_ref, hold_id, subject_attribution, policy_decision)
    values (${row.id}, 1, ${now}, ${now}, ${row.enterprise_id}, ${row.source_ref}, ${row.target_ref}, ${row.asset}, ${row.amount}::numeric,
            'pending_approval', ${row.approval_ref}, ${hold.id}, ${tx.json(row.subject_attribution as never)}, ${tx.json(decision as never)})`;
  await recordTransferVelocity(tx, row);
  await recordTransferEvent(tx, row, row.subject_attribution);
  await idempotency?.record(tx, { status: 201, body: presentTransfer(row) });
  const spec = approvalSpecOf({
    decision,
    approvalId,
    actionFamily: 'internal_transfer',
    collection: 'internal-transfers',
    operationId: row.id,
    workflowId: internalTransferWorkflowId(row.id),
    enterpriseId: row.enterprise_id,
    scopePath: pathOf(source),
    initiatedBy: row.subject_attribution,
  });
  return { row, clientId: source.client_id, spec };
}

const velocityRef = (id: string) => `internal-transfers/${id}`;

function recordTransferVelocity(tx: TransactionSql, row: TransferRow): Promise<void> {
  return recordVelocity(tx, {
    operationRef: velocityRef(row.id),
    enterpriseId: row.enterprise_id,
    accountRef: row.source_ref,
    actionFamily: 'internal_transfer',
    asset: row.asset,
    amount: BigInt(row.amount),
  });
}

function recordTransferEvent(tx: TransactionSql, row: TransferRow, attribution: SubjectAttribution | null) {
  return recordEventSql(tx, {
    type: TRANSFER_EVENTS[row.status],
    enterpriseId: row.enterprise_id,
    scopeRef: row.source_ref,
    resourceRef: `internal-transfers/${row.id}`,
    payload: presentTransfer(row),
    attribution,
  });
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
    const [row] = (await tx.unsafe(`select ${COLUMNS} from internal_transfers where id = $1 for update`, [id])) as unknown as TransferRow[];
    if (!row || row.status !== from) return row?.status ?? null;
    const set = await change(tx, row);
    const [updated] = (await tx.unsafe(
      `update internal_transfers
          set status = $2, failure_reason = coalesce($3, failure_reason), ledger_transaction_id = coalesce($4, ledger_transaction_id),
              settled_at = coalesce($5, settled_at), subject_attribution = coalesce($6::jsonb, subject_attribution),
              version = version + 1, updated_at = now()
        where id = $1 returning ${COLUMNS}`,
      [id, set.status, set.failure_reason ?? null, set.ledger_transaction_id ?? null, set.settled_at ?? null, (set.subject_attribution ?? null) as never],
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
): Promise<TransferStatus | null> {
  return transition(
    sql,
    id,
    'pending_approval',
    async (tx, row) => {
      await voidHold(tx, { holdId: row.hold_id! });
      await releaseVelocity(tx, velocityRef(id));
      return { status, failure_reason: failureReason ?? (status === 'failed' ? null : `approval_${status}`) };
    },
    attribution,
  );
}

export async function findTransfer(sql: Sql, id: string): Promise<TransferRow | null> {
  const [row] = await sql.unsafe(`select ${COLUMNS} from internal_transfers where id = $1`, [id]);
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
 * with the record. Anything but `pending_approval` is 409 `internal_transfer_<status>`.
 */
export async function cancelInternalTransfer(services: Services, caller: Caller, id: string): Promise<TransferRow> {
  const row = await findTransfer(services.sql, id);
  const path = row ? await scopePathOf(services.sql, row.source_ref) : null;
  if (!row || !path) throw notFound('internal transfer');
  caller.require('transfers.create', path, 'internal transfer');
  const refuse = (status: TransferStatus) =>
    conflict(`The internal transfer is ${status}; only a transfer awaiting approval can be cancelled.`, `internal_transfer_${status}`);
  if (row.status !== 'pending_approval') throw refuse(row.status);
  await cancelThroughWorkflow(services, caller, { workflowId: internalTransferWorkflowId(id), update: TRANSFER_CANCEL_UPDATE, notCancellable: TRANSFER_NOT_CANCELLABLE });
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
