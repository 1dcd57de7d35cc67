import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { connectPostgres } from '../db/connect';
import { assertMigrated, initOrm } from '../db/orm';
import { entities } from '../domain/entities';
import { bootstrap, credentialsFileFor, CredentialsFileExistsError, writeCredentials } from '../bootstrap';
import { databaseFor } from './database';
import type { Input } from './parse';

export async function bootstrapCommand({ flags }: Input): Promise<void> {
  const config = loadConfig();
  const chosen = typeof flags['credentials-file'] === 'string' ? path.resolve(flags['credentials-file']) : undefined;
  // Refused before the database is touched: an enterprise whose secret has nowhere to go is never created.
  if (chosen && existsSync(chosen)) throw new CredentialsFileExistsError(chosen);
  const databaseUrl = databaseFor(config, 'bootstrap');
  const sql = connectPostgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await assertMigrated(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
  const orm = await initOrm(databaseUrl, entities);
  try {
    const created = await bootstrap(orm, config, (creds) => writeCredentials(chosen ?? credentialsFileFor(config.dataDir, creds), creds));
    // The secret is only in the file: never on stdout, where logs and CI transcripts keep it.
    if (created) process.stdout.write(`bootstrapped enterprise ${created.credentials.enterprise_id} (client_id ${created.credentials.client_id}); its credentials are in ${created.path} (mode 0600)\n`);
    else process.stdout.write('already bootstrapped; nothing changed\n');
  } finally {
    await orm.close(true);
  }
}
