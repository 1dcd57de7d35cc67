import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres';
import type { Db } from '../../db/sql';
import type { Caller, PrincipalRef, SubjectAttribution } from '../../auth/caller';
import { AppError, conflict, notFound, stateReason } from '../../errors';
import { etagOf, type AccountOwnedRow } from '../../db/base';
import { recordEventSql } from '../../events/outbox';
import { uuidv7 } from '../../ids';
import type { Metrics } from '../../metrics';
import { money, placeHold, postHold, voidHold, type Asset } from '../../ledger';
import { systemAccountRef } from '../../ledger/system-accounts';
import { quoteFees } from '../fees/agreements';
import { fundableAccount, type FundableAccount } from '../funding/accounts';
import { enterpriseClosed, enterpriseSuspended } from '../tenancy/lifecycle';
import { assertNotDenied, evaluatePolicy, recordVelocity, releaseVelocity, visibleByScopePath, type PolicyDecision } from '../policies';
import { findDestination, type DestinationRow } from './destinations';
import { forgetUnstarted, recordStart, type UnstartedWorkflow, type WorkflowStart } from '../../temporal/start-outbox';
import type { IdempotencyScope } from '../../idempotency/store';
import { writeCarriedEntry, type EntryRecord } from '../audit/entries';
import type { ReferenceMetadata } from '../../schema/metadata';
import {
  referenceMetadataFragment,
  referenceRefusal,
  updateReferenceMetadata,
  type ReferenceMetadataChange,
  type ReferenceMetadataFilter,
} from '../../db/references';
import { TERMINAL_WITHDRAWAL_STATUSES, WITHDRAWAL_EVENTS, WITHDRAWAL_UPDATED, type WithdrawalStatus } from './events';

export interface FeeComponentRow {
  type: 'network_fee' | 'service_fee';
  /** Minor units, as a decimal string. */
  amount: string;
  payee_ref: string;
}

export interface WithdrawalRow extends AccountOwnedRow {
  scope_path: string[];
  destination_id: string;
  rail: string;
  asset: string;
  amount: string;
  fee_components: FeeComponentRow[];
  fee_total: string;
  hold_id: string;
  status: WithdrawalStatus;
  approval_id: string | null;
  failure_reason: string | null;
  policy_decision: PolicyDecision;
  subject_attribution: SubjectAttribution;
  rail_reference: string | null;
  rail_accepted_at: Date | null;
  ledger_transaction_id: string | null;
  settled_at: Date | null;
  reference: string | null;
  reference_unique: boolean;
  metadata: Record<string, string>;
}

const COLUMNS = `id, version, created_at, updated_at, enterprise_id, client_id, account_ref, scope_path, destination_id, rail, asset,
  amount::text, fee_components, fee_total::text, hold_id, status, approval_id, failure_reason, policy_decision, subject_attribution,
  rail_reference, rail_accepted_at, ledger_transaction_id, settled_at, reference, reference_unique, metadata`;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The transaction record of the tenant API contract, family `withdrawal`, plus the rail, destination and policy decision. */
export function presentWithdrawal(w: WithdrawalRow) {
  return {
    id: w.id,
    account_ref: w.account_ref,
    approval_ref: w.approval_id ? `approvals/${w.approval_id}` : null,
    family: 'withdrawal' as const,
    family_params: {},
    principal_amount: money(BigInt(w.amount), w.asset),
    fee_summary: {
      components: w.fee_components.map((c) => ({ kind: c.type, amount: money(BigInt(c.amount), w.asset) })),
      total: money(BigInt(w.fee_total), w.asset),
    },
    fill_rate: null,
    failure_reason: w.failure_reason,
    status: w.status,
    settled_at: iso(w.settled_at),
    subject_attribution: w.subject_attribution,
    rail: w.rail,
    withdrawal_destination_id: w.destination_id,
    rail_reference: w.rail_reference,
    policy_decision: w.policy_decision,
    reference: w.reference,
    metadata: w.metadata,
    etag: etagOf(w),
    created_at: iso(w.created_at)!,
    updated_at: iso(w.updated_at)!,
  };
}

export type WithdrawalView = ReturnType<typeof presentWithdrawal>;

