import { createHash } from 'node:crypto';
import type { Sql, TransactionSql } from 'postgres';
import { AppError, notFound } from '../../errors';
import { uuidv7 } from '../../ids';
import type { SubjectAttribution } from '../../auth/caller';
import type { Metrics } from '../../metrics';
import { recordEventSql } from '../../events/outbox';
import { creditExternalDeposit, parseAmount } from '../../ledger';
import { assertEnterpriseOpen } from '../tenancy/lifecycle';
import { networkByCode, networksFor } from '../../reference/networks';
import { railsFor } from '../../reference/bank-rails';
import { fundableAccount, pathOfRow, visibleCondition, type Visibility } from '../funding/accounts';
import type { Caller } from '../../auth/caller';
import { referenceMetadataFragment, updateReferenceMetadata, type ReferenceMetadataChange, type ReferenceMetadataFilter } from '../../db/references';
import { findEndpoint, selectEndpoints } from '../funding/endpoints';
import { DEPOSIT_CONFIRMED, DEPOSIT_CREDITED, DEPOSIT_FAILED, DEPOSIT_PENDING, DEPOSIT_UPDATED } from '../funding/events';
import { presentDeposit, type DepositRow, type DepositStatus, type EndpointRow } from '../funding/present';
import type { Services } from '../../services';
import type { IdempotencyScope } from '../../idempotency/store';
import type { Alongside } from '../../db/base';
import { forgetUnstarted, recordStart, startOwed, type UnstartedWorkflow, type WorkflowStart } from '../../temporal/start-outbox';
import { DEPOSIT_WORKFLOW, depositWorkflowId, type DepositWorkflowInput } from './messages';

/**
 * Deposits: money arriving on a funding endpoint. pending (seen) → confirmed (final on its network)
 * → credited (booked to the account by the ledger, exactly once); failed when it cannot be credited.
 * A provider reports them (./reports.ts: a connector's `deposit.received` event, or in
 * sandbox POST /sandbox/deposits) and the `deposit/<id>` workflow drives them.
 */

export type DepositTarget = { depositInstructionId: string } | { address: string; memo: string | null; currency: string };

/** The funding endpoint a simulated transfer lands on; null when nothing matches (the route answers). */
export async function resolveDepositTarget(sql: Sql, target: DepositTarget): Promise<EndpointRow | null> {
  if ('depositInstructionId' in target) return (await findEndpoint(sql, { instructionId: target.depositInstructionId })) ?? null;
  const rails = [...railsFor('pay_in', target.currency).map((r) => r.code), ...networksFor(target.currency).map((n) => n.code)];
  const [row] = await sql<EndpointRow[]>`
    ${selectEndpoints(sql)}
     where da.rail = any(${rails}::text[]) and da.address = ${target.address} and coalesce(da.memo, '') = ${target.memo ?? ''}
       and fe.asset = ${target.currency}
     limit 1`;
  return row ?? null;
}

/** Confirmations a deposit on this endpoint waits for: the network's count; bank rails settle on arrival. */
export function confirmationsFor(endpoint: Pick<EndpointRow, 'rail_class' | 'rail'>): number {
  return endpoint.rail_class === 'crypto' ? (networkByCode(endpoint.rail)?.confirmations ?? 1) : 0;
}

const DEPOSIT_COLUMN_LIST = `
  id, version, created_at, updated_at, enterprise_id, client_id, account_ref, funding_endpoint_id, deposit_instruction_id,
  asset, rail_class, rail, amount::text as amount, transaction_hash, confirmations_required, status, failure_reason,
  ledger_transaction_id, confirmed_at, credited_at, subject_attribution, connector_id, reference, reference_unique, metadata,
  reversals, reversed_amount::text as reversed_amount`;

export const DEPOSIT_COLUMNS = (sql: Sql | TransactionSql) => sql`${sql.unsafe(DEPOSIT_COLUMN_LIST)}`;

