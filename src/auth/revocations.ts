import type { Sql } from 'postgres';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { Logger } from '../logger';
import type { AccessClaims } from './tokens';

export const REVOCATIONS_CHANNEL = 'counterfoil_token_revoked';

/**
 * Revoked access tokens (RFC 7009), by token id, in every process: the live set is loaded when the
 * LISTEN connection (re)connects, and each revocation's NOTIFY, delivered at its commit, adds to it,
 * so a revoked token is refused on the next request whichever process answers. Entries leave once
 * the token would have expired anyway. The `postgres` client is used because MikroORM has no LISTEN.
 */
export class RevokedTokens {
  /** jti → expiry (ms since the epoch). */
  private readonly revoked = new Map<string, number>();

  constructor(
    private readonly sql: Sql,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    let connected = false;
    // A reconnect may have missed notifications: read the set again.
    const reconnected = () => connected && void this.reloadAfterReconnect();
    await this.sql.listen(REVOCATIONS_CHANNEL, (payload) => this.remember(payload), reconnected);
    connected = true;
    await this.reload();
  }

  isRevoked(claims: Pick<AccessClaims, 'jti'>): boolean {
    const expiresAt = this.revoked.get(claims.jti);
    if (expiresAt === undefined) return false;
    if (expiresAt <= Date.now()) this.revoked.delete(claims.jti);
    return true;
  }

  /** Revokes the token for good; revoking it again changes nothing. */
  async revoke(claims: Pick<AccessClaims, 'jti' | 'ent' | 'exp'>): Promise<void> {
    const payload = `${claims.jti} ${claims.exp}`;
    await this.sql.begin(async (tx) => {
      // Rows past their expiry are of no use to anyone: the insert clears them as it goes.
      await tx`delete from revoked_access_tokens where expires_at < now() - interval '1 minute'`;
      await tx`insert into revoked_access_tokens (jti, enterprise_id, expires_at)
               values (${claims.jti}, ${claims.ent}, to_timestamp(${claims.exp})) on conflict (jti) do nothing`;
      await tx`select pg_notify(${REVOCATIONS_CHANNEL}, ${payload})`;
    });
    this.remember(payload);
  }

  private remember(payload: string): void {
    const [jti, exp] = payload.split(' ');
    if (jti && Number(exp) * 1000 > Date.now()) this.revoked.set(jti, Number(exp) * 1000);
  }

  /**
   * The reload after a reconnect, retried while the database is unavailable: during a failover the
   * LISTEN connection may come back before the pool's do, which is expected and not an error.
   */
  private async reloadAfterReconnect(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.reload();
      } catch (err) {
        // The client was ended (shutdown): nothing to reload for.
        if ((err as { code?: string }).code === 'CONNECTION_ENDED') return;
        if (!isDatabaseUnavailable(err)) return this.log.error({ err }, 'revoked tokens could not be reloaded');
        this.log.warn({ err, attempt }, 'revoked tokens not reloaded yet: the database is unavailable; retrying');
        // Unref'd: a retry never keeps a process that is shutting down alive.
        await new Promise((r) => setTimeout(r, Math.min(100 * 2 ** attempt, 2000)).unref());
      }
    }
  }

  private async reload(): Promise<void> {
    const rows = await this.sql`select jti, extract(epoch from expires_at)::bigint as exp from revoked_access_tokens where expires_at > now()`;
    for (const [jti, expiresAt] of this.revoked) if (expiresAt <= Date.now()) this.revoked.delete(jti);
    for (const r of rows) this.revoked.set(r.jti, Number(r.exp) * 1000);
  }
}
