import { randomBytes } from 'node:crypto';
import type { Sql } from 'postgres';
import type { SubjectAttribution } from '../../auth/caller';
import type { Alongside } from '../../db/base';
import { referenceRefusal } from '../../db/references';
import type { IdempotencyScope } from '../../idempotency/store';
import { uuidv7 } from '../../ids';
import type { ReferenceMetadata } from '../../schema/metadata';
import type { Services } from '../../services';
import { recordStart, startOwed, type UnstartedWorkflow, type WorkflowStart } from '../../temporal/start-outbox';
import { lockMovableAccount } from '../conversions/ledger';
import { tradablePair } from '../pricing/pairs';
import { ensureCollectionAccount, type CollectionAccount } from './collection-accounts';
import { ON_RAMP_WORKFLOW, onRampWorkflowId, type OnRampWorkflowInput } from './messages';
import { ON_RAMP_PAIR_POINTERS, ON_RAMP_UNSTARTED, payInRail, paymentInstructions, rampAssets } from './model';
import { insertOnRamp, onRampSessions, type OnRampRow } from './on-ramp-store';
import { presentOnRamp } from './present';

/*
 * On-ramp sessions (fiat → asset): the client pays fiat into the enterprise's collection account on
 * the currency's pay-in rail (issued by the rail's deposits provider: the sandbox bank, or a bank's
 * connector) quoting the session's reference; the fiat is converted and the asset credited.
 */

export interface NewOnRamp {
  enterpriseId: string;
  accountRef: string;
  fiatCurrency: string;
  asset: string;
  /** How long the client has to pay (the durable expiry timer). */
  paymentWindowSeconds: number;
  attribution: SubjectAttribution;
  /** Task queue of the session's workflow. */
  taskQueue: string;
  /** The request's Idempotency-Key: its answer (201, the session) is stored in the session's own transaction. */
  idempotency?: IdempotencyScope;
  /** Runs in the session's transaction after it is recorded (a request without a key: its audit entry). */
  alongside?: Alongside<OnRampRow>;
  /** The integrator's reference and metadata (none when absent). */
  annotations?: ReferenceMetadata;
}

/**
 * The collection account an on-ramp in `fiatCurrency` is paid into: the enterprise's on the
 * currency's pay-in rail, issued once by the rail's deposits provider. Asked before any transaction
 * opens; a provider that fails is 502 naming it (services.providers), and nothing is recorded.
 */
export async function onRampCollectionAccount(services: Pick<Services, 'sql' | 'providers'>, enterpriseId: string, fiatCurrency: string): Promise<CollectionAccount> {
  const rail = payInRail(fiatCurrency);
  return ensureCollectionAccount(services.sql, enterpriseId, rail, {
    provider: services.providers.providerOf('deposits', rail) ?? 'none',
    issue: (request) => services.providers.issueDepositInstruction(request),
  });
}

/**
 * POST /on-ramp-sessions: records the session, then starts `on-ramp/<id>` (temporal/start-outbox:
 * the start is owed in the session's transaction, so a process that dies before it leaves it to the
 * worker's sweeper). A start that fails ends the session `failed` (`workflow_start_failed`) and answers 503.
 */
export async function createOnRamp(services: Services, input: NewOnRamp): Promise<OnRampRow> {
  const { fiat, asset } = rampAssets(input.fiatCurrency, input.asset);
  // A request the pair refuses (422/409) asks the provider nothing; the transaction checks it again.
  await tradablePair(services.sql, fiat.code, asset.code, ON_RAMP_PAIR_POINTERS);
  const collection = await onRampCollectionAccount(services, input.enterpriseId, input.fiatCurrency);
  const { row, start } = await acceptOnRamp(services.sql, input, collection);
  await startOwed(services, start, () => failUnstartedOnRamp(services.sql, row.id, { workflowId: start.workflowId, answer: input.idempotency }));
  return row;
}

/** The start of `on-ramp/<id>` a recorded session is owed. */
function onRampStart(r: OnRampRow, taskQueue: string): WorkflowStart {
  const input: OnRampWorkflowInput = { sessionId: r.id, enterpriseId: r.enterprise_id, clientId: r.client_id, accountRef: r.account_ref, expiresAt: r.expires_at.toISOString() };
  return { workflowType: ON_RAMP_WORKFLOW, workflowId: onRampWorkflowId(r.id), taskQueue, args: [input] };
}

/** Records a `requested` session with its payment instructions and the workflow start it is owed, in one transaction. */
export async function acceptOnRamp(sql: Sql, input: NewOnRamp, collection: CollectionAccount): Promise<{ row: OnRampRow; start: WorkflowStart }> {
  const { fiat, asset } = rampAssets(input.fiatCurrency, input.asset);
  const annotations = input.annotations ?? { reference: null, referenceUnique: false, metadata: {} };
  return (await sql.begin(async (tx) => {
    const account = await lockMovableAccount(tx, input.accountRef, input.enterpriseId, { outgoing: true });
    const pair = await tradablePair(tx, fiat.code, asset.code, ON_RAMP_PAIR_POINTERS);
    const reference = `CFR${randomBytes(6).toString('hex').toUpperCase()}`;
    const row = await insertOnRamp(tx, {
      id: uuidv7(),
      enterpriseId: input.enterpriseId,
      clientId: account.clientId,
      accountRef: input.accountRef,
      fiatCurrency: fiat.code,
      asset: asset.code,
      pairId: pair.id,
      paymentReference: reference,
      paymentInstructions: paymentInstructions(fiat.code, reference, collection),
      paymentWindowSeconds: input.paymentWindowSeconds,
      attribution: input.attribution,
      annotations,
    });
    await onRampSessions.recordEvent(tx, row, input.attribution);
    const start = onRampStart(row, input.taskQueue);
    await Promise.all([recordStart(tx, start), input.idempotency?.record(tx, { status: 201, body: presentOnRamp(row) }), input.alongside?.(tx, row)]);
    return { row, start };
  }).catch(async (err: unknown) => {
    throw await referenceRefusal(sql, err, 'on_ramp_sessions', 'on-ramp session', input.enterpriseId, annotations);
  })) as { row: OnRampRow; start: WorkflowStart };
}

/** requested → failed (`workflow_start_failed`), forgetting the start it was owed in the same transaction. */
function failUnstartedOnRamp(sql: Sql, id: string, unstarted: UnstartedWorkflow) {
  return onRampSessions.failUnstarted(sql, id, ON_RAMP_UNSTARTED, unstarted);
}
