import { createHash } from 'node:crypto';
import { formatAmount } from './assets';

/*
 * Tamper evidence, the encoding side (docs/ledger.md, "Tamper evidence"). Everything here is what an
 * auditor needs to recompute hashes outside Counterfoil: plain JSON and sha-256.
 */

export const TRANSACTION_ENCODING = 'counterfoil.ledger.transaction.v1';

export interface ChainedPosting {
  accountRef: string;
  asset: string;
  /** Minor units; encoded as the asset's decimal string (`-12.50`). */
  amount: bigint;
}

export interface ChainedTransaction {
  id: string;
  enterpriseId: string;
  businessKey: string;
  kind: string;
  postings: ChainedPosting[];
  /** The transaction a return or reversal undoes: covered by the hash, so the link cannot be moved. */
  reversalOf?: string | null;
}

/**
 * The canonical encoding: a JSON array of strings, postings sorted by (account_ref, asset) in byte
 * order, zero amounts left out (they are never stored). The id is a UUIDv7, so the booking's
 * millisecond is covered too.
 */
export function canonicalTransaction(t: ChainedTransaction): string {
  const postings = t.postings
    .filter((p) => p.amount !== 0n)
    .map((p) => [p.accountRef, p.asset, formatAmount(p.amount, p.asset)])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  // A reversal appends the id it undoes; every other transaction keeps the six-element form.
  const encoded: unknown[] = [TRANSACTION_ENCODING, t.id, t.enterpriseId, t.businessKey, t.kind, postings];
  if (t.reversalOf) encoded.push(t.reversalOf);
  return JSON.stringify(encoded);
}

/** sha-256 of the canonical encoding: the hash a ledger transaction carries. */
export function transactionHash(t: ChainedTransaction): Buffer {
  return createHash('sha256').update(canonicalTransaction(t)).digest();
}

/**
 * One link of a balance row's chain: sha-256(previous link ‖ transaction hash); the first link of a
 * row has no previous link. The same step as SQL's counterfoil_chain aggregate.
 */
export function chainLink(previous: Buffer | null, txHash: Buffer): Buffer {
  return createHash('sha256')
    .update(previous ?? Buffer.alloc(0))
    .update(txHash)
    .digest();
}
