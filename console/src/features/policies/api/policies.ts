import type { Schemas } from '../../../../../clients/typescript/index';
import { api } from '../../../lib/session';

export type PolicyRule = Schemas['PolicyRule'];
export type PolicyChange = Schemas['PolicyChange'];
export type GovernanceSettings = Schemas['GovernanceSettings'];

export const listRules = (status: PolicyRule['status'] | undefined, pageToken: string | undefined) =>
  api.GET('/policy-rules', { params: { query: { status, page_size: 20, page_token: pageToken } } });

export const listPendingChanges = () => api.GET('/policy-changes', { params: { query: { status: 'pending_approval', page_size: 50 } } });

export const listRoles = () => api.GET('/roles', { params: { query: { page_size: 100 } } });

/** A draft governs nothing, so creating one never waits for a quorum; activating it may. */
export const createRule = (body: Schemas['PolicyRuleCreate']) => api.POST('/policies', { body });

/**
 * Activating or retiring a rule: 200 with the rule when it applies at once, 202 with a policy change when the
 * enterprise's quorum applies (the rule stays as it is until admins approve). If-Match: the rule as it was read.
 */
export const transitionRule = (rule: PolicyRule, to: 'activate' | 'retire') =>
  api.POST(to === 'activate' ? '/policy-rules/{rule_id}/activate' : '/policy-rules/{rule_id}/retire', {
    params: { path: { rule_id: rule.id }, header: { 'If-Match': rule.etag } },
  });

export const getGovernance = () => api.GET('/governance-settings');

/** 200 with the settings when they apply at once (no policy quorum yet), 202 with a policy change otherwise. */
export const updateGovernance = (etag: string, body: Schemas['GovernanceSettingsUpdate']) =>
  api.PATCH('/governance-settings', { params: { header: { 'If-Match': etag } }, body });