async function writeEvent(tx: TransactionSql, row: WithdrawalRow, attribution: SubjectAttribution | null, type = WITHDRAWAL_EVENTS[row.status]): Promise<WithdrawalView> {
  const view = presentWithdrawal(row);
  await recordEventSql(tx, {
    type,
    enterpriseId: row.enterprise_id,
    scopeRef: row.account_ref,
    resourceRef: `withdrawals/${row.id}`,
    payload: view,
    attribution,
  });
  return view;
}

export async function findWithdrawal(sql: Db, id: string): Promise<WithdrawalRow | null> {
  const [row] = await sql.unsafe(`select ${COLUMNS} from withdrawals where id = $1`, [id], { prepare: true });
  return (row as unknown as WithdrawalRow | undefined) ?? null;
}

export async function readWithdrawal(sql: Db, caller: Caller, id: string, permission: 'withdrawals.read' | 'withdrawals.create' = 'withdrawals.read'): Promise<WithdrawalRow> {
  const row = await findWithdrawal(sql, id);
  if (!row || row.enterprise_id !== caller.enterpriseId) throw notFound('withdrawal');
  caller.require(permission, row.scope_path, 'withdrawal');
  return row;
}

export async function listWithdrawals(
  sql: Sql,
  caller: Caller,
  q: ReferenceMetadataFilter & { accountRef?: string; status?: WithdrawalStatus; after: string | null; limit: number },
): Promise<WithdrawalRow[]> {
  const rows = await sql`
    select ${sql.unsafe(COLUMNS)} from withdrawals
     where enterprise_id = ${caller.enterpriseId}
       and ${visibleByScopePath(sql, caller, 'withdrawals.read')}
       and ${q.accountRef ? sql`account_ref = ${q.accountRef}` : sql`true`}
       and ${q.status ? sql`status = ${q.status}` : sql`true`}
       and ${referenceMetadataFragment(sql, q)}
       and ${q.after ? sql`id > ${q.after}` : sql`true`}
     order by id limit ${q.limit}`;
  return rows as unknown as WithdrawalRow[];
}

export interface NewWithdrawal {
  accountRef: string;
  asset: Asset;
  amount: bigint;
  rail: string;
  destinationId: string;
  /** The integrator's reference and metadata (none when absent). */
  annotations?: ReferenceMetadata;
}

const unprocessable = (pointer: string, detail: string, message: string) => new AppError('EdgeUnprocessable', message, { errors: [{ pointer, detail }] });

/** The destination must be active, of the account's scope (at or above it), and match the asset and rail. */
function assertUsableDestination(d: DestinationRow | null, account: FundableAccount, input: NewWithdrawal): DestinationRow {
  if (!d || d.enterprise_id !== account.enterpriseId || !account.path.includes(d.scope_ref)) {
    throw unprocessable('/body/withdrawal_destination_id', 'no destination of this account\'s scope', 'The withdrawal destination does not exist for this account.');
  }
  if (d.status !== 'active') throw conflict(`The withdrawal destination is ${d.status}.`, `destination_${d.status}`);
  // A new destination's cooling-off period (docs/policy-changes.md): 409 naming when it ends.
  if (d.usable_from && new Date(d.usable_from).getTime() > Date.now()) {
    throw new AppError('EdgeConflict', `The withdrawal destination is in its cooling-off period until ${new Date(d.usable_from).toISOString()}.`, {
      reason: 'destination_cooling_off',
      extensions: { usable_from: new Date(d.usable_from).toISOString() },
    });
  }
  if (d.asset !== input.asset.code) throw unprocessable('/body/amount/currency', `the destination receives ${d.asset}`, `The destination receives ${d.asset}, not ${input.asset.code}.`);
  if (d.network !== input.rail) throw unprocessable('/body/rail', `the destination is on ${d.network}`, `The destination is on ${d.network}, not ${input.rail}.`);
  return d;
}

