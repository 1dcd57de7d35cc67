import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller } from '../../auth/caller';
import type { Permission } from '../../auth/permissions';
import { conflict, notFound } from '../../errors';
import { recordEvent } from '../../events/outbox';
import { uuidv7 } from '../../ids';
import { assertEnterpriseOpen } from '../tenancy/lifecycle';
import { assertTransition, type Precondition } from '../iam/unit';
import { assertAccountsEmpty } from './clients';
import { Client, ClientAccount, type AccountHolderStatus } from './entities';
import { CLIENT_ACCOUNT_EVENTS } from './events';
import { TRANSITIONS, type HolderAction } from './lifecycle';
import { presentClientAccount } from './present';
import { auditAs, type AuditedAs } from '../audit/entries';

async function record(em: EntityManager, caller: Caller, type: string, account: ClientAccount) {
  const ref = `client-accounts/${account.id}`;
  await recordEvent(em, { type, enterpriseId: caller.enterpriseId, scopeRef: ref, resourceRef: ref, payload: presentClientAccount(account), attribution: caller.attribution() });
}

/** A new account of an active client (a suspended or closed client is 409). */
export async function createClientAccount(em: EntityManager, caller: Caller, input: { clientId: string; displayName: string }, audited?: AuditedAs<ClientAccount>): Promise<ClientAccount> {
  return em.transactional(async (tx) => {
    // FOR SHARE: a concurrent close of the client waits, so no account appears under a closed client.
    const client = await tx.findOne(Client, { id: input.clientId }, { lockMode: LockMode.PESSIMISTIC_READ });
    if (!client) throw notFound('client');
    await assertEnterpriseOpen(tx, client.enterpriseId);
    if (client.status !== 'active') throw conflict(`The client is ${client.status}.`, `client_${client.status}`);
    const account = tx.create(ClientAccount, {
      id: uuidv7(),
      version: 1,
      enterpriseId: client.enterpriseId,
      clientId: client.id,
      displayName: input.displayName,
      status: 'active',
    } as ClientAccount);
    await tx.flush();
    await record(tx, caller, CLIENT_ACCOUNT_EVENTS.created, account);
    await auditAs(tx, audited, account);
    return account;
  });
}

export async function updateClientAccount(
  em: EntityManager,
  caller: Caller,
  accountId: string,
  change: { displayName?: string },
  precondition: Precondition,
  audited?: AuditedAs<ClientAccount>,
): Promise<ClientAccount> {
  return em.transactional(async (tx) => {
    const account = await tx.findOne(ClientAccount, { id: accountId });
    if (!account) throw notFound('client account');
    precondition(account);
    await assertEnterpriseOpen(tx, account.enterpriseId);
    if (account.status === 'closed') throw conflict('The client account is closed.', 'client_account_closed');
    if (change.displayName !== undefined) account.displayName = change.displayName;
    await tx.flush();
    await record(tx, caller, CLIENT_ACCOUNT_EVENTS.updated, account);
    await auditAs(tx, audited, account);
    return account;
  });
}

/**
 * Suspends, reactivates or closes one client account. Close needs zero balances and no holds; the
 * account row is locked FOR UPDATE first, which waits for in-flight transfers (FOR KEY SHARE).
 * The client's default account closes only with the client; reactivation needs an active client.
 */
export async function changeClientAccountStatus(em: EntityManager, caller: Caller, accountId: string, action: HolderAction, audited?: AuditedAs<ClientAccount>): Promise<ClientAccount> {
  const t = TRANSITIONS[action];
  return em.transactional(async (tx) => {
    const account = await tx.findOne(ClientAccount, { id: accountId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!account) throw notFound('client account');
    await assertEnterpriseOpen(tx, account.enterpriseId);
    assertTransition('client_account', action, account.status, t.from);
    const client = await tx.findOneOrFail(Client, { id: account.clientId });
    if (action === 'reactivate' && client.status !== 'active') throw conflict(`The client is ${client.status}.`, `client_${client.status}`);
    if (action === 'close') {
      if (client.defaultClientAccountId === account.id && client.status !== 'closed') {
        throw conflict('The default account of a client closes with the client.', 'default_client_account');
      }
      await assertAccountsEmpty(tx, [account.id]);
    }
    account.status = t.to;
    await tx.flush();
    await record(tx, caller, CLIENT_ACCOUNT_EVENTS[t.event], account);
    await auditAs(tx, audited, account);
    return account;
  });
}

export const clientAccountPath = (a: Pick<ClientAccount, 'id' | 'enterpriseId' | 'clientId'>) => [
  `enterprises/${a.enterpriseId}`,
  `clients/${a.clientId}`,
  `client-accounts/${a.id}`,
];

/** The account if the caller holds `permission` at it (404 out of scope, 403 without it). */
export async function authorizedClientAccount(em: EntityManager, caller: Caller, id: string, permission: Permission): Promise<ClientAccount> {
  const row = await em.findOne(ClientAccount, { id });
  if (!row) throw notFound('client account');
  caller.require(permission, clientAccountPath(row), 'client account');
  return row;
}

/**
 * One page of the client accounts the caller may read, of one client (`scopeRef` `clients/<id>`) or
 * of its enterprise: no per-account filter when the whole enterprise or client is readable, else the
 * granted clients and accounts only. At most `limit` rows, oldest first.
 */
export async function listClientAccounts(
  em: EntityManager,
  caller: Caller,
  page: { scopeRef?: string; status?: AccountHolderStatus; after: string | null; limit: number },
): Promise<ClientAccount[]> {
  let clientId: string | undefined;
  if (page.scopeRef?.startsWith('clients/')) {
    clientId = page.scopeRef.slice(8);
    const client = await em.findOne(Client, { id: clientId });
    if (!client || !caller.sees([`enterprises/${client.enterpriseId}`, page.scopeRef])) return [];
  } else if (page.scopeRef && page.scopeRef !== caller.enterpriseRef) return [];
  const broad = caller.canBelow('clients.read', [caller.enterpriseRef]) || (clientId && caller.canBelow('clients.read', [caller.enterpriseRef, `clients/${clientId}`]));
  // A client's accounts only under a subtree grant at the client; an exact one reaches the client alone.
  const grants = caller.scopesWith('clients.read').filter((g) => g.propagation === 'subtree' || !g.scopeRef.startsWith('clients/')).map((g) => g.scopeRef);
  const visible = broad
    ? null
    : {
        $or: [
          { clientId: { $in: grants.filter((s) => s.startsWith('clients/')).map((s) => s.slice(8)) } },
          { id: { $in: grants.filter((s) => s.startsWith('client-accounts/')).map((s) => s.slice(16)) } },
        ],
      };
  return em.find(
    ClientAccount,
    {
      enterpriseId: caller.enterpriseId,
      ...(clientId ? { clientId } : {}),
      ...(page.status ? { status: page.status } : {}),
      ...(page.after ? { id: { $gt: page.after } } : {}),
      ...(visible ?? {}),
    },
    { orderBy: { id: 'asc' }, limit: page.limit },
  );
}
