import { condition, defineSignal, proxyActivities, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { SECRET_ROTATED_SIGNAL, type SecretRotated, type SecretRotationStart } from '../src/domain/secret-rotation/messages';
import { SA } from '../src/temporal/search-attributes';
import { versioned } from './versioning';

const { retirePreviousSecret, recordSecretExpiring } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 10 },
});

export const secretRotatedSignal = defineSignal<[SecretRotated]>(SECRET_ROTATED_SIGNAL);

/**
 * The life of a service account's secrets after a rotation, one workflow per account (started or
 * signalled with signal-with-start): wait for the overlap to end and retire the previous secret, then
 * wait until shortly before the current secret expires and record a warning. A rotation arriving
 * meanwhile restarts the cycle with the new pair; the database has already dropped the older secret.
 */
export async function secretRotationWorkflow(start: SecretRotationStart): Promise<void> {
  let next: SecretRotated | undefined;
  setHandler(secretRotatedSignal, (rotation) => {
    next = rotation;
  });
  const status = (value: string) =>
    upsertSearchAttributes([
      { key: SA.enterprise, value: start.enterpriseId },
      { key: SA.family, value: 'secret_rotation' },
      { key: SA.status, value },
    ]);
  /** Waits until `at` or the next rotation; true when a rotation came first. */
  const rotatedBefore = async (at: string): Promise<boolean> => {
    const ms = Date.parse(at) - Date.now();
    return ms > 0 ? condition(() => next !== undefined, ms) : next !== undefined;
  };

  status('awaiting_rotation');
  await condition(() => next !== undefined);
  for (;;) {
    const rotation = next!;
    next = undefined;
    if (rotation.previousSecretFingerprint && rotation.previousSecretExpiresAt) {
      status('overlap');
      if (await rotatedBefore(rotation.previousSecretExpiresAt)) continue;
      await retirePreviousSecret({ serviceAccountId: start.serviceAccountId, previousSecretFingerprint: rotation.previousSecretFingerprint });
    }
    status('awaiting_expiry_warning');
    const warnAt = new Date(Date.parse(rotation.currentSecretExpiresAt) - rotation.expiryWarningSeconds * 1000).toISOString();
    if (await rotatedBefore(warnAt)) continue;
    await recordSecretExpiring({ serviceAccountId: start.serviceAccountId, secretExpiresAt: rotation.currentSecretExpiresAt });
    if (next !== undefined) continue;
    status('expiry_warned');
    return;
  }
}

versioned('PINNED', secretRotationWorkflow);
