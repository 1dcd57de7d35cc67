import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { uuidv7 } from '../../ids';
import { generateSecret, hashSecret } from '../../auth/secrets';
import { ServiceAccount } from './entities';

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
  } as ServiceAccount);
  return { account, clientSecret };
}
