import type { Sql } from 'postgres';
import { loadConfig, type Config } from '../config';
import { connectPostgres } from '../db/connect';
import { CHECKPOINT_KEY_NAME, checkpointAll, checkpointSigner, describeBrokenLink, type CheckpointSigner } from '../ledger';
import { describeOperations, verifyBooks } from '../domain/verify-books';
import { PlatformKeys } from '../auth/keys';
import { KeyRing } from '../auth/sealing';
import { databaseFor } from './database';

async function withLedger(command: string, work: (sql: Sql, config: Config) => Promise<void>): Promise<void> {
  const config = loadConfig();
  const sql = connectPostgres(databaseFor(config, command), { max: 1, onnotice: () => {} });
  try {
    await work(sql, config);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

// The checkpoint key is a platform key, sealed under the key ring: without the ring, verify still
// checks everything but the checkpoints' signatures.
const signer = async (sql: Sql, config: Config): Promise<CheckpointSigner> =>
  checkpointSigner(await new PlatformKeys(sql, KeyRing.load(config.sealingKeys)).get(CHECKPOINT_KEY_NAME));

export function ledgerCheckpoint(): Promise<void> {
  return withLedger('ledger checkpoint', async (sql, config) => {
    process.stdout.write(`${JSON.stringify({ checkpoints: await checkpointAll(sql, await signer(sql, config)) }, null, 2)}\n`);
  });
}

export function ledgerVerify(): Promise<void> {
  return withLedger('ledger verify', async (sql, config) => {
    const publicKey = await signer(sql, config).then(
      (s) => s.publicKey,
      (err) => {
        process.stderr.write(`checkpoint signatures not checked: ${(err as Error).message}\n`);
        return null;
      },
    );
    const books = await verifyBooks(sql, { checkpointPublicKey: publicKey });
    const report = books.ledger;
    process.stdout.write(
      `ledger ${books.ok ? 'OK' : 'VIOLATED'}: ${report.transactions} transactions, ${report.postings} postings, ` +
        `${report.balances} balances, ${report.pendingHolds} pending holds; hash chains: ${report.chain.chainedTransactions} transactions ` +
        `(${report.chain.unchainedTransactions} booked before the chains), ${report.chain.checkpoints} checkpoints, ` +
        `${report.chain.firstBrokenLink ? `first broken link: ${describeBrokenLink(report.chain.firstBrokenLink)}` : 'unbroken'}; ` +
        `operations against their holds and bookings, events against their deliveries, answers against their effects: ${describeOperations(books)}\n`,
    );
    for (const v of books.violations) process.stdout.write(`  ${v}\n`);
    process.exitCode = books.ok ? 0 : 1;
  });
}