/** Account, client and enterprise states under FOR KEY SHARE: a concurrent close waits for this withdrawal. */
async function assertAccountMayWithdraw(tx: TransactionSql, account: FundableAccount): Promise<void> {
  const id = account.accountRef.slice(account.accountRef.indexOf('/') + 1);
  const [row] = account.clientId
    ? await tx`
        select a.status, c.status as client_status, e.admission_state, e.restriction_state
          from client_accounts a join clients c on c.id = a.client_id join enterprises e on e.id = a.enterprise_id
         where a.id = ${id} for key share of a`
    : await tx`
        select m.status, null as client_status, e.admission_state, e.restriction_state
          from master_accounts m join enterprises e on e.id = m.enterprise_id
         where m.id = ${id} for key share of m`;
  if (row.admission_state === 'closed') throw enterpriseClosed();
  if (row.restriction_state === 'suspended') throw enterpriseSuspended();
  if (row.client_status && row.client_status !== 'active') throw conflict(`The client is ${row.client_status}.`, stateReason('client', row.client_status));
  if (row.status !== 'active') throw conflict(`The account is ${row.status}.`, stateReason('account', row.status));
}

export interface AcceptedWithdrawal {
  row: WithdrawalRow;
  account: FundableAccount;
}

/**
 * Accepts a withdrawal in one transaction: checks, policy decision (deny is 422), fee quote, a hold
 * of amount + fee (insufficient funds is 422), the record and its event, the velocity entry, the
 * start its `withdrawal/<id>` workflow is owed (`start`, see temporal/start-outbox) and the request's
 * Idempotency-Key answer. The caller then starts the workflow, which owns everything after.
 */
export async function acceptWithdrawal(
  sql: Sql,
  caller: Caller,
  input: NewWithdrawal,
  metrics: Metrics,
  opts: { start: (created: WithdrawalRow, account: FundableAccount) => WorkflowStart; idempotency?: IdempotencyScope },
): Promise<AcceptedWithdrawal> {
  const [account, destination] = await Promise.all([fundableAccount(sql, input.accountRef), findDestination(sql, input.destinationId)]);
  if (!account) throw notFound('account');
  caller.require('withdrawals.create', account.path, 'account');
  assertUsableDestination(destination, account, input);
  const fees = await quoteFees(sql, { enterpriseId: account.enterpriseId, operationType: 'withdrawal', asset: input.asset.code, amount: input.amount, rail: input.rail });
  const now = new Date();
  const id = uuidv7();
  const attribution = caller.attribution();
  const row = await sql.begin(async (tx) => {
    await assertAccountMayWithdraw(tx, account);
    const decision = await evaluatePolicy(
      tx,
      {
        enterpriseId: account.enterpriseId,
        actionFamily: 'withdrawal',
        accountRef: account.accountRef,
        asset: input.asset.code,
        amount: input.amount,
        destinationRef: `withdrawal-destinations/${input.destinationId}`,
        initiatorKind: caller.subject.kind,
      },
      account.path,
    );
    assertNotDenied(decision);
    const created: WithdrawalRow = {
      id, version: 1, created_at: now, updated_at: now, enterprise_id: account.enterpriseId, client_id: account.clientId, account_ref: account.accountRef,
      scope_path: [...account.path], destination_id: input.destinationId, rail: input.rail, asset: input.asset.code, amount: input.amount.toString(),
      fee_components: fees.components.map((c) => ({ type: c.type, amount: c.amount.toString(), payee_ref: c.payeeRef! })), fee_total: fees.total.toString(),
      hold_id: '', status: decision.requirement ? 'pending_approval' : 'executing', approval_id: decision.requirement ? uuidv7() : null, failure_reason: null,
      policy_decision: decision, subject_attribution: attribution, rail_reference: null, rail_accepted_at: null, ledger_transaction_id: null, settled_at: null,
      reference: input.annotations?.reference ?? null, reference_unique: input.annotations?.referenceUnique ?? false, metadata: input.annotations?.metadata ?? {},
    };
    const holdKey = `withdrawal/${id}`;
    // The hold locks the account's balance row until commit, and every withdrawal of the account
    // queues there: the record (hold_id read from the hold's key), the velocity entry and the event
    // ride in the same pipeline as the hold, so the lock is held for one round trip and the commit.
    const hold = placeHold(tx, { key: holdKey, enterpriseId: account.enterpriseId, accountRef: account.accountRef, asset: input.asset.code, amount: input.amount + fees.total, metrics });
    const insert = tx.unsafe(
      `insert into withdrawals (id, created_at, updated_at, enterprise_id, client_id, account_ref, scope_path, destination_id, rail, asset, amount,
                                fee_components, fee_total, hold_id, status, approval_id, policy_decision, subject_attribution, reference, reference_unique, metadata)
       values ($1, $2, $2, $3, $4, $5, $6, $7, $8, $9, $10::numeric, $11::text::jsonb, $12::numeric,
               (select id from ledger_holds where business_key = $13), $14, $15, $16::text::jsonb, $17::text::jsonb, $18, $19, $20::text::jsonb)
       returning ${COLUMNS}`,
      [id, now, created.enterprise_id, created.client_id, created.account_ref, created.scope_path as never, created.destination_id, created.rail,
        created.asset, created.amount, JSON.stringify(created.fee_components), created.fee_total, holdKey,
        created.status, created.approval_id, JSON.stringify(decision), JSON.stringify(attribution), created.reference, created.reference_unique, JSON.stringify(created.metadata)],
      { prepare: true },
    );
    insert.execute();
    const results = await Promise.allSettled([
      hold,
      insert,
      recordVelocity(tx, { operationRef: `withdrawals/${id}`, enterpriseId: account.enterpriseId, accountRef: account.accountRef, actionFamily: 'withdrawal', asset: input.asset.code, amount: input.amount }),
      writeEvent(tx, created, attribution),
      recordStart(tx, opts.start(created, account)),
      // Last: the key's row is the last lock taken. Stored with the effect, a retry after a crash replays it instead of withdrawing again.
      ...(opts.idempotency ? [opts.idempotency.record(tx, { status: 201, body: presentWithdrawal(created) })] : []),
    ]);
    // The first failure in pipeline order is the cause (e.g. insufficient funds); the rest only saw the aborted transaction.
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    return (results[1] as PromiseFulfilledResult<unknown[]>).value[0] as WithdrawalRow;
  }).catch(async (err: unknown) => {
    throw await referenceRefusal(sql, err, 'withdrawals', 'withdrawal', account.enterpriseId, { reference: input.annotations?.reference ?? null });
  });
  return { row, account };
}

