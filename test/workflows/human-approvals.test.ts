import { call } from '../helpers/app';
import { humanToken, idTokenFor } from '../helpers/humans';
import { SoftwareAuthenticator } from '../helpers/software-authenticator';
import { Org, TOKEN_EXCHANGE, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * Four-eyes that one credential cannot defeat: a decision counts only when the person authenticated
 * themselves (their own sign-in, or a passkey assertion bound to the approval). The enterprise's
 * bootstrap service account holds `users.act_for`; acting for people it must not approve anything,
 * alone or through them, unless the enterprise turned `delegated_approvals` on, and then it is one party.
 */

let h: GovernedHarness;
let org: Org;
let destination: string;
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';

beforeAll(async () => {
  h = await startGovernedHarness();
  org = await Org.create(h.app, 'Four Eyes Ltd');
  destination = await org.destination(org.enterpriseRef);
});
afterAll(() => h.stop());

/** An account of its own client whose withdrawals of 50 USDC or more need `n` approvals, the initiator barred. */
async function governedAccount(n: number): Promise<string> {
  const [client, account] = await org.newClient();
  await org.fund(account, '1000.00');
  await org.rule({
    scope_ref: client,
    order: 1,
    conditions: { amount_at_least: { currency: 'USDC', value: '50.00' } },
    effect: { ...org.approvalEffect(), required_human_approvals: n },
  });
  return account;
}

async function pending(account: string, token: string): Promise<{ id: string; approvalRef: string }> {
  const res = await org.withdraw(account, destination, '60.00', token);
  expect([res.status, res.body.status]).toEqual([201, 'pending_approval']);
  return { id: res.body.id, approvalRef: res.body.approval_ref };
}

async function setDelegatedApprovals(on: boolean): Promise<void> {
  const current = await org.ok(200, 'GET', '/governance-settings');
  await org.ok(200, 'PATCH', '/governance-settings', { delegated_approvals: on }, { 'if-match': current.etag });
}

const actorRef = () => `service-accounts/${org.tenant.serviceAccountId}`;

describe('a service account acting for people', () => {
  it('initiates as one user and cannot approve as two others: 403 human_approval_required naming the actor, nothing moves', async () => {
    const account = await governedAccount(2);
    const [initiator, approverA, approverB] = await Promise.all([
      org.delegatedUser(['operator']),
      org.delegatedUser(['approver']),
      org.delegatedUser(['approver']),
    ]);
    const w = await pending(account, initiator.token);
    for (const approver of [approverA, approverB]) {
      const res = await org.decide(w.approvalRef, 'approve', approver.token);
      expect([res.status, res.body.reason, res.body.actor_ref]).toEqual([403, 'human_approval_required', actorRef()]);
      expect(res.body.detail).toContain(org.tenant.serviceAccountId);
    }
    const rejected = await org.decide(w.approvalRef, 'reject', approverA.token);
    expect([rejected.status, rejected.body.reason]).toEqual([403, 'human_approval_required']);
    const approval = await org.ok(200, 'GET', `/${w.approvalRef}`);
    expect([approval.status, approval.votes]).toEqual(['pending', []]);
    expect((await org.ok(200, 'GET', `/withdrawals/${w.id}`)).status).toBe('pending_approval');

    // Two people who signed in themselves then decide it; the initiation keeps its actor on record.
    const [first, second] = await Promise.all([org.user(['approver']), org.user(['approver'])]);
    expect((await org.decide(w.approvalRef, 'approve', first.token)).status).toBe(200);
    const done = await org.decide(w.approvalRef, 'approve', second.token);
    expect([done.status, done.body.status]).toEqual([200, 'approved']);
    expect(done.body.initiated_by).toMatchObject({ subject: { id: initiator.id, kind: 'user' }, actor: { id: org.tenant.serviceAccountId, kind: 'service_account' } });
    expect(done.body.decision.approved_by).toEqual([
      expect.objectContaining({ id: first.id, kind: 'user', actor: null }),
      expect.objectContaining({ id: second.id, kind: 'user', actor: null }),
    ]);
    expect(done.body.votes.map((v: { proof: string; actor: unknown }) => [v.proof, v.actor])).toEqual([['sign_in', null], ['sign_in', null]]);
    await org.waitFor(w.id, ['executed']);
  });

  it('cannot decide by carrying the person\'s ID token either: the carrier is the actor', async () => {
    const account = await governedAccount(1);
    const initiator = await org.user(['operator']);
    const w = await pending(account, initiator.token);
    const person = await org.platformUser(['approver'], org.enterpriseRef);
    const carried = await call(h.app.url, 'POST', '/oauth/token', {
      body: {
        grant_type: TOKEN_EXCHANGE,
        client_id: org.tenant.clientId,
        client_secret: org.tenant.clientSecret,
        subject_token: await idTokenFor(h.app, org.tenant.enterpriseId, person.email),
        subject_token_type: ID_TOKEN,
      },
    });
    expect(carried.status).toBe(200);
    const res = await org.decide(w.approvalRef, 'approve', carried.body.access_token);
    expect([res.status, res.body.reason, res.body.actor_ref]).toEqual([403, 'human_approval_required', actorRef()]);
    // The same person, signed in themselves, decides.
    const own = await humanToken(h.app, org.tenant.enterpriseId, person);
    expect((await org.decide(w.approvalRef, 'approve', own)).body.status).toBe('approved');
  });

  it('cannot enrol a passkey for the person it acts for', async () => {
    const delegate = await org.delegatedUser(['approver']);
    const res = await org.api('POST', '/me/passkeys/registration-options', undefined, {}, delegate.token);
    expect([res.status, res.body.reason]).toEqual([403, 'human_approval_required']);
  });
});

describe('a passkey assertion bound to the approval', () => {
  it('proves the person present even through a delegate: the vote counts, with its actor and proof on record', async () => {
    const account = await governedAccount(1);
    const initiator = await org.user(['operator']);
    const w = await pending(account, initiator.token);
    const person = await org.platformUser(['approver'], org.enterpriseRef);
    // The person enrols a passkey, signed in themselves.
    const own = await humanToken(h.app, org.tenant.enterpriseId, person);
    const authenticator = new SoftwareAuthenticator('localhost', h.app.url);
    const options = await org.ok(201, 'POST', '/me/passkeys/registration-options', undefined, {}, own);
    await org.ok(201, 'POST', '/me/passkeys', { challenge_id: options.challenge_id, name: 'Laptop', credential: authenticator.create(options.public_key) }, {}, own);
    // A carried sign-in (actor: the service account) answers a challenge bound to this approval with the person's passkey.
    const carried = await call(h.app.url, 'POST', '/oauth/token', {
      body: {
        grant_type: TOKEN_EXCHANGE,
        client_id: org.tenant.clientId,
        client_secret: org.tenant.clientSecret,
        subject_token: await idTokenFor(h.app, org.tenant.enterpriseId, person.email),
        subject_token_type: ID_TOKEN,
      },
    });
    const token = carried.body.access_token;
    const challenge = await org.ok(201, 'POST', '/action-tokens/passkey-challenges', { action: 'approvals.approve', resource_ref: w.approvalRef }, {}, token);
    const at = await org.ok(201, 'POST', '/action-tokens/passkey', { challenge_id: challenge.challenge_id, credential: authenticator.get(challenge.public_key) }, {}, token);
    const res = await org.api('POST', `/${w.approvalRef}/approve`, undefined, { 'x-action-token': at.token }, token);
    expect([res.status, res.body.status]).toEqual([200, 'approved']);
    expect(res.body.votes).toEqual([expect.objectContaining({ principal: expect.objectContaining({ id: person.id }), proof: 'passkey', actor: expect.objectContaining({ id: org.tenant.serviceAccountId }) })]);
    expect(res.body.decision.approved_by).toEqual([expect.objectContaining({ id: person.id, actor: expect.objectContaining({ id: org.tenant.serviceAccountId }) })]);
    await org.waitFor(w.id, ['executed']);
  });
});

describe('delegated_approvals (off by default)', () => {
  afterEach(() => setDelegatedApprovals(false));

  it('is off by default', async () => {
    expect((await org.ok(200, 'GET', '/governance-settings')).delegated_approvals).toBe(false);
  });

  it('when on, counts one actor as one party however many people it acts for', async () => {
    await setDelegatedApprovals(true);
    const account = await governedAccount(2);
    const initiator = await org.user(['operator']);
    const w = await pending(account, initiator.token);
    const [a, b] = await Promise.all([org.delegatedUser(['approver']), org.delegatedUser(['approver'])]);
    const first = await org.decide(w.approvalRef, 'approve', a.token);
    expect([first.status, first.body.status]).toEqual([200, 'pending']);
    expect(first.body.votes).toEqual([expect.objectContaining({ proof: 'delegated', actor: expect.objectContaining({ id: org.tenant.serviceAccountId }) })]);
    const second = await org.decide(w.approvalRef, 'approve', b.token);
    expect([second.status, second.body.reason]).toEqual([403, 'same_party_already_approved']);
    expect((await org.ok(200, 'GET', `/${w.approvalRef}`)).status).toBe('pending');
    // A second party (a person signed in themselves) completes the quorum.
    const person = await org.user(['approver']);
    const done = await org.decide(w.approvalRef, 'approve', person.token);
    expect([done.status, done.body.status]).toEqual([200, 'approved']);
    expect(done.body.decision.approved_by).toEqual([
      expect.objectContaining({ id: a.id, actor: expect.objectContaining({ id: org.tenant.serviceAccountId }) }),
      expect.objectContaining({ id: person.id, actor: null }),
    ]);
  });

  it('when on, still bars the actor the initiation went through', async () => {
    await setDelegatedApprovals(true);
    const account = await governedAccount(1);
    const initiator = await org.delegatedUser(['operator']);
    const w = await pending(account, initiator.token);
    const other = await org.delegatedUser(['approver']);
    const res = await org.decide(w.approvalRef, 'approve', other.token);
    expect([res.status, res.body.reason]).toEqual([403, 'initiator_cannot_approve']);
  });
});
