import { z } from '../../../schema/zod';
import { defineRoute } from '../../route';
import { AccountRef, Uuid } from '../../../schema/common';
import { AppError } from '../../../errors';
import { referenceMetadataCreate, referenceMetadataOf } from '../../../schema/metadata';
import { referenceMetadataPatchRoute } from '../../references';
import { parseAmount } from '../../../money/assets';
import { auditRowAlongside, carriedEntry } from '../../audit-trail';
import {
  OFF_RAMP_STATUSES,
  OffRampSessionBody,
  cancelOffRamp,
  createOffRamp,
  listOffRamps,
  presentOffRamp,
  requireOffRamp,
  updateOffRampReferenceMetadata,
} from '../../../domain/ramps';
import { AssetCode, SessionParams, rampAccount, sessionCancelRoute, sessionGetRoute, sessionListRoute } from './sessions';

export const createOffRampSession = defineRoute({
  method: 'post',
  path: '/off-ramp-sessions',
  operationId: 'createOffRampSession',
  summary: 'Start an off-ramp (asset → fiat payout)',
  description:
    'Consults the policy rules (family `off_ramp`, destination `payout-methods/<id>`): a deny is 422 `policy_denied` naming the rule; when a rule requires approval the session answers `pending_approval` with `approval_ref` and the workflow waits for the approval before converting (rejected / expired / cancelled: hold released). ' +
    'Holds `amount` + the off-ramp fee (fee engine, on top) and answers `requested`; the `off-ramp/<id>` workflow fixes the rate (`converting`), sends the payout to the payout method (`payout_sent`: hold posted, fiat booked out) and completes when the sandbox bank confirms. A payout rejected by the rail (sandbox: beneficiary named `SANDBOX REJECT`) ends `failed` with the hold released. Insufficient funds is 422.',
  tags: ['Ramps'],
  auth: { kind: 'bearer', permission: 'ramps.create', capability: 'ramps.off_ramp' },
  idempotency: 'required',
  body: z
    .object({
      account_ref: AccountRef,
      asset: AssetCode,
      fiat_currency: AssetCode,
      amount: z.object({ currency: z.string().min(1).max(16), value: z.string().max(100) }).strict(),
      payout_method_id: Uuid,
      ...referenceMetadataCreate,
    })
    .strict()
    .openapi('OffRampSessionCreate'),
  responses: { 201: { description: 'The session.', schema: OffRampSessionBody } },
  errors: ['EdgeBadRequest', 'EdgeNotFound', 'EdgeConflict', 'EdgeGone', 'EdgeUnprocessable', 'ForbiddenCapabilityScope', 'TemporarilyUnavailable'],
  handler: async ({ body, caller, services, idempotency }) => {
    await rampAccount(services, caller, body.account_ref, 'ramps.off_ramp');
    if (body.amount.currency.toUpperCase() !== body.asset) {
      throw new AppError('EdgeUnprocessable', 'amount is in the asset being sold.', { errors: [{ pointer: '/body/amount/currency', detail: `must be ${body.asset}` }] });
    }
    const annotations = referenceMetadataOf(body);
    const row = await createOffRamp(services, {
      enterpriseId: caller.enterpriseId,
      accountRef: body.account_ref,
      asset: body.asset,
      fiatCurrency: body.fiat_currency,
      amount: parseAmount(body.amount.value, body.asset, '/body/amount/value'),
      payoutMethodId: body.payout_method_id,
      attribution: caller.attribution(),
      metrics: services.metrics,
      taskQueue: services.config.taskQueue,
      idempotency,
      // Read only by workflows started before the payout rail seam (the sandbox bank's settlement time).
      payoutSettleMs: services.config.sandboxBlockMs,
      market: services.providers.market(caller.enterpriseId),
      annotations,
    });
    return { status: 201, body: presentOffRamp(row) };
  },
});

const OFF_RAMP = { path: '/off-ramp-sessions', name: 'OffRampSession', noun: 'off-ramp session', body: OffRampSessionBody, present: presentOffRamp };

export const getOffRampSession = sessionGetRoute({
  ...OFF_RAMP,
  read: ({ params, caller, services }) => requireOffRamp(services.sql, caller, params.session_id, 'ramps.read'),
});

export const cancelOffRampSession = sessionCancelRoute({
  ...OFF_RAMP,
  description: 'While `pending_approval` (the approval is cancelled) or `requested` (before the rate is fixed): the hold is released. Later is 409 `off_ramp_<status>`.',
  cancel: async ({ params, caller, services, ctx }) => {
    const session = await requireOffRamp(services.sql, caller, params.session_id, 'ramps.create');
    // A requested session's cancellation commits the entry with the session; one awaiting approval is cancelled by its
    // workflow, whose activity commits the entry (carried by the cancel Update) with the approval's cancellation.
    const audit = { alongside: auditRowAlongside(ctx, 200, 'off-ramp-sessions'), carried: carriedEntry(ctx, 200) };
    return cancelOffRamp(services, caller, session, audit);
  },
});

export const listOffRampSessions = sessionListRoute({
  path: '/off-ramp-sessions',
  operationId: 'listOffRampSessions',
  noun: 'off-ramp session',
  statuses: OFF_RAMP_STATUSES,
  body: OffRampSessionBody,
  listName: 'OffRampSessionList',
  list: (services, caller, filter, after, limit) => listOffRamps(services.sql, caller, filter, after, limit),
  present: presentOffRamp,
});

export const updateOffRampSession = referenceMetadataPatchRoute({
  path: '/off-ramp-sessions/{session_id}',
  operationId: 'updateOffRampSession',
  summary: 'Change an off-ramp session\'s reference or metadata',
  noun: 'off-ramp session',
  states: 'In any status, terminal ones included',
  tags: ['Ramps'],
  permission: 'ramps.create',
  params: SessionParams,
  schema: OffRampSessionBody,
  update: (services, caller, params, change, assertCurrent) => updateOffRampReferenceMetadata(services.sql, caller, params.session_id, change, assertCurrent),
  present: presentOffRamp,
});
