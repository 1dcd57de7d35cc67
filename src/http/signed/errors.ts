import type Koa from 'koa';
import { AppError, type ErrorReason } from '../../errors';
import { databaseUnavailable, located } from '../problem';

/**
 * Every refusal of the signed API: HTTP status and numeric `errorCode` per `errorLabel`. The first
 * nine rows are the signed API contract's error tables; the rest are ours (docs/signed-api.md). This table is the single
 * source of the statuses, the OpenAPI document and the tests. `reason` is the body's `reason` (one of
 * ERROR_REASONS, shared with the tenant API) when the refusal names none narrower.
 */
export const SIGNED_ERRORS = {
  // The contract's signature errors.
  MISSING_SIGNATURE: { status: 401, code: 9008, reason: 'signature_missing', when: '`x-signature` missing on a POST request.' },
  INVALID_SIGNATURE: { status: 401, code: 9009, reason: 'signature_invalid', when: 'The signature is not base64 of 64 bytes, or does not verify over the raw body bytes.' },
  INVALID_TIMESTAMP: { status: 401, code: 1001, reason: 'timestamp_invalid', when: '`timestamp` missing or not an integer, at least 1000 ms ahead of the server clock, or older than `recvWindow`.' },
  // The contract's authentication errors.
  MISSING_API_KEY: { status: 401, code: 9006, reason: 'api_key_missing', when: '`x-apikey` header not provided.' },
  INVALID_API_KEY: { status: 401, code: 9007, reason: 'api_key_invalid', when: 'The API key is unknown or revoked.' },
  UNAUTHORIZED: { status: 401, code: 9001, reason: 'unauthenticated', when: "General authorization failure: the key's client, account or enterprise is closed." },
  INVALID_IP: { status: 403, code: 9012, reason: 'ip_not_allowed', when: "The request's IP address is not in the key's allowlist." },
  KYC_NOT_VERIFIED: { status: 403, code: 9013, reason: 'kyc_not_verified', when: "The client's identity verification is not completed (`kyc_status` is not `verified`)." },
  API_NOT_AVAILABLE: { status: 403, code: 9014, reason: 'api_access_disabled', when: 'API access is not available for the account: `api_access` is off for the client, or the `api_keys` capability is disabled at its scope.' },
  // Ours: request shape.
  INVALID_RECV_WINDOW: { status: 400, code: 1002, reason: 'recv_window_invalid', when: '`recvWindow` is not a positive integer or exceeds 60000 ms.' },
  INVALID_BODY: { status: 400, code: 2001, reason: 'invalid_field', when: 'The body is not a JSON object, or a field is missing, unknown or malformed (the description names it).' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, code: 2002, reason: 'unsupported_media_type', when: 'A POST without `Content-Type: application/json`.' },
  PAYLOAD_TOO_LARGE: { status: 413, code: 2003, reason: 'payload_too_large', when: 'The body exceeds 64 KiB.' },
  HEADERS_TOO_LARGE: { status: 431, code: 2004, reason: 'headers_too_large', when: 'The request line and headers exceed 16 KiB.' },
  MALFORMED_REQUEST: { status: 400, code: 2005, reason: 'malformed_request', when: 'The request is not valid HTTP/1.1.' },
  REQUEST_TIMEOUT: { status: 408, code: 2006, reason: 'request_timeout', when: 'The request was not received in time.' },
  INVALID_API_VERSION: { status: 400, code: 2007, reason: 'unknown_api_version', when: 'The `Counterfoil-Version` header names no known API version (the description lists them); nothing was done.' },
  URI_TOO_LONG: { status: 414, code: 2008, reason: 'uri_too_long', when: 'The request-target (path and query) exceeds 8 KiB.' },
  NOT_FOUND: { status: 404, code: 9404, reason: 'route_not_found', when: 'No such endpoint.' },
  METHOD_NOT_ALLOWED: { status: 405, code: 9405, reason: 'method_not_allowed', when: 'The endpoint exists with another method (see `Allow`).' },
  RATE_LIMITED: { status: 429, code: 9429, reason: 'rate_limited', when: 'Too many requests for this key; retry after `Retry-After` seconds.' },
  // Ours: conversions.
  UNKNOWN_PAIR: { status: 422, code: 3001, reason: 'pair_not_supported', when: 'An unknown ticker, or no conversion pair between the two tickers.' },
  PAIR_DISABLED: { status: 409, code: 3002, reason: 'pair_disabled', when: 'The pair is listed but switched off.' },
  AMOUNT_OUT_OF_RANGE: { status: 422, code: 3003, reason: 'amount_out_of_range', when: "`fromAmount` is outside the pair's minimum and maximum, converts to nothing, or has more decimals than the asset." },
  INSUFFICIENT_FUNDS: { status: 422, code: 3004, reason: 'insufficient_funds', when: 'The available balance does not cover the amount plus fee.' },
  QUOTE_NOT_FOUND: { status: 404, code: 3005, reason: 'quote_not_found', when: "No such quote for this key's account." },
  QUOTE_EXPIRED: { status: 409, code: 3006, reason: 'quote_expired', when: 'The quote has expired; request a new one.' },
  QUOTE_USED: { status: 409, code: 3007, reason: 'quote_used', when: 'The quote has already been executed (by another request).' },
  ACCOUNT_RESTRICTED: { status: 409, code: 3008, reason: 'account_restricted', when: "The key's client, account or enterprise is suspended: money cannot move." },
  POLICY_DENIED: { status: 422, code: 3009, reason: 'policy_denied', when: 'A policy rule of the enterprise denies this conversion.' },
  CONFLICT: { status: 409, code: 3099, reason: 'conflict', when: 'Another state conflict of the operation (the description says which).' },
  INTERNAL_ERROR: { status: 500, code: 9500, reason: 'internal_error', when: 'An unexpected failure; it is logged with the X-Request-Id.' },
  SERVICE_UNAVAILABLE: { status: 503, code: 9503, reason: 'temporarily_unavailable', when: 'A dependency is temporarily unavailable (nothing was booked), or the price of the pair is older than its allowed age; retry (a new quote) after `Retry-After` seconds.' },
  PRICE_PROVIDER_FAILED: { status: 502, code: 9502, reason: 'provider_failed', when: "The pair's price provider failed to give a usable price (unreachable, timed out, an error, or an answer outside the protocol); the description names the provider. Nothing was quoted." },
} as const satisfies Record<string, { status: number; code: number; reason: ErrorReason; when: string }>;

