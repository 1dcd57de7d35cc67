import { randomUUID } from 'node:crypto';
import { call, startTestApp, type TestApp } from '../helpers/app';
import { SoftwareAuthenticator } from '../helpers/software-authenticator';
import { newAdmin, newClient, newUser, type Admin } from './iam-fixtures';
import { humanToken } from '../helpers/humans';

let app: TestApp;
let admin: Admin;
let person: string;
let authenticator: SoftwareAuthenticator;

const approval = `approvals/${randomUUID()}`;

beforeAll(async () => {
  app = await startTestApp({ TEMPORAL_TASK_QUEUE: `unpolled-${randomUUID()}`, COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '1000' });
  admin = await newAdmin(app, 'Passkey Ltd');
  const user = await newUser(app, admin, admin.enterpriseRef);
  const approver = `roles/${admin.tenant.roleIds.approver}`;
  const granted = await call(app.url, 'POST', '/role-assignments', { token: admin.token, body: { principal_ref: `users/${user.id}`, role_ref: approver, scope_ref: admin.enterpriseRef } });
  expect(granted.status).toBe(201);
  // A person's own token, as the console gets one: their sign-in through the enterprise's identity provider.
  person = await humanToken(app, admin.tenant.enterpriseId, user);
  authenticator = new SoftwareAuthenticator('localhost', app.url);
});
afterAll(() => app.close());

const as = (token: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => call(app.url, method, path, { token, body, headers });

async function challengeFor(action: string, resourceRef: string) {
  const res = await as(person, 'POST', '/action-tokens/passkey-challenges', { action, resource_ref: resourceRef });
  expect(res.status).toBe(201);
  return res.body;
}

describe('passkeys', () => {
  it('a person enrols a passkey and lists it; a service account cannot enrol', async () => {
    const options = await as(person, 'POST', '/me/passkeys/registration-options');
    expect(options.status).toBe(201);
    expect(options.body.public_key).toMatchObject({ rp: { id: 'localhost', name: 'Counterfoil' }, authenticatorSelection: { userVerification: 'required' } });
    const enrolled = await as(person, 'POST', '/me/passkeys', { challenge_id: options.body.challenge_id, name: 'Laptop', credential: authenticator.create(options.body.public_key) });
    expect([enrolled.status, enrolled.body.detail]).toEqual([201, undefined]);
    expect(enrolled.body).toMatchObject({ resource: 'passkey', name: 'Laptop', transports: ['internal'], last_used_at: null });
    const listed = await as(person, 'GET', '/me/passkeys');
    expect(listed.body.items.map((p: { id: string }) => p.id)).toEqual([enrolled.body.id]);

    // The registration challenge was spent: the same answer again is refused.
    const again = await as(person, 'POST', '/me/passkeys', { challenge_id: options.body.challenge_id, name: 'Laptop', credential: authenticator.create(options.body.public_key) });
    expect(again.status).toBe(403);
    expect(again.body.reason).toBe('passkey_challenge_invalid');

    const machine = await as(admin.token, 'POST', '/me/passkeys/registration-options');
    expect(machine.status).toBe(403);
    expect(machine.body.reason).toBe('human_approval_required');
    expect((await as(admin.token, 'GET', '/me/passkeys')).body.items).toEqual([]);
  });

  it('an assertion yields the action token bound to the challenge; a replayed one is refused', async () => {
    const challenge = await challengeFor('approvals.approve', approval);
    expect(challenge.public_key.allowCredentials).toEqual([{ id: authenticator.credentialId.toString('base64url'), type: 'public-key', transports: ['internal'] }]);
    const assertion = authenticator.get(challenge.public_key);
    const issued = await as(person, 'POST', '/action-tokens/passkey', { challenge_id: challenge.challenge_id, credential: assertion });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ resource: 'action_token', action: 'approvals.approve', resource_ref: approval });
    expect(issued.body.token).toMatch(/^cfat_/);
    const [stored] = await app.services.sql`select counter, last_used_at from passkeys where credential_id = ${assertion.id}`;
    expect(Number(stored.counter)).toBeGreaterThan(1);
    expect(stored.last_used_at).not.toBeNull();

    const replayed = await as(person, 'POST', '/action-tokens/passkey', { challenge_id: challenge.challenge_id, credential: assertion });
    expect(replayed.status).toBe(403);
    expect(replayed.headers.get('content-type')).toContain('application/problem+json');
    expect(replayed.body.reason).toBe('passkey_challenge_invalid');
  });

  it('an answer to one challenge does not open another (action and record are the challenge’s)', async () => {
    const forReject = await challengeFor('approvals.reject', `approvals/${randomUUID()}`);
    const forApprove = await challengeFor('approvals.approve', approval);
    const res = await as(person, 'POST', '/action-tokens/passkey', { challenge_id: forApprove.challenge_id, credential: authenticator.get(forReject.public_key) });
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('passkey_not_verified');
    // The refused answer spent its challenge too.
    const retry = await as(person, 'POST', '/action-tokens/passkey', { challenge_id: forApprove.challenge_id, credential: authenticator.get(forApprove.public_key) });
    expect(retry.body.reason).toBe('passkey_challenge_invalid');
  });

  it('an expired challenge is refused', async () => {
    const challenge = await challengeFor('approvals.approve', approval);
    await app.services.sql`update passkey_challenges set expires_at = now() - interval '1 second' where id = ${challenge.challenge_id}`;
    const res = await as(person, 'POST', '/action-tokens/passkey', { challenge_id: challenge.challenge_id, credential: authenticator.get(challenge.public_key) });
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('passkey_challenge_invalid');
  });

  it('with passkey_step_up on, approvals and API keys take a token only from a passkey', async () => {
    const on = await as(admin.token, 'PATCH', '/governance-settings', { passkey_step_up: true });
    expect(on.status).toBe(200);
    expect(on.body.passkey_step_up).toBe(true);
    try {
      const plain = await as(person, 'POST', '/action-tokens', { action: 'approvals.approve', resource_ref: approval });
      expect(plain.status).toBe(403);
      expect(plain.body.reason).toBe('passkey_required');
      // Actions outside the step-up keep their plain action token.
      const other = await as(admin.token, 'POST', '/action-tokens', { action: 'service_accounts.rotate_secret', resource_ref: `service-accounts/${randomUUID()}` });
      expect(other.status).toBe(201);

      const client = await newClient(app, admin);
      const noToken = await as(admin.token, 'POST', '/api-keys', { client_ref: client, label: 'CI' });
      expect(noToken.status).toBe(428);
      expect(noToken.body.action).toBe('api_keys.create');
    } finally {
      await as(admin.token, 'PATCH', '/governance-settings', { passkey_step_up: false });
    }
  });

  it('a removed passkey no longer answers; without one a challenge says to enrol', async () => {
    const [mine] = (await as(person, 'GET', '/me/passkeys')).body.items;
    // A service account holds no passkeys and removes none (403), and nothing about the person's leaks.
    const machine = await as(admin.token, 'DELETE', `/me/passkeys/${mine.id}`);
    expect([machine.status, machine.body.reason]).toEqual([403, 'human_approval_required']);
    expect((await as(person, 'DELETE', `/me/passkeys/${mine.id}`)).status).toBe(200);
    const res = await as(person, 'POST', '/action-tokens/passkey-challenges', { action: 'approvals.approve', resource_ref: approval });
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('passkey_not_enrolled');
    expect(res.body.detail).toContain('Enrol a passkey');
  });
});
