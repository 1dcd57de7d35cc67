/**
 * The one error type of the tenant API. Every refusal is an AppError with one of the seed's
 * error names; the table below is the single source of truth for its HTTP status.
 */
export const ERROR_CODES = {
  EdgeBadRequest: { status: 400, title: 'Bad request' },
  Unauthorized: { status: 401, title: 'Unauthorized' },
  EdgeForbidden: { status: 403, title: 'Forbidden' },
  ForbiddenCapabilityScope: { status: 403, title: 'Capability not enabled for this scope' },
  EdgeNotFound: { status: 404, title: 'Not found' },
  EdgeMethodNotAllowed: { status: 405, title: 'Method not allowed' },
  EdgeConflict: { status: 409, title: 'Conflict' },
  EdgeGone: { status: 410, title: 'Gone' },
  EdgePreconditionFailed: { status: 412, title: 'Precondition failed' },
  EdgePayloadTooLarge: { status: 413, title: 'Payload too large' },
  EdgeUnsupportedMediaType: { status: 415, title: 'Unsupported media type' },
  EdgeRequestTimeout: { status: 408, title: 'Request timeout' },
  EdgeRequestHeaderFieldsTooLarge: { status: 431, title: 'Request header fields too large' },
  EdgeUnprocessable: { status: 422, title: 'Unprocessable request' },
  EdgeActionTokenRequired: { status: 428, title: 'Action token required' },
  EdgeRateLimited: { status: 429, title: 'Too many requests' },
  EdgeInternal: { status: 500, title: 'Internal error' },
  EdgeBadGateway: { status: 502, title: 'Bad gateway' },
  TemporarilyUnavailable: { status: 503, title: 'Temporarily unavailable' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

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
      /** Narrower machine-readable reason, e.g. `enterprise_suspended`. */
      reason?: string;
    } = {},
  ) {
    super(detail);
    this.name = 'AppError';
    this.status = ERROR_CODES[code].status;
  }

  get detail(): string {
    return this.message;
  }
}

export const notFound = (what = 'resource') => new AppError('EdgeNotFound', `The ${what} does not exist.`);
export const badRequest = (detail: string, errors?: FieldError[]) => new AppError('EdgeBadRequest', detail, { errors });
export const unprocessable = (detail: string, errors?: FieldError[], extensions?: Record<string, unknown>) =>
  new AppError('EdgeUnprocessable', detail, { errors, extensions });
export const conflict = (detail: string, reason?: string) => new AppError('EdgeConflict', detail, { reason });
export const forbidden = (detail = 'The caller lacks the permission this operation needs.') =>
  new AppError('EdgeForbidden', detail);
