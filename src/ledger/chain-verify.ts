import type { Sql, TransactionSql } from 'postgres';
import { chainLink, transactionHash } from './chain';
import { checkpointExpectations } from './checkpoints';

/** Where the hash chains first disagree with the rows, earliest transaction first (ids are UUIDv7). */
export interface BrokenLink {
  transactionId: string | null;
  accountRef: string | null;
  asset: string | null;
  reason: string;
}

export interface ChainReport {
  /** Transactions carrying a hash; older ones (booked before the chains existed) stand outside them. */
  chainedTransactions: number;
  unchainedTransactions: number;
  chainedPostings: number;
  brokenLinks: number;
  checkpoints: number;
  firstBrokenLink: BrokenLink | null;
  /** At most 50 of the broken links, earliest first, as text. */
  violations: string[];
}

const BATCH = 2000;

/**
 * Recomputes every transaction's hash from its row and postings, then walks every balance row's
 * chain in order (each link sha-256(previous link ‖ transaction hash), positions 1, 2, …, ending at
 * the row's stored head and length). Pass a transaction to check one snapshot (verifyLedger does).
 * Optionally limited to one enterprise.
 */
export async function verifyChains(tx: Sql | TransactionSql, opts: { enterpriseId?: string; checkpointPublicKey?: Buffer | null } = {}): Promise<ChainReport> {
  const broken: BrokenLink[] = [];
  // Signed checkpoints name links of the chains as they were: each must still be there.
  const expected = await checkpointExpectations(tx as Sql, opts.checkpointPublicKey ?? null);
  const scope = opts.enterpriseId ?? null;
  let chained = 0;
  let unchained = 0;
  let chainedPostings = 0;

  const txs = (tx as Sql)`
    select t.id, t.enterprise_id, t.business_key, t.kind, t.hash, t.reversal_of,
           coalesce(json_agg(json_build_array(b.account_ref, b.asset, p.amount::text)) filter (where p.balance_id is not null), '[]') as postings
      from ledger_transactions t
      left join ledger_postings p on p.transaction_id = t.id
      left join ledger_balances b on b.id = p.balance_id
     where ${scope}::uuid is null or t.enterprise_id = ${scope}
     group by t.id
     order by t.id`.cursor(BATCH);
  for await (const rows of txs) {
    for (const r of rows) {
      if (r.hash == null) {
        unchained++;
        continue;
      }
      chained++;
      const postings = (r.postings as [string, string, string][]).map(([accountRef, asset, amount]) => ({ accountRef, asset, amount: BigInt(amount) }));
      const expected = transactionHash({ id: r.id, enterpriseId: r.enterprise_id, businessKey: r.business_key, kind: r.kind, postings, reversalOf: r.reversal_of });
      if (!expected.equals(r.hash)) broken.push({ transactionId: r.id, accountRef: null, asset: null, reason: 'its rows no longer match its hash' });
    }
  }

  const heads = new Map<string, { account_ref: string; asset: string; chain_length: string; chain_head: Buffer | null }>();
  for (const b of await (tx as Sql)`
    select id::text, account_ref, asset, chain_length::text, chain_head from ledger_balances
     where ${scope}::uuid is null or enterprise_id = ${scope}`) {
    heads.set(b.id, b as never);
  }
  let current: string | null = null;
  let expectedSeq = 0n;
  let previous: Buffer | null = null;
  let rowBroken = false;
  const closeRow = () => {
    if (current === null) return;
    const b = heads.get(current)!;
    heads.delete(current);
    if (!rowBroken && (BigInt(b.chain_length) !== expectedSeq || !sameHead(b.chain_head, previous))) {
      broken.push({ transactionId: null, accountRef: b.account_ref, asset: b.asset, reason: `the balance row's chain head or length (${b.chain_length}) is not its last link's (${expectedSeq})` });
    }
  };
  const links = (tx as Sql)`
    select p.balance_id::text, b.account_ref, b.asset, p.transaction_id, p.chain_seq::text, p.chain_hash, t.hash as tx_hash
      from ledger_postings p
      join ledger_balances b on b.id = p.balance_id
      left join ledger_transactions t on t.id = p.transaction_id
     where (p.chain_seq is not null or p.chain_hash is not null or t.hash is not null)
       and (${scope}::uuid is null or b.enterprise_id = ${scope})
     order by p.balance_id, p.chain_seq nulls first`.cursor(BATCH);
  for await (const rows of links) {
    for (const p of rows) {
      if (p.balance_id !== current) {
        closeRow();
        current = p.balance_id;
        expectedSeq = 0n;
        previous = null;
        rowBroken = false;
      }
      chainedPostings++;
      if (rowBroken) continue; // one report per chain: its first broken link
      const at = { transactionId: p.transaction_id, accountRef: p.account_ref, asset: p.asset };
      expectedSeq++;
      if (p.chain_seq === null || BigInt(p.chain_seq) !== expectedSeq || p.chain_hash === null || p.tx_hash === null) {
        broken.push({ ...at, reason: `link ${expectedSeq} of the chain is missing or out of place` });
        rowBroken = true;
        continue;
      }
      const link = chainLink(previous, p.tx_hash);
      if (!link.equals(p.chain_hash)) {
        broken.push({ ...at, reason: `link ${expectedSeq} of the chain does not follow from the one before` });
        rowBroken = true;
        continue;
      }
      previous = link;
      const marks = expected.links.get(`${p.account_ref}\u0000${p.asset}\u0000${expectedSeq}`);
      expected.links.delete(`${p.account_ref}\u0000${p.asset}\u0000${expectedSeq}`);
      for (const m of marks ?? []) {
        if (m.head !== link.toString('hex')) {
          broken.push({ ...at, reason: `link ${expectedSeq} of the chain is not the one checkpoint ${m.checkpointId} signed` });
          rowBroken = true;
        }
      }
    }
  }
  closeRow();
  for (const b of heads.values()) {
    if (BigInt(b.chain_length) !== 0n || b.chain_head !== null) {
      broken.push({ transactionId: null, accountRef: b.account_ref, asset: b.asset, reason: 'the balance row has a chain head but no chained postings' });
    }
  }

  if (!scope) {
    for (const [k, marks] of expected.links) {
      const [accountRef, asset, length] = k.split('\u0000');
      broken.push({ transactionId: null, accountRef, asset, reason: `link ${length} that checkpoint ${marks[0].checkpointId} signed is no longer in the chain` });
    }
  }
  broken.sort((a, b) => (a.transactionId ?? '\uffff').localeCompare(b.transactionId ?? '\uffff'));
  return {
    chainedTransactions: chained,
    unchainedTransactions: unchained,
    chainedPostings,
    brokenLinks: broken.length + expected.violations.length,
    firstBrokenLink: broken[0] ?? null,
    checkpoints: expected.checkpoints,
    violations: [...expected.violations, ...broken.slice(0, 50).map(describeBrokenLink)],
  };
}

export function describeBrokenLink(b: BrokenLink): string {
  const where = [b.transactionId && `transaction ${b.transactionId}`, b.accountRef && `balance ${b.accountRef} ${b.asset}`].filter(Boolean).join(', ');
  return `hash chain broken at ${where}: ${b.reason}`;
}

function sameHead(a: Buffer | null, b: Buffer | null): boolean {
  return a === null || b === null ? a === b : a.equals(b);
}
