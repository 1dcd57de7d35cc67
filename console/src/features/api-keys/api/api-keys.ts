import type { Schemas } from '../../../../../clients/typescript/index';
import { api } from '../../../lib/session';
import { stepUpToken } from '../../../lib/step-up';

type ApiKey = Schemas['ApiKey'];

export const listApiKeys = (status: 'active' | 'revoked' | undefined, pageToken: string | undefined) =>
  api.GET('/api-keys', { params: { query: { status, page_size: 25, page_token: pageToken } } });

/** The clients a key can be issued for. */
export const listActiveClients = () => api.GET('/clients', { params: { query: { page_size: 200, status: 'active' } } });

/** Where the enterprise requires a passkey for new keys (428 for `api_keys.create`), the step-up, then again. */
export async function createApiKey(body: Schemas['ApiKeyCreate']) {
  const first = await api.POST('/api-keys', { body });
  if (first.response.status !== 428) return first;
  const token = await stepUpToken('api_keys.create', body.client_ref);
  if (!token.data) return { data: undefined, error: token.error, response: token.response };
  const headers: Record<string, string> = { 'X-Action-Token': token.data.token };
  return api.POST('/api-keys', { headers, body });
}

export const updateAllowlist = (apiKey: ApiKey, ipAllowlist: string[]) =>
  api.PATCH('/api-keys/{api_key_id}', { params: { path: { api_key_id: apiKey.id }, header: { 'If-Match': apiKey.etag } }, body: { ip_allowlist: ipAllowlist } });

export const changeApiKey = (apiKey: ApiKey, action: 'revoke' | 'reactivate') =>
  api.POST(action === 'revoke' ? '/api-keys/{api_key_id}/revoke' : '/api-keys/{api_key_id}/reactivate', {
    params: { path: { api_key_id: apiKey.id }, header: { 'If-Match': apiKey.etag } },
  });
