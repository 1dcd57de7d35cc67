import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, notFound } from '../../errors';
import { Enterprise } from './entities';
import { auditAs, type AuditedAs } from '../audit/entries';

/**
 * Replaces the enterprise's metadata; `assertCurrent` refuses a stale version (If-Match) before
 * anything changes. A closed enterprise is 410. The metadata and its audit entry commit together.
 */
export function updateEnterpriseMetadata(
  em: EntityManager,
  input: { enterpriseId: string; metadata: Record<string, string>; assertCurrent: (row: Enterprise) => void },
  audited?: AuditedAs<Enterprise>,
): Promise<Enterprise> {
  return em.transactional(async (tx) => {
    const found = await tx.findOne(Enterprise, { id: input.enterpriseId });
    if (!found) throw notFound('enterprise');
    input.assertCurrent(found);
    if (found.admissionState === 'closed') throw new AppError('EdgeGone', 'The enterprise is closed.', { reason: 'enterprise_closed' });
    found.metadata = input.metadata;
    await tx.flush();
    await auditAs(tx, audited, found);
    return found;
  });
}
