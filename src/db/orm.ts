import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities';
import { migrationsList } from '../../migrations';

export type Orm = MikroORM;

export function ormOptions(databaseUrl: string, overrides: Partial<Options> = {}): Options {
  return {
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator],
    migrations: { migrationsList, tableName: 'mikro_orm_migrations', transactional: true, allOrNothing: true, silent: true, snapshot: false },
    discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
    // Every unit of work runs in a forked EntityManager (per request, per activity); the global one is a bug.
    allowGlobalContext: false,
    pool: { min: 1, max: 10 },
    forceUtcTimezone: true,
    debug: false,
    ...overrides,
  };
}

export async function initOrm(databaseUrl: string, overrides: Partial<Options> = {}): Promise<Orm> {
  return MikroORM.init(ormOptions(databaseUrl, overrides));
}

/** Applies pending migrations; returns the names applied. The schema changes only this way. */
export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((m) => m.name);
}