export type SignedErrorLabel = keyof typeof SIGNED_ERRORS;
export const SIGNED_ERROR_LABELS = Object.keys(SIGNED_ERRORS) as SignedErrorLabel[];

export class SignedApiError extends Error {
  readonly reason: ErrorReason;
  constructor(
    readonly label: SignedErrorLabel,
    description: string,
    readonly headers: Record<string, string> = {},
    reason?: ErrorReason,
  ) {
    super(description);
    this.name = 'SignedApiError';
    this.reason = reason ?? SIGNED_ERRORS[label].reason;
  }

  get status(): number {
    return SIGNED_ERRORS[this.label].status;
  }

  body() {
    return { errorCode: SIGNED_ERRORS[this.label].code, errorLabel: this.label, errorDescription: this.message, reason: this.reason };
  }
}

/** Refusals of the shared domain (conversion engine, ledger) by their machine-readable reason. */
const BY_REASON: Partial<Record<ErrorReason, SignedErrorLabel>> = {
  pair_not_supported: 'UNKNOWN_PAIR',
  pair_disabled: 'PAIR_DISABLED',
  amount_out_of_range: 'AMOUNT_OUT_OF_RANGE',
  amount_too_small: 'AMOUNT_OUT_OF_RANGE',
  amount_malformed: 'AMOUNT_OUT_OF_RANGE',
  amount_not_positive: 'AMOUNT_OUT_OF_RANGE',
  amount_precision: 'AMOUNT_OUT_OF_RANGE',
  amount_too_large: 'AMOUNT_OUT_OF_RANGE',
  unknown_asset: 'UNKNOWN_PAIR',
  insufficient_funds: 'INSUFFICIENT_FUNDS',
  quote_expired: 'QUOTE_EXPIRED',
  quote_used: 'QUOTE_USED',
  business_key_reused: 'QUOTE_USED',
  client_suspended: 'ACCOUNT_RESTRICTED',
  account_suspended: 'ACCOUNT_RESTRICTED',
  enterprise_suspended: 'ACCOUNT_RESTRICTED',
  client_closed: 'UNAUTHORIZED',
  account_closed: 'UNAUTHORIZED',
  enterprise_closed: 'UNAUTHORIZED',
  policy_denied: 'POLICY_DENIED',
};

