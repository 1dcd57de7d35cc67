import path from 'node:path';
import { existsSync } from 'node:fs';
import { loadConfig } from '../config';
import { connectPostgres } from '../db/connect';
import { assertMigrated, initOrm } from '../db/orm';
import { entities } from '../domain/entities';
import { createEnterpriseWithAdmin, CredentialsFileExistsError, writeCredentials, type BootstrapCredentials } from '../bootstrap';
import { databaseFor } from './database';
import { UsageError } from './errors';
import type { Input } from './parse';

// `counterfoil enterprises create`: another enterprise of the deployment, made as the first run's bootstrap
// makes the first one (platform roles, default master account, an enterprise-admin service account). There is
// no tenant route for it: an enterprise's credentials cannot create another enterprise.

const JURISDICTION = /^[A-Z]{2}$/;

export async function enterprisesCreate({ flags }: Input): Promise<void> {
  const legalName = String(flags['legal-name']).trim();
  if (!legalName) throw new UsageError('--legal-name must not be empty', ['enterprises', 'create']);
  if (typeof flags.jurisdiction === 'string' && !JURISDICTION.test(flags.jurisdiction)) {
    throw new UsageError('--jurisdiction must be a two-letter ISO 3166-1 country code (GB)', ['enterprises', 'create']);
  }
  const chosen = typeof flags['credentials-file'] === 'string' ? path.resolve(flags['credentials-file']) : undefined;
  // Refused before the database is touched, as bootstrap does: an enterprise whose secret has nowhere to go is never created.
  if (chosen && existsSync(chosen)) throw new CredentialsFileExistsError(chosen);

  const config = loadConfig();
  const jurisdiction = typeof flags.jurisdiction === 'string' ? flags.jurisdiction : config.bootstrap.jurisdiction;
  const databaseUrl = databaseFor(config, 'enterprises create');
  const sql = connectPostgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await assertMigrated(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
  const orm = await initOrm(databaseUrl, entities);
  try {
    const credentials = await orm.em.fork().transactional(async (em) => {
      const created = await createEnterpriseWithAdmin(em, {
        legalName,
        jurisdiction,
        externalId: typeof flags['external-id'] === 'string' ? flags['external-id'] : undefined,
        secretTtlDays: config.clientSecretTtlDays,
      });
      const creds: BootstrapCredentials = { enterprise_id: created.enterprise_id, client_id: created.client_id, client_secret: created.client_secret };
      // Written inside the transaction, as bootstrap does: a file that cannot be written leaves no enterprise behind.
      if (chosen) writeCredentials(chosen, creds);
      return creds;
    });
    if (chosen) {
      const summary = { enterprise_id: credentials.enterprise_id, client_id: credentials.client_id, credentials_file: chosen };
      process.stdout.write(flags.json ? `${JSON.stringify(summary, null, 2)}\n` : `created enterprise ${credentials.enterprise_id} (client_id ${credentials.client_id}); its credentials are in ${chosen} (mode 0600)\n`);
    } else if (flags.json) {
      process.stdout.write(`${JSON.stringify(credentials, null, 2)}\n`);
    } else {
      process.stdout.write(
        `created enterprise ${credentials.enterprise_id}\n` +
          `client_id      ${credentials.client_id}\n` +
          `client_secret  ${credentials.client_secret}\n` +
          'The secret is shown once and is not stored: keep it now (or pass --credentials-file next time).\n',
      );
    }
  } finally {
    await orm.close(true);
  }
}
