// Rule precedence across scopes is pure: rules, an operation and its scope path in, a decision out. No database.
import { decide, prevailingLevel, tightensApproval, type ApprovalEffect, type PolicyRule, type ProposedOperation, type RuleEffect } from '../../src/domain/policies/engine';

const E = 'enterprises/0193a1c2-7f00-7abc-8def-000000000001';
const C = 'clients/0193a1c2-7f00-7abc-8def-000000000002';
const A = 'client-accounts/0193a1c2-7f00-7abc-8def-000000000003';
const path = [E, C, A];

const approval = (over: Partial<ApprovalEffect> = {}): ApprovalEffect => ({
  type: 'require_approval',
  required_human_approvals: 1,
  approver_role_ref: 'roles/approvers',
  initiator_cannot_approve: true,
  approval_ttl_seconds: 3600,
  ...over,
});
const allow: RuleEffect = { type: 'allow' };
const deny: RuleEffect = { type: 'deny' };

let seq = 0;
const rule = (scopeRef: string, order: number, effect: RuleEffect, conditions: PolicyRule['conditions'] = {}): PolicyRule => ({
  id: `0193a1c2-7f00-7abc-8def-${String(++seq).padStart(12, '0')}`,
  version: 1,
  name: `rule ${seq}`,
  scopeRef,
  actionFamily: 'internal_transfer',
  order,
  conditions,
  effect,
});

const op = (amount: bigint): ProposedOperation => ({
  enterpriseId: E.slice('enterprises/'.length),
  actionFamily: 'internal_transfer',
  accountRef: A,
  asset: 'USD',
  amount,
  destinationRef: null,
  initiatorKind: 'user',
});
const atLeast50 = { amount_at_least: { currency: 'USD', value: '50.00' } };
const now = new Date('2026-01-15T00:00:00Z');
/** As the database hands them over: every applicable rule in (order, id), whatever its scope. */
const byOrder = (rules: PolicyRule[]) => [...rules].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));

describe('tightensApproval', () => {
  it.each([
    ['the same requirement', approval(), approval(), false],
    ['more approvals, same role', approval({ required_human_approvals: 2 }), approval(), true],
    ['fewer approvals', approval(), approval({ required_human_approvals: 2 }), false],
    ['another role, more approvals', approval({ approver_role_ref: 'roles/other', required_human_approvals: 3 }), approval(), false],
    ['bars the initiator the wider one lets approve', approval({ initiator_cannot_approve: true }), approval({ initiator_cannot_approve: false }), true],
    ['lets approve the initiator the wider one bars', approval({ initiator_cannot_approve: false, required_human_approvals: 2 }), approval(), false],
    ['only a different expiry', approval({ approval_ttl_seconds: 60 }), approval(), false],
  ])('%s', (_name, deeper, wider, expected) => {
    expect(tightensApproval(deeper, wider)).toBe(expected);
  });
});

describe('prevailingLevel', () => {
  it.each<[string, Array<RuleEffect | null>, number]>([
    ['no level decided', [null, null], -1],
    ['only the enterprise decided', [allow, null], 0],
    ['only the client decided', [null, deny], 1],
    ['a client allow cannot loosen an enterprise approval', [approval(), allow], 0],
    ['a client allow cannot loosen an enterprise deny', [deny, allow], 0],
    ['a client approval cannot loosen an enterprise deny', [deny, approval()], 0],
    ['a client deny tightens an enterprise allow', [allow, deny], 1],
    ['a client approval tightens an enterprise allow', [allow, approval()], 1],
    ['the same effect: the wider level stands', [deny, deny], 0],
    ['a stricter client approval of the same role tightens', [approval(), approval({ required_human_approvals: 3 })], 1],
    ['a weaker client approval leaves the enterprise one', [approval({ required_human_approvals: 2 }), approval()], 0],
    ['a client approval of another role leaves the enterprise one', [approval(), approval({ approver_role_ref: 'roles/other', required_human_approvals: 5 })], 0],
  ])('%s', (_name, levels, expected) => {
    expect(prevailingLevel(levels)).toBe(expected);
  });
});

