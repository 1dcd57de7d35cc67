import { randomBytes } from 'node:crypto';
import type { Sql } from 'postgres';
import type { KeyRing } from './sealing';

export const platformKeyContext = (name: string) => `platform-key:${name}`;

/**
 * Secrets shared by every process (token signing, page-token signing, quote sealing, …), created
 * once by whichever process needs one first and read by the rest. Stored sealed under the key ring,
 * never in the clear: a row written before sealing existed is sealed the first time it is read.
 */
export class PlatformKeys {
  private readonly loaded = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly sql: Sql,
    readonly ring: KeyRing,
  ) {}

  get(name: string): Promise<Buffer> {
    let key = this.loaded.get(name);
    if (!key) {
      key = this.load(name);
      this.loaded.set(name, key);
      key.catch(() => this.loaded.delete(name)); // retried on the next use
    }
    return key;
  }

  private async load(name: string): Promise<Buffer> {
    const context = platformKeyContext(name);
    await this.sql`insert into platform_keys (name, sealed) values (${name}, ${this.ring.seal(randomBytes(32), context)}) on conflict (name) do nothing`;
    const [row] = await this.sql<{ secret: Buffer | null; sealed: Buffer | null }[]>`select secret, sealed from platform_keys where name = ${name}`;
    if (row.sealed) return this.ring.open(row.sealed, context);
    const secret = Buffer.from(row.secret!);
    await this.sql`update platform_keys set sealed = ${this.ring.seal(secret, context)}, secret = null where name = ${name} and sealed is null`;
    return secret;
  }
}
