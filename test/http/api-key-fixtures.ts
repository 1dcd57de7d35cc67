import { call, type TestApp } from '../helpers/app';
import { SignedApiClient, type SignedApiClientOptions } from '../../clients/typescript/signed';
import type { Admin } from './iam-fixtures';

/** The answer of POST /api-keys and of reactivate: the resource plus its secrets. */
export interface IssuedKey {
  id: string;
  api_key: string;
  private_key: string;
  public_key: string;
  client_ref: string;
  account_ref: string;
  ip_allowlist: string[];
  status: string;
  api_version: string;
  etag: string;
}

export async function newApiKey(app: TestApp, admin: Admin, clientRef: string, extra: Record<string, unknown> = {}): Promise<IssuedKey> {
  const res = await call(app.url, 'POST', '/api-keys', { token: admin.token, body: { client_ref: clientRef, label: 'integration', ...extra } });
  if (res.status !== 201) throw new Error(`POST /api-keys: ${res.status} ${res.text}`);
  return res.body;
}

export function signingClient(baseUrl: string, key: Pick<IssuedKey, 'api_key' | 'private_key'>, opts: Partial<SignedApiClientOptions> = {}): SignedApiClient {
  return new SignedApiClient({ baseUrl, apiKey: key.api_key, privateKey: key.private_key, ...opts });
}