/** A synthetic but well-formed transaction id for the simulated transfer. */
function syntheticTransactionHash(endpoint: EndpointRow, depositId: string): string {
  const hex = createHash('sha256').update(`sandbox-transfer\u0000${depositId}`).digest('hex');
  return endpoint.rail === 'ethereum' ? `0x${hex}` : endpoint.rail_class === 'fiat' ? `SBX${hex.slice(0, 16).toUpperCase()}` : hex;
}

export interface RecordDepositInput {
  endpoint: EndpointRow;
  /** Decimal string as sent; parsed exactly against the endpoint's asset. */
  currency: string;
  value: string;
  /** Null when a connector reported it (the deposit names its connector). */
  attribution: SubjectAttribution | null;
  /** Task queue of the deposit's workflow, and its simulated block time (the wait is confirmations × blockMs). */
  taskQueue: string;
  blockMs: number;
  /** The request's Idempotency-Key: its answer (201, the deposit) is stored in the deposit's own transaction. */
  idempotency?: IdempotencyScope;
  /** Runs in the deposit's transaction after it is recorded (a request without a key: its audit entry). */
  alongside?: Alongside<DepositRow>;
  /** The integrator's reference and metadata it arrives with (metadata already checked); null and {} when absent. */
  annotations?: { reference: string | null; metadata: Record<string, string> };
  /** A deposit a connector reported, final on its rail: its reference is the transaction hash (one deposit per rail and reference). */
  reported?: { connectorId: string; reference: string };
}

/**
 * Records the pending deposit, then starts `deposit/<id>`, which confirms and credits it (temporal/
 * start-outbox: the start is owed in the deposit's transaction, so a process that dies before it
 * leaves it to the worker's sweeper). A start that fails ends the deposit `failed`
 * (`workflow_start_failed`, nothing credited) and answers 503. A reported deposit whose reference is
 * already recorded answers that deposit (`replayed`) and starts nothing.
 */
export async function receiveDeposit(services: Services, input: RecordDepositInput): Promise<{ deposit: DepositRow; replayed: boolean }> {
  const recorded = await recordPendingDeposit(services.sql, input);
  if (!recorded.start) return { deposit: recorded.deposit, replayed: true };
  const { deposit, start } = recorded;
  await startOwed(services, start, () => failUnstartedDeposit(services.sql, deposit.id, { workflowId: start.workflowId, answer: input.idempotency }));
  return { deposit, replayed: false };
}

/**
 * Records a pending deposit on `endpoint` with the workflow start it is owed, in one transaction. A closed
 * enterprise is 410; a closed or suspended account is 409 (`account_closed`, `account_suspended`).
 * A suspended enterprise still receives: suspension stops money leaving, not arriving.
 */
