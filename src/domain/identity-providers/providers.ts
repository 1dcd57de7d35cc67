import { createPublicKey } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller } from '../../auth/caller';
import type { Permission } from '../../auth/permissions';
import { conflict, notFound, unprocessable, type FieldError } from '../../errors';
import { uuidv7 } from '../../ids';
import { OutboundRefused, resolveDestination, type OutboundPolicy } from '../../net/outbound';
import { violatedConstraint, type IamUnit, type Precondition } from '../iam/unit';
import { IdentityProvider, type ClaimMapping, type IdentityProviderStatus, type PublicJwks } from './entities';
import { IdentityProviderEvents } from './events';
import { DEFAULT_CLAIM_MAPPING, presentIdentityProvider } from './present';

export interface IdentityProviderChange {
  displayName?: string;
  /** Only on update: the provider moved (a new domain or port) and keeps its subjects. */
  issuer?: string;
  audience?: string;
  jwks?: PublicJwks;
  jwksUri?: string;
  claimMapping?: Partial<ClaimMapping>;
  allowedAlgorithms?: string[];
  status?: IdentityProviderStatus;
  consoleSignIn?: boolean;
}

export interface NewIdentityProvider extends IdentityProviderChange {
  displayName: string;
  issuer: string;
  audience: string;
}

const PUBLIC_KEY_TYPES = new Set(['RSA', 'EC', 'OKP']);
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/** Inline keys must be public asymmetric JWKs that parse; a JWKS URL must pass the outbound-URL policy. */
async function keySourceErrors(jwks: PublicJwks | null, jwksUri: string | null, policy: OutboundPolicy): Promise<FieldError[]> {
  if ((jwks === null) === (jwksUri === null)) return [{ pointer: '/body/jwks', detail: 'give exactly one of jwks and jwks_uri' }];
  const errors: FieldError[] = [];
  jwks?.keys.forEach((key, i) => {
    const pointer = `/body/jwks/keys/${i}`;
    if (!PUBLIC_KEY_TYPES.has(String(key.kty))) errors.push({ pointer, detail: 'kty must be RSA, EC or OKP' });
    else if (PRIVATE_MEMBERS.some((m) => m in key)) errors.push({ pointer, detail: 'must be a public key (no private members)' });
    else {
      try {
        createPublicKey({ key: key as never, format: 'jwk' });
      } catch {
        errors.push({ pointer, detail: 'not a valid JSON Web Key' });
      }
    }
  });
  if (jwksUri !== null) {
    try {
      await resolveDestination(jwksUri, policy);
    } catch (err) {
      if (!(err instanceof OutboundRefused)) throw err;
      errors.push({ pointer: '/body/jwks_uri', detail: err.reason });
    }
  }
  return errors;
}

async function apply(provider: IdentityProvider, change: IdentityProviderChange, policy: OutboundPolicy): Promise<void> {
  if (change.jwks !== undefined || change.jwksUri !== undefined) {
    const jwks = change.jwks ?? null;
    const jwksUri = change.jwksUri ?? null;
    const errors = await keySourceErrors(jwks, jwksUri, policy);
    if (errors.length) throw unprocessable('The signing keys of the identity provider are not usable.', errors);
    provider.jwks = jwks;
    provider.jwksUri = jwksUri;
  }
  if (change.displayName !== undefined) provider.displayName = change.displayName;
  if (change.audience !== undefined) provider.audience = change.audience;
  if (change.claimMapping !== undefined) provider.claimMapping = { ...provider.claimMapping, ...change.claimMapping };
  if (change.allowedAlgorithms !== undefined) provider.allowedAlgorithms = [...new Set(change.allowedAlgorithms)];
  if (change.status !== undefined) provider.status = change.status;
  if (change.consoleSignIn !== undefined) provider.consoleSignIn = change.consoleSignIn;
}

const issuerTaken = () => conflict('An identity provider with this issuer already exists in the enterprise.', 'issuer_taken');

