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

/** A change as the API spells it: what a policy change under quorum stores, so approvers read what was asked. */
export interface IdentityProviderChangeBody {
  display_name?: string;
  issuer?: string;
  audience?: string;
  jwks?: PublicJwks;
  jwks_uri?: string;
  claim_mapping?: Partial<ClaimMapping>;
  allowed_algorithms?: string[];
  status?: IdentityProviderStatus;
  console_sign_in?: boolean;
}

export const changeOfBody = (b: IdentityProviderChangeBody): IdentityProviderChange => ({
  displayName: b.display_name,
  issuer: b.issuer,
  audience: b.audience,
  jwks: b.jwks,
  jwksUri: b.jwks_uri,
  claimMapping: b.claim_mapping,
  allowedAlgorithms: b.allowed_algorithms,
  status: b.status,
  consoleSignIn: b.console_sign_in,
});

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

/** What a provider is made of, as an entity or as a row read with raw SQL (an approved change, governance/changes.ts). */
export type ProviderFields = Pick<IdentityProvider, 'displayName' | 'issuer' | 'audience' | 'jwks' | 'jwksUri' | 'claimMapping' | 'allowedAlgorithms' | 'status' | 'consoleSignIn'>;

/** 422 unless the signing keys a change gives are usable. */
export async function assertUsableKeys(change: IdentityProviderChange, policy: OutboundPolicy): Promise<void> {
  if (change.jwks === undefined && change.jwksUri === undefined) return;
  const errors = await keySourceErrors(change.jwks ?? null, change.jwksUri ?? null, policy);
  if (errors.length) throw unprocessable('The signing keys of the identity provider are not usable.', errors);
}

/** Applies a checked change to the provider's fields, in place (the issuer too: moving it is the caller's to handle). */
export function mergeChange(provider: ProviderFields, change: IdentityProviderChange): void {
  if (change.jwks !== undefined || change.jwksUri !== undefined) {
    provider.jwks = change.jwks ?? null;
    provider.jwksUri = change.jwksUri ?? null;
  }
  if (change.issuer !== undefined) provider.issuer = change.issuer;
  if (change.displayName !== undefined) provider.displayName = change.displayName;
  if (change.audience !== undefined) provider.audience = change.audience;
  if (change.claimMapping !== undefined) provider.claimMapping = { ...provider.claimMapping, ...change.claimMapping };
  if (change.allowedAlgorithms !== undefined) provider.allowedAlgorithms = [...new Set(change.allowedAlgorithms)];
  if (change.status !== undefined) provider.status = change.status;
  if (change.consoleSignIn !== undefined) provider.consoleSignIn = change.consoleSignIn;
}

/** JSON with object keys sorted: the same keys compare equal whatever order they were stored or sent in. */
const canonical = (v: unknown): string =>
  v !== null && typeof v === 'object'
    ? Array.isArray(v)
      ? `[${v.map(canonical).join(',')}]`
      : `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`
    : JSON.stringify(v) ?? 'null';

/**
 * Whether going from `before` to `after` can let anyone sign in who could not: other keys, issuer,
 * audience or claim mapping, console sign-in turned on, or the provider enabled. Under the enterprise's
 * policy-change quorum such a change waits for it; one that only removes access does not.
 */
export function widensSignIn(before: ProviderFields, after: ProviderFields): boolean {
  const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);
  return (
    before.issuer !== after.issuer ||
    before.audience !== after.audience ||
    before.jwksUri !== after.jwksUri ||
    !same(before.jwks, after.jwks) ||
    !same(before.claimMapping, after.claimMapping) ||
    (after.consoleSignIn && !before.consoleSignIn) ||
    (after.status === 'active' && before.status !== 'active')
  );
}

export const issuerTaken = () => conflict('An identity provider with this issuer already exists in the enterprise.', 'issuer_taken');

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

/** A new provider's fields: the defaults, then what was asked. */
export function newProviderFields(input: NewIdentityProvider): ProviderFields {
  const fields: ProviderFields = {
    displayName: input.displayName,
    issuer: input.issuer,
    audience: input.audience,
    jwks: null,
    jwksUri: null,
    claimMapping: { ...DEFAULT_CLAIM_MAPPING },
    allowedAlgorithms: ['RS256', 'ES256'],
    status: 'active',
    consoleSignIn: false,
  };
  mergeChange(fields, input);
  return fields;
}

/** What creating the provider would refuse (permission, keys, a taken issuer), checked without writing anything. */
export async function assertCreatable(em: EntityManager, caller: Caller, input: NewIdentityProvider, policy: OutboundPolicy): Promise<void> {
  caller.require('identity_providers.manage', [caller.enterpriseRef], 'scope');
  if (input.jwks === undefined && input.jwksUri === undefined) {
    throw unprocessable('An identity provider needs signing keys.', [{ pointer: '/body/jwks', detail: 'give exactly one of jwks and jwks_uri' }]);
  }
  if ((await em.count(IdentityProvider, { enterpriseId: caller.enterpriseId, issuer: input.issuer })) > 0) throw issuerTaken();
  await assertUsableKeys(input, policy);
}

export async function createIdentityProvider(unit: IamUnit, input: NewIdentityProvider, policy: OutboundPolicy): Promise<IdentityProvider> {
  const { em, caller } = unit;
  await assertCreatable(em, caller, input, policy);
  const provider = em.create(IdentityProvider, { id: uuidv7(), version: 1, enterpriseId: caller.enterpriseId, ...newProviderFields(input) } as IdentityProvider);
  await flushOrConflict(em);
  await unit.record(IdentityProviderEvents.created, caller.enterpriseRef, `identity-providers/${provider.id}`, presentIdentityProvider(provider));
  return provider;
}

/** A copy of the provider's fields, to merge a change into without touching the provider. */
export const fieldsOf = (p: ProviderFields): ProviderFields => ({
  displayName: p.displayName,
  issuer: p.issuer,
  audience: p.audience,
  jwks: p.jwks,
  jwksUri: p.jwksUri,
  claimMapping: p.claimMapping,
  allowedAlgorithms: p.allowedAlgorithms,
  status: p.status,
  consoleSignIn: p.consoleSignIn,
});

/**
 * The provider and what `change` would make of it, checked as applying it checks (404 or 403, the
 * precondition, a taken issuer, unusable keys); nothing is written.
 */
export async function previewUpdate(
  em: EntityManager,
  caller: Caller,
  id: string,
  change: IdentityProviderChange,
  policy: OutboundPolicy,
  precondition?: Precondition,
): Promise<{ provider: IdentityProvider; next: ProviderFields }> {
  const provider = await loadIdentityProvider(em, caller, id, 'identity_providers.manage');
  precondition?.(provider);
  if (change.issuer !== undefined && change.issuer !== provider.issuer && (await em.count(IdentityProvider, { enterpriseId: provider.enterpriseId, issuer: change.issuer })) > 0) {
    throw issuerTaken();
  }
  await assertUsableKeys(change, policy);
  const next = fieldsOf(provider);
  mergeChange(next, change);
  return { provider, next };
}

export async function updateIdentityProvider(unit: IamUnit, id: string, change: IdentityProviderChange, policy: OutboundPolicy, precondition?: Precondition): Promise<IdentityProvider> {
  const { provider, next } = await previewUpdate(unit.em, unit.caller, id, change, policy, precondition);
  const movedFrom = next.issuer !== provider.issuer ? provider.issuer : null;
  Object.assign(provider, next);
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
