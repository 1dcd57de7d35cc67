import type { Services } from '../src/services';
import type { PrincipalRef, SubjectAttribution } from '../src/auth/caller';
import {
  activateOnRamp,
  approveOffRamp,
  completeOffRamp,
  completeOnRamp,
  convertOffRamp,
  convertOnRamp,
  expireOnRamp,
  onRampStatus,
  findOffRamp,
  releaseOffRamp,
  returnOffRampPayout,
  sendOffRampPayout,
  type OffRampStatus,
  type OnRampStatus,
} from '../src/domain/ramps';
import { namingProviderFailures } from './providers';

/**
 * Ramp session activities: each is one guarded transition (row lock + status guard) and the ledger
 * books with business keys `on_ramp/<id>` / `off_ramp/<id>`, so a retry never moves money twice.
 * Each returns the session's status after it.
 */
export function createRampActivities(services: Pick<Services, 'sql' | 'metrics' | 'providers'>) {
  const market = (enterpriseId: string) => services.providers.market(enterpriseId);
  const session = async (id: string) => {
    const row = await findOffRamp(services.sql, id);
    if (!row) throw new Error(`off-ramp session ${id} is not visible yet`);
    return row;
  };
  /** The payout's bank rail provider (routing: the payout method's rail; a connector of the enterprise, or the sandbox bank). */
  const railFor = (enterpriseId: string) => (rail: string) => services.providers.rail(enterpriseId, rail);
  return {
    activateOnRamp: (id: string): Promise<OnRampStatus> => activateOnRamp(services.sql, id),
    expireOnRamp: (id: string): Promise<OnRampStatus> => expireOnRamp(services.sql, id),
    onRampStatus: (id: string): Promise<OnRampStatus> => onRampStatus(services.sql, id),
    convertOnRamp: async (id: string): Promise<OnRampStatus> => {
      const [row] = await services.sql`select enterprise_id from on_ramp_sessions where id = ${id}`;
      return convertOnRamp(services.sql, id, market(row.enterprise_id));
    },
    completeOnRamp: (id: string): Promise<OnRampStatus> => completeOnRamp(services.sql, id, services.metrics),
    convertOffRamp: async (id: string): Promise<OffRampStatus> => convertOffRamp(services.sql, id, market((await session(id)).enterprise_id)),
    /** Workflows started before the payout rail seam: submits and answers the status only. */
    sendOffRampPayout: async (id: string): Promise<OffRampStatus> =>
      (await sendOffRampPayout(services.sql, id, railFor((await session(id)).enterprise_id), services.metrics)).status,
    /** converting → payout_sent (or failed); `checkAfterMs`: when to ask the rail's provider for the outcome. Its provider failing is PROVIDER_UNAVAILABLE. */
    submitOffRampPayout: async (id: string): Promise<{ status: OffRampStatus; checkAfterMs: number }> =>
      namingProviderFailures(async () => sendOffRampPayout(services.sql, id, railFor((await session(id)).enterprise_id), services.metrics)),
    /** payout_sent → completed (confirmed) or failed (returned: the fiat credited back); pending: ask again after `checkAfterMs`. */
    offRampPayoutOutcome: async (id: string): Promise<{ status: OffRampStatus; checkAfterMs: number }> => {
      const row = await session(id);
      if (row.status !== 'payout_sent') return { status: row.status, checkAfterMs: 0 };
      const [method] = await services.sql`select rail from payout_methods where id = ${row.payout_method_id}`;
      const outcome = await namingProviderFailures(async () => (await services.providers.rail(row.enterprise_id, method.rail)).outcome(`off_ramp/${id}`));
      if (outcome.status === 'pending') return { status: row.status, checkAfterMs: outcome.checkAfterMs };
      const status = outcome.status === 'confirmed' ? await completeOffRamp(services.sql, id) : await returnOffRampPayout(services.sql, id, outcome.reason, services.metrics);
      return { status, checkAfterMs: 0 };
    },
    completeOffRamp: (id: string): Promise<OffRampStatus> => completeOffRamp(services.sql, id),
    approveOffRamp: (id: string, approvedBy: PrincipalRef[]): Promise<OffRampStatus> => approveOffRamp(services.sql, id, approvedBy),
    releaseOffRamp: (id: string, outcome: 'rejected' | 'expired' | 'cancelled', attribution: SubjectAttribution | null): Promise<OffRampStatus> =>
      releaseOffRamp(services.sql, id, outcome, attribution),
  };
}