/** pending_approval → executing once approved, recording who approved in the attribution. */
export async function markWithdrawalExecuting(sql: Sql, id: string, approvedBy: PrincipalRef[]): Promise<WithdrawalStatus> {
  return sql.begin(async (tx) => {
    const [row] = await tx.unsafe(
      `update withdrawals set status = 'executing', version = version + 1, updated_at = now(),
              subject_attribution = jsonb_set(subject_attribution, '{approved_by}', $2::text::jsonb)
        where id = $1 and status = 'pending_approval' returning ${COLUMNS}`,
      [id, JSON.stringify(approvedBy)],
      { prepare: true },
    );
    if (row) {
      await writeEvent(tx, row as unknown as WithdrawalRow, null);
      return 'executing' as const;
    }
    return (await findWithdrawal(tx, id))!.status;
  });
}

/** Records the rail's acceptance (its reference); from here on a cancel is 409. */
export async function recordRailAcceptance(sql: Sql, id: string, reference: string): Promise<void> {
  await sql`
    update withdrawals set rail_reference = ${reference}, rail_accepted_at = coalesce(rail_accepted_at, now()), version = version + 1, updated_at = now()
     where id = ${id} and rail_reference is null`;
}

/**
 * Settles an executing withdrawal once: posts its hold (debit the account; credit the external
 * withdrawals flow with the amount and each fee to its payee account), sets `settled_at` and
 * `executed`, and records `operations.withdrawal.settled.v1`. A retry finds it executed and changes nothing.
 */
export async function settleWithdrawal(sql: Sql, id: string, metrics?: Metrics): Promise<WithdrawalStatus> {
  return commitBehind(sql, async (tx) => {
    const [row] = await tx.unsafe(
      `update withdrawals set status = 'executed', settled_at = now(), version = version + 1, updated_at = now()
        where id = $1 and status = 'executing' returning ${COLUMNS}`,
      [id],
      { prepare: true },
    );
    if (!row) return { value: (await findWithdrawal(tx, id))!.status };
    const w = row as unknown as WithdrawalRow;
    const credits = [
      { accountRef: systemAccountRef(w.enterprise_id, 'external_withdrawals'), amount: BigInt(w.amount) },
      ...w.fee_components.map((c) => ({ accountRef: c.payee_ref, amount: BigInt(c.amount) })),
    ].filter((c) => c.amount > 0n);
    // The event (its payload does not show the ledger transaction) goes ahead of the balance locks.
    const [{ transaction }] = await Promise.all([
      postHold(tx, { holdId: w.hold_id, key: `withdrawal/${w.id}/settle`, credits, kind: 'withdrawal', metrics }),
      writeEvent(tx, w, null),
    ]);
    return { value: 'executed' as const, last: tx`update withdrawals set ledger_transaction_id = ${transaction.id} where id = ${w.id}`.execute() };
  });
}

