import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller } from '../../auth/caller';
import { AppError, conflict, notFound } from '../../errors';
import { recordEvent } from '../../events/outbox';
import { uuidv7 } from '../../ids';
import { formatAmount, openPositions } from '../../ledger';
import { assertEnterpriseOpen } from '../tenancy/lifecycle';
import { assertTransition, violatedConstraint, type Precondition } from '../iam/unit';
import { Client, ClientAccount, type AccountHolderStatus, type KycStatus } from './entities';
import { CLIENT_ACCOUNT_EVENTS, CLIENT_EVENTS } from './events';
import { TRANSITIONS, type HolderAction } from './lifecycle';
import { presentClient, presentClientAccount } from './present';
import { auditAs, type AuditedAs } from '../audit/entries';

export interface NewClient {
  enterpriseId: string;
  displayName: string;
  externalId: string;
  metadata: Record<string, string>;
  kycStatus: KycStatus;
}

async function record(em: EntityManager, caller: Caller, type: string, scopeRef: string, resourceRef: string, payload: unknown) {
  await recordEvent(em, { type, enterpriseId: caller.enterpriseId, scopeRef, resourceRef, payload, attribution: caller.attribution() });
}

/** Creates a client and its default client account in one transaction. */
export async function createClient(em: EntityManager, caller: Caller, input: NewClient, audited?: AuditedAs<Client>): Promise<Client> {
  try {
    return await em.transactional(async (tx) => {
      await assertEnterpriseOpen(tx, input.enterpriseId);
      const clientId = uuidv7();
      const accountId = uuidv7();
      const client = tx.create(Client, {
        id: clientId,
        version: 1,
        enterpriseId: input.enterpriseId,
        displayName: input.displayName,
        externalId: input.externalId,
        metadata: input.metadata,
        status: 'active',
        kycStatus: input.kycStatus,
        apiAccess: true,
        defaultClientAccountId: accountId,
      } as Client);
      const account = tx.create(ClientAccount, {
        id: accountId,
        version: 1,
        enterpriseId: input.enterpriseId,
        clientId,
        displayName: 'Default account',
        status: 'active',
      } as ClientAccount);
      await tx.flush();
      await record(tx, caller, CLIENT_EVENTS.created, `clients/${clientId}`, `clients/${clientId}`, presentClient(client));
      await record(tx, caller, CLIENT_ACCOUNT_EVENTS.created, `client-accounts/${accountId}`, `client-accounts/${accountId}`, presentClientAccount(account));
      await auditAs(tx, audited, client);
      return client;
    });
  } catch (err) {
    if (violatedConstraint(err)) throw conflict('A client with this external_id already exists in the enterprise.', 'external_id_taken');
    throw err;
  }
}

export async function updateClient(
  em: EntityManager,
  caller: Caller,
  clientId: string,
  change: { displayName?: string; metadata?: Record<string, string> },
  precondition: Precondition,
  audited?: AuditedAs<Client>,
): Promise<Client> {
  return em.transactional(async (tx) => {
    const client = await tx.findOne(Client, { id: clientId });
    if (!client) throw notFound('client');
    precondition(client);
    await assertEnterpriseOpen(tx, client.enterpriseId);
    if (client.status === 'closed') throw conflict('The client is closed.', 'client_closed');
    if (change.displayName !== undefined) client.displayName = change.displayName;
    if (change.metadata !== undefined) client.metadata = change.metadata;
    await tx.flush();
    await record(tx, caller, CLIENT_EVENTS.updated, `clients/${client.id}`, `clients/${client.id}`, presentClient(client));
    await auditAs(tx, audited, client);
    return client;
  });
}

/** 409 unless every balance of the accounts is zero with no pending hold. */
export async function assertAccountsEmpty(em: EntityManager, accountIds: string[]): Promise<void> {
  const open = await openPositions(em, { accountRefs: accountIds.map((id) => `client-accounts/${id}`) });
  if (open.length === 0) return;
  throw new AppError('EdgeConflict', 'Every balance must be zero with no pending holds before closing.', {
    reason: 'balances_not_zero',
    extensions: {
      open_balances: open.map((b) => ({ owner_ref: b.accountRef, asset: b.asset, total: formatAmount(b.total, b.asset), held: formatAmount(b.held, b.asset) })),
    },
  });
}

/**
 * Suspends, reactivates or closes a client. Closing needs every account of the client at zero with
 * no holds and closes them too. Account rows are locked FOR UPDATE in id order, which waits for
 * in-flight transfers (they hold FOR KEY SHARE on the accounts they touch) and blocks new ones.
 */
export async function changeClientStatus(em: EntityManager, caller: Caller, clientId: string, action: HolderAction, audited?: AuditedAs<Client>): Promise<Client> {
  const t = TRANSITIONS[action];
  return em.transactional(async (tx) => {
    const client = await tx.findOne(Client, { id: clientId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!client) throw notFound('client');
    await assertEnterpriseOpen(tx, client.enterpriseId);
    assertTransition('client', action, client.status, t.from);
    if (action === 'close') {
      const accounts = await tx.find(ClientAccount, { clientId }, { orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE });
      await assertAccountsEmpty(tx, accounts.map((a) => a.id));
      for (const a of accounts.filter((x) => x.status !== 'closed')) {
        a.status = 'closed';
        await tx.flush();
        await record(tx, caller, CLIENT_ACCOUNT_EVENTS.closed, `client-accounts/${a.id}`, `client-accounts/${a.id}`, presentClientAccount(a));
      }
    }
    client.status = t.to;
    await tx.flush();
    await record(tx, caller, CLIENT_EVENTS[t.event], `clients/${client.id}`, `clients/${client.id}`, presentClient(client));
    await auditAs(tx, audited, client);
    return client;
  });
}

const clientPath = (c: Client) => [`enterprises/${c.enterpriseId}`, `clients/${c.id}`];

/** The client if the caller holds `permission` at it (404 out of scope, 403 without it). */
export async function authorizedClient(em: EntityManager, caller: Caller, id: string, permission: 'clients.read' | 'clients.manage' | 'kyc.read'): Promise<Client> {
  const row = await em.findOne(Client, { id });
  if (!row) throw notFound('client');
  caller.require(permission, clientPath(row), 'client');
  return row;
}

/**
 * One page of the clients the caller may read in `scopeRef` (its enterprise when absent): all of
 * them with an enterprise-wide grant, else those it is granted at. At most `limit` rows, oldest first.
 */
export async function listClients(
  em: EntityManager,
  caller: Caller,
  page: { scopeRef?: string; status?: AccountHolderStatus; after: string | null; limit: number },
): Promise<Client[]> {
  if (page.scopeRef && page.scopeRef !== caller.enterpriseRef) return [];
  const granted = caller.canBelow('clients.read', [caller.enterpriseRef])
    ? null
    : caller.scopesWith('clients.read').flatMap((g) => (g.scopeRef.startsWith('clients/') ? [g.scopeRef.slice(8)] : []));
  if (granted && granted.length === 0) return [];
  const id = { ...(granted ? { $in: granted } : {}), ...(page.after ? { $gt: page.after } : {}) };
  return em.find(
    Client,
    { enterpriseId: caller.enterpriseId, ...(page.status ? { status: page.status } : {}), ...(granted || page.after ? { id } : {}) },
    { orderBy: { id: 'asc' }, limit: page.limit },
  );
}
