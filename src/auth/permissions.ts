/**
 * The permission catalogue: `<area>.<action>` strings a role may hold. Published as an enum in the
 * OpenAPI document. A permission is checked at the scope of the object it acts on.
 */
export const PERMISSIONS = {
  'enterprises.read': 'Read enterprises and their master accounts.',
  'enterprises.manage': 'Update enterprise metadata; suspend, reactivate and close enterprises.',
  'master_accounts.read': 'Read master accounts and their balances.',
  'clients.read': 'Read clients and client accounts.',
  'clients.manage': 'Create, update, suspend, reactivate and close clients and client accounts.',
  'balances.read': 'Read balances of accounts.',
  'balance_monitors.read': 'Read balance monitors of accounts.',
  'balance_monitors.manage': 'Create, update, enable and disable balance monitors of accounts.',
  'users.read': 'Read users and user invitations.',
  'users.manage': 'Create, update, suspend, deactivate and reactivate users; manage invitations.',
  'users.act_for': 'Exchange a service-account token for a token acting as a platform-managed user.',
  'service_accounts.read': 'Read service accounts.',
  'service_accounts.manage': 'Create, provision, revoke service accounts and rotate their secrets.',
  'roles.read': 'Read roles and role assignments.',
  'roles.manage': 'Create, update and retire roles; grant and revoke role assignments.',
  'identity_providers.read': 'Read identity providers.',
  'identity_providers.manage': 'Create and update identity providers.',
  'capabilities.read': 'Read capability toggles.',
  'capabilities.manage': 'Enable and disable capabilities of clients.',
  'policies.read': 'Read policy rules and evaluate them.',
  'policies.manage': 'Create, update, activate and retire policy rules.',
  'approvals.read': 'Read approvals and eligible approvers.',
  'approvals.decide': 'Approve or reject approvals (humans only).',
  'transfers.read': 'Read internal transfers.',
  'transfers.create': 'Create, cancel and reverse internal transfers.',
  'withdrawals.read': 'Read withdrawals and withdrawal destinations.',
  'withdrawals.create': 'Create and cancel withdrawals.',
  'withdrawal_destinations.manage': 'Create, enable, disable and retire withdrawal destinations.',
  'conversions.read': 'Read conversion pairs, prices and conversions.',
  'conversions.create': 'Preview, create and cancel conversions.',
  'ramps.read': 'Read on-ramp and off-ramp sessions.',
  'ramps.create': 'Create and cancel on-ramp and off-ramp sessions.',
  'funding.read': 'Read funding endpoints, deposit instructions and deposits.',
  'deposits.annotate': "Change deposits' reference and metadata.",
  'deposits.return': 'Propose returning credited deposits to their senders (governed by policy rules of `deposit_return`).',
  'fees.read': 'Read commercial agreements and preview fees.',
  'fees.manage': 'Create and supersede commercial agreements.',
  'catalogue.read': 'Read assets, networks, payment and payout methods.',
  'webhooks.read': 'Read webhook subscriptions and deliveries.',
  'webhooks.manage': 'Create, update, enable, disable, delete and test webhook subscriptions; redeliver.',
  'events.read': 'Read the event log and event types.',
  'events.replay': 'Replay events to subscriptions.',
  'exports.read': 'Read and download exports.',
  'exports.create': 'Create exports and export schedules.',
  'audit.read': 'Read and search user action audit entries; export them.',
  'api_keys.read': 'Read API keys of clients.',
  'api_keys.manage': 'Create, update, revoke and reactivate API keys.',
  'action_tokens.create': 'Issue action tokens for governed actions.',
  'sandbox.control': 'Drive sandbox simulators (sandbox mode only).',
  'me.read': "Read the caller's own capabilities and navigation (every platform role holds it).",
  'connectors.read': 'Read provider connectors.',
  'connectors.manage': 'Register, disable and enable provider connectors; rotate their signing secrets.',
  'kyc.decide': "Record KYC decisions for clients (sets the client's kyc_status).",
  'kyc.read': "Read clients' KYC decisions (reasons and the verification provider's references).",
  'compliance.read': 'Read screenings, their verdicts, the compliance policy and Travel Rule data (personal data: not in the read-only roles).',
  'compliance.manage': "Change the compliance policy (under the policy-change quorum) and answer screenings from the enterprise's own system.",
  'reconciliation.read': 'Read reconciled provider accounts, statement lines and imports, matching rules, runs, breaks and closed periods.',
  'reconciliation.manage': 'Reconcile provider accounts, import statements, change matching rules, run reconciliation, decide breaks and close periods.',
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(value: string): value is Permission {
  return Object.prototype.hasOwnProperty.call(PERMISSIONS, value);
}

// Travel Rule data is personal: granted by name, never with the other reads.
const readOnly = ALL_PERMISSIONS.filter((p) => p.endsWith('.read') && p !== 'compliance.read');

/** Platform-managed roles created for every enterprise at bootstrap. */
export const PLATFORM_ROLES: Record<string, { description: string; permissions: Permission[] }> = {
  'enterprise-admin': { description: 'Full control of the enterprise.', permissions: ALL_PERMISSIONS },
  operator: {
    description: 'Runs day-to-day money operations; no identity administration.',
    permissions: [
      ...readOnly,
      'clients.manage',
      'balance_monitors.manage',
      'transfers.create',
      'withdrawals.create',
      'withdrawal_destinations.manage',
      'conversions.create',
      'ramps.create',
      'deposits.annotate',
      'deposits.return',
      'reconciliation.manage',
      'exports.create',
      'action_tokens.create',
      'sandbox.control',
    ],
  },
  approver: {
    description: 'Decides approvals of governed operations.',
    permissions: [...readOnly, 'approvals.decide', 'action_tokens.create'],
  },
  viewer: { description: 'Reads everything in scope; changes nothing.', permissions: readOnly },
  developer: {
    description: 'Integrates: webhooks, API keys, events and exports.',
    permissions: [...readOnly, 'webhooks.manage', 'events.replay', 'api_keys.manage', 'exports.create', 'sandbox.control'],
  },
};
