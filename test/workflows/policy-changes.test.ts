import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { uuidv7 } from '../../src/ids';
import { call } from '../helpers/app';
import { Org, TOKEN_EXCHANGE, startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * Policy changes under quorum: rule activations, edits and retirements, governance settings, new
 * withdrawal destinations and identity providers wait for the enterprise's quorum of admins on the approval machinery and
 * its workflow (initiator barred, expiry); nothing changes until approved. Real API, worker, database.
 */

let h: GovernedHarness;
type User = { id: string; token: string };

beforeAll(async () => {
  h = await startGovernedHarness();
});
afterAll(() => h.stop());

/** `n` policy admins holding a role of their own (granting `enterprise-admin` itself needs an action token); the role is the settings' approving role. */
const governorRoles = new Map<Org, string>();
async function admins(org: Org, n: number): Promise<User[]> {
  const role = await org.ok(201, 'POST', '/roles', {
    name: `governors-${Math.random()}`,
    description: 'Policy admins',
    permissions: ['policies.read', 'policies.manage', 'approvals.read', 'approvals.decide', 'action_tokens.create', 'withdrawals.read', 'withdrawal_destinations.manage'],
    scope_ref: org.enterpriseRef,
  });
  governorRoles.set(org, `roles/${role.id}`);
  return Promise.all(Array.from({ length: n }, () => org.user([role.id])));
}
const approverRole = (org: Org) => governorRoles.get(org)!;

/** Polls a policy change until it leaves `pending_approval`. */
async function settled(org: Org, changeId: string, timeoutMs = 30_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const c = await org.ok(200, 'GET', `/policy-changes/${changeId}`);
    if (c.status !== 'pending_approval') return c;
    if (Date.now() > deadline) throw new Error(`policy change ${changeId} stayed pending`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function draft(org: Org, body: Record<string, unknown>): Promise<any> {
  return org.ok(201, 'POST', '/policies', { name: `rule-${Math.random()}`, action_family: 'withdrawal', order: 10, scope_ref: org.enterpriseRef, ...body });
}

it('one admin can no longer remove every approval alone', async () => {
  const org = await Org.create(h.app, 'Quorum Ltd');
  const [alice, bob, carol] = await admins(org, 3);
  const { account, destination } = await org.withdrawalAccount('1000.00');
  const rule = await org.rule({ order: 1, effect: org.approvalEffect() });

  expect(await org.ok(200, 'GET', '/governance-settings')).toMatchObject({
    policy_change_quorum: 0,
    approver_role_ref: `roles/${org.tenant.roleIds['enterprise-admin']}`,
    change_ttl_seconds: 604_800,
  });
  // Turning the quorum on needs nobody else.
  const on = await org.ok(200, 'PATCH', '/governance-settings', { policy_change_quorum: 2, approver_role_ref: approverRole(org) });
  expect(on).toMatchObject({ resource: 'governance_settings', policy_change_quorum: 2, approver_role_ref: approverRole(org), change_ttl_seconds: 604_800 });

  // Alice retires the approval rule: a proposal, not a change.
  const retire = await org.api('POST', `/policy-rules/${rule.id}/retire`, undefined, {}, alice.token);
  expect(retire.status).toBe(202);
  expect(retire.body).toMatchObject({
    resource: 'policy_change',
    kind: 'policy_rule.retire',
    target_ref: `policy-rules/${rule.id}`,
    target_version: expect.any(Number),
    status: 'pending_approval',
    approval_ref: expect.stringMatching(/^approvals\//),
    initiated_by: { subject: { id: alice.id } },
  });
  const approval = await org.ok(200, 'GET', `/${retire.body.approval_ref}`);
  expect(approval).toMatchObject({
    status: 'pending',
    action_family: 'policy_change',
    governed_ref: `policy-changes/${retire.body.id}`,
    requirement_snapshot: { source: 'governance', required_human_approvals: 2, initiator_cannot_approve: true, reason_code: 'policy_rule.retire' },
  });
  expect(Date.parse(approval.expires_at) - Date.parse(approval.created_at)).toBeGreaterThan(6.9 * 86_400_000);

  // Nor can she lower the quorum alone: that is a policy change too.
  const off = await org.api('PATCH', '/governance-settings', { policy_change_quorum: 0 }, {}, alice.token);
  expect(off.status).toBe(202);
  expect(off.body.kind).toBe('governance_settings.update');

  // Until approved, the old rule set is in force.
  expect((await org.ok(200, 'GET', `/policy-rules/${rule.id}`)).status).toBe('active');
  expect((await org.ok(200, 'GET', '/governance-settings')).policy_change_quorum).toBe(2);
  const governed = await org.withdraw(account, destination, '10.00');
  expect(governed.body.status).toBe('pending_approval');
  await org.ok(200, 'POST', `/withdrawals/${governed.body.id}/cancel`);

  // The initiator is barred; the quorum is two other admins.
  expect((await org.decide(retire.body.approval_ref, 'approve', alice.token)).body.reason).toBe('initiator_cannot_approve');
  expect((await org.decide(retire.body.approval_ref, 'approve', bob.token)).body.status).toBe('pending');
  expect((await org.decide(retire.body.approval_ref, 'approve', carol.token)).body.status).toBe('approved');
  const applied = await settled(org, retire.body.id);
  expect(applied).toMatchObject({ status: 'applied', applied_at: expect.any(String) });
  expect(applied.approved_by.map((p: { id: string }) => p.id).sort()).toEqual([bob.id, carol.id].sort());
  expect((await org.ok(200, 'GET', `/policy-rules/${rule.id}`)).status).toBe('retired');
  expect((await org.withdraw(account, destination, '10.00')).body.status).not.toBe('pending_approval');

  // One rejection leaves the settings as they were.
  expect((await org.decide(off.body.approval_ref, 'reject', bob.token)).body.status).toBe('rejected');
  expect(await settled(org, off.body.id)).toMatchObject({ status: 'rejected', failure_reason: 'approval_rejected' });
  expect((await org.ok(200, 'GET', '/governance-settings')).policy_change_quorum).toBe(2);

  // Events and audit entries of the proposal and its application.
  const events = await h.app.services.sql`
    select type from events where resource_ref = ${`policy-changes/${retire.body.id}`} order by id`;
  expect(events.map((e) => e.type)).toEqual(['policies.policy_change.pending_approval.v1', 'policies.policy_change.applied.v1']);
  const ruleEvents = await h.app.services.sql`select type, attribution from events where resource_ref = ${`policy-rules/${rule.id}`} and type = 'policies.policy_rule.retired.v1'`;
  expect(ruleEvents[0].attribution.approved_by.map((p: { id: string }) => p.id).sort()).toEqual([bob.id, carol.id].sort());
  const audit = await h.app.services.sql`
    select status_code from user_action_audit_entries where resource_ref = ${`policy-rules/${rule.id}`} and subject_id = ${alice.id}`;
  expect(audit.map((a) => a.status_code)).toEqual([202]);
  const list = await org.ok(200, 'GET', `/policy-changes?target_ref=policy-rules/${rule.id}`);
  expect(list.items.map((c: { id: string }) => c.id)).toEqual([retire.body.id]);
});

it('drafts change at once; an edit of an active rule waits, and fails if the rule changed meanwhile', async () => {
  const org = await Org.create(h.app, 'Quorum Drafts Ltd');
  const [alice, bob] = await admins(org, 2);
  const rule = await org.rule({ order: 1, effect: org.approvalEffect() });
  await org.ok(200, 'PATCH', '/governance-settings', { policy_change_quorum: 1, approver_role_ref: approverRole(org) });

  const d = await draft(org, { effect: { type: 'deny' } });
  expect((await org.api('PATCH', `/policy-rules/${d.id}`, { name: 'renamed draft' }, {}, alice.token)).status).toBe(200);

  const first = await org.api('PATCH', `/policy-rules/${rule.id}`, { effect: { type: 'allow' } }, {}, alice.token);
  const second = await org.api('PATCH', `/policy-rules/${rule.id}`, { name: 'renamed' }, {}, alice.token);
  expect([first.status, second.status]).toEqual([202, 202]);
  expect(first.body.change).toEqual({ effect: { type: 'allow' } });
  await org.decide(second.body.approval_ref, 'approve', bob.token);
  expect((await settled(org, second.body.id)).status).toBe('applied');
  // The first was proposed against the version the second replaced.
  await org.decide(first.body.approval_ref, 'approve', bob.token);
  expect(await settled(org, first.body.id)).toMatchObject({ status: 'failed', failure_reason: 'target_changed' });
  expect(await org.ok(200, 'GET', `/policy-rules/${rule.id}`)).toMatchObject({ name: 'renamed', effect: { type: 'require_approval' } });

  // A proposal is checked as the change would be: a retired rule is 409, nothing proposed.
  const retired = await draft(org, { effect: { type: 'deny' } });
  await org.ok(200, 'POST', `/policy-rules/${retired.id}/retire`);
  const refused = await org.api('POST', `/policy-rules/${retired.id}/activate`, undefined, {}, alice.token);
  expect(refused.status).toBe(409);
  expect((await org.ok(200, 'GET', `/policy-changes?target_ref=policy-rules/${retired.id}`)).items).toEqual([]);
});

it('an unapproved change expires and changes nothing', async () => {
  const org = await Org.create(h.app, 'Quorum Expiry Ltd');
  const [alice] = await admins(org, 1);
  await org.ok(200, 'PATCH', '/governance-settings', { policy_change_quorum: 1, change_ttl_seconds: 2, approver_role_ref: approverRole(org) });
  const d = await draft(org, { effect: { type: 'deny' } });
  const activate = await org.api('POST', `/policy-rules/${d.id}/activate`, undefined, {}, alice.token);
  expect(activate.status).toBe(202);
  expect(await settled(org, activate.body.id)).toMatchObject({ status: 'expired', failure_reason: 'approval_expired' });
  expect((await org.ok(200, 'GET', `/policy-rules/${d.id}`)).status).toBe('draft');
  expect((await org.ok(200, 'GET', `/${activate.body.approval_ref}`)).status).toBe('expired');
});

it('its initiator cancels a pending change through the approval: nothing changes', async () => {
  const org = await Org.create(h.app, 'Quorum Cancel Ltd');
  const [alice] = await admins(org, 1);
  await org.ok(200, 'PATCH', '/governance-settings', { policy_change_quorum: 1, approver_role_ref: approverRole(org) });
  const d = await draft(org, { effect: { type: 'deny' } });
  const activate = await org.api('POST', `/policy-rules/${d.id}/activate`, undefined, {}, alice.token);
  expect(activate.status).toBe(202);
  expect((await org.api('POST', `/${activate.body.approval_ref}/cancel`, undefined, {}, alice.token)).status).toBe(200);
  expect(await settled(org, activate.body.id)).toMatchObject({ status: 'cancelled' });
  expect((await org.ok(200, 'GET', `/policy-rules/${d.id}`)).status).toBe('draft');
  const events = await h.app.services.sql`select type from events where resource_ref = ${`policy-changes/${activate.body.id}`} order by seq`;
  expect(events.map((e) => e.type)).toContain('policies.policy_change.cancelled.v1');
});

it('a new withdrawal destination waits for approval, then for its cooling-off period', async () => {
  const org = await Org.create(h.app, 'Destination Quorum Ltd');
  const [alice] = await admins(org, 1);
  const [, account] = await org.newClient();
  await org.fund(account, '100.00');
  await org.ok(200, 'PATCH', '/governance-settings', { destination_approval_quorum: 1, destination_cooling_off_seconds: 3, approver_role_ref: approverRole(org) });

  const created = await org.ok(201, 'POST', '/withdrawal-destinations', {
    rail_class: 'crypto',
    scope_ref: org.enterpriseRef,
    crypto_routing: { asset: 'USDC', network: 'ethereum', label: 'New wallet', destination: { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', memo: null } },
  });
  expect(created).toMatchObject({ status: 'pending_approval', usable_from: null, approval_ref: expect.stringMatching(/^approvals\//) });
  const approval = await org.ok(200, 'GET', `/${created.approval_ref}`);
  expect(approval).toMatchObject({ action_family: 'withdrawal_destination', governed_ref: `withdrawal-destinations/${created.id}` });

  const pending = await org.withdraw(account, created.id, '10.00');
  expect(pending.status).toBe(409);
  expect(pending.body.reason).toBe('destination_pending_approval');

  expect((await org.decide(created.approval_ref, 'approve', alice.token)).body.status).toBe('approved');
  let d: any;
  for (let i = 0; i < 600; i++) {
    d = await org.ok(200, 'GET', `/withdrawal-destinations/${created.id}`);
    if (d.status !== 'pending_approval') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(d.status).toBe('active');
  expect(Date.parse(d.usable_from)).toBeGreaterThan(Date.now());

  const cooling = await org.withdraw(account, created.id, '10.00');
  expect(cooling.status).toBe(409);
  expect(cooling.body).toMatchObject({ reason: 'destination_cooling_off', usable_from: d.usable_from });

  await new Promise((r) => setTimeout(r, Date.parse(d.usable_from) - Date.now() + 50));
  const ok = await org.withdraw(account, created.id, '10.00');
  expect(ok.status).toBe(201);

  // Rejected: never usable.
  const other = await org.ok(201, 'POST', '/withdrawal-destinations', {
    rail_class: 'crypto',
    scope_ref: org.enterpriseRef,
    crypto_routing: { asset: 'USDC', network: 'ethereum', label: 'Rejected wallet', destination: { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', memo: null } },
  });
  await org.decide(other.approval_ref, 'reject', alice.token);
  const changes = await org.ok(200, 'GET', `/policy-changes?target_ref=withdrawal-destinations/${other.id}`);
  expect(await settled(org, changes.items[0].id)).toMatchObject({ kind: 'withdrawal_destination.create', status: 'rejected' });
  expect((await org.ok(200, 'GET', `/withdrawal-destinations/${other.id}`)).status).toBe('rejected');
  expect((await org.withdraw(account, other.id, '10.00')).body.reason).toBe('destination_rejected');
});

it('an identity provider a service account registers does not exist until another admin approves it', async () => {
  const org = await Org.create(h.app, 'Identity Quorum Ltd');
  const [bob] = await admins(org, 1);
  await org.ok(200, 'PATCH', '/governance-settings', { policy_change_quorum: 1, approver_role_ref: approverRole(org) });
  const victim = await org.ok(201, 'POST', '/users', { display_name: 'Victim', email: `victim-${uuidv7()}@example.com`, scope_ref: org.enterpriseRef });

  // Keys the service account controls, for an issuer of its choosing.
  const pair = await generateKeyPair('ES256');
  const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'rogue-1', use: 'sig' }] };
  const issuer = `https://rogue-${uuidv7()}.example.com`;
  const body = { display_name: 'Rogue SSO', issuer, audience: 'counterfoil', jwks, allowed_algorithms: ['ES256'], console_sign_in: true };
  const proposed = await org.api('POST', '/identity-providers', body);
  expect(proposed.status).toBe(202);
  expect(proposed.body).toMatchObject({
    resource: 'policy_change',
    kind: 'identity_provider.create',
    target_ref: expect.stringMatching(/^identity-providers\//),
    target_version: 0,
    change: body,
    status: 'pending_approval',
    initiated_by: { subject: { kind: 'service_account' } },
  });
  const providerPath = `/${proposed.body.target_ref}`;
  expect((await org.api('GET', providerPath)).status).toBe(404);
  // (The admins' own sign-in provider is the only one.)
  const issuers = async (path: string) => (await org.ok(200, 'GET', path)).items.map((p: { issuer: string }) => p.issuer);
  expect(await issuers('/identity-providers')).not.toContain(issuer);
  expect(await issuers(`/sign-in-providers?enterprise_ref=${org.enterpriseRef}`)).not.toContain(issuer);
  expect(await org.ok(200, 'GET', `/${proposed.body.approval_ref}`)).toMatchObject({
    status: 'pending',
    action_family: 'policy_change',
    governed_ref: `policy-changes/${proposed.body.id}`,
    requirement_snapshot: { source: 'governance', reason_code: 'identity_provider.create', required_human_approvals: 1 },
  });

  // An ID token it mints for someone else's e-mail signs nobody in meanwhile.
  const now = Math.floor(Date.now() / 1000);
  const forged = await new SignJWT({ email: victim.email, email_verified: true, name: 'Victim' })
    .setProtectedHeader({ alg: 'ES256', kid: 'rogue-1' })
    .setIssuer(issuer)
    .setAudience('counterfoil')
    .setSubject('victim')
    .setIssuedAt(now)
    .setExpirationTime(now + 300)
    .sign(pair.privateKey);
  const exchange = await call(h.app.url, 'POST', '/oauth/token', {
    body: { grant_type: TOKEN_EXCHANGE, client_id: org.tenant.clientId, client_secret: org.tenant.clientSecret, subject_token: forged, subject_token_type: 'urn:ietf:params:oauth:token-type:id_token' },
  });
  expect([exchange.status, exchange.body.error]).toEqual([400, 'invalid_grant']);
  expect((await org.ok(200, 'GET', `/users/${victim.id}`)).identity_source).toBe('platform-managed');

  // Another admin approves: the provider exists, as proposed, under the id the change named.
  expect((await org.decide(proposed.body.approval_ref, 'approve', bob.token)).body.status).toBe('approved');
  expect(await settled(org, proposed.body.id)).toMatchObject({ status: 'applied', approved_by: [expect.objectContaining({ id: bob.id })] });
  const created = await org.ok(200, 'GET', providerPath);
  expect(created).toMatchObject({ id: proposed.body.target_ref.split('/')[1], issuer, audience: 'counterfoil', jwks, console_sign_in: true, status: 'active', allowed_algorithms: ['ES256'] });
  const [event] = await h.app.services.sql`select attribution from events where resource_ref = ${proposed.body.target_ref} and type = 'iam.identity_provider.created.v1'`;
  expect(event.attribution.approved_by).toEqual([expect.objectContaining({ id: bob.id })]);

  // Who can sign in changes only under the quorum; removing access applies at once.
  const audience = await org.api('PATCH', providerPath, { audience: 'elsewhere' });
  expect(audience.status).toBe(202);
  expect(audience.body).toMatchObject({ kind: 'identity_provider.update', target_ref: proposed.body.target_ref, target_version: 1, change: { audience: 'elsewhere' } });
  const disabled = await org.api('PATCH', providerPath, { status: 'disabled', display_name: 'Disabled SSO' });
  expect(disabled.status).toBe(200);
  expect(disabled.body).toMatchObject({ status: 'disabled', audience: 'counterfoil' });
  await org.decide(audience.body.approval_ref, 'approve', bob.token);
  expect(await settled(org, audience.body.id)).toMatchObject({ status: 'failed', failure_reason: 'target_changed' });
  const enable = await org.api('PATCH', providerPath, { status: 'active' }, { 'if-match': disabled.body.etag });
  expect([enable.status, enable.body.kind]).toEqual([202, 'identity_provider.update']);
  expect((await org.ok(200, 'GET', providerPath)).status).toBe('disabled');
  await org.decide(enable.body.approval_ref, 'approve', bob.token);
  expect(await settled(org, enable.body.id)).toMatchObject({ status: 'applied' });
  expect(await org.ok(200, 'GET', providerPath)).toMatchObject({ status: 'active', display_name: 'Disabled SSO', audience: 'counterfoil' });
});
