import { randomBytes } from 'node:crypto';
import type { Sql, TransactionSql } from 'postgres';
import type { AuthenticationResponseJSON, AuthenticatorTransportFuture, RegistrationResponseJSON } from '@simplewebauthn/server';
import { AppError, notFound } from '../errors';
import { uuidv7 } from '../ids';
import type { Config } from '../config';
import type { Caller } from './caller';
import type { GovernedAction } from './action-tokens';

/*
 * Passkeys (WebAuthn) as the step-up of governed actions (docs/access.md#passkeys). The server keeps every
 * challenge: it is spent by the first verification that names it, whatever that verification concludes,
 * so a captured assertion can never be answered twice.
 */

// Loaded on first use: its ASN.1 and CBOR stack costs every process (and every test file) about 0.2 s at import.
const webauthn = () => import('@simplewebauthn/server');

/** Actions whose action token comes only from a passkey assertion while the enterprise's `passkey_step_up` is on. */
export const PASSKEY_ACTIONS: ReadonlySet<GovernedAction> = new Set<GovernedAction>([
  'approvals.approve',
  'approvals.reject',
  'approvals.decide_many',
  'api_keys.create',
]);

// How long a person has to answer a challenge is config.passkeyChallengeTtlSeconds (COUNTERFOIL_PASSKEY_CHALLENGE_TTL_SECONDS).

export interface PasskeyRow {
  id: string;
  enterprise_id: string;
  user_id: string;
  credential_id: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

export function presentPasskey(row: PasskeyRow) {
  return {
    id: row.id,
    resource: 'passkey' as const,
    user_ref: `users/${row.user_id}`,
    name: row.name,
    credential_id: row.credential_id,
    transports: row.transports,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}

/** Only people hold passkeys; a service account's request is 403. */
function personOf(caller: Caller): string {
  if (caller.subject.kind !== 'user') {
    throw new AppError('EdgeForbidden', 'Only people enrol and use passkeys; a service account cannot.', { reason: 'human_approval_required' });
  }
  return caller.subject.id;
}

/**
 * Enrolling or removing a passkey is done by the person themselves (signed in, no actor): a service
 * account acting for a user must never hold a passkey that then proves that user present.
 */
function selfAuthenticatedPerson(caller: Caller): string {
  const userId = personOf(caller);
  if (!caller.humanAuthenticated) {
    throw new AppError('EdgeForbidden', 'Only the person, signed in themselves, enrols or removes their passkeys; a token obtained by a service account cannot.', {
      reason: 'human_approval_required',
      extensions: { actor_ref: `service-accounts/${caller.actor!.id}` },
    });
  }
  return userId;
}

/** The origins an answer may come from: the configured ones, else the origin the request was sent to (`requestOrigin`, from HTTP). */
function expectedOrigins(config: Config, requestOrigin: string): string[] {
  return config.webauthn.origins.length > 0 ? config.webauthn.origins : [requestOrigin];
}

export async function listPasskeys(sql: Sql, caller: Caller): Promise<PasskeyRow[]> {
  if (caller.subject.kind !== 'user') return [];
  return (await sql`select * from passkeys where enterprise_id = ${caller.enterpriseId} and user_id = ${caller.subject.id} order by created_at, id`) as unknown as PasskeyRow[];
}

export async function deletePasskey(sql: Sql, caller: Caller, id: string): Promise<PasskeyRow> {
  const userId = selfAuthenticatedPerson(caller);
  const [row] = await sql`delete from passkeys where id = ${id} and enterprise_id = ${caller.enterpriseId} and user_id = ${userId} returning *`;
  if (!row) throw notFound('passkey');
  return row as unknown as PasskeyRow;
}

async function newChallenge(
  sql: Sql | TransactionSql,
  ttlSeconds: number,
  caller: Caller,
  userId: string,
  purpose: 'registration' | 'assertion',
  challenge: string,
  bound: { action: GovernedAction; resourceRef: string } | null,
) {
  const id = uuidv7();
  const [row] = await sql`
    insert into passkey_challenges (id, enterprise_id, user_id, purpose, challenge, action, resource_ref, expires_at)
    values (${id}, ${caller.enterpriseId}, ${userId}, ${purpose}, ${challenge}, ${bound?.action ?? null}, ${bound?.resourceRef ?? null},
            now() + make_interval(secs => ${ttlSeconds}))
    returning expires_at`;
  return { id, expiresAt: (row.expires_at as Date).toISOString() };
}

/**
 * Spends the caller's challenge: unknown, another person's, expired or already used is 403
 * `passkey_challenge_invalid`. One UPDATE decides, so two answers to one challenge cannot both pass.
 */
async function spendChallenge(sql: Sql | TransactionSql, caller: Caller, userId: string, id: string, purpose: 'registration' | 'assertion') {
  const [row] = await sql`
    update passkey_challenges set used_at = now()
     where id = ${id} and enterprise_id = ${caller.enterpriseId} and user_id = ${userId} and purpose = ${purpose}
       and used_at is null and expires_at > now()
    returning challenge, action, resource_ref`;
  if (!row) {
    throw new AppError('EdgeForbidden', 'The passkey challenge is unknown, expired or already answered; ask for a new one.', { reason: 'passkey_challenge_invalid' });
  }
  return row as { challenge: string; action: GovernedAction | null; resource_ref: string | null };
}

const notVerified = (detail: string) => new AppError('EdgeForbidden', `The passkey answer was not accepted: ${detail}`, { reason: 'passkey_not_verified' });

export async function registrationOptions(sql: Sql, config: Config, caller: Caller) {
  const userId = selfAuthenticatedPerson(caller);
  const [user] = await sql`select email, display_name from users where id = ${userId} and enterprise_id = ${caller.enterpriseId}`;
  if (!user) throw notFound('user');
  const existing = await listPasskeys(sql, caller);
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: config.webauthn.rpName,
    rpID: config.webauthn.rpId,
    userName: user.email as string,
    userDisplayName: user.display_name as string,
    userID: Buffer.from(userId),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports as AuthenticatorTransportFuture[] })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
  const challenge = await newChallenge(sql, config.passkeyChallengeTtlSeconds, caller, userId, 'registration', options.challenge, null);
  return { challenge_id: challenge.id, expires_at: challenge.expiresAt, public_key: options };
}