async function flushOrConflict(em: EntityManager): Promise<void> {
  try {
    await em.flush();
  } catch (err) {
    if (violatedConstraint(err)) throw issuerTaken();
    throw err;
  }
}

/** Identity providers belong to the enterprise as a whole: permissions are checked at the enterprise scope. */
export async function loadIdentityProvider(em: EntityManager, caller: Caller, id: string, permission: Permission): Promise<IdentityProvider> {
  const row = await em.findOne(IdentityProvider, { id });
  if (!row) throw notFound('identity provider');
  caller.require(permission, [`enterprises/${row.enterpriseId}`], 'identity provider');
  return row;
}

export async function createIdentityProvider(unit: IamUnit, input: NewIdentityProvider, policy: OutboundPolicy): Promise<IdentityProvider> {
  const { em, caller } = unit;
  caller.require('identity_providers.manage', [caller.enterpriseRef], 'scope');
  if (input.jwks === undefined && input.jwksUri === undefined) {
    throw unprocessable('An identity provider needs signing keys.', [{ pointer: '/body/jwks', detail: 'give exactly one of jwks and jwks_uri' }]);
  }
  if ((await em.count(IdentityProvider, { enterpriseId: caller.enterpriseId, issuer: input.issuer })) > 0) throw issuerTaken();
  const provider = em.create(IdentityProvider, {
    id: uuidv7(),
    version: 1,
    enterpriseId: caller.enterpriseId,
    displayName: input.displayName,
    issuer: input.issuer,
    audience: input.audience,
    jwks: null,
    jwksUri: null,
    claimMapping: { ...DEFAULT_CLAIM_MAPPING },
    allowedAlgorithms: ['RS256', 'ES256'],
    status: 'active',
    consoleSignIn: false,
  } as IdentityProvider);
  await apply(provider, input, policy);
  await flushOrConflict(em);
  await unit.record(IdentityProviderEvents.created, caller.enterpriseRef, `identity-providers/${provider.id}`, presentIdentityProvider(provider));
  return provider;
}

export async function updateIdentityProvider(unit: IamUnit, id: string, change: IdentityProviderChange, policy: OutboundPolicy, precondition?: Precondition): Promise<IdentityProvider> {
  const provider = await loadIdentityProvider(unit.em, unit.caller, id, 'identity_providers.manage');
  precondition?.(provider);
  const movedFrom = change.issuer !== undefined && change.issuer !== provider.issuer ? provider.issuer : null;
  if (movedFrom) {
    if ((await unit.em.count(IdentityProvider, { enterpriseId: provider.enterpriseId, issuer: change.issuer })) > 0) throw issuerTaken();
    provider.issuer = change.issuer!;
  }
  await apply(provider, change, policy);
  await flushOrConflict(unit.em);
  // The same people at the same provider: their links follow it, so they keep signing in as themselves.
  if (movedFrom) {
    await unit.em.execute(
      'update users set federation_issuer = ?, version = version + 1, updated_at = now() where enterprise_id = ? and federation_issuer = ?',
      [provider.issuer, provider.enterpriseId, movedFrom],
    );
  }
  await unit.record(IdentityProviderEvents.updated, unit.caller.enterpriseRef, `identity-providers/${provider.id}`, presentIdentityProvider(provider));
  return provider;
}

/** The active provider of an enterprise for an ID token's issuer (token exchange). */
export function findActiveProvider(em: EntityManager, enterpriseId: string, issuer: string): Promise<IdentityProvider | null> {
  return em.findOne(IdentityProvider, { enterpriseId, issuer, status: 'active' });
}

/** The providers people of an enterprise may sign in to the web console with. */
export function consoleSignInProviders(em: EntityManager, enterpriseId: string): Promise<IdentityProvider[]> {
  return em.find(IdentityProvider, { enterpriseId, status: 'active', consoleSignIn: true }, { orderBy: { id: 'asc' } });
}
