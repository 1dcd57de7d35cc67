import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../helpers/app';
import { Org } from '../workflows/withdrawal-fixtures';

let app: TestApp;
let org: Org;

beforeAll(async () => {
  // No worker: these tests never start a workflow.
  app = await startTestApp({ TEMPORAL_TASK_QUEUE: `unpolled-${randomUUID()}` });
  org = await Org.create(app, 'Policies Ltd');
});
afterAll(() => app.close());

const approverRole = () => `roles/${org.tenant.roleIds.approver}`;

describe('policy rules', () => {
  it('creates a draft, updates it with If-Match, activates and retires it', async () => {
    const created = await org.api('POST', '/policies', {
      name: 'Large withdrawals',
      scope_ref: org.enterpriseRef,
      action_family: 'withdrawal',
      order: 5,
      conditions: { amount_at_least: { currency: 'USDC', value: '1000.00' } },
      effect: { type: 'require_approval', required_human_approvals: 2, approver_role_ref: approverRole() },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      resource: 'policy_rule',
      status: 'draft',
      order: 5,
      effect: { type: 'require_approval', initiator_cannot_approve: true, approval_ttl_seconds: 86400 },
      activated_at: null,
    });
    const id = created.body.id;
    expect((await org.api('PATCH', `/policy-rules/${id}`, { order: 6 }, { 'if-match': '"stale"' })).status).toBe(412);
    const patched = await org.ok(200, 'PATCH', `/policy-rules/${id}`, { order: 6 }, { 'if-match': created.body.etag });
    expect(patched.order).toBe(6);
    expect(patched.etag).not.toBe(created.body.etag);
    const active = await org.ok(200, 'POST', `/policy-rules/${id}/activate`);
    expect(active).toMatchObject({ status: 'active', activated_at: expect.any(String) });
    expect((await org.api('POST', `/policy-rules/${id}/activate`)).status).toBe(409);
    expect((await org.ok(200, 'POST', `/policy-rules/${id}/retire`)).status).toBe('retired');
    const frozen = await org.api('PATCH', `/policy-rules/${id}`, { order: 1 });
    expect(frozen.status).toBe(409);
    expect(frozen.body.reason).toBe('policy_rule_retired');
    // Every change's audit entry was committed by the change's own transaction (with its event), once.
    const audited = await app.services.sql`
      select a.action, a.status_code, (select count(*)::int from events e where e.resource_ref = a.resource_ref and e.xmin::text = a.xmin::text) as with_event
        from user_action_audit_entries a where a.resource_ref = ${`policy-rules/${id}`} and a.outcome = 'succeeded' order by a.occurred_at, a.id`;
    expect([...audited]).toEqual([
      { action: 'createPolicy', status_code: 201, with_event: 1 },
      { action: 'updatePolicyRule', status_code: 200, with_event: 1 },
      { action: 'activatePolicyRule', status_code: 200, with_event: 1 },
      { action: 'retirePolicyRule', status_code: 200, with_event: 1 },
    ]);
    const list = await org.ok(200, 'GET', '/policy-rules?status=retired&action_family=withdrawal');
    expect(list.items.map((r: { id: string }) => r.id)).toContain(id);
    const stranger = await Org.create(app, 'Stranger Policies Ltd');
    expect((await stranger.api('GET', `/policy-rules/${id}`)).status).toBe(404);
    expect((await stranger.ok(200, 'GET', '/policy-rules')).items).toEqual([]);
  });

  it.each([
    ['an unknown asset', { conditions: { assets: ['DOGE'] } }, '/body/conditions/assets/0'],
    ['a bad threshold', { conditions: { amount_at_least: { currency: 'USDC', value: '1.0000001' } } }, '/body/conditions/amount_at_least/value'],
    ['an approving role of nobody', { effect: { type: 'require_approval', required_human_approvals: 1, approver_role_ref: `roles/${randomUUID()}` } }, '/body/effect/approver_role_ref'],
  ])('refuses %s with 422', async (_name, over, pointer) => {
    const res = await org.api('POST', '/policies', { name: 'x', scope_ref: org.enterpriseRef, action_family: 'withdrawal', order: 1, effect: { type: 'deny' }, ...over });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].pointer).toBe(pointer);
  });

  it('refuses an unknown field and a foreign scope', async () => {
    expect((await org.api('POST', '/policies', { name: 'x', scope_ref: org.enterpriseRef, action_family: 'withdrawal', order: 1, effect: { type: 'deny' }, colour: 'red' })).status).toBe(400);
    const stranger = await Org.create(app, 'Scope Stranger Ltd');
    expect((await org.api('POST', '/policies', { name: 'x', scope_ref: stranger.enterpriseRef, action_family: 'withdrawal', order: 1, effect: { type: 'deny' } })).status).toBe(404);
  });
});

