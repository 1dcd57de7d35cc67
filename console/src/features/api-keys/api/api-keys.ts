import type { Schemas } from '../../../../../clients/typescript/index';
import { api } from '../../../lib/session';

type ApiKey = Schemas['ApiKey'];

export const listApiKeys = (status: 'active' | 'revoked' | undefined, pageToken: string | undefined) =>
  api.GET('/api-keys', { params: { query: { status, page_size: 25, page_token: pageToken } } });

/** The clients a key can be issued for. */
export const listActiveClients = () => api.GET('/clients', { params: { query: { page_size: 200, status: 'active' } } });

export const createApiKey = (body: Schemas['ApiKeyCreate']) => api.POST('/api-keys', { body });

export const updateAllowlist = (apiKey: ApiKey, ipAllowlist: string[]) =>
  api.PATCH('/api-keys/{api_key_id}', { params: { path: { api_key_id: apiKey.id }, header: { 'If-Match': apiKey.etag } }, body: { ip_allowlist: ipAllowlist } });

export const changeApiKey = (apiKey: ApiKey, action: 'revoke' | 'reactivate') =>
  api.POST(action === 'revoke' ? '/api-keys/{api_key_id}/revoke' : '/api-keys/{api_key_id}/reactivate', {
    params: { path: { api_key_id: apiKey.id }, header: { 'If-Match': apiKey.etag } },
  });
