import type { EntityManager } from '@mikro-orm/postgresql';
import type { Services } from '../../services';
import { AppError } from '../../errors';
import type { KycStatus } from './entities';
import { recordKycDecision, type KycDecisionRow } from './kyc';
import { KYC_PATHS } from '../../providers/routing';
import type { ReportingConnector } from '../deposits/reports';

/**
 * The KYC seam: the provider serving a KYC path reports a decision for a client. In sandbox every
 * client is verified at creation (providers/kyc/sandbox.ts); otherwise a connector reports it (its `kyc.decision`
 * event) or, for the `operator` provider and always as an override, an operator records it (POST
 * /clients/{id}/kyc-decisions). Every decision goes through recordKycDecision.
 */
export interface KycReport {
  clientId: string;
  status: KycStatus;
  reason: string | null;
  reference: string | null;
}

/** A connector's decision: the client must be of its enterprise and the KYC path routed to it (422 otherwise). */
export async function reportKycDecision(services: Services, connector: ReportingConnector, eventId: string, report: KycReport): Promise<{ decision: KycDecisionRow; replayed: boolean }> {
  if (services.providers.providerOf('kyc', KYC_PATHS[0]) !== connector.name) {
    throw new AppError('EdgeUnprocessable', `KYC decisions are not routed to connector ${connector.name}.`, { reason: 'provider_not_routed' });
  }
  const result = await recordKycDecision(services.orm.em.fork() as EntityManager, {
    ...report,
    connector: { id: connector.id, eventId },
    attribution: null,
    authorize: (client) => {
      if (client.enterpriseId !== connector.enterpriseId) {
        throw new AppError('EdgeUnprocessable', 'No client of this enterprise has this id.', { reason: 'unknown_client', errors: [{ pointer: '/body/data/client_id', detail: 'unknown client' }] });
      }
    },
  });
  return { decision: result.decision, replayed: result.replayed };
}
