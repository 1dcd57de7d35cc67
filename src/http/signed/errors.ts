import type Koa from 'koa';
import { AppError } from '../../errors';
import { databaseUnavailable, located } from '../problem';

/**
 * Every refusal of the signed API: HTTP status and numeric `errorCode` per `errorLabel`. The first
 * nine rows are the signed API contract's error tables; the rest are ours (docs/signed-api.md). This table is the single
 * source of the statuses, the OpenAPI document and the tests.
 */
export const SIGNED_ERRORS = {
  // The contract's signature errors.
  MISSING_SIGNATURE: { status: 401, code: 9008, when: '`x-signature` missing on a POST request.' },
  INVALID_SIGNATURE: { status: 401, code: 9009, when: 'The signature is not base64 of 64 bytes, or does not verify over the raw body bytes.' },
  INVALID_TIMESTAMP: { status: 401, code: 1001, when: '`timestamp` missing or not an integer, at least 1000 ms ahead of the server clock, or older than `recvWindow`.' },
  // The contract's authentication errors.
  MISSING_API_KEY: { status: 401, code: 9006, when: '`x-apikey` header not provided.' },
  INVALID_API_KEY: { status: 401, code: 9007, when: 'The API key is unknown or revoked.' },
  UNAUTHORIZED: { status: 401, code: 9001, when: "General authorization failure: the key's client, account or enterprise is closed." },
  INVALID_IP: { status: 403, code: 9012, when: "The request's IP address is not in the key's allowlist." },
  KYC_NOT_VERIFIED: { status: 403, code: 9013, when: "The client's identity verification is not completed (`kyc_status` is not `verified`)." },
  API_NOT_AVAILABLE: { status: 403, code: 9014, when: 'API access is not available for the account: `api_access` is off for the client, or the `api_keys` capability is disabled at its scope.' },
  // Ours: request shape.
  INVALID_RECV_WINDOW: { status: 400, code: 1002, when: '`recvWindow` is not a positive integer or exceeds 60000 ms.' },
  INVALID_BODY: { status: 400, code: 2001, when: 'The body is not a JSON object, or a field is missing, unknown or malformed (the description names it).' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, code: 2002, when: 'A POST without `Content-Type: application/json`.' },
  PAYLOAD_TOO_LARGE: { status: 413, code: 2003, when: 'The body exceeds 64 KiB.' },
  HEADERS_TOO_LARGE: { status: 431, code: 2004, when: 'The request line and headers exceed 16 KiB.' },
  MALFORMED_REQUEST: { status: 400, code: 2005, when: 'The request is not valid HTTP/1.1.' },
  REQUEST_TIMEOUT: { status: 408, code: 2006, when: 'The request was not received in time.' },
  INVALID_API_VERSION: { status: 400, code: 2007, when: 'The `Counterfoil-Version` header names no known API version (the description lists them); nothing was done.' },
  NOT_FOUND: { status: 404, code: 9404, when: 'No such endpoint.' },
  METHOD_NOT_ALLOWED: { status: 405, code: 9405, when: 'The endpoint exists with another method (see `Allow`).' },
  RATE_LIMITED: { status: 429, code: 9429, when: 'Too many requests for this key; retry after `Retry-After` seconds.' },
  // Ours: conversions.
  UNKNOWN_PAIR: { status: 422, code: 3001, when: 'An unknown ticker, or no conversion pair between the two tickers.' },
  PAIR_DISABLED: { status: 409, code: 3002, when: 'The pair is listed but switched off.' },
  AMOUNT_OUT_OF_RANGE: { status: 422, code: 3003, when: "`fromAmount` is outside the pair's minimum and maximum, converts to nothing, or has more decimals than the asset." },
  INSUFFICIENT_FUNDS: { status: 422, code: 3004, when: 'The available balance does not cover the amount plus fee.' },
  QUOTE_NOT_FOUND: { status: 404, code: 3005, when: "No such quote for this key's account." },
  QUOTE_EXPIRED: { status: 409, code: 3006, when: 'The quote has expired; request a new one.' },
  QUOTE_USED: { status: 409, code: 3007, when: 'The quote has already been executed (by another request).' },
  ACCOUNT_RESTRICTED: { status: 409, code: 3008, when: "The key's client, account or enterprise is suspended: money cannot move." },
  POLICY_DENIED: { status: 422, code: 3009, when: 'A policy rule of the enterprise denies this conversion.' },
  CONFLICT: { status: 409, code: 3099, when: 'Another state conflict of the operation (the description says which).' },
  INTERNAL_ERROR: { status: 500, code: 9500, when: 'An unexpected failure; it is logged with the X-Request-Id.' },
  SERVICE_UNAVAILABLE: { status: 503, code: 9503, when: 'A dependency is temporarily unavailable (nothing was booked), or the price of the pair is older than its allowed age; retry (a new quote) after `Retry-After` seconds.' },
  PRICE_PROVIDER_FAILED: { status: 502, code: 9502, when: "The pair's price provider failed to give a usable price (unreachable, timed out, an error, or an answer outside the protocol); the description names the provider. Nothing was quoted." },
} as const;

