import { createHash, randomBytes } from 'node:crypto';
import type { Sql, TransactionSql } from 'postgres';
import { AppError } from '../errors';
import { uuidv7 } from '../ids';
import type { Caller } from './caller';
import { hashSecret } from './secrets';

/**
 * Actions that need a fresh, single-use action token in `X-Action-Token`, and the resource each one
 * binds to. Published as the `action` enum of POST /action-tokens.
 */
export const GOVERNED_ACTIONS = {
  'approvals.approve': 'Approve an approval. resource_ref: `approvals/<id>`.',
  'approvals.reject': 'Reject an approval. resource_ref: `approvals/<id>`.',
  'service_accounts.rotate_secret': 'Rotate a service account secret. resource_ref: `service-accounts/<id>`.',
  'role_assignments.grant_enterprise_admin':
    'Grant the `enterprise-admin` role (POST /role-assignments). resource_ref: the `principal_ref` receiving the role.',
  'clients.record_kyc_decision': "Record a KYC decision for a client (POST /clients/{client_id}/kyc-decisions). resource_ref: `clients/<id>`.",
  'api_keys.create':
    "Create an API key (POST /api-keys), required only while the enterprise's governance setting `passkey_step_up` is on. resource_ref: the `client_ref` the key is for.",
  'approvals.decide_many':
    'Approve or reject several approvals at once (POST /approvals/decisions). Give `batch {decision, approval_ids}` instead of resource_ref: the token is bound to the decision and the sorted list of ids (resource_ref `approval-decisions/<decision>/sha256:<hex of the sorted ids joined by commas>`).',
} as const;

/** Actions bound to a batch of approvals and a decision rather than to one resource. */
export const BATCH_ACTIONS: ReadonlySet<GovernedAction> = new Set<GovernedAction>(['approvals.decide_many']);

/**
 * The resource a bulk decision's token is bound to: the decision and a digest of the sorted, distinct
 * ids (the order they are listed in does not matter; a digest keeps a 100-id list indexable in audit).
 */
export const approvalBatchRef = (decision: 'approve' | 'reject', approvalIds: readonly string[]): string => {
  const ids = [...new Set(approvalIds.map((id) => id.toLowerCase()))].sort().join(',');
  return `approval-decisions/${decision}/sha256:${createHash('sha256').update(ids).digest('hex')}`;
};

export type GovernedAction = keyof typeof GOVERNED_ACTIONS;
export const ACTION_TOKEN_HEADER = 'x-action-token';
// The default lifetime is config.actionTokenTtlSeconds (COUNTERFOIL_ACTION_TOKEN_TTL_SECONDS).
export { MAX_ACTION_TOKEN_TTL_SECONDS } from '../config';

/** How the caller proved the request for the token: a plain authenticated request, or a passkey assertion bound to it. */
export type ActionTokenProof = 'request' | 'passkey';

export interface IssuedActionToken {
  id: string;
  token: string;
  action: GovernedAction;
  resourceRef: string;
  expiresAt: Date;
  createdAt: Date;
}

/** Issues a token bound to the caller's subject, the action and the resource; only its hash is stored. */
export async function issueActionToken(
  sql: Sql | TransactionSql,
  caller: Caller,
  input: { action: GovernedAction; resourceRef: string; ttlSeconds: number; proof?: ActionTokenProof },
): Promise<IssuedActionToken> {
  const token = `cfat_${randomBytes(32).toString('base64url')}`;
  const id = uuidv7();
  const [row] = await sql`
    insert into action_tokens (id, enterprise_id, subject_id, subject_kind, action, resource_ref, token_hash, expires_at, proof)
    values (${id}, ${caller.enterpriseId}, ${caller.subject.id}, ${caller.subject.kind}, ${input.action}, ${input.resourceRef},
            ${hashSecret(token)}, now() + make_interval(secs => ${input.ttlSeconds}), ${input.proof ?? 'request'})
    returning created_at, expires_at`;
  return { id, token, action: input.action, resourceRef: input.resourceRef, expiresAt: row.expires_at, createdAt: row.created_at };
}

/**
 * Spends the action token a governed request presented (`X-Action-Token`, read by the HTTP pipeline):
 * missing is 428; expired, already used, or bound to another subject, action or resource is 403. One
 * UPDATE decides, so two concurrent uses cannot both win. Returns how the token was proven (an approval
 * counts a delegate's decision only when a passkey proved it).
 */
export async function spendActionToken(
  input: { sql: Sql | TransactionSql; caller: Caller; presented: string | undefined; requestId: string | null },
  action: GovernedAction,
  resourceRef: string,
): Promise<ActionTokenProof> {
  const { presented } = input;
  if (!presented) {
    throw new AppError('EdgeActionTokenRequired', `This operation requires an action token for ${action} in X-Action-Token.`, {
      extensions: { action, resource_ref: resourceRef },
    });
  }
  const used = await input.sql`
    update action_tokens
       set used_at = now(), used_by_request_id = ${input.requestId}
     where token_hash = ${hashSecret(presented)}
       and used_at is null
       and expires_at > now()
       and enterprise_id = ${input.caller.enterpriseId}
       and subject_id = ${input.caller.subject.id}
       and action = ${action}
       and resource_ref = ${resourceRef}
    returning id, proof`;
  if (used.length === 0) {
    throw new AppError('EdgeForbidden', 'The action token is expired, already used, or bound to another caller, action or resource.', {
      reason: 'action_token_invalid',
    });
  }
  return used[0].proof as ActionTokenProof;
}

/**
 * Deletes action tokens that expired more than `graceSeconds` ago, used or not: an expired token can
 * never be spent, and the grace keeps a just-refused token inspectable for a while. Returns the count.
 */
export async function purgeExpiredActionTokens(sql: Sql, graceSeconds: number): Promise<number> {
  const deleted = await sql`delete from action_tokens where expires_at < now() - make_interval(secs => ${graceSeconds})`;
  return deleted.count;
}