describe('decide across scopes', () => {
  it('a client allow at order 0 does not lift the enterprise approval rule', () => {
    const enterprise = rule(E, 10, approval(), atLeast50);
    const client = rule(C, 0, allow);
    const decision = decide(byOrder([enterprise, client]), op(6000n), new Map(), now, path);
    expect(decision).toMatchObject({
      effect: 'require_approval',
      rule_ref: `policy-rules/${enterprise.id}`,
      rule_scope_ref: E,
      reason_code: 'amount_at_least',
      requirement: { authority_ref: `policy-rules/${enterprise.id}`, required_human_approvals: 1, approver_role_ref: 'roles/approvers' },
      levels: [
        { scope_ref: E, effect: 'require_approval', rule_ref: `policy-rules/${enterprise.id}`, decisive: true },
        { scope_ref: C, effect: 'allow', rule_ref: `policy-rules/${client.id}`, decisive: false },
      ],
    });
    // The trace lists the enterprise's rules first, although the client rule's order is lower.
    expect(decision.trace.map((t) => [t.scope_ref, t.matched])).toEqual([[E, true], [C, true]]);
  });

  it('below the enterprise threshold the client rule decides', () => {
    const enterprise = rule(E, 10, approval(), atLeast50);
    const client = rule(C, 0, allow);
    const decision = decide(byOrder([enterprise, client]), op(1000n), new Map(), now, path);
    expect(decision).toMatchObject({ effect: 'allow', rule_ref: `policy-rules/${client.id}`, rule_scope_ref: C, requirement: null });
    expect(decision.levels.map((l) => [l.effect, l.decisive])).toEqual([[null, false], ['allow', true]]);
  });

  it('within one level the first match by order still decides', () => {
    const exception = rule(E, 1, allow, { destinations: ['client-accounts/treasury'] });
    const general = rule(E, 2, approval(), atLeast50);
    const toTreasury = { ...op(6000n), destinationRef: 'client-accounts/treasury' };
    expect(decide(byOrder([general, exception]), toTreasury, new Map(), now, path)).toMatchObject({ effect: 'allow', rule_ref: `policy-rules/${exception.id}` });
    expect(decide(byOrder([general, exception]), op(6000n), new Map(), now, path)).toMatchObject({ effect: 'require_approval', rule_ref: `policy-rules/${general.id}` });
  });

  it('a client rule tightens: deny, or a stricter approval of the same role', () => {
    const enterprise = rule(E, 10, approval(), atLeast50);
    const stricter = rule(C, 5, approval({ required_human_approvals: 2 }));
    expect(decide(byOrder([enterprise, stricter]), op(6000n), new Map(), now, path)).toMatchObject({
      effect: 'require_approval',
      rule_scope_ref: C,
      requirement: { authority_ref: `policy-rules/${stricter.id}`, required_human_approvals: 2 },
    });
    const denial = rule(C, 20, deny);
    expect(decide(byOrder([enterprise, stricter, denial]), op(6000n), new Map(), now, path)).toMatchObject({
      effect: 'require_approval',
      rule_ref: `policy-rules/${stricter.id}`,
    });
    const clientDeny = rule(C, 0, deny);
    expect(decide(byOrder([enterprise, clientDeny]), op(6000n), new Map(), now, path)).toMatchObject({ effect: 'deny', rule_ref: `policy-rules/${clientDeny.id}`, rule_scope_ref: C });
  });

  it('no rules: allow with no levels', () => {
    expect(decide([], op(6000n), new Map(), now, path)).toMatchObject({ effect: 'allow', rule_ref: null, rule_scope_ref: null, reason_code: 'no_rule_matched', trace: [], levels: [] });
  });
});
