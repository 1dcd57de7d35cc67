import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { AccountRef, Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { assetOf, parseAmount } from '../../money/assets';
import { TRANSFER_STATUSES, TransactionRecordBody, TransferBatchBody } from '../../domain/transfers/events';
import {
  MAX_BATCH_TRANSFERS,
  REVERSAL_REASON_CODES,
  cancelInternalTransfer,
  createInternalTransfer,
  createTransferBatch,
  listTransfers,
  presentBatch,
  presentTransfer,
  readableBatch,
  readableTransfer,
  reverseInternalTransfer,
  updateTransferReferenceMetadata,
} from '../../domain/transfers';
import { referenceMetadataCreate, referenceMetadataOf, referenceMetadataQuery } from '../../schema/metadata';
import { referenceMetadataPatchRoute } from '../references';
import { carriedEntry } from '../audit-trail';

const TransferParams = z.object({ internal_transfer_id: Uuid });

export const createInternalTransferRoute = defineRoute({
  method: 'post',
  path: '/internal-transfers',
  operationId: 'createInternalTransfer',
  summary: 'Move money between two accounts of the enterprise',
  description:
    'Consults the policy rules (family `internal_transfer`, destination = `target_ref`); `policy_decision` is the stored trace. ' +
    'Books the transfer in the ledger at once (status `executed`, `settled_at` set) unless a rule denies it (422 `policy_denied` naming the rule, nothing booked) ' +
    'or requires approval: then the amount is held on the source and the answer is `pending_approval` with `approval_ref`; the workflow `internal-transfer/<id>` ' +
    'books it once approved (`executing` → `executed`) or releases the hold (`rejected`, `expired`, `cancelled`). ' +
    '`amount.value` is a decimal string with at most the asset\'s decimal places; zero, negative, exponent notation or more decimals is 422 naming the field. ' +
    'Insufficient funds is 422 with `available`, `required`, `asset` and `account_ref`. An account of another enterprise is 404. ' +
    'A suspended enterprise is 409 `enterprise_suspended`, a closed one 410; a suspended or closed account or client is 409.',
  tags: ['Internal transfers'],
  auth: { kind: 'bearer', permission: 'transfers.create' },
  idempotency: 'required',
  answerInTransaction: true,
  body: z
    .object({
      amount: z.object({ currency: z.string().max(16), value: z.string().max(100) }).strict(),
      source_ref: AccountRef,
      target_ref: AccountRef,
      ...referenceMetadataCreate,
    })
    .strict()
    .openapi('InternalTransferCreate'),
  responses: { 201: { description: 'The transaction record.', schema: TransactionRecordBody } },
  errors: ['EdgeBadRequest', 'EdgeNotFound', 'EdgeConflict', 'EdgeGone', 'EdgeUnprocessable', 'TemporarilyUnavailable'],
  handler: async ({ body, caller, services, idempotency }) => {
    const asset = assetOf(body.amount.currency, '/body/amount/currency');
    const amount = parseAmount(body.amount.value, asset, '/body/amount/value');
    const annotations = referenceMetadataOf(body);
    const row = await createInternalTransfer(services, caller, { sourceRef: body.source_ref, targetRef: body.target_ref, asset, amount, annotations }, idempotency);
    return { status: 201, body: presentTransfer(row) };
  },
});

export const getInternalTransferRoute = defineRoute({
  method: 'get',
  path: '/internal-transfers/{internal_transfer_id}',
  operationId: 'getInternalTransfer',
  summary: 'Get an internal transfer',
  tags: ['Internal transfers'],
  auth: { kind: 'bearer', permission: 'transfers.read' },
  params: TransferParams,
  responses: { 200: { description: 'The transaction record.', schema: TransactionRecordBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({ body: presentTransfer(await readableTransfer(services.sql, caller, params.internal_transfer_id)) }),
});

export const listInternalTransfersRoute = defineRoute({
  method: 'get',
  path: '/internal-transfers',
  operationId: 'listInternalTransfers',
  summary: 'List internal transfers',
  description: 'Oldest first. `account_ref` matches either side; `created_after` is inclusive, `created_before` exclusive; `reference` and `metadata[<key>]` match exactly.',
  tags: ['Internal transfers'],
  auth: { kind: 'bearer', permission: 'transfers.read' },
  query: z
    .object({
      account_ref: AccountRef.optional().openapi({ param: { name: 'account_ref', in: 'query' } }),
      status: z.enum(TRANSFER_STATUSES).optional().openapi({ param: { name: 'status', in: 'query' } }),
      created_after: z.iso.datetime({ offset: true }).optional().openapi({ param: { name: 'created_after', in: 'query' } }),
      created_before: z.iso.datetime({ offset: true }).optional().openapi({ param: { name: 'created_before', in: 'query' } }),
      ...referenceMetadataQuery,
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of transaction records.', schema: listOf(TransactionRecordBody, 'InternalTransferList') } },
  errors: ['EdgeNotFound'],
  handler: async ({ query, caller, services, pager }) => {
    const where = { accountRef: query.account_ref, status: query.status, createdAfter: query.created_after, createdBefore: query.created_before, reference: query.reference, metadata: query.metadata };
    return { body: await pager.list(query, caller, (after, limit) => listTransfers(services.sql, caller, where, after, limit), presentTransfer) };
  },
});

export const updateInternalTransferRoute = referenceMetadataPatchRoute({
  path: '/internal-transfers/{internal_transfer_id}',
  operationId: 'updateInternalTransfer',
  summary: 'Change an internal transfer\'s reference or metadata',
  noun: 'transfer',
  states: 'In any status',
  tags: ['Internal transfers'],
  permission: 'transfers.create',
  params: TransferParams,
  schema: TransactionRecordBody,
  update: (services, caller, params, change, assertCurrent) => updateTransferReferenceMetadata(services.sql, caller, params.internal_transfer_id, change, assertCurrent),
  present: presentTransfer,
});

export const cancelInternalTransferRoute = defineRoute({
  method: 'post',
  path: '/internal-transfers/{internal_transfer_id}/cancel',
  operationId: 'cancelInternalTransfer',
  summary: 'Cancel an internal transfer awaiting approval',
  description: 'Only while awaiting approval (`pending_approval`): the approval is cancelled and the hold released. Otherwise 409 `internal_transfer_<status>` (an executed transfer: `internal_transfer_executed`); when an approval decision overtakes the cancel before the transfer moves on, 409 `approval_<status>` (`approval_approved`) or `approval_decided`.',
  tags: ['Internal transfers'],
  auth: { kind: 'bearer', permission: 'transfers.create' },
  idempotency: 'optional',
  params: TransferParams,
  responses: { 200: { description: 'The cancelled transfer.', schema: TransactionRecordBody } },
  errors: ['EdgeNotFound', 'EdgeConflict'],
  // The workflow's activity commits the entry (carried by the cancel Update) with the approval's cancellation.
  handler: async ({ params, caller, services, ctx }) => ({ body: presentTransfer(await cancelInternalTransfer(services, caller, params.internal_transfer_id, carriedEntry(ctx, 200))) }),
});

export const reverseInternalTransferRoute = defineRoute({
  method: 'post',
  path: '/internal-transfers/{internal_transfer_id}/reverse',
  operationId: 'reverseInternalTransfer',
  summary: 'Reverse an executed internal transfer, in full or in part',
  description:
    'Makes the reversal: a new internal transfer from the original\'s target back to its source (`reversal_of` names the original, `reversal_reason` says why), ' +
    'of `amount` (in the transfer\'s asset; another currency is 422 `return_currency_mismatch`) or, without it, of all that remains. It is governed like any transfer out of the target: ' +
    'the policy rules may deny it (422 `policy_denied`) or require approval (`pending_approval`, the amount held on the target, decided by the approval machinery), ' +
    'else it is booked at once. Booked, it is a ledger reversal of the original\'s transaction, and the original gains it in `reversals` and `reversed_amount` ' +
    '(events `operations.internal_transfer.partially_reversed.v1` and `.reversed.v1`). Several partial reversals are allowed; those awaiting approval count against what remains, ' +
    'and more than remains is 422 `reversal_exceeds_remaining` with `remaining`. Only an executed transfer can be reversed (else 422 `internal_transfer_not_executed`), ' +
    'and a reversal cannot itself be (422 `internal_transfer_is_reversal`). `reason.code` `other` needs a `note` (422). Needs `transfers.create` at both accounts; a transfer out of scope is 404.',
  tags: ['Internal transfers'],
  auth: { kind: 'bearer', permission: 'transfers.create' },
  idempotency: 'required',
  answerInTransaction: true,
  params: TransferParams,
  body: z
    .object({
      reason: z
        .object({
          code: z.enum(REVERSAL_REASON_CODES),
          note: z.string().min(1).max(500).optional(),
        })
        .strict(),
      amount: z
        .object({ currency: z.string().max(16), value: z.string().max(100) })
        .strict()
        .optional()
        .openapi({ description: 'Part of the transfer, in its asset (`{"currency": "USDC", "value": "25.00"}`); absent: all that remains.' }),
    })
    .strict()
    .openapi('InternalTransferReverse'),
  responses: { 201: { description: 'The reversal: an internal transfer the other way.', schema: TransactionRecordBody } },
  errors: ['EdgeBadRequest', 'EdgeNotFound', 'EdgeConflict', 'EdgeGone', 'EdgeUnprocessable', 'TemporarilyUnavailable'],
  handler: async ({ params, body, caller, services, idempotency }) => {
    const reason = { code: body.reason.code, note: body.reason.note ?? null };
    const row = await reverseInternalTransfer(services, caller, params.internal_transfer_id, { reason, amount: body.amount }, idempotency);
    return { status: 201, body: presentTransfer(row) };
  },
});

const BatchParams = z.object({ internal_transfer_batch_id: Uuid });

export const createTransferBatchRoute = defineRoute({
  method: 'post',
  path: '/internal-transfer-batches',
  operationId: 'createInternalTransferBatch',
  summary: 'Move money in up to 1,000 internal transfers at once',
  description:
    'One Idempotency-Key for the whole batch: a retry replays the batch\'s answer. Each transfer is checked as POST /internal-transfers checks one ' +
    '(amount, accounts, scope, permission, policy rules, lifecycle, funds). ' +
    '`atomic: true`: all are booked in one database transaction or none is; the first refusal is the answer, with `transfer_index` and pointers into ' +
    '`/body/transfers/<index>/…`; a policy rule requiring approval for any transfer refuses the batch with 409 `batch_requires_approval` and `transfer_indexes`. ' +
    'Funds are checked transfer by transfer in batch order, as if booked one by one. ' +
    '`atomic: false`: each transfer is decided alone, exactly as a single POST would be (a transfer needing approval is held and awaits approval, ' +
    '`pending_approval`), and `results` has each one\'s outcome, with the problem it got when refused. Answered 201 once every transfer has its outcome.',
  tags: ['Internal transfers'],
  auth: { kind: 'bearer', permission: 'transfers.create' },
  idempotency: 'required',
  answerInTransaction: true,
  body: z
    .object({
      atomic: z.boolean(),
      transfers: z
        .array(
          z
            .object({
              amount: z.object({ currency: z.string().max(16), value: z.string().max(100) }).strict(),
              source_ref: AccountRef,
              target_ref: AccountRef,
              ...referenceMetadataCreate,
            })
            .strict(),
        )
        .min(1)
        .max(MAX_BATCH_TRANSFERS),
    })
    .strict()
    .openapi('InternalTransferBatchCreate'),
  responses: { 201: { description: 'The batch, with one result per transfer.', schema: TransferBatchBody } },
  errors: ['EdgeBadRequest', 'EdgeForbidden', 'EdgeNotFound', 'EdgeConflict', 'EdgeGone', 'EdgeUnprocessable', 'TemporarilyUnavailable'],
  handler: async ({ body, caller, services, idempotency }) => {
    const items = body.transfers.map((t, i) => ({
      sourceRef: t.source_ref,
      targetRef: t.target_ref,
      currency: t.amount.currency,
      value: t.amount.value,
      annotations: referenceMetadataOf(t, `/body/transfers/${i}`),
    }));
    const batch = await createTransferBatch(services, caller, items, body.atomic, idempotency!);
    return { status: 201, body: presentBatch(batch) };
  },
});

export const getTransferBatchRoute = defineRoute({
  method: 'get',
  path: '/internal-transfer-batches/{internal_transfer_batch_id}',
  operationId: 'getInternalTransferBatch',
  summary: 'Get a batch of internal transfers',
  description: 'The outcome of each transfer when the batch was accepted; each transfer\'s current state is at its `transfer_ref`. Readable with `transfers.read` at every source account of the batch.',
  tags: ['Internal transfers'],
  auth: { kind: 'bearer', permission: 'transfers.read' },
  params: BatchParams,
  responses: { 200: { description: 'The batch.', schema: TransferBatchBody } },
  errors: ['EdgeForbidden', 'EdgeNotFound'],
  handler: async ({ params, caller, services }) => ({ body: presentBatch(await readableBatch(services.sql, caller, params.internal_transfer_batch_id)) }),
});

export const internalTransferRoutes: RouteDef[] = [
  createInternalTransferRoute,
  listInternalTransfersRoute,
  getInternalTransferRoute,
  updateInternalTransferRoute,
  cancelInternalTransferRoute,
  reverseInternalTransferRoute,
  createTransferBatchRoute,
  getTransferBatchRoute,
];
