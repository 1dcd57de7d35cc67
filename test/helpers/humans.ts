import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { uuidv7 } from '../../src/ids';
import { call, type TestApp } from './app';

/*
 * Tokens of people who signed in themselves, as the console does: an identity provider of the
 * enterprise with console sign-in (one per enterprise, registered on first use), an ID token it
 * signs for the user's e-mail, and the public token exchange. Such a token has no actor, so it can
 * decide approvals; a token a service account obtained by acting for the user cannot.
 */

const GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
const AUDIENCE = 'counterfoil-test-sign-in';
const KID = 'test-sign-in';

let signing: Promise<{ privateKey: CryptoKey; jwk: JWK }> | undefined;
const issuers = new Map<string, Promise<string>>();

function key() {
  signing ??= (async () => {
    const pair = await generateKeyPair('ES256');
    return { privateKey: pair.privateKey, jwk: { ...(await exportJWK(pair.publicKey)), kid: KID, use: 'sig', alg: 'ES256' } };
  })();
  return signing;
}

/**
 * Written straight to the table: a fixture, not the API under test, and so independent of whether
 * the enterprise's governance settings put new providers under a quorum.
 */
function issuerOf(app: TestApp, enterpriseId: string): Promise<string> {
  let issuer = issuers.get(enterpriseId);
  if (!issuer) {
    issuer = (async () => {
      const iss = `https://sign-in-${enterpriseId}.example.com`;
      const { jwk } = await key();
      await app.services.sql`
        insert into identity_providers (id, enterprise_id, display_name, issuer, audience, jwks, claim_mapping, allowed_algorithms, console_sign_in)
        values (${uuidv7()}, ${enterpriseId}, 'Test sign-in', ${iss}, ${AUDIENCE}, ${app.services.sql.json({ keys: [jwk] } as never)},
                ${app.services.sql.json({ subject: 'sub', email: 'email', email_verified: 'email_verified', display_name: 'name' })}, ${['ES256']}, true)
        on conflict (enterprise_id, issuer) do nothing`;
      return iss;
    })();
    issuers.set(enterpriseId, issuer);
  }
  return issuer;
}

/** An ID token of the enterprise's test provider for `email`, as a person's sign-in would bring back. */
export async function idTokenFor(app: TestApp, enterpriseId: string, email: string, subject = `person-${email}`): Promise<string> {
  const [iss, { privateKey }] = await Promise.all([issuerOf(app, enterpriseId), key()]);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email, email_verified: true, name: 'Test Person' })
    .setProtectedHeader({ alg: 'ES256', kid: KID })
    .setIssuer(iss)
    .setAudience(AUDIENCE)
    .setSubject(subject)
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(privateKey);
}

/**
 * The token of a user of `enterpriseId` who signed in themselves (no actor): the console's exchange.
 * `subject`: the provider's subject for them (default `person-<email>`); a recorded history keeps it.
 */
export async function humanToken(app: TestApp, enterpriseId: string, user: { email: string; subject?: string }): Promise<string> {
  const res = await call(app.url, 'POST', '/oauth/token', {
    body: { grant_type: GRANT, subject_token_type: ID_TOKEN, subject_token: await idTokenFor(app, enterpriseId, user.email, user.subject), audience: `enterprises/${enterpriseId}` },
  });
  if (res.status !== 200) throw new Error(`human sign-in: ${res.status} ${res.text}`);
  return res.body.access_token;
}