/** Translates a tenant-API AppError from the shared domain into this surface's error. */
export function fromAppError(err: AppError): SignedApiError {
  const label = labelOf(err);
  if (label === 'INTERNAL_ERROR') return new SignedApiError(label, 'An internal error occurred; it has been logged with this request id.');
  const headers = label === 'RATE_LIMITED' || label === 'SERVICE_UNAVAILABLE' ? err.options.headers : undefined;
  // The domain's own reason is narrower than the label's (`client_suspended` under ACCOUNT_RESTRICTED); without one, the label's.
  return new SignedApiError(label, err.message, headers, err.options.reason);
}

function labelOf(err: AppError): SignedErrorLabel {
  const label = err.options.reason ? BY_REASON[err.options.reason] : undefined;
  if (label) return label;
  switch (err.code) {
    case 'EdgeRateLimited':
      return 'RATE_LIMITED';
    case 'ForbiddenCapabilityScope':
      return 'API_NOT_AVAILABLE';
    case 'EdgeConflict':
      return 'CONFLICT';
    case 'EdgeBadRequest':
      return 'INVALID_BODY';
    case 'EdgePayloadTooLarge':
      return 'PAYLOAD_TOO_LARGE';
    case 'EdgeBadGateway':
      return 'PRICE_PROVIDER_FAILED';
    case 'TemporarilyUnavailable':
      return 'SERVICE_UNAVAILABLE';
    case 'EdgeGone':
      return 'UNAUTHORIZED';
    case 'EdgeNotFound':
      return 'QUOTE_NOT_FOUND';
    case 'EdgeUnprocessable': {
      // Another refused field: an amount's is out of range, anything else names no pair.
      const first = err.options.errors?.[0];
      const pointer = first ? located(first).pointer : '';
      return /(value|fromAmount)$/.test(pointer) ? 'AMOUNT_OUT_OF_RANGE' : 'UNKNOWN_PAIR';
    }
    default:
      return 'INTERNAL_ERROR';
  }
}

/**
 * Writes every failure in the signed API contract's body shape; anything unexpected is logged and is 9500.
 * Not the tenant's problemMiddleware: the contract fixes `{errorCode, errorLabel, errorDescription}` and its
 * table, so failures are classified as there (AppError, database outage via databaseUnavailable) and translated.
 */
export function signedErrorMiddleware(): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      let err: SignedApiError;
      if (caught instanceof SignedApiError) err = caught;
      else if (caught instanceof AppError) err = fromAppError(caught);
      else err = fromAppError(databaseUnavailable(caught) ?? new AppError('EdgeInternal', 'unexpected'));
      if (err.label === 'INTERNAL_ERROR') ctx.state.log?.error({ err: caught }, 'unhandled error');
      ctx.status = err.status;
      ctx.set(err.headers);
      ctx.body = err.body();
      ctx.state.errorCode = err.label;
    }
  };
}
