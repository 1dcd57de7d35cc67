import { loadConfig } from '../config';
import { initOrm, migrate } from '../db/orm';
import { entities } from '../domain/entities';
import { databaseFor } from './database';

export async function migrateCommand(): Promise<void> {
  const config = loadConfig();
  const orm = await initOrm(databaseFor(config, 'migrate'), entities);
  try {
    const applied = await migrate(orm);
    process.stdout.write(`migrations applied: ${applied.length ? applied.join(', ') : 'none pending'}\n`);
  } finally {
    await orm.close(true);
  }
}
