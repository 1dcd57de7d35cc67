import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { AccountRef, Uuid } from '../../schema/common';
import { AppError } from '../../errors';
import { listOf, pageQuery } from '../pagination';
import { referenceMetadataCreate, referenceMetadataOf, referenceMetadataQuery } from '../../schema/metadata';
import { referenceMetadataPatchRoute } from '../references';
import { parseAmount } from '../../ledger';
import type { Caller } from '../../auth/caller';
import type { Services } from '../../services';
import { requireAccount } from '../../domain/funding/accounts';
import { requireCapability } from '../../domain/capabilities';
import { auditRowAlongside, carriedEntry } from '../audit-trail';
import {
  OFF_RAMP_STATUSES,
  ON_RAMP_STATUSES,
  OffRampSessionBody,
  OnRampSessionBody,
  RAMP_CANCELLED_SIGNAL,
  cancelOffRamp,
  cancelOnRamp,
  createOffRamp,
  createOnRamp,
  listOffRamps,
  listOnRamps,
  onRampWorkflowId,
  presentOffRamp,
  presentOnRamp,
  requireOffRamp,
  requireOnRamp,
  updateOffRampReferenceMetadata,
  updateOnRampReferenceMetadata,
} from '../../domain/ramps';

const AssetCode = z.string().min(1).max(16).transform((s) => s.toUpperCase());
const SessionParams = z.object({ session_id: Uuid });
/** Default payment window of an on-ramp session. */
const DEFAULT_PAYMENT_WINDOW_SECONDS = 3600;

/** The account (404 out of scope, 403 without ramps.create there) with the ramp capability switched on at its scope. */
async function rampAccount(services: Services, caller: Caller, accountRef: string, capability: 'ramps.on_ramp' | 'ramps.off_ramp') {
  const account = await requireAccount(services.sql, caller, accountRef, 'ramps.create');
  await requireCapability(services.sql, capability, account.path);
  return account;
}

/** Tells a ramp workflow the row changed; it re-reads the row, so a lost signal only delays it until its timer. */
async function signal(services: Services, workflowId: string, name: string): Promise<void> {
  const client = await services.temporal.get();
  await client.workflow.getHandle(workflowId).signal(name);
}

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

