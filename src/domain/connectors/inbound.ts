import { Webhook } from 'standardwebhooks';
import type { Sql } from 'postgres';
import type { KeyRing } from '../../auth/sealing';
import { WorkflowNotFoundError } from '@temporalio/client';
import { z } from '../../schema/zod';
import { AppError, type ErrorCode, type ErrorReason } from '../../errors';
import type { Services } from '../../services';
import { UUID_RE } from '../../ids';
import { reportDeposit, reportOnRampPayment } from '../deposits/reports';
import { checkMetadata } from '../../schema/metadata';
import { reportKycDecision } from '../clients/kyc-reports';
import { reportScreeningVerdict } from '../screening/verdicts';
import { WITHDRAWAL_RAIL_SIGNAL, withdrawalWorkflowId } from '../withdrawals/messages';
import { OFF_RAMP_PAYOUT_SIGNAL, offRampWorkflowId } from '../ramps/messages';
import type { ConnectorEvent } from '../../providers/http/events';
import { findConnector, liveSecrets, type ConnectorRow } from './connectors';
import { reportDepositReversal, reportPayoutReturn } from './returns';
import { noteStatementAvailable } from '../reconciliation';

/*
 * Connector → Counterfoil (docs/connectors.md): POST /connectors/{id}/events, a Standard Webhooks
 * message signed with the connector's secret over the raw body. The `webhook-id` is the event id:
 * an event id seen before answers what it answered the first time and changes nothing. Events are
 * applied through the same domain functions and workflows the sandbox drives.
 */

export const ConnectorEventAnswer = z
  .object({
    event_id: z.string(),
    type: z.string(),
    replayed: z.boolean().openapi({ description: 'This event id was applied before: nothing changed now.' }),
    resource_ref: z.string().nullable().openapi({ description: 'What the event applied to (`deposits/<id>`, `kyc-decisions/<id>`, `withdrawals/<id>`).' }),
  })
  .openapi('ConnectorEventAnswer');

type Answer = z.output<typeof ConnectorEventAnswer>;

const refused = () => new AppError('Unauthorized', 'The event is not signed by this connector.', { headers: { 'WWW-Authenticate': 'Signature realm="connector"' } });

/**
 * The connector, if the headers carry a valid signature of `raw` by one of its live secrets within
 * five minutes of now. An unknown connector and a bad signature are the same 401; a disabled
 * connector's (correctly signed) events are 403.
 */
export async function authenticateConnectorEvent(
  sql: Sql,
  ring: KeyRing,
  connectorId: string,
  headers: Record<string, string | string[] | undefined>,
  raw: Buffer,
): Promise<ConnectorRow> {
  const connector = UUID_RE.test(connectorId) ? await findConnector(sql, connectorId) : null;
  if (!connector) throw refused();
  const signed = {
    'webhook-id': String(headers['webhook-id'] ?? ''),
    'webhook-timestamp': String(headers['webhook-timestamp'] ?? ''),
    'webhook-signature': String(headers['webhook-signature'] ?? ''),
  };
  const verified = liveSecrets(ring, connector).some((secret) => {
    try {
      new Webhook(secret).verify(raw, signed, { jsonParse: false });
      return true;
    } catch {
      return false;
    }
  });
  if (!verified) throw refused();
  if (connector.status !== 'active') throw new AppError('EdgeForbidden', 'The connector is disabled.', { reason: 'connector_disabled' });
  return connector;
}

/** Wakes the workflow sending the payout so it asks the outcome now; a finished workflow has nothing to wake. */
async function payoutUpdated(services: Services, connector: ConnectorRow, key: string): Promise<string> {
  const [, kind, id] = /^(withdrawal|off_ramp)\/([0-9a-f-]{36})$/.exec(key) ?? [];
  const unknown = () => new AppError('EdgeUnprocessable', 'No payout of this enterprise has this idempotency key.', { reason: 'unknown_payout', errors: [{ pointer: '/body/data/idempotency_key', detail: 'unknown payout' }] });
  if (!kind) throw unknown();
  const [row] =
    kind === 'withdrawal'
      ? await services.sql`select enterprise_id, rail from withdrawals where id = ${id}`
      : await services.sql`select s.enterprise_id, m.rail from off_ramp_sessions s join payout_methods m on m.id = s.payout_method_id where s.id = ${id}`;
  if (!row || row.enterprise_id !== connector.enterprise_id || services.providers.providerOf('rails', row.rail) !== connector.name) throw unknown();
  const client = await services.temporal.get();
  const [workflowId, signal] = kind === 'withdrawal' ? [withdrawalWorkflowId(id), WITHDRAWAL_RAIL_SIGNAL] : [offRampWorkflowId(id), OFF_RAMP_PAYOUT_SIGNAL];
  try {
    await client.workflow.getHandle(workflowId).signal(signal);
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  }
  return kind === 'withdrawal' ? `withdrawals/${id}` : `off-ramp-sessions/${id}`;
}