export async function recordPendingDeposit(sql: Sql, input: RecordDepositInput): Promise<{ deposit: DepositRow; start: WorkflowStart | null }> {
  const { endpoint } = input;
  if (input.currency !== endpoint.asset) {
    throw new AppError('EdgeUnprocessable', `This deposit instruction receives ${endpoint.asset}.`, {
      errors: [{ pointer: '/body/amount/currency', detail: `must be ${endpoint.asset}` }],
    });
  }
  const amount = parseAmount(input.value, endpoint.asset);
  return sql.begin(async (tx) => {
    await assertEnterpriseOpen(tx, endpoint.enterprise_id, { lock: true });
    const account = await fundableAccount(tx, endpoint.account_ref);
    if (!account || account.status === 'closed') throw new AppError('EdgeConflict', 'The account is closed.', { reason: 'account_closed' });
    if (account.status === 'suspended') throw new AppError('EdgeConflict', 'The account is suspended and cannot receive money.', { reason: 'account_suspended' });
    const id = uuidv7();
    const { reported } = input;
    // A reported deposit is final on its rail already: nothing to wait for.
    const confirmations = reported ? 0 : confirmationsFor(endpoint);
    const [row] = await tx<DepositRow[]>`
      insert into deposits (id, enterprise_id, client_id, account_ref, funding_endpoint_id, deposit_instruction_id, asset,
                            rail_class, rail, amount, transaction_hash, confirmations_required, status, subject_attribution, connector_id,
                            reference, metadata)
      values (${id}, ${endpoint.enterprise_id}, ${endpoint.client_id}, ${endpoint.account_ref}, ${endpoint.id}, ${endpoint.instruction_id},
              ${endpoint.asset}, ${endpoint.rail_class}, ${endpoint.rail}, ${amount.toString()}, ${reported?.reference ?? syntheticTransactionHash(endpoint, id)},
              ${confirmations}, 'pending', ${input.attribution ? tx.json(input.attribution as never) : null}, ${reported?.connectorId ?? null},
              ${input.annotations?.reference ?? null}, ${tx.json((input.annotations?.metadata ?? {}) as never)})
      on conflict (rail, transaction_hash) do nothing
      returning ${DEPOSIT_COLUMNS(tx)}`;
    if (!row) {
      const [earlier] = await tx<DepositRow[]>`select ${DEPOSIT_COLUMNS(tx)} from deposits where rail = ${endpoint.rail} and transaction_hash = ${reported?.reference ?? ''}`;
      if (!reported || !earlier || earlier.connector_id !== reported.connectorId || earlier.deposit_instruction_id !== endpoint.instruction_id || earlier.amount !== amount.toString()) {
        throw new AppError('EdgeConflict', 'Another deposit on this rail has this reference.', { reason: 'reference_reused' });
      }
      return { deposit: earlier, start: null };
    }
    await recordDepositEvent(tx, DEPOSIT_PENDING, row, input.attribution);
    const args: [DepositWorkflowInput] = [
      { depositId: id, enterpriseId: row.enterprise_id, clientId: row.client_id, accountRef: row.account_ref, confirmations, blockMs: input.blockMs },
    ];
    const start: WorkflowStart = { workflowType: DEPOSIT_WORKFLOW, workflowId: depositWorkflowId(id), taskQueue: input.taskQueue, args };
    await Promise.all([recordStart(tx, start), input.idempotency?.record(tx, { status: 201, body: presentDeposit(row) }), input.alongside?.(tx, row)]);
    return { deposit: row, start };
  }) as Promise<{ deposit: DepositRow; start: WorkflowStart | null }>;
}

/** pending → failed (`workflow_start_failed`), forgetting what was owed for the workflow in the same transaction. */
async function failUnstartedDeposit(sql: Sql, depositId: string, unstarted: UnstartedWorkflow): Promise<void> {
  await sql.begin(async (tx) => {
    await forgetUnstarted(tx, unstarted);
    const [failed] = await tx<DepositRow[]>`
      update deposits set status = 'failed', failure_reason = 'workflow_start_failed', version = version + 1, updated_at = now()
       where id = ${depositId} and status = 'pending' returning ${DEPOSIT_COLUMNS(tx)}`;
    if (failed) await recordDepositEvent(tx, DEPOSIT_FAILED, failed);
  });
}

function recordDepositEvent(tx: TransactionSql, type: string, row: DepositRow, attribution: SubjectAttribution | null = null) {
  return recordEventSql(tx, {
    type,
    enterpriseId: row.enterprise_id,
    scopeRef: row.account_ref,
    resourceRef: `deposits/${row.id}`,
    payload: presentDeposit(row),
    attribution,
  });
}

/** pending → confirmed. Idempotent: a repeat finds nothing pending and returns the current status. */
export async function confirmDeposit(sql: Sql, depositId: string): Promise<DepositStatus | null> {
  return sql.begin(async (tx) => {
    const [row] = await tx<DepositRow[]>`
      update deposits set status = 'confirmed', confirmed_at = now(), version = version + 1, updated_at = now()
       where id = ${depositId} and status = 'pending'
      returning ${DEPOSIT_COLUMNS(tx)}`;
    if (row) {
      await recordDepositEvent(tx, DEPOSIT_CONFIRMED, row);
      return row.status;
    }
    const [current] = await tx`select status from deposits where id = ${depositId}`;
    return (current?.status as DepositStatus | undefined) ?? null;
  }) as Promise<DepositStatus | null>;
}

