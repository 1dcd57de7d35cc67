import type { Permission } from '../auth/permissions';
import type { GovernedAction } from '../auth/action-tokens';
import type { HttpMethod, RouteDef } from './route';

/**
 * The authorization model of the tenant API: one row per operation, joined with what the route
 * definitions already declare (permission, capability, idempotency, action token), so the facts below
 * are only the ones a route cannot say. test/http/authorization-model.test.ts fails on a route without
 * a row or a row without a route, and renders docs/access.md's "Operations and their permissions" from it.
 */

/** Where the permission is checked. */
export type CheckScope =
  /** The enterprise itself: enterprise-level objects and settings (a client-scoped grant never reaches them). */
  | 'enterprise'
  /** The client the object belongs to (or the client the path or body names). */
  | 'client'
  /** The client account the object belongs to; a client's grant reaches it only with `subtree` propagation. */
  | 'client_account'
  /** The object's own scope, an enterprise or a client (users, roles, policies, subscriptions …), or the one the body names. */
  | 'object'
  /** Reference data: holding the permission at any scope is enough; the answer is the same for every caller. */
  | 'any'
  /** The caller itself (/me, its own action tokens and passkeys): there is no other principal's object to reach. */
  | 'caller'
  /** No bearer token: the route authenticates otherwise (client credentials, a signature, an invitation token) or not at all. */
  | 'public';

/** What the operation does with the scope, which decides its answer out of scope (BOLA). */
export type OperationKind =
  /** One object named by the path: out of scope 404, in scope without the permission 403. */
  | 'read'
  | 'change'
  /** Makes an object at the scope the body (or path) names: a scope out of reach 404, in reach without the permission 403. */
  | 'create'
  /** A list: only rows at scopes where the caller holds the permission, foreign rows omitted (never 404). */
  | 'list'
  /** A batch naming several objects: 200 with a result per item, each item answered as its own request would be. */
  | 'batch'
  /** The caller's own data. */
  | 'self'
  | 'public';

export interface OperationFacts {
  scope: CheckScope;
  kind: OperationKind;
  /** Only a person may call it (a service account, or a service account acting for a person, is 403 `human_approval_required`). */
  human?: boolean;
  /** An action token the handler asks for in some cases only (the route's own `actionToken` is always required). */
  conditionalActionToken?: { action: GovernedAction; when: string };
  /** Acts on the caller's own enterprise (nothing in the path or body names it): another enterprise's caller acts on its own. */
  own?: boolean;
  /** A further refusal of this operation, by its reason. */
  refusals?: string[];
  note?: string;
}

const read = (scope: CheckScope, extra: Partial<OperationFacts> = {}): OperationFacts => ({ scope, kind: 'read', ...extra });
const change = (scope: CheckScope, extra: Partial<OperationFacts> = {}): OperationFacts => ({ scope, kind: 'change', ...extra });
const create = (scope: CheckScope, extra: Partial<OperationFacts> = {}): OperationFacts => ({ scope, kind: 'create', ...extra });
const list = (scope: CheckScope, extra: Partial<OperationFacts> = {}): OperationFacts => ({ scope, kind: 'list', ...extra });
const self = (extra: Partial<OperationFacts> = {}): OperationFacts => ({ scope: 'caller', kind: 'self', ...extra });
const reference = (): OperationFacts => ({ scope: 'any', kind: 'read' });
const referenceList = (): OperationFacts => ({ scope: 'any', kind: 'list' });
const open = (note: string): OperationFacts => ({ scope: 'public', kind: 'public', note });

const ESCALATION = 'privilege_escalation';
const HUMAN = 'human_approval_required';

