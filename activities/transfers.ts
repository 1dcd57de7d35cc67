import type { Services } from '../src/services';
import type { PrincipalRef, SubjectAttribution } from '../src/auth/caller';
import { markTransferExecuting, releaseTransfer, settleTransfer, type TransferStatus } from '../src/domain/transfers';

/** Internal-transfer activities (approval path): idempotent by the row's status guards and the ledger's hold claim and keys. */
export function createTransferActivities(services: Pick<Services, 'sql' | 'metrics'>) {
  return {
    /** pending_approval → executing. Returns the status after (another status: someone else moved it). */
    markTransferExecuting: (transferId: string, approvedBy: PrincipalRef[]): Promise<TransferStatus | null> => markTransferExecuting(services.sql, transferId, approvedBy),
    /** executing → executed: posts the hold into the target account, once. */
    settleTransfer: (transferId: string): Promise<TransferStatus | null> => settleTransfer(services.sql, transferId, services.metrics),
    /** pending_approval → rejected | expired | cancelled: voids the hold, once. */
    releaseTransfer: (transferId: string, outcome: 'rejected' | 'expired' | 'cancelled', attribution: SubjectAttribution | null): Promise<TransferStatus | null> =>
      releaseTransfer(services.sql, transferId, outcome, attribution),
  };
}
