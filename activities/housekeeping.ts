import type { Services } from '../src/services';
import { purgeExpiredIdempotencyRecords } from '../src/idempotency/run';
import { purgeExpiredActionTokens } from '../src/auth/action-tokens';
import { purgeExpiredPasskeyChallenges } from '../src/auth/passkeys';
import { CHECKPOINT_KEY_NAME, checkpointAll, checkpointSigner, takeBalanceSnapshots } from '../src/ledger';

export function createHousekeepingActivities(services: Pick<Services, 'sql' | 'log' | 'platformKeys'>) {
  return {
    /** Deletes idempotency records past their retention; safe to repeat. Returns the count. */
    async purgeExpiredIdempotencyRecords(): Promise<number> {
      const purged = await purgeExpiredIdempotencyRecords(services.sql);
      services.log.info({ purged }, 'idempotency records purged');
      return purged;
    },

    /** Deletes action tokens (and passkey challenges) expired for more than `graceSeconds`; safe to repeat. Returns the tokens' count. */
    async purgeExpiredActionTokens(graceSeconds: number): Promise<number> {
      const purged = await purgeExpiredActionTokens(services.sql, graceSeconds);
      // Challenges are step-up material of the same lifetime; one sweep keeps the workflow unchanged.
      const challenges = await purgeExpiredPasskeyChallenges(services.sql, graceSeconds);
      services.log.info({ purged, passkey_challenges: challenges }, 'expired action tokens purged');
      return purged;
    },

    /** Signs a checkpoint of the hash chains for every enterprise whose ledger moved since its last one. Returns how many. */
    async signLedgerCheckpoints(): Promise<number> {
      const made = await checkpointAll(services.sql, checkpointSigner(await services.platformKeys.get(CHECKPOINT_KEY_NAME)));
      services.log.info({ checkpoints: made.length }, 'ledger checkpoints signed');
      return made.length;
    },

    /** Snapshots every balance with `everyEntries` new postings since its last snapshot; safe to repeat. Returns the count. */
    async takeBalanceSnapshots(everyEntries: number): Promise<number> {
      const written = await takeBalanceSnapshots(services.sql, { everyEntries });
      services.log.info({ written }, 'balance snapshots written');
      return written;
    },
  };
}