/** Keyed by operationId, in the order of `tenantRoutes`; the OpenAPI document's own route last. */
export const OPERATION_FACTS: Record<string, OperationFacts> = {
  issueToken: open('client credentials, token exchange, or the console\'s public exchange of an ID token'),
  healthz: open('liveness'),
  readyz: open('readiness'),
  listEnterprises: list('enterprise'),
  getEnterprise: read('enterprise'),
  updateEnterprise: change('enterprise'),
  listMasterAccounts: list('enterprise'),
  getMasterAccount: read('enterprise'),
  listEvents: list('object', { note: 'the scope of the resource each event is about' }),
  listEventTypes: referenceList(),
  getEvent: read('object'),
  replayEvent: change('object'),
  createWebhookSubscription: create('object'),
  listWebhookSubscriptions: list('object'),
  getWebhookSubscription: read('object'),
  updateWebhookSubscription: change('object'),
  enableWebhookSubscription: change('object'),
  disableWebhookSubscription: change('object'),
  deleteWebhookSubscription: change('object'),
  rotateWebhookSubscriptionSecret: change('object'),
  testWebhookSubscription: change('object'),
  listWebhookDeliveries: read('object', { note: "the subscription's scope" }),
  getWebhookDelivery: read('object'),
  redeliverWebhookDelivery: change('object'),
  createOperationsActivityExport: create('object'),
  listOperationsActivityExports: list('object'),
  getOperationsActivityExport: read('object'),
  downloadOperationsActivityExport: read('object'),
  createUserActionAuditExport: create('enterprise', { note: 'also needs audit.read at the enterprise' }),
  listUserActionAuditExports: list('enterprise'),
  getUserActionAuditExport: read('enterprise'),
  downloadUserActionAuditExport: read('enterprise'),
  createClientAccountStatementExport: create('client_account'),
  listClientAccountStatementExports: list('client_account'),
  getClientAccountStatementExport: read('client_account'),
  downloadClientAccountStatementExport: read('client_account'),
  createExportSchedule: create('object'),
  listExportSchedules: list('object'),
  getExportSchedule: read('object'),
  pauseExportSchedule: change('object'),
  unpauseExportSchedule: change('object'),
  triggerExportSchedule: change('object'),
  backfillExportSchedule: change('object'),
  deleteExportSchedule: change('object'),
  createClient: create('enterprise'),
  listClients: list('client'),
  getClient: read('client'),
  updateClient: change('client'),
  suspendClient: change('client'),
  reactivateClient: change('client'),
  closeClient: change('client'),
  createClientAccount: create('client'),
  listClientAccounts: list('client_account'),
  getClientAccount: read('client_account'),
  updateClientAccount: change('client_account'),
  suspendClientAccount: change('client_account'),
  reactivateClientAccount: change('client_account'),
  closeClientAccount: change('client_account'),
  getClientAccountBalances: read('client_account'),
  getMasterAccountBalances: read('enterprise'),
  createBalanceMonitor: create('client_account'),
  listBalanceMonitors: list('client_account'),
  getBalanceMonitor: read('client_account'),
  updateBalanceMonitor: change('client_account'),
  enableBalanceMonitor: change('client_account'),
  disableBalanceMonitor: change('client_account'),
  createInternalTransfer: create('client_account', { note: 'the source account' }),
  listInternalTransfers: list('client_account'),
  getInternalTransfer: read('client_account'),
  updateInternalTransfer: change('client_account'),
  cancelInternalTransfer: change('client_account'),
  createInternalTransferBatch: create('client_account', { note: 'every source account' }),
  getInternalTransferBatch: read('client_account'),
  createUser: create('object'),
  listUsers: list('object'),
  getUser: read('object'),
  updateUser: change('object'),
  suspendUser: change('object'),
  deactivateUser: change('object'),
  reactivateUser: change('object'),
  createUserInvitation: create('object', { refusals: [ESCALATION] }),
  listUserInvitations: list('object'),
  getUserInvitation: read('object'),
  acceptUserInvitation: open('the invitation token is the credential'),
  cancelUserInvitation: change('object'),
  createServiceAccount: create('object'),
  provisionServiceAccount: create('object'),
  listServiceAccounts: list('object'),
  getServiceAccount: read('object'),
  revokeServiceAccount: change('object', { refusals: [ESCALATION], note: 'the caller must hold every permission the account holds' }),
  createRole: create('object', { refusals: [ESCALATION] }),
  listRoles: list('object'),
  getRole: read('object'),
  updateRole: change('object', { refusals: [ESCALATION] }),
  retireRole: change('object'),
  createRoleAssignment: create('object', {
    refusals: [ESCALATION],
    conditionalActionToken: { action: 'role_assignments.grant_enterprise_admin', when: 'the role is enterprise-admin' },
    note: 'the caller holds every permission of the role at the scope; an exact grant cannot widen itself to subtree',
  }),
  listRoleAssignments: list('object'),
  getRoleAssignment: read('object'),
  revokeRoleAssignment: change('object'),
  listCapabilities: read('object', { note: 'the `scope_ref` queried (default: the enterprise)' }),
  setClientCapability: change('client'),
  getMyCapabilities: self(),
  getMyNavigation: self(),
  lookupNames: self({ note: 'names of objects the caller may read; others are left out' }),
  createIdentityProvider: create('enterprise', { own: true }),
  listIdentityProviders: list('enterprise'),
  getIdentityProvider: read('enterprise'),
  updateIdentityProvider: change('enterprise'),
  createActionToken: self({ note: 'bound to the caller; the governed route checks the resource' }),
  listMyPasskeys: self(),
  createPasskeyRegistrationOptions: self({ human: true }),
  createPasskey: self({ human: true }),
  deletePasskey: self({ human: true, note: "another person's passkey is 404" }),
  createActionTokenPasskeyChallenge: self({ human: true }),
  createActionTokenWithPasskey: self({ human: true }),
  getUserActionAuditEntry: read('enterprise'),
  searchUserActionAuditEntries: list('enterprise'),
  rotateServiceAccountSecret: change('object', { refusals: [ESCALATION], note: 'the caller must hold every permission the account holds' }),
  suspendEnterprise: change('enterprise'),
  reactivateEnterprise: change('enterprise'),
  closeEnterprise: change('enterprise'),
  listAssets: referenceList(),
  listCryptoNetworks: referenceList(),
  getCryptoNetwork: reference(),
  listAvailableCryptoNetworks: referenceList(),
  listEligibleCryptoNetworks: read('client_account', { note: 'the `account_ref` queried' }),
  listPaymentMethods: referenceList(),
  getPaymentMethod: reference(),
  listAvailablePaymentMethods: referenceList(),
  listEligiblePayoutMethods: read('client_account', { note: 'the `account_ref` queried' }),
  createPayoutMethod: create('client_account'),
  listPayoutMethods: list('client_account'),
  getPayoutMethod: read('client_account'),
  disablePayoutMethod: change('client_account'),
  createEnterpriseCommercialAgreement: create('enterprise'),
  listEnterpriseCommercialAgreements: list('enterprise'),
  getEnterpriseCommercialAgreement: read('enterprise'),
  supersedeEnterpriseCommercialAgreement: change('enterprise'),
  createFeePreview: read('object', { note: 'the subject the body names' }),
  listFundingEndpoints: list('client_account'),
  getFundingEndpoint: read('client_account'),
  listDepositInstructions: list('client_account'),
  getDepositInstruction: read('client_account'),
  listDeposits: list('client_account'),
  getDeposit: read('client_account'),
  updateDeposit: change('client_account'),
  simulateSandboxDeposit: create('client_account'),
  createApiKey: create('client', {
    refusals: [ESCALATION],
    conditionalActionToken: { action: 'api_keys.create', when: "the enterprise's passkey_step_up is on" },
  }),
  listApiKeys: list('client'),
  getApiKey: read('client'),
  updateApiKey: change('client'),
  revokeApiKey: change('client'),
  reactivateApiKey: change('client', { refusals: [ESCALATION], note: 'reactivation issues new key material' }),
  setSandboxClientKyc: change('client'),
  setSandboxClientApiAccess: change('client'),
  createPolicy: create('object'),
  listPolicyRules: list('object'),
  evaluatePolicyRules: read('object', { note: 'the scope the body names' }),
  getPolicyRule: read('object'),
  updatePolicyRule: change('object'),
  activatePolicyRule: change('object'),
  retirePolicyRule: change('object'),
  listApprovals: list('object', { note: 'the scope of the governed record' }),
  getApproval: read('object'),
  decideApprovals: {
    scope: 'object',
    kind: 'batch',
    human: true,
    refusals: [HUMAN],
    note: 'a person signed in at an identity provider, or with a passkey assertion bound to the approval',
  },
  approveApproval: change('object', { human: true, refusals: [HUMAN] }),
  rejectApproval: change('object', { human: true, refusals: [HUMAN] }),
  cancelApproval: change('object', { refusals: ['not_initiator'], note: 'the initiator only' }),
  listEligibleApprovers: read('object'),
  createWithdrawal: create('client_account'),
  listWithdrawals: list('client_account'),
  getWithdrawal: read('client_account'),
  updateWithdrawal: change('client_account'),
  cancelWithdrawal: change('client_account'),
  createWithdrawalDestination: create('object', { note: 'a client or one of its accounts' }),
  listWithdrawalDestinations: list('object'),
  getWithdrawalDestination: read('object'),
  updateWithdrawalDestination: change('object'),
  enableWithdrawalDestination: change('object'),
  disableWithdrawalDestination: change('object'),
  retireWithdrawalDestination: change('object'),
  injectSandboxRailFailure: change('enterprise', { own: true }),
  listConversionPairs: referenceList(),
  getConversionPair: reference(),
  previewConversion: create('client_account'),
  createConversion: create('client_account'),
  listConversions: list('client_account'),
  getConversion: read('client_account'),
  updateConversion: change('client_account'),
  cancelConversion: change('client_account'),
  getIndicativePrice: reference(),
  createOnRampSession: create('client_account'),
  listOnRampSessions: list('client_account'),
  getOnRampSession: read('client_account'),
  updateOnRampSession: change('client_account'),
  cancelOnRampSession: change('client_account'),
  createOffRampSession: create('client_account'),
  listOffRampSessions: list('client_account'),
  getOffRampSession: read('client_account'),
  updateOffRampSession: change('client_account'),
  cancelOffRampSession: change('client_account'),
  simulateOnRampPayment: change('client_account'),
  simulateWithdrawalReturn: change('client_account'),
  simulateOffRampReturn: change('client_account'),
  simulateDepositReversal: change('client_account'),
  listSignInProviders: open('where people sign in; an unknown enterprise gives the same empty list'),
  getConnectorProtocol: open('the connector protocol document'),
  createConnector: create('enterprise', { own: true }),
  listConnectors: list('enterprise'),
  getConnector: read('enterprise'),
  rotateConnectorSecret: change('enterprise'),
  disableConnector: change('enterprise'),
  enableConnector: change('enterprise'),
  receiveConnectorEvent: open("authenticated by the connector's request signature"),
  recordKycDecision: create('client'),
  listKycDecisions: read('client', { note: 'the decisions of the client the path names' }),
  getKycDecision: read('client'),
  listWithdrawalLedgerEntries: read('client_account'),
  listInternalTransferLedgerEntries: read('client_account'),
  listConversionLedgerEntries: read('client_account'),
  getClientAccountStatement: read('client_account'),
  revokeToken: open('the token is its own credential'),
  listLedgerCheckpoints: list('enterprise'),
  listPolicyChanges: list('object'),
  getPolicyChange: read('object'),
  getGovernanceSettings: read('enterprise', { own: true }),
  updateGovernanceSettings: change('enterprise', { own: true }),
  getOpenApiDocument: open('this API description'),
};

