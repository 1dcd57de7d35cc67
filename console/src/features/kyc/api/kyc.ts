import { api } from '../../../lib/session';

export type KycStatus = 'pending' | 'verified' | 'rejected';

export const listClients = (status: KycStatus | '', pageToken: string | undefined) =>
  api.GET('/clients', { params: { query: { page_size: 25, page_token: pageToken } } }).then((res) =>
    // The API filters clients by lifecycle status, not by verification: the filter applies to the page read.
    res.data && status ? { ...res, data: { ...res.data, items: res.data.items.filter((c) => c.kyc_status === status) } } : res,
  );

/** A client's decisions, oldest first: the last one set its `kyc_status`. */
export const listDecisions = (clientId: string) => api.GET('/clients/{client_id}/kyc-decisions', { params: { path: { client_id: clientId }, query: { page_size: 50 } } });

/** The action-token step (single use, bound to this person and this client), then the decision with its reason. */
export async function recordDecision(clientId: string, idempotencyKey: string, decision: { status: KycStatus; reason: string; reference?: string }) {
  const token = await api.POST('/action-tokens', { body: { action: 'clients.record_kyc_decision', resource_ref: `clients/${clientId}` } });
  if (!token.data) return { data: undefined, error: token.error, response: token.response };
  return api.POST('/clients/{client_id}/kyc-decisions', {
    params: { path: { client_id: clientId }, header: { 'X-Action-Token': token.data.token, 'Idempotency-Key': idempotencyKey } },
    body: decision,
  });
}
