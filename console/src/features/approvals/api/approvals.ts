import { api } from '../../../lib/session';
import { stepUpToken } from '../../../lib/step-up';

export type Verdict = 'approve' | 'reject';
export type InboxView = 'mine' | 'pending' | 'all';

/** "Waiting for me" is what this person may decide (decidable=true); the others are every approval in reach. */
export const listApprovals = (view: InboxView, pageToken: string | undefined) =>
  api.GET('/approvals', {
    params: { query: { decidable: view === 'mine' ? 'true' : undefined, status: view === 'pending' ? 'pending' : undefined, page_size: 20, page_token: pageToken } },
  });

/** The most the live count reads: beyond it the count shows "100+". */
export const COUNT_CAP = 100;

/**
 * How many approvals wait for this person. Polled: the answer carries an ETag and `Cache-Control: private,
 * no-cache`, so the browser revalidates with If-None-Match and an unchanged inbox costs a 304 without a body.
 */
export const countWaiting = () => api.GET('/approvals', { params: { query: { decidable: 'true', page_size: COUNT_CAP } } });

/**
 * The one place a verdict is given, for money, destinations and policy changes alike: the step-up (a passkey
 * when the person has one), a single-use token bound to this person, verdict and approval, then the decision.
 */
export async function decideApproval(approvalId: string, verdict: Verdict, note: string) {
  const action = verdict === 'approve' ? 'approvals.approve' : 'approvals.reject';
  const token = await stepUpToken(action, `approvals/${approvalId}`);
  if (!token.data) return { data: undefined, error: token.error, response: token.response };
  const params = { path: { approval_id: approvalId }, header: { 'X-Action-Token': token.data.token } };
  const text = note.trim();
  // A rejection always says why; an approval's comment is optional.
  return verdict === 'approve'
    ? api.POST('/approvals/{approval_id}/approve', { params, body: text ? { comment: text } : {} })
    : api.POST('/approvals/{approval_id}/reject', { params, body: { reason: text } });
}

export const getDestination = (id: string) => api.GET('/withdrawal-destinations/{destination_id}', { params: { path: { destination_id: id } } });
export const getPolicyChange = (id: string) => api.GET('/policy-changes/{policy_change_id}', { params: { path: { policy_change_id: id } } });
export const getPolicyRule = (id: string) => api.GET('/policy-rules/{rule_id}', { params: { path: { rule_id: id } } });
