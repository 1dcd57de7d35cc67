import type { components } from './openapi';

/** RFC 9457 problem details: every error answer of the API. */
export type Problem = components['schemas']['Problem'];
/**
 * The API's error names, and two of the SDK's own: `network_error` (the server could not be reached)
 * and `unexpected_response` (an answer that is not problem+json, e.g. a proxy's HTML page; `status` says which).
 */
export type ErrorCode = Problem['code'] | 'network_error' | 'unexpected_response';
/** A problem as the SDK reports it: the API's, or one the SDK wrote for a network failure or a foreign answer. */
export type SdkProblem = Problem | (Problem extends unknown ? Record<string, unknown> & { type: string; title: string; status: number; detail: string; code: 'network_error' | 'unexpected_response'; request_id: string; errors: Problem['errors']; reason?: undefined } : never);
export type ErrorReason = NonNullable<Problem['reason']>;

/**
 * A failed call as an exception: `code` is the error name (one per HTTP status family), `reason` the
 * narrower name to branch on (`insufficient_funds`, `quote_expired` …), `problem` the whole answer.
 */
export class CounterfoilError extends Error {
  override readonly name = 'CounterfoilError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly reason: ErrorReason | undefined;
  readonly requestId: string;

  constructor(
    readonly problem: SdkProblem,
    options?: { cause?: unknown },
  ) {
    super(`${problem.code}${problem.reason ? ` (${problem.reason})` : ''}: ${problem.detail}`, options);
    this.status = problem.status;
    this.code = problem.code;
    this.reason = problem.reason;
    this.requestId = problem.request_id;
  }
}

/** The problem of a failed call, or a synthetic one when the answer was not problem+json (a network failure, a proxy page). */
export function problemOf(error: unknown, response?: Response): SdkProblem {
  if (error && typeof error === 'object' && 'code' in error && 'status' in error) return error as Problem;
  const status = response?.status ?? 0;
  return {
    type: 'about:blank',
    title: status ? `HTTP ${status}` : 'Network error',
    status,
    detail: status ? `The server answered ${status}.` : 'The server could not be reached.',
    code: status ? 'unexpected_response' : 'network_error',
    request_id: response?.headers.get('x-request-id') ?? '',
    errors: [],
  };
}

/**
 * Whether a GET sent with If-None-Match answered 304 Not Modified: the copy the caller holds is current,
 * and the result has no data (nor an error). Check it before `unwrap`.
 */
export function notModified(result: { response: Response }): boolean {
  return result.response.status === 304;
}

/**
 * The data of a call, or a CounterfoilError: `const transfer = unwrap(await api.POST('/internal-transfers', …))`.
 * The data is then typed without `undefined`. A 304 has no data to unwrap (see `notModified`).
 */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data !== undefined && result.error === undefined) return result.data;
  throw new CounterfoilError(problemOf(result.error, result.response));
}
