import type { Services } from '../src/services';
import type { PrincipalRef, SubjectAttribution } from '../src/auth/caller';
import { markConversionExecuting, releaseConversion, settleConversion, type ConversionStatus } from '../src/domain/conversions';

/** Conversion activities (approval path): idempotent by the record's status guards and the ledger's business keys. */
export function createConversionActivities(services: Pick<Services, 'sql' | 'metrics'>) {
  return {
    /** pending_approval → executing. Returns the status after (another status: someone else moved it). */
    async markConversionExecuting(conversionId: string, approvedBy: PrincipalRef[]): Promise<ConversionStatus | null> {
      return markConversionExecuting(services.sql, conversionId, approvedBy);
    },
    /** executing → executed: posts the hold, books the target leg, once. */
    async settleConversion(conversionId: string): Promise<ConversionStatus | null> {
      return settleConversion(services.sql, conversionId, services.metrics);
    },
    /** pending_approval → rejected | expired | cancelled: releases the hold, once. */
    async releaseConversion(conversionId: string, outcome: 'rejected' | 'expired' | 'cancelled', attribution: SubjectAttribution | null): Promise<ConversionStatus | null> {
      return releaseConversion(services.sql, conversionId, outcome, attribution);
    },
  };
}
