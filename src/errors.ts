import type { ErrorReason } from './error-reasons';

/**
 * The one error type of the tenant API. Every refusal is an AppError with one of the tenant API contract's
 * error names; the table below is the single source of truth for its HTTP status, and names the reason a
 * refusal of that code carries when nothing narrower applies (so every problem body has a `reason`).
 */
export const ERROR_CODES = {
  EdgeBadRequest: { status: 400, title: 'Bad request', reason: 'invalid_request' },
  Unauthorized: { status: 401, title: 'Unauthorized', reason: 'unauthenticated' },
  EdgeForbidden: { status: 403, title: 'Forbidden', reason: 'permission_denied' },
  ForbiddenCapabilityScope: { status: 403, title: 'Capability not enabled for this scope', reason: 'capability_disabled' },
  EdgeNotFound: { status: 404, title: 'Not found', reason: 'not_found' },
  EdgeMethodNotAllowed: { status: 405, title: 'Method not allowed', reason: 'method_not_allowed' },
  EdgeConflict: { status: 409, title: 'Conflict', reason: 'conflict' },
  EdgeGone: { status: 410, title: 'Gone', reason: 'gone' },
  EdgePreconditionFailed: { status: 412, title: 'Precondition failed', reason: 'precondition_failed' },
  EdgeExpectationFailed: { status: 417, title: 'Expectation failed', reason: 'expectation_unsupported' },
  EdgePayloadTooLarge: { status: 413, title: 'Payload too large', reason: 'payload_too_large' },
  EdgeUriTooLong: { status: 414, title: 'URI too long', reason: 'uri_too_long' },
  EdgeUnsupportedMediaType: { status: 415, title: 'Unsupported media type', reason: 'unsupported_media_type' },
  EdgeRequestTimeout: { status: 408, title: 'Request timeout', reason: 'request_timeout' },
  EdgeRequestHeaderFieldsTooLarge: { status: 431, title: 'Request header fields too large', reason: 'headers_too_large' },
  EdgeUnprocessable: { status: 422, title: 'Unprocessable request', reason: 'invalid_field' },
  EdgeActionTokenRequired: { status: 428, title: 'Action token required', reason: 'action_token_required' },
  EdgeRateLimited: { status: 429, title: 'Too many requests', reason: 'rate_limited' },
  EdgeInternal: { status: 500, title: 'Internal error', reason: 'internal_error' },
  EdgeBadGateway: { status: 502, title: 'Bad gateway', reason: 'provider_failed' },
  TemporarilyUnavailable: { status: 503, title: 'Temporarily unavailable', reason: 'temporarily_unavailable' },
} as const satisfies Record<string, { status: number; title: string; reason: ErrorReason }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export { ERROR_REASONS, type ErrorReason } from './error-reasons';

/** A reason named by a resource and the state that refuses the action (`client_suspended`): one of ERROR_REASONS. */
export const stateReason = (resource: string, state: string) => `${resource}_${state}` as ErrorReason;

/** One invalid input, located by an RFC 6901 JSON pointer into the request (`/body/amount/value`). */
export interface FieldError {
  pointer: string;
  detail: string;
}

/** Fields the layers below HTTP refuse by name; the HTTP layer locates each in the request (src/http/problem.ts). */
export type RefusedField = 'amount';

/** One invalid input named by its field (the ledger's insufficient funds), for code that knows no request. */
export interface NamedFieldError {
  field: RefusedField;
  detail: string;
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    detail: string,
    readonly options: {
      errors?: Array<FieldError | NamedFieldError>;
      /** Extra machine-readable members of the problem body (e.g. `available`, `required`). */
      extensions?: Record<string, unknown>;
      headers?: Record<string, string>;
      /** Narrower machine-readable reason, e.g. `enterprise_suspended` (ERROR_REASONS). */
      reason?: ErrorReason;
    } = {},
  ) {
    super(detail);
    this.name = 'AppError';
    this.status = ERROR_CODES[code].status;
  }

  get detail(): string {
    return this.message;
  }

  /** Its own reason, else the generic one of its code: every refusal has one for clients to branch on. */
  get reason(): ErrorReason {
    return this.options.reason ?? ERROR_CODES[this.code].reason;
  }
}

export const notFound = (what = 'resource') => new AppError('EdgeNotFound', `The ${what} does not exist.`);
export const badRequest = (detail: string, errors?: FieldError[]) => new AppError('EdgeBadRequest', detail, { errors });
export const unprocessable = (detail: string, errors?: FieldError[], extensions?: Record<string, unknown>) =>
  new AppError('EdgeUnprocessable', detail, { errors, extensions });
export const conflict = (detail: string, reason?: ErrorReason) => new AppError('EdgeConflict', detail, { reason });
