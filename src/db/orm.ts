import { MikroORM, type Options } from '@mikro-orm/postgresql';
import type { Sql } from 'postgres';

export type Orm = MikroORM;

/** `entities` is the domain's list (src/domain/entities.ts): the ORM layer maps what it is given and knows no entity itself. */
export function ormOptions(databaseUrl: string, entities: Options['entities'], overrides: Partial<Options> = {}): Options {
  return {
    clientUrl: databaseUrl,
    entities,
    // No `extensions: [Migrator]` and no `migrationsList` here: the migrations import @mikro-orm/migrations
    // (and umzug's CLI with it, ~0.3 s), which only `migrate` and `assertMigrated` load, when called.
    migrations: { tableName: 'mikro_orm_migrations', transactional: true, allOrNothing: true, silent: true, snapshot: false },
    discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
    // Every unit of work runs in a forked EntityManager (per request, per activity); the global one is a bug.
    allowGlobalContext: false,
    pool: { min: 1, max: 10 },
    forceUtcTimezone: true,
    debug: false,
    ...overrides,
  };
}

export async function initOrm(databaseUrl: string, entities: Options['entities'], overrides: Partial<Options> = {}): Promise<Orm> {
  return MikroORM.init(ormOptions(databaseUrl, entities, overrides));
}

/** Applies pending migrations; returns the names applied. The schema changes only this way. */
export async function migrate(orm: Orm): Promise<string[]> {
  const { migrationsList } = await import('../../migrations');
  orm.config.set('migrations', { ...orm.config.get('migrations'), migrationsList });
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}

/**
 * Refuses to run on a database this release's migrations have not all been applied to, reading
 * only (no migrations table is created): `api`, `worker` and `bootstrap` never change the schema.
 */
export async function assertMigrated(sql: Sql): Promise<void> {
  const [{ table }] = await sql<{ table: string | null }[]>`select to_regclass('mikro_orm_migrations')::text as table`;
  const { migrationsList } = await import('../../migrations');
  const applied = new Set(table ? (await sql<{ name: string }[]>`select name from mikro_orm_migrations`).map((r) => r.name) : []);
  const pending = migrationsList.map((m) => m.name).filter((name) => !applied.has(name));
  if (pending.length) {
    const what = applied.size === 0 ? 'has no Counterfoil schema' : `lacks ${pending.length} migration(s) of this release (${pending.join(', ')})`;
    throw new NotMigratedError(`The database ${sql.options.database} ${what}: run \`counterfoil migrate\` first (once per release, before rolling out).`);
  }
}

export class NotMigratedError extends Error {
  override name = 'NotMigratedError';
}
