import postgres, { type Sql } from 'postgres';
import { connectPostgres } from './db/connect';
import type { Config } from './config';
import type { Logger } from './logger';
import { initOrm, migrate, type Orm } from './db/orm';
import { entities } from './domain/entities';
import { PrincipalDirectory } from './auth/principal-directory';
import { TokenSigner } from './auth/tokens';
import { RevokedTokens } from './auth/revocations';
import { PlatformKeys } from './auth/keys';
import { KeyRing } from './auth/sealing';
import { TemporalGateway } from './temporal/client';
import { temporalConnectionOptions } from './temporal/connection';
import { Metrics } from './metrics';
import { NotifiedCache } from './db/notified-cache';
import type { Enterprise } from './domain/tenancy/entities';
import { ENTERPRISES_CHANNEL } from './domain/tenancy/queries';
import { Pager } from './page-tokens';
import { outboxBell } from './events/outbox';
import { announceLedgerEventsTo } from './ledger';
import { POLICY_RULES_CHANNEL } from './domain/policies/active-rules';
import type { PolicyRule } from './domain/policies/engine';
import { AccountPlacements } from './domain/tenancy/placements';
import { TransferBooker, bookerOptions, connectBookerPool } from './domain/transfers/group-booking';
import { Providers } from './providers';
import { connectorRegistry } from './domain/connectors/connectors';
import { createRateLimiter, type RateLimiter } from './rate-limiter';
import { ReadRouting } from './db/read-replica';

/**
 * Everything a request handler or an activity may use, built once per process by `createServices`
 * and passed down explicitly; tests build their own with another database.
 */
export interface Services {
  config: Config;
  log: Logger;
  orm: Orm;
  /** Raw SQL client: LISTEN/NOTIFY and hot paths where the unit of work costs too much (each use says why). */
  sql: Sql;
  /** Seals secrets at rest under keys kept outside the database (auth/sealing). */
  keyRing: KeyRing;
  /** Process-shared secrets, stored sealed (auth/keys). */
  platformKeys: PlatformKeys;
  tokens: TokenSigner;
  /** Access tokens revoked before their expiry (POST /oauth/revoke), refused by every process. */
  revokedTokens: RevokedTokens;
  pager: Pager;
  principals: PrincipalDirectory;
  /** Enterprise rows by id, kept fresh by the `enterprises_changed` trigger's NOTIFY. */
  enterprises: NotifiedCache<Enterprise | null>;
  /** Active policy rules by enterprise, kept fresh by the `policy_rules_changed` trigger's NOTIFY. */
  policyRules: NotifiedCache<PolicyRule[]>;
  /** Where accounts sit in the topology (immutable, cached without invalidation). */
  placements: AccountPlacements;
  temporal: TemporalGateway;
  metrics: Metrics;
  /** Executed internal transfers, booked in group commits (domain/transfers/group-booking)… */
  transferBooker: TransferBooker;
  /** …on connections of their own, planned for point lookups (connectBookerPool). */
  bookerSql: Sql;
  /** Rails, prices and the other provider seams, as the routing configuration assigns them (src/providers). */
  providers: Providers;
  /** Request budgets of both APIs: in this process, or in a store all instances share (config.rateLimits.store). */
  rateLimiter: RateLimiter;
  /** Reads that tolerate lag: on DATABASE_READ_URL while it is fresh enough, else on `sql` (db/read-replica). */
  reads: ReadRouting;
}

export interface ServiceOptions {
  config: Config;
  log: Logger;
  databaseUrl: string;
  /** The Temporal frontend: the configured one, or the dev server `start` or the tests launched (plaintext). */
  temporalAddress: string;
  poolSize?: number;
  /** Apply pending migrations before anything reads the schema. */
  migrate?: boolean;
}

export async function createServices(opts: ServiceOptions): Promise<Services> {
  const { config, log } = opts;
  const poolSize = opts.poolSize ?? 10;
  const orm = await initOrm(opts.databaseUrl, entities, { pool: { min: 1, max: poolSize } });
  if (opts.migrate) await migrate(orm);
  const sql = connectPostgres(opts.databaseUrl, {
    max: poolSize,
    onnotice: () => {},
    // numeric stays a string: money never passes through a float.
    types: { bigint: postgres.BigInt },
  });
  const keyRing = KeyRing.load(config.sealingKeys);
  const platformKeys = new PlatformKeys(sql, keyRing);
  const [tokenKey, pageTokenKey] = await Promise.all([platformKeys.get('access_token_hs256'), platformKeys.get('page_token_hs256')]);
  const metrics = new Metrics();
  const principals = new PrincipalDirectory(sql, log);
  const enterprises = new NotifiedCache<Enterprise | null>(sql, ENTERPRISES_CHANNEL);
  const policyRules = new NotifiedCache<PolicyRule[]>(sql, POLICY_RULES_CHANNEL);
  const revokedTokens = new RevokedTokens(sql, log);
  await Promise.all([principals.start(), enterprises.start(), policyRules.start(), revokedTokens.start()]);
  outboxBell.attach(sql);
  announceLedgerEventsTo(() => outboxBell.ring());
  const booker = connectBookerPool(opts.databaseUrl, config.ledgerGroupCommits);
  const replica = config.databaseReadUrl ? connectPostgres(config.databaseReadUrl, { max: poolSize, onnotice: () => {}, types: { bigint: postgres.BigInt } }) : null;
  const reads = new ReadRouting(sql, replica, { maxLagMs: config.readMaxLagMs, log });
  reads.start();
  return {
    config,
    log,
    orm,
    sql,
    keyRing,
    platformKeys,
    tokens: new TokenSigner(tokenKey),
    revokedTokens,
    pager: new Pager(pageTokenKey),
    principals,
    enterprises,
    policyRules,
    placements: new AccountPlacements(sql),
    temporal: new TemporalGateway({ ...temporalConnectionOptions(config.temporal, opts.temporalAddress), namespace: config.temporalNamespace, taskQueue: config.taskQueue }, metrics),
    metrics,
    transferBooker: new TransferBooker(booker, metrics, { ...bookerOptions(config), log }),
    bookerSql: booker.sql,
    providers: new Providers(sql, config, connectorRegistry(sql, keyRing), log, platformKeys, metrics),
    rateLimiter: await createRateLimiter(config.rateLimits, { sql, log }),
    reads,
  };
}

export async function closeServices(s: Services): Promise<void> {
  outboxBell.detach(s.sql);
  await s.temporal.close().catch(() => {});
  await s.rateLimiter.close();
  await s.reads.stop();
  await s.reads.replica?.end({ timeout: 5 });
  await s.sql.end({ timeout: 5 });
  await s.bookerSql.end({ timeout: 5 });
  await s.orm.close(true);
}
