import { loadConfig } from '../config';
import { connectPostgres } from '../db/connect';
import { KeyRing } from '../auth/sealing';
import { rotateSealedSecrets, sealedSecretsStatus } from '../domain/sealed-secrets/rotate';
import { databaseFor } from './database';

export async function keysCommand(action: 'rotate' | 'status'): Promise<void> {
  const config = loadConfig();
  const databaseUrl = databaseFor(config, `keys ${action}`);
  const ring = KeyRing.load(config.sealingKeys);
  const sql = connectPostgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const report =
      action === 'rotate'
        ? await rotateSealedSecrets(sql, ring, { addKey: config.sealingKeys.kind === 'file' && config.sealingKeys.generate })
        : await sealedSecretsStatus(sql, ring);
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}