/**
 * confirmed → credited: books external_deposits → account with business key `deposit/<id>` in the
 * same transaction as the status change, under the deposit's row lock, so the account is credited
 * exactly once however often this runs. An account closed meanwhile fails the deposit instead.
 */
export async function creditDeposit(sql: Sql, depositId: string, metrics?: Metrics): Promise<DepositStatus | null> {
  return sql.begin(async (tx) => {
    const [row] = await tx<DepositRow[]>`select ${DEPOSIT_COLUMNS(tx)} from deposits where id = ${depositId} for update`;
    if (!row) return null;
    if (row.status !== 'confirmed') return row.status;
    const account = await fundableAccount(tx, row.account_ref);
    if (!account || account.status === 'closed') {
      const [failed] = await tx<DepositRow[]>`
        update deposits set status = 'failed', failure_reason = 'account_closed', version = version + 1, updated_at = now()
         where id = ${depositId} returning ${DEPOSIT_COLUMNS(tx)}`;
      await recordDepositEvent(tx, DEPOSIT_FAILED, failed);
      return failed.status;
    }
    const booked = await creditExternalDeposit(tx, {
      key: `deposit/${row.id}`,
      enterpriseId: row.enterprise_id,
      accountRef: row.account_ref,
      asset: row.asset,
      amount: BigInt(row.amount),
      metrics,
    });
    const [credited] = await tx<DepositRow[]>`
      update deposits set status = 'credited', credited_at = now(), ledger_transaction_id = ${booked.id},
                          version = version + 1, updated_at = now()
       where id = ${depositId} returning ${DEPOSIT_COLUMNS(tx)}`;
    await recordDepositEvent(tx, DEPOSIT_CREDITED, credited);
    return credited.status;
  }) as Promise<DepositStatus | null>;
}

export async function getDeposit(sql: Sql, id: string): Promise<DepositRow> {
  const [row] = await sql<DepositRow[]>`select ${DEPOSIT_COLUMNS(sql)} from deposits where id = ${id}`;
  if (!row) throw notFound('deposit');
  return row;
}

export interface DepositListQuery extends ReferenceMetadataFilter {
  enterpriseId: string;
  visible: Visibility;
  accountRef?: string;
  status?: DepositStatus;
  after: string | null;
  limit: number;
}

export async function listDeposits(sql: Sql, q: DepositListQuery): Promise<DepositRow[]> {
  return sql<DepositRow[]>`
    select ${DEPOSIT_COLUMNS(sql)} from deposits d
     where d.enterprise_id = ${q.enterpriseId}
       and ${q.accountRef ? sql`d.account_ref = ${q.accountRef}` : sql`true`}
       and ${q.status ? sql`d.status = ${q.status}` : sql`true`}
       and ${referenceMetadataFragment(sql, q)}
       and ${visibleCondition(sql, q.visible, 'd')}
       and ${q.after ? sql`d.id > ${q.after}` : sql`true`}
     order by d.id
     limit ${q.limit}`;
}

/**
 * Changes a deposit's reference and metadata, in any status (credited and failed included: the
 * integrator reconciles once the money is in); they change nothing the deposit does. Needs
 * `deposits.annotate` at its account.
 */
export function updateDepositReferenceMetadata(sql: Sql, caller: Caller, id: string, change: ReferenceMetadataChange, assertCurrent: (row: DepositRow) => void): Promise<DepositRow> {
  return updateReferenceMetadata<DepositRow>(sql, {
    table: 'deposits',
    columns: DEPOSIT_COLUMN_LIST,
    what: 'deposit',
    id,
    enterpriseId: caller.enterpriseId,
    change,
    authorize: (row) => caller.require('deposits.annotate', pathOfRow(row), 'deposit'),
    assertCurrent,
    after: (tx, row) => recordDepositEvent(tx, DEPOSIT_UPDATED, row, caller.attribution()),
  });
}
