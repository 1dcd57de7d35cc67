import type { Sql } from 'postgres';
import { KeyRing } from '../../auth/sealing';
import { PlatformKeys, platformKeyContext } from '../../auth/keys';
import { LEGACY_WEBHOOK_KEY, openSecret, sealSecret } from '../webhooks/signing';
import { openConnectorSecret, sealConnectorSecret } from '../connectors/secrets';

/**
 * Every secret Counterfoil keeps sealed, and how to re-seal it. A module that adds a sealed column
 * adds it here, so `counterfoil keys rotate` and `keys status` cover it.
 */
export interface SealedSecretsReport {
  current_key_id: string;
  /** How many sealed values each key id seals (`legacy` for webhook secrets from before the key ring). */
  sealed_under: Record<string, number>;
  resealed: { platform_keys: number; webhook_secrets: number; connector_secrets: number };
}

const BATCH = 500;

function keyIdOf(sealed: Buffer): string {
  return sealed[0] === 0 ? 'legacy' : (KeyRing.keyIdOf(sealed) ?? 'unknown');
}

async function census(sql: Sql): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const count = (v: Buffer | null) => {
    if (v) counts[keyIdOf(v)] = (counts[keyIdOf(v)] ?? 0) + 1;
  };
  for (const r of await sql<{ sealed: Buffer | null; secret: Buffer | null }[]>`select sealed, secret from platform_keys`) {
    if (r.sealed) count(r.sealed);
    else counts.cleartext = (counts.cleartext ?? 0) + 1;
  }
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await sql<{ id: string; secret_sealed: Buffer; previous_secret_sealed: Buffer | null }[]>`
      select id, secret_sealed, previous_secret_sealed from webhook_subscriptions where id > ${after} order by id limit ${BATCH}`;
    if (rows.length === 0) break;
    for (const r of rows) [r.secret_sealed, r.previous_secret_sealed].forEach(count);
    after = rows[rows.length - 1].id;
  }
  for (const r of await sql<{ secret_sealed: Buffer; previous_secret_sealed: Buffer | null }[]>`select secret_sealed, previous_secret_sealed from connectors`) {
    [r.secret_sealed, r.previous_secret_sealed].forEach(count);
  }
  return counts;
}

export async function sealedSecretsStatus(sql: Sql, ring: KeyRing): Promise<SealedSecretsReport> {
  return { current_key_id: ring.currentKeyId, sealed_under: await census(sql), resealed: { platform_keys: 0, webhook_secrets: 0, connector_secrets: 0 } };
}

/**
 * Re-seals every secret under the ring's first key (after adding a new first key to a key file).
 * Safe while the API and workers run: each value is replaced only if it is unchanged since it was read
 * (a rotation by a caller meanwhile is left as it is, already sealed under the new key or picked up by
 * the next run), and processes reading the key file pick up the new key on the first value they
 * cannot open. Old keys stay in the ring: remove one once `keys status` shows nothing sealed under it.
 */
export async function rotateSealedSecrets(sql: Sql, ring: KeyRing, { addKey }: { addKey: boolean }): Promise<SealedSecretsReport> {
  if (addKey) ring.addKey();
  const current = ring.currentKeyId;
  const platformKeys = new PlatformKeys(sql, ring);
  const resealed = { platform_keys: 0, webhook_secrets: 0, connector_secrets: 0 };

  // Webhook secrets first: those from before the key ring open with a platform key that goes last.
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await sql<{ id: string; secret_sealed: Buffer; previous_secret_sealed: Buffer | null }[]>`
      select id, secret_sealed, previous_secret_sealed from webhook_subscriptions where id > ${after} order by id limit ${BATCH}`;
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    for (const r of rows) {
      const stale = (v: Buffer | null) => v !== null && keyIdOf(v) !== current;
      if (!stale(r.secret_sealed) && !stale(r.previous_secret_sealed)) continue;
      const reseal = async (v: Buffer | null) => (v && stale(v) ? sealSecret(ring, r.id, await openSecret(platformKeys, r.id, v)) : v);
      const [secret, previous] = [await reseal(r.secret_sealed), await reseal(r.previous_secret_sealed)];
      const updated = await sql`
        update webhook_subscriptions set secret_sealed = ${secret}, previous_secret_sealed = ${previous}
         where id = ${r.id} and secret_sealed = ${r.secret_sealed} and previous_secret_sealed is not distinct from ${r.previous_secret_sealed}`;
      resealed.webhook_secrets += updated.count;
    }
  }

  // Connector signing secrets (src/domain/connectors/secrets.ts): few, one statement each.
  for (const r of await sql<{ id: string; secret_sealed: Buffer; previous_secret_sealed: Buffer | null }[]>`select id, secret_sealed, previous_secret_sealed from connectors order by id`) {
    const stale = (v: Buffer | null) => v !== null && keyIdOf(v) !== current;
    if (!stale(r.secret_sealed) && !stale(r.previous_secret_sealed)) continue;
    const reseal = (v: Buffer | null) => (v && stale(v) ? sealConnectorSecret(ring, r.id, openConnectorSecret(ring, r.id, v)) : v);
    const updated = await sql`
      update connectors set secret_sealed = ${reseal(r.secret_sealed)}, previous_secret_sealed = ${reseal(r.previous_secret_sealed)}
       where id = ${r.id} and secret_sealed = ${r.secret_sealed} and previous_secret_sealed is not distinct from ${r.previous_secret_sealed}`;
    resealed.connector_secrets += updated.count;
  }

  const keys = await sql<{ name: string; secret: Buffer | null; sealed: Buffer | null }[]>`select name, secret, sealed from platform_keys order by name`;
  for (const k of keys) {
    if (k.sealed && keyIdOf(k.sealed) === current) continue;
    const context = platformKeyContext(k.name);
    const plain = k.sealed ? ring.open(k.sealed, context) : Buffer.from(k.secret!);
    const updated = await sql`
      update platform_keys set sealed = ${ring.seal(plain, context)}, secret = null
       where name = ${k.name} and sealed is not distinct from ${k.sealed}`;
    resealed.platform_keys += updated.count;
  }
  // The platform key that sealed webhook secrets before the key ring is of no use once none is left under it.
  const [{ legacy }] = await sql<{ legacy: boolean }[]>`
    select exists (select 1 from webhook_subscriptions where get_byte(secret_sealed, 0) = 0 or get_byte(previous_secret_sealed, 0) = 0) as legacy`;
  if (!legacy) await sql`delete from platform_keys where name = ${LEGACY_WEBHOOK_KEY}`;

  return { current_key_id: current, sealed_under: await census(sql), resealed };
}