/**
 * Applies one authenticated event, once per event id. A refusal (4xx) is remembered as the event's
 * answer too, so the connector's retries of a bad event get the same answer; a failure of ours (5xx)
 * is not, and the retry applies it. Each application is idempotent by its own key as well (a
 * deposit's reference, a decision's event id, a payout's wake-up).
 */
export async function applyConnectorEvent(services: Services, connector: ConnectorRow, eventId: string, event: ConnectorEvent): Promise<{ status: number; body: unknown }> {
  const [seen] = await services.sql`select answer from connector_events where connector_id = ${connector.id} and event_id = ${eventId}`;
  if (seen) {
    const first = seen.answer as { status: number; body: Record<string, unknown> };
    if (first.status >= 400) throw new AppError(first.body.code as ErrorCode, String(first.body.detail), { reason: (first.body.reason as ErrorReason | null) ?? undefined });
    return { status: first.status, body: { ...first.body, replayed: true } };
  }
  let answer: { status: number; body: unknown };
  try {
    answer = { status: 200, body: { event_id: eventId, type: event.type, replayed: false, resource_ref: await apply(services, connector, eventId, event) } satisfies Answer };
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    answer = { status: err.status, body: { code: err.code, reason: err.reason, detail: err.message } };
    await remember(services.sql, connector.id, eventId, event.type, answer);
    throw err;
  }
  await remember(services.sql, connector.id, eventId, event.type, answer);
  return answer;
}

function remember(sql: Sql, connectorId: string, eventId: string, type: string, answer: unknown) {
  return sql`insert into connector_events (connector_id, event_id, type, answer) values (${connectorId}, ${eventId}, ${type}, ${sql.json(answer as never)}) on conflict do nothing`;
}

async function apply(services: Services, connector: ConnectorRow, eventId: string, event: ConnectorEvent): Promise<string> {
  const reporter = { id: connector.id, name: connector.name, enterpriseId: connector.enterprise_id };
  switch (event.type) {
    case 'payout.updated':
      return payoutUpdated(services, connector, event.data.idempotency_key);
    case 'deposit.received': {
      const d = event.data;
      if (d.payment_reference !== undefined) {
        const session = await reportOnRampPayment(services, reporter, { reference: d.reference, paymentReference: d.payment_reference, amount: d.amount });
        return `on-ramp-sessions/${session.id}`;
      }
      checkMetadata(d.metadata, '/body/data/metadata');
      const { deposit } = await reportDeposit(services, reporter, {
        reference: d.reference,
        target: d.deposit_instruction_id ? { depositInstructionId: d.deposit_instruction_id } : { address: d.address!, memo: d.memo ?? null, currency: d.amount.currency },
        amount: d.amount,
        annotations: { reference: d.integrator_reference ?? null, metadata: d.metadata ?? {} },
      });
      return `deposits/${deposit.id}`;
    }
    case 'payout.returned':
      return reportPayoutReturn(services, reporter, event.data);
    case 'deposit.reversed':
      return reportDepositReversal(services, reporter, event.data);
    case 'kyc.decision': {
      const { decision } = await reportKycDecision(services, reporter, eventId, {
        clientId: event.data.client_id,
        status: event.data.status,
        reason: event.data.reason ?? null,
        reference: event.data.reference ?? null,
      });
      return `kyc-decisions/${decision.id}`;
    }
    case 'screening.completed':
      return `screenings/${(await reportScreeningVerdict(services, reporter, event.data.screening_id, event.data.verdict)).screening.id}`;
    case 'statement.available': {
      const account = await noteStatementAvailable(services.sql, connector.enterprise_id, event.data.account, event.data.through);
      return `reconciliation-accounts/${account.id}`;
    }
  }
}
