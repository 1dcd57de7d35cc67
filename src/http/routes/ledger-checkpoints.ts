import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { ETag, Timestamp, Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { etagOf } from '../../db/base';
import { CHECKPOINT_KEY_NAME, checkpointSigner, listCheckpoints, type CheckpointRow, type CheckpointSigner } from '../../ledger';
import type { Services } from '../../services';

/*
 * Signed checkpoints of the ledger's hash chains (docs/ledger.md, "Tamper evidence"): what an auditor
 * keeps outside Counterfoil, with the public key that verifies them offline.
 */

const LedgerCheckpointBody = z
  .object({
    id: Uuid,
    resource: z.literal('ledger_checkpoint'),
    enterprise_ref: z.string(),
    created_at: Timestamp,
    balances: z.number().int().openapi({ description: 'Balance rows (account and asset) whose chain heads the checkpoint signs.' }),
    chained_postings: z.string().openapi({ description: 'Postings in those chains (decimal string).' }),
    heads_digest: z.string().openapi({ description: 'sha-256 (hex) of the JSON array of the heads `[account_ref, asset, chain length, head hex]`, in (account_ref, asset) byte order.' }),
    payload: z.string().openapi({ description: 'The signed text: JSON with `type` `counterfoil.ledger.checkpoint.v1`, `id`, `enterprise_id`, `created_at`, `balances`, `chained_postings`, `heads_digest`, `key_id`. Verify the signature over these exact bytes (UTF-8).' }),
    signature: z.string().openapi({ description: 'Ed25519 signature of `payload`, base64.' }),
    algorithm: z.literal('Ed25519'),
    key_id: z.string().openapi({ description: 'First 16 hex digits of the sha-256 of the raw public key.' }),
    public_key: z.string().openapi({ description: 'The raw 32-byte Ed25519 public key, base64url (the `x` of its JWK). Keep it with the checkpoints: a later checkpoint signed by another key is not this platform\'s.' }),
    etag: ETag,
  })
  .openapi('LedgerCheckpoint');

const signers = new WeakMap<Services, Promise<CheckpointSigner>>();
/** The ledger checkpoint key, opened once per process (it also signs closed reconciliation periods). */
export function checkpointSignerOf(services: Services): Promise<CheckpointSigner> {
  let signer = signers.get(services);
  if (!signer) {
    signer = services.platformKeys.get(CHECKPOINT_KEY_NAME).then(checkpointSigner);
    signers.set(services, signer);
    signer.catch(() => signers.delete(services));
  }
  return signer;
}
const publicKeyOf = async (services: Services): Promise<Buffer> => (await checkpointSignerOf(services)).publicKey;

function present(row: CheckpointRow, publicKey: Buffer) {
  return {
    id: row.id,
    resource: 'ledger_checkpoint' as const,
    enterprise_ref: `enterprises/${row.enterprise_id}`,
    created_at: row.created_at.toISOString(),
    balances: row.balances,
    chained_postings: row.chained_postings,
    heads_digest: Buffer.from(row.heads_digest).toString('hex'),
    payload: row.payload,
    signature: Buffer.from(row.signature).toString('base64'),
    algorithm: 'Ed25519' as const,
    key_id: row.key_id,
    public_key: publicKey.toString('base64url'),
    etag: etagOf({ id: row.id, version: 1 }),
  };
}

export const listLedgerCheckpointsRoute = defineRoute({
  method: 'get',
  path: '/ledger/checkpoints',
  operationId: 'listLedgerCheckpoints',
  summary: 'List signed ledger checkpoints',
  description:
    'Every ledger transaction carries a sha-256 hash and each balance row a hash chain over its postings; a checkpoint signs the heads of all the enterprise\'s chains (Ed25519, a platform key). The housekeeping schedule makes one every hour when the ledger moved (and `counterfoil ledger checkpoint` on demand). Keep them outside Counterfoil: `counterfoil ledger verify` names the first link that no longer matches, and a checkpoint whose signature does not verify with the published key was not made here. Checkpoints belong to the enterprise as a whole: `audit.read` must be held at the enterprise. Oldest first.',
  tags: ['Ledger'],
  auth: { kind: 'bearer', permission: 'audit.read' },
  query: z.object({ ...pageQuery }).strict(),
  responses: { 200: { description: 'A page of checkpoints, oldest first.', schema: listOf(LedgerCheckpointBody, 'LedgerCheckpointList') } },
  handler: async ({ query, caller, services, pager }) => {
    const publicKey = await publicKeyOf(services);
    const fetch = async (after: string | null, limit: number) => (caller.can('audit.read', [caller.enterpriseRef]) ? listCheckpoints(services.sql, caller.enterpriseId, after, limit) : []);
    return { body: await pager.list(query, caller, fetch, (r) => present(r, publicKey)) };
  },
});

export const ledgerCheckpointRoutes: RouteDef[] = [listLedgerCheckpointsRoute];
