/**
 * The one error type of the tenant API. Every refusal is an AppError with one of the tenant API contract's
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

/**
 * Every `reason` a problem body may carry: a name narrower than its error code, for clients to branch
 * on. One line per reason, in order; the OpenAPI problem schema lists them as an enum, and
 * test/unit/error-reasons.test.ts fails on a reason used in src/ that is missing here.
 */
export const ERROR_REASONS = [
  'account_closed',
  'account_restricted',
  'account_suspended',
  'accounts_not_empty',
  'action_token_invalid',
  'action_token_required',
  'agreement_not_in_force',
  'amount_out_of_range',
  'amount_too_small',
  'api_key_active',
  'api_key_revoked',
  'approval_approved',
  'approval_cancelled',
  'approval_decided',
  'approval_expired',
  'approval_rejected',
  'balances_not_zero',
  'batch_conflict',
  'batch_requires_approval',
  'business_key_reused',
  'client_account_active',
  'client_account_closed',
  'client_account_suspended',
  'client_active',
  'client_closed',
  'client_suspended',
  'compliance_override_forbidden',
  'connector_disabled',
  'connector_name_taken',
  'conversion_cancelled',
  'conversion_executed',
  'conversion_executing',
  'conversion_expired',
  'conversion_failed',
  'conversion_not_reversible',
  'conversion_pending_approval',
  'conversion_rejected',
  'decision_in_progress',
  'default_client_account',
  'deposit_not_credited',
  'deposit_reversed',
  'deposits_in_flight',
  'destination_active',
  'destination_cooling_off',
  'destination_disabled',
  'destination_pending_approval',
  'destination_rejected',
  'destination_retired',
  'email_taken',
  'enterprise_closed',
  'enterprise_not_suspended',
  'enterprise_suspended',
  'export_expired',
  'export_failed',
  'export_queued',
  'export_running',
  'external_id_taken',
  'federation_taken',
  'hold_already_resolved',
  'human_approval_required',
  'idempotency_key_in_use',
  'idempotency_key_reused',
  'initiator_cannot_approve',
  'insufficient_funds',
  'internal_transfer_cancelled',
  'internal_transfer_executed',
  'internal_transfer_executing',
  'internal_transfer_expired',
  'internal_transfer_failed',
  'internal_transfer_is_reversal',
  'internal_transfer_not_executed',
  'internal_transfer_pending_approval',
  'internal_transfer_rejected',
  'internal_transfer_reversed',
  'invalid_page_token',
  'invitation_pending',
  'issuer_taken',
  'ledger_key_reused',
  'not_an_eligible_approver',
  'not_initiator',
  'off_ramp_cancelled',
  'off_ramp_completed',
  'off_ramp_converting',
  'off_ramp_expired',
  'off_ramp_failed',
  'off_ramp_partially_returned',
  'off_ramp_payout_sent',
  'off_ramp_pending_approval',
  'off_ramp_rejected',
  'off_ramp_requested',
  'off_ramp_returned',
  'on_ramp_awaiting_payment',
  'on_ramp_cancelled',
  'on_ramp_completed',
  'on_ramp_converting',
  'on_ramp_expired',
  'on_ramp_failed',
  'on_ramp_payment_received',
  'on_ramp_requested',
  'overdraft_in_use',
  'pair_disabled',
  'pair_not_supported',
  'passkey_challenge_invalid',
  'passkey_enrolled',
  'passkey_not_enrolled',
  'passkey_not_verified',
  'passkey_required',
  'payout_method_disabled',
  'payout_not_settled',
  'platform_managed_role',
  'policy_denied',
  'policy_rule_active',
  'policy_rule_draft',
  'policy_rule_retired',
  'price_stale',
  'privilege_escalation',
  'provider_failed',
  'provider_not_connected',
  'provider_not_routed',
  'provision_mismatch',
  'quote_expired',
  'quote_mismatch',
  'quote_used',
  'reconciliation_account_exists',
  'reference_reused',
  'reference_taken',
  'return_currency_mismatch',
  'reversal_exceeds_remaining',
  'role_assignment_exists',
  'role_assignment_revoked',
  'role_name_taken',
  'role_retired',
  'same_party_already_approved',
  'schedule_deleted',
  'screening_completed',
  'screening_not_enterprise',
  'service_account_revoked',
  'statement_import_duplicate',
  'statement_malformed',
  'subscription_deleted',
  'subscription_disabled',
  'unknown_api_version',
  'unknown_client',
  'unknown_deposit',
  'unknown_deposit_target',
  'unknown_payout',
  'unknown_screening',
  'user_active',
  'user_deactivated',
  'user_invitation_accepted',
  'user_invitation_cancelled',
  'user_invitation_expired',
  'user_suspended',
  'withdrawal_cancelled',
  'withdrawal_executed',
  'withdrawal_executing',
  'withdrawal_expired',
  'withdrawal_failed',
  'withdrawal_partially_returned',
  'withdrawal_pending_approval',
  'withdrawal_pending_compliance',
  'withdrawal_rejected',
  'withdrawal_returned',
  'withdrawal_submitted',
] as const;

export type ErrorReason = (typeof ERROR_REASONS)[number];

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
}

export const notFound = (what = 'resource') => new AppError('EdgeNotFound', `The ${what} does not exist.`);
export const badRequest = (detail: string, errors?: FieldError[]) => new AppError('EdgeBadRequest', detail, { errors });
export const unprocessable = (detail: string, errors?: FieldError[], extensions?: Record<string, unknown>) =>
  new AppError('EdgeUnprocessable', detail, { errors, extensions });
export const conflict = (detail: string, reason?: ErrorReason) => new AppError('EdgeConflict', detail, { reason });
