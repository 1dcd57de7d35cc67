import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from '../../schema/zod';
import { PayoutRecord } from './rails';
import { PriceAnswer } from './prices';
import { DepositInstructionAnswer } from './deposit-instructions';
import { ScreeningRecord } from './screening';
import { ConnectorEventBody } from './events';
import { ConnectorStatementPage } from './statements';
import { DepositReturnRecord } from './deposit-returns';

const Amount = z.object({ currency: z.string(), value: z.string().openapi({ description: "Exact decimal string in the asset's precision." }) });

const PayoutRequest = z
  .object({
    idempotency_key: z.string().openapi({ description: 'The business key (`withdrawal/<id>`, `off_ramp/<id>`); equal to the Idempotency-Key header. One payout per key, ever.' }),
    rail: z.string().openapi({ description: 'Network (ethereum, bitcoin, …) or bank rail (sepa, swift, ach, fps) code.' }),
    destination: z.union([
      z.object({ address: z.string(), memo: z.string().nullable() }).openapi('ConnectorCryptoDestination'),
      z.object({ beneficiary: z.record(z.string(), z.unknown()) }).openapi('ConnectorBankBeneficiary'),
    ]),
    amount: Amount,
  })
  .openapi('ConnectorPayoutRequest');

const StatusRequest = z.object({ idempotency_key: z.string() }).openapi('ConnectorPayoutStatusRequest');
const PriceRequest = z
  .object({
    base: z.string(),
    quote: z.string(),
    firm: z.boolean().openapi({ description: 'A firm quote (true) or an indicative price.' }),
    quote_id: z.string().nullable().openapi({ description: "The firm quote's id (also the Idempotency-Key), else null." }),
  })
  .openapi('ConnectorPriceRequest');

const DepositInstructionRequest = z
  .object({
    idempotency_key: z.string().openapi({
      description: '`deposit-instruction/<account_ref>/<rail>` or `collection-account/<enterprise_id>/<rail>`; equal to the Idempotency-Key header. One instruction per key, ever: the same key again answers the same address.',
    }),
    purpose: z.enum(['account', 'collection']).openapi({
      description:
        "`account`: an account's own address or virtual account; report payments to it with `deposit.received` naming `address` (+`memo`). `collection`: the enterprise's on-ramp collection account on a pay-in bank rail, shared by all its on-ramp sessions; each payer quotes its session's payment reference, and payments are reported with `deposit.received` naming `payment_reference`.",
    }),
    account_ref: z.string().openapi({ description: 'The Counterfoil account the payments are for (`client-accounts/<id>`, `master-accounts/<id>`); for a collection account, the enterprise (`enterprises/<id>`).' }),
    rail: z.string().openapi({ description: 'Network (ethereum, bitcoin, …) or pay-in bank rail (sepa, ach, fps) code.' }),
    assets: z.array(z.string()).openapi({ description: 'The assets the account receives on this rail; one instruction serves them all.' }),
    beneficiary_name: z.string().openapi({ description: "The enterprise's legal name: whom a bank transfer names." }),
  })
  .openapi('ConnectorDepositInstructionRequest');

const ScreeningRequestBody = z
  .object({
    idempotency_key: z.string().openapi({ description: '`withdrawal/<id>`, `deposit/<id>`, `destination/<id>/<n>`; equal to the Idempotency-Key header. One screening per key: the same key again answers the same screening.' }),
    subject: z.union([
      z.object({ kind: z.literal('crypto_address'), network: z.string(), address: z.string(), memo: z.string().nullable() }).openapi('ConnectorScreeningCryptoAddress'),
      z.object({ kind: z.literal('bank_account'), rail: z.string(), account: z.string(), holder_name: z.string().nullable() }).openapi('ConnectorScreeningBankAccount'),
    ]),
    transaction: z
      .object({ direction: z.enum(['outgoing', 'incoming']), asset: z.string(), amount: z.string(), rail: z.string() })
      .optional()
      .openapi('ConnectorScreeningTransaction', { description: 'The money moving to or from the subject; absent when only the counterparty is screened (a new destination).' }),
    travel_rule: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({ description: 'IVMS101 `originator` and `beneficiary` (docs/compliance.md), when the Travel Rule applies: pass it to the counterparty institution; do not store more than the rule needs.' }),
  })
  .openapi('ConnectorScreeningRequest');
