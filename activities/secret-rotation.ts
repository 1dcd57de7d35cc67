import type { EntityManager } from '@mikro-orm/postgresql';
import type { Services } from '../src/services';
import { recordSecretExpiring, retirePreviousSecret } from '../src/domain/secret-rotation/rotation';

export function createSecretRotationActivities(services: Pick<Services, 'orm'>) {
  const em = () => services.orm.em.fork() as EntityManager;
  return {
    /** Retires the previous secret if it is still the one the rotation left; false when there was nothing to do. */
    async retirePreviousSecret(input: { serviceAccountId: string; previousSecretFingerprint: string }): Promise<boolean> {
      return retirePreviousSecret(em(), input.serviceAccountId, input.previousSecretFingerprint);
    },
    /** Records the expiry warning of the current secret, once; false when already recorded or the secret changed. */
    async recordSecretExpiring(input: { serviceAccountId: string; secretExpiresAt: string }): Promise<boolean> {
      return recordSecretExpiring(em(), input.serviceAccountId, input.secretExpiresAt);
    },
  };
}