export interface Operation extends OperationFacts {
  operationId: string;
  method: HttpMethod;
  path: string;
  /** `null` for public routes. */
  permission: Permission | null;
  capability: string | null;
  idempotency: 'required' | 'optional' | null;
  /** The action token the route always requires (X-Action-Token). */
  actionToken: GovernedAction | null;
  sandboxOnly: boolean;
}

/** The model: every route joined with its facts. Throws on a route without a row and on a row without a route. */
export function authorizationModel(routes: readonly RouteDef[]): Operation[] {
  const seen = new Set<string>();
  const operations = routes.map((def) => {
    const facts = OPERATION_FACTS[def.operationId];
    if (!facts) throw new Error(`${def.method.toUpperCase()} ${def.path} (${def.operationId}) has no row in OPERATION_FACTS`);
    seen.add(def.operationId);
    if ((facts.kind === 'public') !== (def.auth.kind === 'public')) throw new Error(`${def.operationId}: the row and the route disagree on whether it is public`);
    return {
      operationId: def.operationId,
      method: def.method,
      path: def.path,
      permission: def.auth.kind === 'bearer' ? def.auth.permission : null,
      capability: def.auth.kind === 'bearer' ? (def.auth.capability ?? null) : null,
      idempotency: def.idempotency ?? null,
      actionToken: def.actionToken ?? null,
      sandboxOnly: Boolean(def.sandboxOnly) || def.path.startsWith('/sandbox/'),
      ...facts,
    };
  });
  const stale = Object.keys(OPERATION_FACTS).filter((id) => !seen.has(id));
  if (stale.length) throw new Error(`OPERATION_FACTS rows name no route: ${stale.join(', ')}`);
  return operations;
}