const StatementRequest = z
  .object({
    account: z
      .object({
        rail: z.string().openapi({ description: 'Network or bank rail code of the account.' }),
        address: z.string().openapi({ description: "The provider's identity of the account: IBAN, account number, wallet address." }),
        currency: z.string().openapi({ description: 'The asset whose lines and balance are asked (a custodian wallet holds several).' }),
      })
      .openapi('ConnectorStatementAccount'),
    cursor: z.string().nullable().openapi({ description: 'The `next_cursor` of the last answer; null from the first line the provider keeps.' }),
    limit: z.number().int().min(1).max(10_000),
  })
  .openapi('ConnectorStatementRequest');

const DepositReturnRequest = z
  .object({
    idempotency_key: z.string().openapi({ description: '`deposit_return/<id>`; equal to the Idempotency-Key header. One payment back per key, ever: the same key again answers the same return and sends nothing.' }),
    rail: z.string().openapi({ description: 'The network or bank rail the deposit arrived on: the return goes back on it.' }),
    deposit: z
      .object({ reference: z.string().openapi({ description: "The deposit's `reference` as the connector reported it (`deposit.received`)." }), amount: Amount })
      .openapi('ConnectorReturnedDeposit'),
    amount: Amount.openapi({ description: 'What to pay back: all of the deposit or a part of it.' }),
    reason: z.object({ code: z.string(), note: z.string().optional() }).openapi({ description: "The operator's reason (docs/returns-and-reversals.md, \"Operator returns\")." }),
  })
  .openapi('ConnectorDepositReturnRequest');

const SIGNED_HEADERS = z.object({
  'webhook-id': z.string().openapi({ description: 'Message id, unique per request.' }),
  'webhook-timestamp': z.string().openapi({ description: 'Unix seconds; refuse more than 5 minutes away from now.' }),
  'webhook-signature': z.string().openapi({ description: '`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the connector secret (Standard Webhooks).' }),
  'idempotency-key': z.string().openapi({ description: 'The business key of the payout, quote or deposit instruction.' }),
});

/**
 * The connector protocol as OpenAPI 3.1: what a connector service implements (Counterfoil calls these)
 * and, under `webhooks`, the events it sends to POST /connectors/{connector_id}/events. docs/connectors.md.
 */
