import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import type { Sql } from 'postgres';
import { uuidv7 } from '../ids';

/*
 * Signed checkpoints of the hash chains (docs/ledger.md, "Tamper evidence"): the head of every
 * balance row's chain in one enterprise, digested and signed with Ed25519, so an auditor who keeps a
 * checkpoint outside Counterfoil can later tell whether history before it was rewritten.
 */

export const CHECKPOINT_ENCODING = 'counterfoil.ledger.checkpoint.v1';
/** The platform key whose 32 bytes are the Ed25519 seed (sealed like every platform key). */
export const CHECKPOINT_KEY_NAME = 'ledger_checkpoint_ed25519';

export interface CheckpointSigner {
  keyId: string;
  /** The raw 32-byte Ed25519 public key. */
  publicKey: Buffer;
  sign(data: Buffer): Buffer;
}

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function checkpointSigner(seed: Buffer): CheckpointSigner {
  if (seed.length !== 32) throw new Error('ledger: an Ed25519 seed is 32 bytes');
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const publicKey = Buffer.from(createPublicKey(privateKey).export({ format: 'jwk' }).x!, 'base64url');
  return { keyId: checkpointKeyId(publicKey), publicKey, sign: (data) => sign(null, data, privateKey) };
}

/** The key's id: the first 16 hex digits of the sha-256 of the raw public key. */
export function checkpointKeyId(publicKey: Buffer): string {
  return createHash('sha256').update(publicKey).digest('hex').slice(0, 16);
}

export function publicKeyObject(raw: Buffer): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
}

/** Checks a checkpoint's signature over its payload text. */
export function verifyCheckpointSignature(payload: string, signature: Buffer, publicKey: Buffer): boolean {
  return verify(null, Buffer.from(payload), publicKeyObject(publicKey), signature);
}

/** One head: [account_ref, asset, chain length (decimal string), head (hex)]. */
export type CheckpointHead = [string, string, string, string];

/** sha-256 over the JSON of the heads, in (account_ref, asset) byte order. */
export function headsDigest(heads: CheckpointHead[]): Buffer {
  return createHash('sha256').update(JSON.stringify(heads)).digest();
}

export interface CheckpointRow {
  id: string;
  enterprise_id: string;
  created_at: Date;
  balances: number;
  chained_postings: string;
  heads_digest: Buffer;
  payload: string;
  signature: Buffer;
  key_id: string;
}

const COLUMNS = 'id, enterprise_id, created_at, balances, chained_postings::text, heads_digest, payload, signature, key_id';

/**
 * Signs the enterprise's chain heads as they are now (one snapshot), unless nothing was booked since
 * its last checkpoint (the same digest): then null.
 */
export async function createCheckpoint(sql: Sql, enterpriseId: string, signer: CheckpointSigner): Promise<CheckpointRow | null> {
  return (await sql.begin('isolation level repeatable read', async (tx) => {
    const rows = await tx<{ account_ref: string; asset: string; chain_length: string; chain_head: Buffer }[]>`
      select account_ref, asset, chain_length::text, chain_head from ledger_balances
       where enterprise_id = ${enterpriseId} and chain_length > 0
       order by account_ref collate "C", asset collate "C"`;
    const heads: CheckpointHead[] = rows.map((r) => [r.account_ref, r.asset, r.chain_length, r.chain_head.toString('hex')]);
    const digest = headsDigest(heads);
    const [last] = await tx`select heads_digest from ledger_checkpoints where enterprise_id = ${enterpriseId} order by id desc limit 1`;
    if (last && Buffer.from(last.heads_digest).equals(digest)) return null;
    const id = uuidv7();
    const createdAt = new Date();
    const chainedPostings = rows.reduce((n, r) => n + BigInt(r.chain_length), 0n).toString();
    const payload = JSON.stringify({
      type: CHECKPOINT_ENCODING,
      id,
      enterprise_id: enterpriseId,
      created_at: createdAt.toISOString(),
      balances: heads.length,
      chained_postings: chainedPostings,
      heads_digest: digest.toString('hex'),
      key_id: signer.keyId,
    });
    const signature = signer.sign(Buffer.from(payload));
    const [row] = await tx.unsafe(
      `insert into ledger_checkpoints (id, enterprise_id, created_at, balances, chained_postings, heads_digest, heads, payload, signature, key_id)
       values ($1, $2, $3, $4, $5, $6, $7::text::jsonb, $8, $9, $10) returning ${COLUMNS}`,
      [id, enterpriseId, createdAt, heads.length, chainedPostings, digest, JSON.stringify(heads), payload, signature, signer.keyId] as never[],
    );
    return row as unknown as CheckpointRow;
  })) as CheckpointRow | null;
}

/** A checkpoint for every enterprise whose chains moved since its last one; the ids made. */
export async function checkpointAll(sql: Sql, signer: CheckpointSigner): Promise<string[]> {
  const enterprises = await sql<{ enterprise_id: string }[]>`select distinct enterprise_id from ledger_balances where chain_length > 0`;
  const made: string[] = [];
  for (const { enterprise_id } of enterprises) {
    const row = await createCheckpoint(sql, enterprise_id, signer);
    if (row) made.push(row.id);
  }
  return made;
}

export async function listCheckpoints(sql: Sql, enterpriseId: string, after: string | null, limit: number): Promise<CheckpointRow[]> {
  return (await sql.unsafe(
    `select ${COLUMNS} from ledger_checkpoints where enterprise_id = $1 and ($2::uuid is null or id > $2) order by id limit $3`,
    [enterpriseId, after, limit] as never[],
  )) as unknown as CheckpointRow[];
}

/**
 * Checks stored checkpoints: each one's heads give its digest, its signature verifies (when the
 * public key is given), and its heads are links of today's chains (checked by verifyChains, which
 * takes the expected links this returns).
 */
export async function checkpointExpectations(
  tx: Sql,
  publicKey: Buffer | null,
): Promise<{ violations: string[]; links: Map<string, { checkpointId: string; head: string }[]>; checkpoints: number }> {
  const violations: string[] = [];
  const links = new Map<string, { checkpointId: string; head: string }[]>();
  let checkpoints = 0;
  for await (const rows of tx`select id, heads, heads_digest, payload, signature from ledger_checkpoints order by id`.cursor(100)) {
    for (const c of rows) {
      checkpoints++;
      const heads = c.heads as CheckpointHead[];
      if (!headsDigest(heads).equals(c.heads_digest) || JSON.parse(c.payload).heads_digest !== Buffer.from(c.heads_digest).toString('hex')) {
        violations.push(`checkpoint ${c.id}: its heads do not give its digest`);
      }
      if (publicKey && !verifyCheckpointSignature(c.payload, c.signature, publicKey)) violations.push(`checkpoint ${c.id}: the signature does not verify`);
      for (const [ref, asset, length, head] of heads) {
        const k = `${ref}\u0000${asset}\u0000${length}`;
        const list = links.get(k) ?? [];
        list.push({ checkpointId: c.id, head });
        links.set(k, list);
      }
    }
  }
  return { violations, links, checkpoints };
}
