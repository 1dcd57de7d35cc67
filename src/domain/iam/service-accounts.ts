import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { uuidv7 } from '../../ids';
import { LATEST_API_VERSION } from '../../versions';
import { generateSecret, hashSecret } from '../../auth/secrets';
import type { Caller } from '../../auth/caller';
import { conflict } from '../../errors';
import { RoleAssignment, ServiceAccount, type ScopePropagation } from './entities';
import { IamEvents } from './events';
import { assertHoldsAllOf } from './holdings';
import { presentServiceAccount, principalRef } from './present';
import { asGrantable, grantInitialRoles, type InitialGrantOutcome } from './role-assignments';
import { findInScope, resolveBoundary } from './scopes';
import { assertTransition, violatedConstraint, type IamUnit, type Precondition } from './unit';

export interface NewServiceAccount {
  enterpriseId: string;
  description: string;
  parentRef: string;
  externalId?: string;
  secretTtlDays: number;
}

/** Creates a service account; the secret is returned once and only its hash is kept. */
export function createServiceAccount(em: EntityManager, input: NewServiceAccount): { account: ServiceAccount; clientSecret: string } {
  const clientSecret = generateSecret('cfsk_');
  const id = uuidv7();
  const account = em.create(ServiceAccount, {
    id,
    version: 1,
    enterpriseId: input.enterpriseId,
    description: input.description,
    parentRef: input.parentRef,
    externalId: input.externalId ?? id,
    status: 'active',
    clientId: `cfci_${randomBytes(12).toString('hex')}`,
    secretHash: hashSecret(clientSecret),
    currentSecretExpiresAt: new Date(Date.now() + input.secretTtlDays * 86_400_000),
    previousSecretHash: null,
    previousSecretExpiresAt: null,
    apiVersion: LATEST_API_VERSION,
  } as ServiceAccount);
  return { account, clientSecret };
}

export interface ServiceAccountRequest {
  description: string;
  parentRef: string;
  externalId?: string;
  roles: Array<{ role_ref: string; scope_ref: string; scope_propagation?: ScopePropagation }>;
  secretTtlDays: number;
}

export interface ServiceAccountOutcome extends InitialGrantOutcome {
  account: ServiceAccount;
  /** Returned once, on creation; null when provisioning found the account already there. */
  clientSecret: string | null;
  created: boolean;
}

const externalIdTaken = () => conflict('A service account with this external_id already exists in the enterprise.', 'external_id_taken');

async function authorizeParent(unit: IamUnit, parentRef: string): Promise<void> {
  unit.caller.require('service_accounts.manage', await resolveBoundary(unit.sql, unit.caller, parentRef, 'parent'), 'parent');
}

async function open(unit: IamUnit, input: ServiceAccountRequest): Promise<ServiceAccountOutcome> {
  const { em, caller } = unit;
  if (input.externalId !== undefined && (await em.count(ServiceAccount, { enterpriseId: caller.enterpriseId, externalId: input.externalId })) > 0) {
    throw externalIdTaken();
  }
  const { account, clientSecret } = createServiceAccount(em, { ...input, enterpriseId: caller.enterpriseId });
  try {
    await em.flush();
  } catch (err) {
    if (violatedConstraint(err)) throw externalIdTaken();
    throw err;
  }
  await unit.record(IamEvents.serviceAccountCreated, account.parentRef, principalRef('service_account', account.id), presentServiceAccount(account));
  const grants = await grantInitialRoles(unit, asGrantable(account), input.roles);
  return { account, clientSecret, created: true, ...grants };
}

/** POST /service-accounts: a new account, its secret once, and the outcome of each initial grant. */
export async function openServiceAccount(unit: IamUnit, input: ServiceAccountRequest): Promise<ServiceAccountOutcome> {
  await authorizeParent(unit, input.parentRef);
  return open(unit, input);
}

/**
 * Create-or-return by external_id. An existing account comes back as it is (no secret, no new grants,
 * its active assignments listed); one under another parent is 409. Concurrent calls with the same
 * external_id are serialized by an advisory lock, so exactly one creates.
 */
export async function provisionServiceAccount(unit: IamUnit, input: ServiceAccountRequest & { externalId: string }): Promise<ServiceAccountOutcome> {
  const { em, caller } = unit;
  await authorizeParent(unit, input.parentRef);
  await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`service-account:${caller.enterpriseId}:${input.externalId}`]);
  const existing = await em.findOne(ServiceAccount, { enterpriseId: caller.enterpriseId, externalId: input.externalId });
  if (!existing) return open(unit, input);
  if (existing.parentRef !== input.parentRef) {
    throw conflict('A service account with this external_id exists under another parent.', 'provision_mismatch');
  }
  const assignments = await em.find(RoleAssignment, { principalId: existing.id, status: 'active' }, { orderBy: { id: 'asc' } });
  return { account: existing, clientSecret: null, created: false, assignments, errors: [] };
}

export function readServiceAccount(em: EntityManager, caller: Caller, id: string): Promise<ServiceAccount> {
  return findInScope(em, ServiceAccount, id, caller, 'service_accounts.read', 'parentRef', 'service account');
}

/** Revocation is final; the account's tokens fail on their next request and its secrets stop working. */
export async function revokeServiceAccount(unit: IamUnit, id: string, precondition?: Precondition): Promise<ServiceAccount> {
  const account = await findInScope(unit.em, ServiceAccount, id, unit.caller, 'service_accounts.manage', 'parentRef', 'service account');
  precondition?.(account);
  assertTransition('service_account', 'revoke', account.status, ['active']);
  // Only an account the caller could stand in for: cutting off a more powerful one is not its call.
  await assertHoldsAllOf(unit.em, unit.caller, account.id);
  account.status = 'revoked';
  await unit.em.flush();
  await unit.record(IamEvents.serviceAccountRevoked, account.parentRef, principalRef('service_account', account.id), presentServiceAccount(account));
  await unit.principalChanged(account.id);
  return account;
}