export function connectorProtocolDocument() {
  const registry = new OpenAPIRegistry();
  registry.register('ConnectorEvent', ConnectorEventBody);
  registry.registerComponent('securitySchemes', 'connectorSignature', {
    type: 'apiKey',
    in: 'header',
    name: 'webhook-signature',
    description: 'Standard Webhooks: HMAC-SHA256 under the connector secret over `webhook-id.webhook-timestamp.body`, both ways.',
  });
  const call = (path: string, summary: string, description: string, body: z.ZodType, answer: z.ZodType, extra: Record<number, { description: string }> = {}) =>
    registry.registerPath({
      method: 'post',
      path,
      operationId: path.slice(1).replace(/[/-](.)/g, (_m, c: string) => c.toUpperCase()),
      summary,
      description,
      request: { headers: SIGNED_HEADERS, body: { content: { 'application/json': { schema: body } } } },
      responses: {
        200: { description: 'The answer.', content: { 'application/json': { schema: answer } } },
        401: { description: 'The signature does not verify: Counterfoil retries after its secret is fixed.' },
        ...extra,
        500: { description: 'Any 5xx, a timeout or a body outside this document is a failure: Counterfoil retries (payouts) or answers its client 502 (prices, deposit instructions).' },
      },
    });
  call('/payouts', 'Submit a payout', 'Record the payout under its idempotency key and answer its state: `pending` (accepted; Counterfoil asks again after `check_after_ms`), `confirmed`, or `rejected` with a `reason`. The same key again must answer the same payout and send nothing more.', PayoutRequest, PayoutRecord);
  call('/payouts/status', "A payout's state", 'Counterfoil asks before every submission and until the payout is `confirmed` or `failed`. A key the connector never received is 404.', StatusRequest, PayoutRecord, { 404: { description: 'No payout has this key: Counterfoil may submit it.' } });
  call('/prices', "A market's mid price", '`mid` is units of `quote` per one `base`; `as_of` when it was observed. Counterfoil refuses a price older than its configured maximum age.', PriceRequest, PriceAnswer);
  call(
    '/deposit-instructions',
    'Issue a deposit instruction',
    "Issue (or answer the one already issued under this key) the address (+memo) or virtual bank account where payments for `account_ref` on `rail` arrive. Counterfoil asks when an account's funding endpoints are first listed (`purpose: account`), and when an enterprise's first on-ramp session on a pay-in rail is created (`purpose: collection`), while its caller waits: answer promptly. Report payments to an account's instruction with `deposit.received` naming `address` (+`memo`), and payments to a collection account naming the `payment_reference` the payer quoted. An answer whose address, memo or bank details do not fit the rail is a failure (the caller gets 502).",
    DepositInstructionRequest,
    DepositInstructionAnswer,
  );
  call(
    '/deposit-returns',
    'Return a deposit to its sender',
    "Pay `amount` of the deposit `deposit.reference` back to its sender on `rail`, once per idempotency key, and answer `sent` with the return's reference on the rail, or `rejected` with a `reason` (nothing was sent). Counterfoil asks once an operator's return is approved, and books the reversal of the deposit's credit when the answer is `sent`; a failure or timeout is retried with the same key.",
    DepositReturnRequest,
    DepositReturnRecord,
  );
  call(
    '/screenings',
    'Screen a counterparty and its transaction',
    'Answer `completed` with the verdict, or `pending` and send `screening.completed` naming `screening_id` when the verdict is ready. Counterfoil waits as long as the enterprise\'s compliance policy says; a verdict after that is recorded but decides nothing.',
    ScreeningRequestBody,
    ScreeningRecord,
  );
  call(
    '/statements',
    "A provider account's statement lines",
    'The lines booked after `cursor` (at most `limit`, oldest first) and the balance at the provider\'s read time (`as_of`). The same cursor again answers the same lines, and any booked since after them; `next_cursor` is where the next pull starts (the same cursor when nothing is new). Counterfoil pulls on its schedule per reconciled account and when the connector sends `statement.available`.',
    StatementRequest,
    ConnectorStatementPage,
    { 404: { description: 'The provider does not know the account: the pull fails and is retried.' } },
  );
  registry.registerWebhook({
    method: 'post',
    path: 'connectorEvent',
    operationId: 'sendConnectorEvent',
    summary: 'An event the connector sends to Counterfoil',
    description: 'POST {counterfoil}/connectors/{connector_id}/events, signed the same way (the webhook-id is the event id; resend with the same id until a 2xx).',
    request: { body: { content: { 'application/json': { schema: ConnectorEventBody } } } },
    responses: { 200: { description: 'Applied, or applied before (`replayed`).' }, 401: { description: 'Bad signature: nothing changed.' } },
  });
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Counterfoil connector protocol', version: '1.0.0', description: 'Implemented by a connector service for a bank, custodian, KYC vendor, price feed or screening provider; see docs/connectors.md.' },
    servers: [{ url: 'https://connector.example', description: "The connector's base_url" }],
    security: [{ connectorSignature: [] }],
  });
}
