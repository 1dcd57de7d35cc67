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
  releaseOffRamp,
  sendOffRampPayout,
  type OffRampStatus,
  type OnRampStatus,
} from '../src/domain/ramps';

/**
 * Ramp session activities: each is one guarded transition (row lock + status guard) and the ledger
 * books with business keys `on_ramp/<id>` / `off_ramp/<id>`, so a retry never moves money twice.
 * Each returns the session's status after it.
 */
export function createRampActivities(services: Services) {
  return {
    activateOnRamp: (id: string): Promise<OnRampStatus> => activateOnRamp(services.sql, id),
    expireOnRamp: (id: string): Promise<OnRampStatus> => expireOnRamp(services.sql, id),
    onRampStatus: (id: string): Promise<OnRampStatus> => onRampStatus(services.sql, id),
    convertOnRamp: (id: string): Promise<OnRampStatus> => convertOnRamp(services.sql, id),
    completeOnRamp: (id: string): Promise<OnRampStatus> => completeOnRamp(services.sql, id, services.metrics),
    convertOffRamp: (id: string): Promise<OffRampStatus> => convertOffRamp(services.sql, id),
    sendOffRampPayout: (id: string): Promise<OffRampStatus> => sendOffRampPayout(services.sql, id, services.metrics),
    completeOffRamp: (id: string): Promise<OffRampStatus> => completeOffRamp(services.sql, id),
    approveOffRamp: (id: string, approvedBy: PrincipalRef[]): Promise<OffRampStatus> => approveOffRamp(services.sql, id, approvedBy),
    releaseOffRamp: (id: string, outcome: 'rejected' | 'expired' | 'cancelled', attribution: SubjectAttribution | null): Promise<OffRampStatus> =>
      releaseOffRamp(services.sql, id, outcome, attribution),
  };
}
