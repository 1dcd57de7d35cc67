import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { AppError } from '../../errors';
import { generateSecret, hashSecret } from '../../auth/secrets';
import { recordEvent } from '../../events/outbox';
import type { Services } from '../../services';
import { SA } from '../../temporal/search-attributes';
import { ServiceAccount } from '../iam/entities';
import { presentServiceAccount, principalRef } from '../iam/present';
import { assertHoldsAllOf } from '../iam/holdings';
import { findInScope } from '../iam/scopes';
import { assertTransition, type IamUnit, type Precondition } from '../iam/unit';
import { SECRET_ROTATED_SIGNAL, SECRET_ROTATION_WORKFLOW, secretRotationWorkflowId, type SecretRotated, type SecretRotationWorkflow } from './messages';
import { SecretRotationEvents } from './events';

/** Names a secret hash in workflow history without putting the hash itself there. */
export const secretFingerprint = (secretHash: string) => createHash('sha256').update(`secret-rotation:${secretHash}`).digest('hex').slice(0, 32);

export interface RotationOutcome {
  account: ServiceAccount;
  clientSecret: string;
}

/**
 * Starts the account's secret workflow, or hands the running one the account's current secret pair
 * (signal-with-start). Rotation calls it; service-account creation may too, so that the expiry warning
 * also covers secrets that are never rotated.
 */
export async function watchSecrets(services: Services, account: ServiceAccount): Promise<void> {
  const rotation: SecretRotated = {
    previousSecretFingerprint: account.previousSecretHash ? secretFingerprint(account.previousSecretHash) : null,
    previousSecretExpiresAt: account.previousSecretExpiresAt?.toISOString() ?? null,
    currentSecretExpiresAt: account.currentSecretExpiresAt.toISOString(),
    expiryWarningSeconds: services.config.secretExpiryWarningSeconds,
  };
  const client = await services.temporal.get();
  await client.workflow.signalWithStart<SecretRotationWorkflow, [SecretRotated]>(SECRET_ROTATION_WORKFLOW, {
    workflowId: secretRotationWorkflowId(account.id),
    taskQueue: services.temporal.taskQueue,
    args: [{ serviceAccountId: account.id, enterpriseId: account.enterpriseId }],
    signal: SECRET_ROTATED_SIGNAL,
    signalArgs: [rotation],
    typedSearchAttributes: [
      { key: SA.enterprise, value: account.enterpriseId },
      { key: SA.family, value: 'secret_rotation' },
      { key: SA.status, value: rotation.previousSecretFingerprint ? 'overlap' : 'awaiting_expiry_warning' },
    ],
  });
}

/**
 * Replaces the secret of an active service account. The current secret becomes the previous one for
 * `overlapSeconds` (never beyond its own expiry); a previous secret still overlapping from an earlier
 * rotation stops working at once (only two secrets ever work). The workflow is signalled inside the
 * transaction: if Temporal is unreachable nothing changes (503), and a signal for a rotation that then
 * fails to commit is harmless, because the workflow acts only on the secret hashes it was given.
 */
export async function rotateSecret(unit: IamUnit, services: Services, id: string, overlapSeconds: number, precondition?: Precondition): Promise<RotationOutcome> {
  // Concurrent rotations of one account take turns: each sees the secret pair the other left.
  await unit.em.execute('select 1 from service_accounts where id = ? for update', [id]);
  const account = await findInScope(unit.em, ServiceAccount, id, unit.caller, 'service_accounts.manage', 'parentRef', 'service account');
  precondition?.(account);
  assertTransition('service_account', 'rotate the secret of', account.status, ['active']);
  // The new secret signs in as the account: only a caller holding all it holds may have one.
  await assertHoldsAllOf(unit.em, unit.caller, account.id);
  const now = Date.now();
  const ref = principalRef('service_account', account.id);
  // Only two secrets: a previous one still on record is dropped now, whether or not its overlap had run out.
  const dropsPrevious = account.previousSecretHash !== null;

  const clientSecret = generateSecret('cfsk_');
  const previousUntil = Math.min(now + overlapSeconds * 1000, account.currentSecretExpiresAt.getTime());
  const keepsPrevious = previousUntil > now;
  account.previousSecretHash = keepsPrevious ? account.secretHash : null;
  account.previousSecretExpiresAt = keepsPrevious ? new Date(previousUntil) : null;
  account.secretHash = hashSecret(clientSecret);
  account.currentSecretExpiresAt = new Date(now + services.config.clientSecretTtlDays * 86_400_000);
  await unit.em.flush();

  const payload = presentServiceAccount(account);
  if (dropsPrevious) await unit.record(SecretRotationEvents.previousRetired, account.parentRef, ref, payload);
  await unit.record(SecretRotationEvents.rotated, account.parentRef, ref, payload);
  try {
    await watchSecrets(services, account);
  } catch (err) {
    services.log.error({ err, service_account: account.id }, 'secret rotation workflow could not be started');
    throw new AppError('TemporarilyUnavailable', 'The secret could not be rotated now; nothing changed. Retry later.', { headers: { 'Retry-After': '5' } });
  }
  return { account, clientSecret };
}

/** Workflow activity: drops the previous secret if it is still the one the rotation left (idempotent). */
export async function retirePreviousSecret(em: EntityManager, serviceAccountId: string, fingerprint: string): Promise<boolean> {
  return em.transactional(async (tx) => {
    const account = await tx.findOne(ServiceAccount, { id: serviceAccountId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!account?.previousSecretHash || secretFingerprint(account.previousSecretHash) !== fingerprint) return false;
    account.previousSecretHash = null;
    account.previousSecretExpiresAt = null;
    await tx.flush();
    await recordEvent(tx, {
      type: SecretRotationEvents.previousRetired,
      enterpriseId: account.enterpriseId,
      scopeRef: account.parentRef,
      resourceRef: principalRef('service_account', account.id),
      payload: presentServiceAccount(account),
      attribution: null,
    });
    return true;
  });
}

/** Workflow activity: records the expiry warning once per secret, and only while that secret is current. */
export async function recordSecretExpiring(em: EntityManager, serviceAccountId: string, secretExpiresAt: string): Promise<boolean> {
  return em.transactional(async (tx) => {
    const account = await tx.findOne(ServiceAccount, { id: serviceAccountId });
    if (!account || account.status !== 'active' || account.currentSecretExpiresAt.toISOString() !== secretExpiresAt) return false;
    const inserted = await tx.execute(
      `insert into service_account_secret_notices (service_account_id, secret_expires_at, kind) values (?, ?, 'expiring')
       on conflict do nothing returning 1`,
      [account.id, account.currentSecretExpiresAt],
    );
    if (inserted.length === 0) return false;
    await recordEvent(tx, {
      type: SecretRotationEvents.expiring,
      enterpriseId: account.enterpriseId,
      scopeRef: account.parentRef,
      resourceRef: principalRef('service_account', account.id),
      payload: presentServiceAccount(account),
      attribution: null,
    });
    return true;
  });
}
