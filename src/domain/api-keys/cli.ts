import { parseArgs } from 'node:util';
import type { Sql } from 'postgres';
import { requireCapability } from '../capabilities';
import { notFound } from '../../errors';
import { changeApiKey, createApiKey, findApiKey, listApiKeys, presentApiKey, presentIssuedApiKey, type ApiKeyChange } from './keys';

export const API_KEYS_USAGE = `  api-keys create --client <client_id> --label <text> [--account <client_account_id>] [--allow <ip|cidr>]...
              issue an API key for a client (prints the API key and private key once, as JSON)
  api-keys list [--client <client_id>]
  api-keys revoke <api_key_id>
  api-keys reactivate <api_key_id>
              (prints the new API key and private key once)`;

const keyPath = (enterpriseId: string, clientId: string) => [`enterprises/${enterpriseId}`, `clients/${clientId}`];

/**
 * `counterfoil api-keys …` against DATABASE_URL: the same domain functions as the tenant routes,
 * attributed to no principal (an operator with database access). Running APIs drop revoked keys on
 * the NOTIFY the change sends. Returns the JSON to print.
 */
export async function apiKeysCommand(sql: Sql, argv: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { client: { type: 'string' }, label: { type: 'string' }, account: { type: 'string' }, allow: { type: 'string', multiple: true } },
  });
  const [action, id] = positionals;
  switch (action) {
    case 'create': {
      if (!values.client || !values.label) throw new Error('api-keys create needs --client and --label');
      const [client] = await sql`select enterprise_id from clients where id = ${values.client}`;
      if (!client) throw new Error(`no client ${values.client}`);
      await requireCapability(sql, 'api_keys', keyPath(client.enterprise_id, values.client));
      const { row, material } = await createApiKey(sql, {
        enterpriseId: client.enterprise_id,
        clientId: values.client,
        clientAccountId: values.account ?? null,
        label: values.label,
        ipAllowlist: values.allow ?? [],
        attribution: null,
      });
      return presentIssuedApiKey(row, material);
    }
    case 'list': {
      const rows = await sql`select distinct enterprise_id from api_keys where ${values.client ? sql`client_id = ${values.client}` : sql`true`}`;
      const keys = [];
      for (const { enterprise_id } of rows) {
        keys.push(...(await listApiKeys(sql, { enterpriseId: enterprise_id, clientIds: values.client ? [values.client] : null, after: null, limit: 10_000 })));
      }
      return keys.map(presentApiKey);
    }
    case 'revoke':
    case 'reactivate': {
      if (!id) throw new Error(`api-keys ${action} needs an API key id`);
      const current = await findApiKey(sql, id);
      if (!current) throw notFound('API key');
      // Checked before the change's transaction: the CLI's single connection is busy inside it.
      if (action === 'reactivate') await requireCapability(sql, 'api_keys', keyPath(current.enterprise_id, current.client_id));
      const change: ApiKeyChange = { kind: action };
      const { row, material } = await changeApiKey(sql, id, change, () => undefined, null);
      return material ? presentIssuedApiKey(row, material) : presentApiKey(row);
    }
    default:
      throw new Error(`usage:\n${API_KEYS_USAGE}`);
  }
}