describe('POST /policy-rules/evaluate', () => {
  it('traces every rule, lets the first match decide, and changes nothing', async () => {
    const [client, account] = await org.newClient();
    const evaluate = (value: string, extra: Record<string, unknown> = {}) =>
      org.ok(200, 'POST', '/policy-rules/evaluate', { action_family: 'withdrawal', account_ref: account, amount: { currency: 'USDC', value }, ...extra });
    expect(await evaluate('10.00')).toMatchObject({ effect: 'allow', rule_ref: null, reason_code: 'no_rule_matched' });

    const deny = await org.rule({ scope_ref: client, order: 1, conditions: { assets: ['USDT'] }, effect: { type: 'deny' } });
    const approve = await org.rule({
      scope_ref: client,
      order: 2,
      conditions: { amount_at_least: { currency: 'USDC', value: '500.00' }, initiator_kinds: ['service_account'] },
      effect: { type: 'require_approval', required_human_approvals: 1, approver_role_ref: approverRole(), approval_ttl_seconds: 600 },
    });
    const small = await evaluate('10.00');
    expect(small.effect).toBe('allow');
    expect(small.trace.map((t: { rule_ref: string; matched: boolean }) => [t.rule_ref, t.matched])).toEqual([
      [`policy-rules/${deny.id}`, false],
      [`policy-rules/${approve.id}`, false],
    ]);
    const large = await evaluate('600.00');
    expect(large).toMatchObject({
      effect: 'require_approval',
      rule_ref: `policy-rules/${approve.id}`,
      reason_code: 'amount_at_least',
      requirement: { authority_ref: `policy-rules/${approve.id}`, required_human_approvals: 1, approval_ttl_seconds: 600, source: 'policy', requirement_key: `policy-rules/${approve.id}/v2` },
    });
    expect(large.trace[1].conditions).toEqual([
      { condition: 'amount_at_least', matched: true, detail: expect.stringContaining('≥') },
      { condition: 'initiator_kinds', matched: true, detail: expect.any(String) },
    ]);
    expect((await evaluate('600.00', { initiator_kind: 'user' })).effect).toBe('allow');
    expect((await org.ok(200, 'POST', '/policy-rules/evaluate', { action_family: 'withdrawal', account_ref: account, amount: { currency: 'USDT', value: '1.00' } })).effect).toBe('deny');
    // Another family is not governed by these rules.
    expect((await evaluate('600.00', { action_family: 'conversion' })).effect).toBe('allow');
    const [velocity] = await app.services.sql`select count(*)::int as n from policy_velocity where account_ref = ${account}`;
    expect(velocity.n).toBe(0);
  });

  it('shows the effective decision across scopes: a client rule tightens but never loosens the enterprise\'s', async () => {
    // An enterprise of its own: its enterprise-wide rules must not show in the other tests' traces.
    const scoped = await Org.create(app, 'Scoped Evaluation Ltd');
    const [client, account] = await scoped.newClient();
    const evaluate = (value: string) =>
      scoped.ok(200, 'POST', '/policy-rules/evaluate', { action_family: 'internal_transfer', account_ref: account, amount: { currency: 'USD', value } });
    const approval = { type: 'require_approval', required_human_approvals: 1, approver_role_ref: `roles/${scoped.tenant.roleIds.approver}` };
    const enterprise = await scoped.rule({ action_family: 'internal_transfer', scope_ref: scoped.enterpriseRef, order: 10, conditions: { amount_at_least: { currency: 'USD', value: '50.00' } }, effect: approval });
    const loosen = await scoped.rule({ action_family: 'internal_transfer', scope_ref: client, order: 0, effect: { type: 'allow' } });

    const large = await evaluate('60.00');
    expect(large).toMatchObject({
      effect: 'require_approval',
      rule_ref: `policy-rules/${enterprise.id}`,
      rule_scope_ref: scoped.enterpriseRef,
      requirement: { authority_ref: `policy-rules/${enterprise.id}`, required_human_approvals: 1 },
      levels: [
        { scope_ref: scoped.enterpriseRef, effect: 'require_approval', rule_ref: `policy-rules/${enterprise.id}`, rule_name: enterprise.name, decisive: true },
        { scope_ref: client, effect: 'allow', rule_ref: `policy-rules/${loosen.id}`, rule_name: loosen.name, decisive: false },
      ],
    });
    // The enterprise's level is traced first, whatever the orders.
    expect(large.trace.map((t: { rule_ref: string; scope_ref: string; matched: boolean }) => [t.scope_ref, t.rule_ref, t.matched])).toEqual([
      [scoped.enterpriseRef, `policy-rules/${enterprise.id}`, true],
      [client, `policy-rules/${loosen.id}`, true],
    ]);
    expect(await evaluate('10.00')).toMatchObject({ effect: 'allow', rule_ref: `policy-rules/${loosen.id}`, rule_scope_ref: client, levels: [{ effect: null, decisive: false }, { effect: 'allow', decisive: true }] });

    // A deeper deny tightens.
    const tighten = await scoped.rule({ action_family: 'internal_transfer', scope_ref: client, order: 1, conditions: { amount_at_least: { currency: 'USD', value: '1000.00' } }, effect: { type: 'deny' } });
    await scoped.ok(200, 'POST', `/policy-rules/${loosen.id}/retire`);
    expect(await evaluate('2000.00')).toMatchObject({
      effect: 'deny',
      rule_ref: `policy-rules/${tighten.id}`,
      rule_scope_ref: client,
      levels: [{ scope_ref: scoped.enterpriseRef, effect: 'require_approval', decisive: false }, { scope_ref: client, effect: 'deny', decisive: true }],
    });
  });

  it('counts velocity over the rolling window from the register', async () => {
    const [client, account] = await org.newClient();
    await org.rule({ scope_ref: client, order: 1, conditions: { velocity: { window_seconds: 3600, total_at_least: { currency: 'USDC', value: '100.00' } } }, effect: { type: 'deny' } });
    const evaluate = () => org.ok(200, 'POST', '/policy-rules/evaluate', { action_family: 'withdrawal', account_ref: account, amount: { currency: 'USDC', value: '40.00' } });
    expect((await evaluate()).effect).toBe('allow');
    const { recordVelocity, releaseVelocity } = await import('../../src/domain/policies');
    const entry = (n: number) => ({ operationRef: `withdrawals/${randomUUID()}-${n}`, enterpriseId: org.tenant.enterpriseId, accountRef: account, actionFamily: 'withdrawal' as const, asset: 'USDC', amount: 30_000_000n });
    const [a, b] = [entry(1), entry(2)];
    await recordVelocity(app.services.sql, a);
    expect((await evaluate()).effect).toBe('allow');
    await recordVelocity(app.services.sql, b);
    const denied = await evaluate();
    expect(denied.effect).toBe('deny');
    expect(denied.trace[0].conditions[0].detail).toContain('100.000000 USDC');
    await releaseVelocity(app.services.sql, b.operationRef);
    expect((await evaluate()).effect).toBe('allow');
  });
});
