import { z } from '../../../schema/zod';
import { defineRoute } from '../../route';
import { AccountRef } from '../../../schema/common';
import { referenceMetadataCreate, referenceMetadataOf } from '../../../schema/metadata';
import { referenceMetadataPatchRoute } from '../../references';
import { auditRowAlongside } from '../../audit-trail';
import {
  ON_RAMP_STATUSES,
  OnRampSessionBody,
  RAMP_CANCELLED_SIGNAL,
  cancelOnRamp,
  createOnRamp,
  listOnRamps,
  onRampWorkflowId,
  presentOnRamp,
  requireOnRamp,
  updateOnRampReferenceMetadata,
} from '../../../domain/ramps';
import { AssetCode, SessionParams, rampAccount, signal, sessionCancelRoute, sessionGetRoute, sessionListRoute } from './sessions';

/** Default payment window of an on-ramp session. */
const DEFAULT_PAYMENT_WINDOW_SECONDS = 3600;

export const createOnRampSession = defineRoute({
  method: 'post',
  path: '/on-ramp-sessions',
  operationId: 'createOnRampSession',
  summary: 'Start an on-ramp (fiat → asset)',
  description:
    'Answers `requested` with payment instructions: the enterprise\'s collection account on the currency\'s pay-in rail (issued once by the rail\'s deposits provider: the sandbox bank, or a bank through its connector; 502 `EdgeBadGateway` naming the provider when it fails, and no session is created) and a `reference` the payer must quote; the `on-ramp/<id>` workflow moves it to `awaiting_payment` and expires it after `payment_window_seconds` (default 3600) unless the payment arrives (sandbox: POST /sandbox/on-ramp-sessions/{id}/payment). Then `converting` → `completed` with the asset credited. The pair fiat → asset must be listed and enabled.',
  tags: ['Ramps'],
  auth: { kind: 'bearer', permission: 'ramps.create', capability: 'ramps.on_ramp' },
  idempotency: 'optional',
  body: z
    .object({
      account_ref: AccountRef,
      fiat_currency: AssetCode,
      asset: AssetCode,
      payment_window_seconds: z.number().int().min(1).max(7 * 86400).optional(),
      ...referenceMetadataCreate,
    })
    .strict()
    .openapi('OnRampSessionCreate'),
  responses: { 201: { description: 'The session.', schema: OnRampSessionBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeGone', 'EdgeUnprocessable', 'EdgeBadGateway', 'ForbiddenCapabilityScope', 'TemporarilyUnavailable'],
  handler: async ({ body, caller, services, idempotency, ctx }) => {
    await rampAccount(services, caller, body.account_ref, 'ramps.on_ramp');
    const annotations = referenceMetadataOf(body);
    const row = await createOnRamp(services, {
      enterpriseId: caller.enterpriseId,
      accountRef: body.account_ref,
      fiatCurrency: body.fiat_currency,
      asset: body.asset,
      paymentWindowSeconds: body.payment_window_seconds ?? DEFAULT_PAYMENT_WINDOW_SECONDS,
      attribution: caller.attribution(),
      taskQueue: services.config.taskQueue,
      idempotency,
      // The entry commits with the session: with a key, alongside the stored answer; without one, here.
      alongside: idempotency ? undefined : auditRowAlongside(ctx, 201, 'on-ramp-sessions'),
      annotations,
    });
    return { status: 201, body: presentOnRamp(row) };
  },
});

const ON_RAMP = { path: '/on-ramp-sessions', name: 'OnRampSession', noun: 'on-ramp session', body: OnRampSessionBody, present: presentOnRamp };

export const getOnRampSession = sessionGetRoute({
  ...ON_RAMP,
  read: ({ params, caller, services }) => requireOnRamp(services.sql, caller, params.session_id, 'ramps.read'),
});

export const cancelOnRampSession = sessionCancelRoute({
  ...ON_RAMP,
  description: 'While `requested` or `awaiting_payment`; later is 409 `on_ramp_<status>`.',
  cancel: async ({ params, caller, services, ctx }) => {
    const session = await requireOnRamp(services.sql, caller, params.session_id, 'ramps.create');
    const row = await cancelOnRamp(services.sql, session, caller.attribution(), auditRowAlongside(ctx, 200, 'on-ramp-sessions'));
    await signal(services, onRampWorkflowId(row.id), RAMP_CANCELLED_SIGNAL);
    return row;
  },
});

export const listOnRampSessions = sessionListRoute({
  path: '/on-ramp-sessions',
  operationId: 'listOnRampSessions',
  noun: 'on-ramp session',
  statuses: ON_RAMP_STATUSES,
  body: OnRampSessionBody,
  listName: 'OnRampSessionList',
  list: (services, caller, filter, after, limit) => listOnRamps(services.sql, caller, filter, after, limit),
  present: presentOnRamp,
});

export const updateOnRampSession = referenceMetadataPatchRoute({
  path: '/on-ramp-sessions/{session_id}',
  operationId: 'updateOnRampSession',
  summary: 'Change an on-ramp session\'s reference or metadata',
  noun: 'on-ramp session',
  states: 'In any status, terminal ones included',
  tags: ['Ramps'],
  permission: 'ramps.create',
  params: SessionParams,
  schema: OnRampSessionBody,
  update: (services, caller, params, change, assertCurrent) => updateOnRampReferenceMetadata(services.sql, caller, params.session_id, change, assertCurrent),
  present: presentOnRamp,
});