export type SignedErrorLabel = keyof typeof SIGNED_ERRORS;
export const SIGNED_ERROR_LABELS = Object.keys(SIGNED_ERRORS) as SignedErrorLabel[];

export class SignedApiError extends Error {
  constructor(
    readonly label: SignedErrorLabel,
    description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.name = 'SignedApiError';
  }

  get status(): number {
    return SIGNED_ERRORS[this.label].status;
  }

  body() {
    return { errorCode: SIGNED_ERRORS[this.label].code, errorLabel: this.label, errorDescription: this.message };
  }
}

/** Refusals of the shared domain (conversion engine, ledger) by their machine-readable reason. */
const BY_REASON: Record<string, SignedErrorLabel> = {
  pair_not_supported: 'UNKNOWN_PAIR',
  pair_disabled: 'PAIR_DISABLED',
  amount_out_of_range: 'AMOUNT_OUT_OF_RANGE',
  amount_too_small: 'AMOUNT_OUT_OF_RANGE',
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
  const label = err.options.reason ? BY_REASON[err.options.reason] : undefined;
  if (label) return new SignedApiError(label, err.message);
  switch (err.code) {
    case 'EdgeRateLimited':
      return new SignedApiError('RATE_LIMITED', err.message, err.options.headers);
    case 'ForbiddenCapabilityScope':
      return new SignedApiError('API_NOT_AVAILABLE', err.message);
    case 'EdgeConflict':
      return new SignedApiError('CONFLICT', err.message);
    case 'EdgeBadRequest':
      return new SignedApiError('INVALID_BODY', err.message);
    case 'EdgePayloadTooLarge':
      return new SignedApiError('PAYLOAD_TOO_LARGE', err.message);
    case 'EdgeBadGateway':
      return new SignedApiError('PRICE_PROVIDER_FAILED', err.message);
    case 'TemporarilyUnavailable':
      return new SignedApiError('SERVICE_UNAVAILABLE', err.message, err.options.headers);
    case 'EdgeGone':
      return new SignedApiError('UNAUTHORIZED', err.message);
    case 'EdgeNotFound':
      return new SignedApiError('QUOTE_NOT_FOUND', err.message);
    case 'EdgeUnprocessable': {
      // Amount parsing and unknown assets carry a field pointer but no reason.
      const first = err.options.errors?.[0];
      const pointer = first ? located(first).pointer : '';
      return new SignedApiError(/(value|fromAmount)$/.test(pointer) ? 'AMOUNT_OUT_OF_RANGE' : 'UNKNOWN_PAIR', err.message);
    }
    default:
      return new SignedApiError('INTERNAL_ERROR', 'An internal error occurred; it has been logged with this request id.');
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
