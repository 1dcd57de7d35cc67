import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller } from '../../auth/caller';
import { conflict, notFound } from '../../errors';
import { recordEvent } from '../../events/outbox';
import { auditAs, type AuditedAs } from '../audit/entries';
import { Client, type KycStatus } from '../clients/entities';
import { CLIENT_EVENTS } from '../clients/events';
import { presentClient } from '../clients/present';

/** The two client fields the signed API gates on (9013 KYC_NOT_VERIFIED, 9014 API_NOT_AVAILABLE). */
export type ClientApiState = { kycStatus: KycStatus } | { apiAccess: boolean };

/**
 * Sets a client's identity-verification state or API access (sandbox simulators), with the
 * client's `updated` event and `audited`'s entry. The signed API caches both per process: a trigger notifies every process,
 * and the caller drops this process's entry after commit (`signedApiCaches(services).invalidateStanding()`).
 */
export async function setClientApiState(
  em: EntityManager,
  caller: Caller,
  clientId: string,
  change: ClientApiState,
  precondition: (c: Client) => void,
  audited?: AuditedAs<Client>,
): Promise<Client> {
  return em.transactional(async (tx) => {
    const client = await tx.findOne(Client, { id: clientId });
    if (!client) throw notFound('client');
    precondition(client);
    if (client.status === 'closed') throw conflict('The client is closed.', 'client_closed');
    const unchanged = 'kycStatus' in change ? client.kycStatus === change.kycStatus : client.apiAccess === change.apiAccess;
    if (unchanged) return client; // setting the value it has changes nothing and records no event
    if ('kycStatus' in change) client.kycStatus = change.kycStatus;
    else client.apiAccess = change.apiAccess;
    await tx.flush();
    await recordEvent(tx as EntityManager, {
      type: CLIENT_EVENTS.updated,
      enterpriseId: client.enterpriseId,
      scopeRef: `clients/${client.id}`,
      resourceRef: `clients/${client.id}`,
      payload: presentClient(client),
      attribution: caller.attribution(),
    });
    await auditAs(tx as EntityManager, audited, client);
    return client;
  });
}