export const getOnRampSession = defineRoute({
  method: 'get',
  path: '/on-ramp-sessions/{session_id}',
  operationId: 'getOnRampSession',
  summary: 'Get an on-ramp session',
  tags: ['Ramps'],
  auth: { kind: 'bearer', permission: 'ramps.read' },
  params: SessionParams,
  responses: { 200: { description: 'The session.', schema: OnRampSessionBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({ body: presentOnRamp(await requireOnRamp(services.sql, caller, params.session_id, 'ramps.read')) }),
});

export const cancelOnRampSession = defineRoute({
  method: 'post',
  path: '/on-ramp-sessions/{session_id}/cancel',
  operationId: 'cancelOnRampSession',
  summary: 'Cancel an on-ramp session',
  description: 'While `requested` or `awaiting_payment`; later is 409 `on_ramp_<status>`.',
  tags: ['Ramps'],
  auth: { kind: 'bearer', permission: 'ramps.create' },
  idempotency: 'optional',
  params: SessionParams,
  responses: { 200: { description: 'The cancelled session.', schema: OnRampSessionBody } },
  errors: ['EdgeNotFound', 'EdgeConflict'],
  handler: async ({ params, caller, services, ctx }) => {
    const session = await requireOnRamp(services.sql, caller, params.session_id, 'ramps.create');
    const row = await cancelOnRamp(services.sql, session, caller.attribution(), auditRowAlongside(ctx, 200, 'on-ramp-sessions'));
    await signal(services, onRampWorkflowId(row.id), RAMP_CANCELLED_SIGNAL);
    return { body: presentOnRamp(row) };
  },
});

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

export const getOffRampSession = defineRoute({
  method: 'get',
  path: '/off-ramp-sessions/{session_id}',
  operationId: 'getOffRampSession',
  summary: 'Get an off-ramp session',
  tags: ['Ramps'],
  auth: { kind: 'bearer', permission: 'ramps.read' },
  params: SessionParams,
  responses: { 200: { description: 'The session.', schema: OffRampSessionBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({ body: presentOffRamp(await requireOffRamp(services.sql, caller, params.session_id, 'ramps.read')) }),
});

export const cancelOffRampSession = defineRoute({
  method: 'post',
  path: '/off-ramp-sessions/{session_id}/cancel',
  operationId: 'cancelOffRampSession',
  summary: 'Cancel an off-ramp session',
  description: 'While `pending_approval` (the approval is cancelled) or `requested` (before the rate is fixed): the hold is released. Later is 409 `off_ramp_<status>`.',
  tags: ['Ramps'],
  auth: { kind: 'bearer', permission: 'ramps.create' },
  idempotency: 'optional',
  params: SessionParams,
  responses: { 200: { description: 'The cancelled session.', schema: OffRampSessionBody } },
  errors: ['EdgeNotFound', 'EdgeConflict'],
  handler: async ({ params, caller, services, ctx }) => {
    const session = await requireOffRamp(services.sql, caller, params.session_id, 'ramps.create');
    // A requested session's cancellation commits the entry with the session; one awaiting approval is cancelled by its
    // workflow, whose activity commits the entry (carried by the cancel Update) with the approval's cancellation.
    const audit = { alongside: auditRowAlongside(ctx, 200, 'off-ramp-sessions'), carried: carriedEntry(ctx, 200) };
    return { body: presentOffRamp(await cancelOffRamp(services, caller, session, audit)) };
  },
});

/** The list filters both session kinds share. */
const sessionQuery = <S extends readonly [string, ...string[]]>(statuses: S) =>
  z
    .object({
      account_ref: AccountRef.optional().openapi({ param: { name: 'account_ref', in: 'query' } }),
      status: z.enum(statuses).optional().openapi({ param: { name: 'status', in: 'query' } }),
      ...referenceMetadataQuery,
      ...pageQuery,
    })
    .strict();

/**
 * GET of a session kind's collection: the same filters, paging and visibility for both kinds (the
 * session store's `list`), each with its own statuses, answer schema and presenter.
 */
function sessionListRoute<S extends readonly [string, ...string[]], Row extends { id: string }>(kind: {
  path: string;
  operationId: string;
  noun: string;
  statuses: S;
  body: z.ZodType;
  listName: string;
  list: (services: Services, caller: Caller, filter: { accountRef?: string; status?: S[number]; reference?: string; metadata?: Record<string, string> }, after: string | null, limit: number) => Promise<Row[]>;
  present: (row: Row) => unknown;
}): RouteDef {
  return defineRoute({
    method: 'get',
    path: kind.path,
    operationId: kind.operationId,
    summary: `List ${kind.noun}s`,
    description: 'Oldest first; only accounts within the scopes where the caller holds ramps.read. `reference` and `metadata[<key>]` match exactly.',
    tags: ['Ramps'],
    auth: { kind: 'bearer', permission: 'ramps.read' },
    query: sessionQuery(kind.statuses),
    responses: { 200: { description: `A page of ${kind.noun}s.`, schema: listOf(kind.body, kind.listName) } },
    handler: async ({ query, caller, services, pager }) => {
      const q = { accountRef: query.account_ref, status: query.status, reference: query.reference, metadata: query.metadata };
      return { body: await pager.list(query, caller, (after, limit) => kind.list(services, caller, q, after, limit), kind.present) };
    },
  });
}

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

export const rampRoutes: RouteDef[] = [
  createOnRampSession,
  listOnRampSessions,
  getOnRampSession,
  updateOnRampSession,
  cancelOnRampSession,
  createOffRampSession,
  listOffRampSessions,
  getOffRampSession,
  updateOffRampSession,
  cancelOffRampSession,
];