/**
 * A transaction whose COMMIT is sent right behind its last statement, in one pipeline: `fn` hands
 * that statement to the connection (`execute()`, not awaited) and returns it as `last`, so balance
 * rows the ledger locked earlier stay locked for the server's work and the commit, without one more
 * round trip through this process's event loop. Only a statement `fn` executes itself may be left
 * in flight (ledger calls are awaited). If it fails, PostgreSQL answers the COMMIT with a rollback
 * and the failure is thrown here.
 */
async function commitBehind<T>(sql: Sql, fn: (tx: TransactionSql) => Promise<{ value: T; last?: PendingQuery<Row[]> }>): Promise<T> {
  const { value, failure } = await sql.begin(async (tx) => {
    const r = await fn(tx);
    // Observed now, so a failure is never an unhandled rejection while the commit is on its way.
    return { value: r.value, failure: r.last?.then(() => null, (err: unknown) => err) ?? null };
  });
  const err = await failure;
  if (err) throw err;
  return value;
}

export type ReleaseOutcome = 'rejected' | 'expired' | 'cancelled' | 'failed';

/**
 * Ends a withdrawal without moving money, exactly once: the status guard admits one transition out
 * of pending_approval / executing, and the ledger voids the hold in the same transaction. A retry
 * (or a second path) finds it terminal and changes nothing. Returns the record as it now is.
 */
export async function releaseWithdrawal(
  sql: Sql,
  id: string,
  outcome: ReleaseOutcome,
  reason: string,
  metrics?: Metrics,
  unstarted?: UnstartedWorkflow,
  auditEntry?: EntryRecord,
): Promise<WithdrawalView> {
  return sql.begin(async (tx) => {
    // A release instead of the workflow's start (the start failed): the start is no longer owed, nor the answer.
    await forgetUnstarted(tx, unstarted);
    // The cancelling request's entry (its cancel Update carried it), committed with the release it asked for.
    if (auditEntry) await writeCarriedEntry(tx, auditEntry);
    const [row] = await tx.unsafe(
      `update withdrawals set status = $2, failure_reason = $3, version = version + 1, updated_at = now()
        where id = $1 and status in ('pending_approval', 'executing') returning ${COLUMNS}`,
      [id, outcome, reason],
      { prepare: true },
    );
    if (!row) return presentWithdrawal((await findWithdrawal(tx, id))!);
    const w = row as unknown as WithdrawalRow;
    // One pipeline: the hold's balance row stays locked until commit.
    const [, , view] = await Promise.all([voidHold(tx, { holdId: w.hold_id, metrics }), releaseVelocity(tx, `withdrawals/${w.id}`), writeEvent(tx, w, null)]);
    return view;
  });
}

/**
 * Changes a withdrawal's reference and metadata, in any status (terminal ones included: reconciling
 * often happens after settlement); they change nothing the withdrawal does. Needs `withdrawals.create`.
 */
export async function updateWithdrawalReferenceMetadata(sql: Sql, caller: Caller, id: string, change: ReferenceMetadataChange, assertCurrent: (row: WithdrawalRow) => void): Promise<WithdrawalRow> {
  return updateReferenceMetadata<WithdrawalRow>(sql, {
    table: 'withdrawals',
    columns: COLUMNS,
    what: 'withdrawal',
    id,
    enterpriseId: caller.enterpriseId,
    change,
    authorize: (row) => caller.require('withdrawals.create', row.scope_path, 'withdrawal'),
    assertCurrent,
    after: (tx, row) => writeEvent(tx, row, caller.attribution(), WITHDRAWAL_UPDATED),
  });
}

export const isTerminal = (status: WithdrawalStatus) => TERMINAL_WITHDRAWAL_STATUSES.includes(status);
