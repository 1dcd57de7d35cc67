import type { Sql } from 'postgres';
import { loadConfig } from '../config';
import { connectPostgres } from '../db/connect';
import { requireCapability } from '../domain/capabilities';
import { changeApiKey, createApiKey, findApiKey, listApiKeys, presentApiKey, presentIssuedApiKey, type ApiKeyChange } from '../domain/api-keys/keys';
import { AppError, notFound } from '../errors';
import { databaseFor } from './database';
import { CliFailure } from './errors';
import type { Input } from './parse';

// `counterfoil api-keys …`: the same domain functions as the tenant routes, attributed to no principal
// (an operator with database access). Running APIs drop revoked keys on the NOTIFY the change sends.

const keyPath = (enterpriseId: string, clientId: string) => [`enterprises/${enterpriseId}`, `clients/${clientId}`];

/** Runs `work` on the database and prints its answer as JSON; a refusal of the domain is one line, exit 1. */
async function withDatabase(command: string, work: (sql: Sql) => Promise<unknown>): Promise<void> {
  const config = loadConfig();
  const sql = connectPostgres(databaseFor(config, `api-keys ${command}`), { max: 1, onnotice: () => {} });
  try {
    process.stdout.write(`${JSON.stringify(await work(sql), null, 2)}\n`);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    throw new CliFailure(`${err.detail}${err.options.reason ? ` (${err.options.reason})` : ''}`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export function apiKeysCreate({ flags }: Input): Promise<void> {
  const clientId = String(flags.client);
  return withDatabase('create', async (sql) => {
    const [client] = await sql`select enterprise_id from clients where id = ${clientId}`;
    if (!client) throw new CliFailure(`no client ${clientId}`);
    await requireCapability(sql, 'api_keys', keyPath(client.enterprise_id, clientId));
    const { row, material } = await createApiKey(sql, {
      enterpriseId: client.enterprise_id,
      clientId,
      clientAccountId: typeof flags.account === 'string' ? flags.account : null,
      label: String(flags.label),
      ipAllowlist: Array.isArray(flags.allow) ? flags.allow : [],
      attribution: null,
    });
    return presentIssuedApiKey(row, material);
  });
}

export function apiKeysList({ flags }: Input): Promise<void> {
  const clientId = typeof flags.client === 'string' ? flags.client : null;
  return withDatabase('list', async (sql) => {
    const rows = await sql`select distinct enterprise_id from api_keys where ${clientId ? sql`client_id = ${clientId}` : sql`true`}`;
    const keys = [];
    for (const { enterprise_id } of rows) {
      keys.push(...(await listApiKeys(sql, { enterpriseId: enterprise_id, clientIds: clientId ? [clientId] : null, after: null, limit: 10_000 })));
    }
    return keys.map(presentApiKey);
  });
}

export function apiKeysChange(action: 'revoke' | 'reactivate', { args: [id] }: Input): Promise<void> {
  return withDatabase(action, async (sql) => {
    const current = await findApiKey(sql, id!);
    if (!current) throw notFound('API key');
    // Checked before the change's transaction: the CLI's single connection is busy inside it.
    if (action === 'reactivate') await requireCapability(sql, 'api_keys', keyPath(current.enterprise_id, current.client_id));
    const change: ApiKeyChange = { kind: action };
    const { row, material } = await changeApiKey(sql, id!, change, () => undefined, null);
    return material ? presentIssuedApiKey(row, material) : presentApiKey(row);
  });
}