export async function registerPasskey(sql: Sql, config: Config, requestOrigin: string, caller: Caller, input: { challengeId: string; credential: RegistrationResponseJSON; name: string }) {
  const userId = selfAuthenticatedPerson(caller);
  const spent = await spendChallenge(sql, caller, userId, input.challengeId, 'registration');
  let verification;
  try {
    verification = await (await webauthn()).verifyRegistrationResponse({
      response: input.credential,
      expectedChallenge: spent.challenge,
      expectedOrigin: expectedOrigins(config, requestOrigin),
      expectedRPID: config.webauthn.rpId,
      requireUserVerification: true,
    });
  } catch (err) {
    throw notVerified((err as Error).message);
  }
  if (!verification.verified || !verification.registrationInfo) throw notVerified('the attestation did not verify.');
  const { credential } = verification.registrationInfo;
  const [row] = await sql`
    insert into passkeys (id, enterprise_id, user_id, credential_id, public_key, counter, transports, name)
    values (${uuidv7()}, ${caller.enterpriseId}, ${userId}, ${credential.id}, ${Buffer.from(credential.publicKey)}, ${credential.counter},
            ${input.credential.response.transports ?? credential.transports ?? []}, ${input.name})
    on conflict (credential_id) do nothing
    returning *`;
  if (!row) throw new AppError('EdgeConflict', 'This passkey is already enrolled.', { reason: 'passkey_enrolled' });
  return row as unknown as PasskeyRow;
}

/** A challenge bound to one governed action on one resource, answerable by any of the caller's passkeys. */
export async function assertionOptions(sql: Sql, config: Config, caller: Caller, bound: { action: GovernedAction; resourceRef: string }) {
  const userId = personOf(caller);
  const passkeys = await listPasskeys(sql, caller);
  if (passkeys.length === 0) {
    throw new AppError('EdgeConflict', 'Enrol a passkey first (Settings → Passkeys in the console, or POST /me/passkeys).', { reason: 'passkey_not_enrolled' });
  }
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: config.webauthn.rpId,
    challenge: randomBytes(32),
    allowCredentials: passkeys.map((p) => ({ id: p.credential_id, transports: p.transports as AuthenticatorTransportFuture[] })),
    userVerification: 'required',
  });
  const challenge = await newChallenge(sql, config.passkeyChallengeTtlSeconds, caller, userId, 'assertion', options.challenge, bound);
  return { challenge_id: challenge.id, expires_at: challenge.expiresAt, action: bound.action, resource_ref: bound.resourceRef, public_key: options };
}

/**
 * Verifies an assertion against its challenge and the caller's passkey; returns the action and resource
 * the challenge was bound to, for the action token. The signature counter must grow when the
 * authenticator keeps one (a cloned authenticator shows up as a counter that does not).
 */
export async function verifyAssertion(
  sql: Sql,
  config: Config,
  requestOrigin: string,
  caller: Caller,
  input: { challengeId: string; credential: AuthenticationResponseJSON },
): Promise<{ action: GovernedAction; resourceRef: string }> {
  const userId = personOf(caller);
  // Spent in its own statement, before verifying: a refused answer burns the challenge too.
  const spent = await spendChallenge(sql, caller, userId, input.challengeId, 'assertion');
  const [passkey] = (await sql`
    select * from passkeys where credential_id = ${input.credential.id} and enterprise_id = ${caller.enterpriseId} and user_id = ${userId}`) as unknown as PasskeyRow[];
  if (!passkey) throw notVerified('the passkey is not one of yours.');
  let verification;
  try {
    verification = await (await webauthn()).verifyAuthenticationResponse({
      response: input.credential,
      expectedChallenge: spent.challenge,
      expectedOrigin: expectedOrigins(config, requestOrigin),
      expectedRPID: config.webauthn.rpId,
      credential: { id: passkey.credential_id, publicKey: new Uint8Array(passkey.public_key), counter: Number(passkey.counter), transports: passkey.transports as AuthenticatorTransportFuture[] },
      requireUserVerification: true,
    });
  } catch (err) {
    throw notVerified((err as Error).message);
  }
  if (!verification.verified) throw notVerified('the signature did not verify.');
  await sql`update passkeys set counter = ${verification.authenticationInfo.newCounter}, last_used_at = now() where id = ${passkey.id}`;
  return { action: spent.action!, resourceRef: spent.resource_ref! };
}

/** Deletes challenges that expired more than `graceSeconds` ago, answered or not. */
export async function purgeExpiredPasskeyChallenges(sql: Sql, graceSeconds: number): Promise<number> {
  return (await sql`delete from passkey_challenges where expires_at < now() - make_interval(secs => ${graceSeconds})`).count;
}