const SCOPE_WORDS: Record<CheckScope, string> = {
  enterprise: 'enterprise',
  client: 'client',
  client_account: 'client account',
  object: "object's scope",
  any: 'any (reference data)',
  caller: 'the caller',
  public: '—',
};
const outOfScope = (op: Operation) => (op.own ? "its own enterprise's" : OUT_OF_SCOPE[op.kind]);
const OUT_OF_SCOPE: Record<OperationKind, string> = {
  read: '404',
  change: '404',
  create: '404',
  list: 'omits foreign rows',
  batch: '404 per item',
  self: 'own data only',
  public: '—',
};

/** The markdown section of docs/access.md, rendered from the model. */
export function renderOperationsSection(operations: readonly Operation[]): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const lines = [
    '## Operations and their permissions',
    '',
    'Generated from `src/http/authorization-model.ts` (`npm run generate:access-doc`); a test fails when it is stale.',
    'Scope: where the permission is checked (`subtree` grants at or above it reach it, `exact` grants only there).',
    'Out of scope: the answer to a caller that can see nothing at that scope (in scope without the permission is 403).',
    'Token: an X-Action-Token the route requires (`if …`: only in that case). Person: only a human may call it.',
    '',
    '| Operation | Permission | Scope | Out of scope | Token | Person | Idempotency | Other refusals |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const op of operations) {
    const token = op.actionToken ?? (op.conditionalActionToken ? `if ${op.conditionalActionToken.when}: ${op.conditionalActionToken.action}` : '');
    const permission = op.permission ? `\`${op.permission}\`${op.capability ? ` (capability \`${op.capability}\`)` : ''}` : 'none (public)';
    const scope = op.scope === 'public' ? (op.note ?? '') : SCOPE_WORDS[op.scope] + (op.note ? `: ${op.note}` : '');
    lines.push(
      `| \`${op.method.toUpperCase()} ${op.path}\`${op.sandboxOnly ? ' (sandbox)' : ''} | ${permission} | ${cell(scope)} | ${outOfScope(op)} | ${cell(token)} | ${op.human ? 'yes' : ''} | ${op.idempotency ?? ''} | ${(op.refusals ?? []).map((r) => `\`${r}\``).join(', ')} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
