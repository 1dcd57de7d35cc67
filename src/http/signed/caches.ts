import type { Sql } from 'postgres';
import { NotifiedCache } from '../../db/notified-cache';
import { enabledOn, type CapabilitySettings } from '../../domain/capabilities';
import { findPair, type FeeSchedules, type PairRow } from '../../domain/conversions';
import { schedulesInForce } from '../../domain/fees/agreements';
import type { SignedErrorLabel } from './errors';

/** Channels of the triggers in migrations/Migration20261121200000_signed_api_cache.ts (empty payload: drop everything). */
export const STANDING_CHANNEL = 'counterfoil_signed_standing';
export const PAIRS_CHANNEL = 'counterfoil_conversion_pairs';
export const FEE_SCHEDULES_CHANNEL = 'counterfoil_fee_schedules';

/** Why a key's client may not use the API now; null when it may. */
export type Standing = { label: SignedErrorLabel; description: string } | null;

/** Where the key sits: its enterprise, client and the account it acts on. */
export interface KeyPlace {
  enterpriseId: string;
  clientId: string;
  clientAccountId: string;
}

// One round trip: the client, account and enterprise states and the api_keys capability settings on the key's path.
const STANDING_SQL = `
  select c.status as client_status, c.kyc_status, c.api_access, a.status as account_status, e.admission_state,
         (select coalesce(json_agg(json_build_array(s.scope_ref, s.enabled)), '[]'::json) from capability_settings s
           where s.enterprise_id = c.enterprise_id and s.name = 'api_keys' and s.scope_ref = any($3::text[])) as api_keys_settings
    from clients c join client_accounts a on a.id = $2 join enterprises e on e.id = c.enterprise_id
   where c.id = $1`;

/**
 * The client's standing, read now. Closed is 9001; suspended passes here and is refused by the
 * money paths (ACCOUNT_RESTRICTED), so balances stay readable as in the tenant API.
 */
export async function readStanding(sql: Sql, key: KeyPlace): Promise<Standing> {
  const path = [`enterprises/${key.enterpriseId}`, `clients/${key.clientId}`, `client-accounts/${key.clientAccountId}`];
  // Prepared: planning this join on every load costs more than running it.
  const [state] = await sql.unsafe(STANDING_SQL, [key.clientId, key.clientAccountId, path], { prepare: true });
  if (!state || state.client_status === 'closed' || state.account_status === 'closed' || state.admission_state === 'closed') {
    return { label: 'UNAUTHORIZED', description: "The key's client, account or enterprise is closed." };
  }
  if (state.kyc_status !== 'verified') return { label: 'KYC_NOT_VERIFIED', description: "The client's identity verification is not completed." };
  if (!state.api_access) return { label: 'API_NOT_AVAILABLE', description: 'API access is disabled for this client.' };
  const settings: CapabilitySettings = new Map((state.api_keys_settings as Array<[string, boolean]>).map(([scope, enabled]) => [scope, new Map([['api_keys', enabled]])]));
  if (!enabledOn(settings, 'api_keys', path)) return { label: 'API_NOT_AVAILABLE', description: 'The api_keys capability is disabled for this client.' };
  return null;
}

/**
 * What the signed API reads on every request but rarely changes, per process: a key's standing (by
 * account), conversion pairs (by direction) and fee schedules (by enterprise). Triggers notify every
 * committed change (whichever code path made it) and each process drops the cache; the process that
 * made a change drops it at once too (`invalidateStanding`). Money movement never trusts these: an
 * exchange reads the standing fresh and the engine re-reads pair, account and balances in its transaction.
 */
export class SignedApiCaches {
  private readonly standing: NotifiedCache<Standing>;
  private readonly pairs: NotifiedCache<PairRow | null>;
  private readonly schedules: NotifiedCache<FeeSchedules>;
  private listening: Promise<unknown> | undefined;
  /** Set once notifications flow: the hot path then skips awaiting `start`. */
  private listeningNow = false;

  constructor(private readonly sql: Sql) {
    this.standing = new NotifiedCache(sql, STANDING_CHANNEL);
    this.pairs = new NotifiedCache(sql, PAIRS_CHANNEL);
    this.schedules = new NotifiedCache(sql, FEE_SCHEDULES_CHANNEL);
  }

  /** Starts listening (once); nothing is cached before notifications flow. */
  start(): Promise<unknown> {
    this.listening ??= Promise.all([this.standing.start(), this.pairs.start(), this.schedules.start()]).then(() => (this.listeningNow = true));
    return this.listening;
  }

  async standingOf(key: KeyPlace, opts: { fresh: boolean }): Promise<Standing> {
    if (opts.fresh) return readStanding(this.sql, key);
    if (!this.listeningNow) await this.start();
    return this.standing.get(key.clientAccountId, () => readStanding(this.sql, key));
  }

  /** After a change of a client's standing commits in this process. */
  invalidateStanding(): void {
    this.standing.invalidate('*');
  }

  readonly pair = async (fromAsset: string, toAsset: string): Promise<PairRow | null> => {
    if (!this.listeningNow) await this.start();
    return this.pairs.get(`${fromAsset}/${toAsset}`, () => findPair(this.sql, fromAsset, toAsset));
  };

  readonly feeSchedules = async (enterpriseId: string): Promise<FeeSchedules> => {
    if (!this.listeningNow) await this.start();
    return this.schedules.get(enterpriseId, () => schedulesInForce(this.sql, enterpriseId));
  };
}

const caches = new WeakMap<Sql, SignedApiCaches>();

/** The one cache set of a services bag (its SQL client), shared by every signed app and the routes that change standing. */
export function signedApiCaches(services: { sql: Sql }): SignedApiCaches {
  let found = caches.get(services.sql);
  if (!found) {
    found = new SignedApiCaches(services.sql);
    caches.set(services.sql, found);
  }
  return found;
}
