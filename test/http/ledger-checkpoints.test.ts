// Tamper evidence (docs/ledger.md): hash-chained transactions, verify naming the first broken link,
// and signed checkpoints served at GET /ledger/checkpoints that verify offline with the published key.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { uuidv7 } from '../../src/ids';
import {
  CHECKPOINT_KEY_NAME,
  canonicalTransaction,
  checkpointSigner,
  createCheckpoint,
  creditExternalDeposit,
  transfer,
  verifyChains,
  type LedgerTransaction,
} from '../../src/ledger';
import { call, createTenant, startTestApp, tokenFor, type Tenant, type TestApp } from '../helpers/app';

let app: TestApp;
let tenant: Tenant;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenant(app.services, 'Chain Ltd');
  token = await tokenFor(app.url, tenant);
});
afterAll(async () => {
  await app.close();
});

async function newAccount(): Promise<string> {
  const res = await call(app.url, 'POST', '/clients', {
    token,
    body: { display_name: 'Holder', external_id: `ext-${uuidv7()}`, metadata: {}, scope_ref: `enterprises/${tenant.enterpriseId}` },
  });
  expect(res.status).toBe(201);
  return res.body.default_client_account;
}

/** A deposit, then three transfers a → b → a → b, through the ledger and the API's group commit. */
async function history(): Promise<{ a: string; b: string; txs: LedgerTransaction[] }> {
  const [a, b] = [await newAccount(), await newAccount()];
  const txs = [await creditExternalDeposit(app.services.sql, { key: `t-deposit/${uuidv7()}`, enterpriseId: tenant.enterpriseId, accountRef: a, asset: 'USD', amount: 10_000n })];
  for (const [s, t] of [[a, b], [b, a], [a, b]]) {
    txs.push(await transfer(app.services.sql, { key: `t-transfer/${uuidv7()}`, enterpriseId: tenant.enterpriseId, kind: 'internal_transfer', sourceRef: s, targetRef: t, asset: 'USD', amount: 1_00n }));
  }
  const res = await call(app.url, 'POST', '/internal-transfers', {
    token,
    headers: { 'idempotency-key': uuidv7() },
    body: { amount: { currency: 'USD', value: '2.00' }, source_ref: a, target_ref: b },
  });
  expect(res.status).toBe(201);
  return { a, b, txs };
}

/** Runs `fn` inside a transaction that is always rolled back, so the tampering never reaches other tests. */
async function rolledBack<T>(fn: (tx: any) => Promise<T>): Promise<T> {
  let out: T | undefined;
  await app.services.sql
    .begin(async (tx) => {
      out = await fn(tx);
      throw new Error('rollback');
    })
    .catch((err: Error) => {
      if (err.message !== 'rollback') throw err;
    });
  return out!;
}

it('the chains verify, and a hash recomputed from the canonical encoding matches the stored one', async () => {
  const { a, txs } = await history();
  const report = await verifyChains(app.services.sql, { enterpriseId: tenant.enterpriseId });
  expect(report.firstBrokenLink).toBeNull();
  expect(report.violations).toEqual([]);
  expect(report.chainedTransactions).toBeGreaterThanOrEqual(5);

  const [row] = await app.services.sql`select hash from ledger_transactions where id = ${txs[1].id}`;
  const encoding = canonicalTransaction({
    id: txs[1].id,
    enterpriseId: tenant.enterpriseId,
    businessKey: txs[1].businessKey,
    kind: 'internal_transfer',
    postings: [
      { accountRef: a, asset: 'USD', amount: -1_00n },
      { accountRef: txs[1].businessKey && (await app.services.sql`select b.account_ref from ledger_postings p join ledger_balances b on b.id = p.balance_id where p.transaction_id = ${txs[1].id} and p.amount > 0`)[0].account_ref, asset: 'USD', amount: 1_00n },
    ],
  });
  expect(encoding).toContain('"-1.00"'); // amounts as the asset's decimal strings
  expect(createHash('sha256').update(encoding).digest().equals(row.hash)).toBe(true);
});

it('a posting edited in the database: verify names the first broken link, that transaction', async () => {
  const { a, txs } = await history();
  const report = await rolledBack(async (tx) => {
    // Rewrite the second transfer's debit of `a`, and a later one too: the earliest is reported.
    await tx`update ledger_postings p set amount = amount - 1 from ledger_balances b
              where p.balance_id = b.id and b.account_ref = ${a} and p.transaction_id = ${txs[3].id}`;
    await tx`update ledger_postings p set amount = amount - 1 from ledger_balances b
              where p.balance_id = b.id and b.account_ref = ${a} and p.transaction_id = ${txs[2].id}`;
    return verifyChains(tx, { enterpriseId: tenant.enterpriseId });
  });
  expect(report.firstBrokenLink).toMatchObject({ transactionId: txs[2].id });
  expect(report.violations[0]).toContain(txs[2].id);
});

it('a transaction rewritten with a fresh hash still breaks its accounts\' chains', async () => {
  const { a, txs } = await history();
  const report = await rolledBack(async (tx) => {
    await tx`update ledger_transactions set hash = sha256(hash) where id = ${txs[1].id}`;
    return verifyChains(tx, { enterpriseId: tenant.enterpriseId });
  });
  expect(report.firstBrokenLink?.transactionId).toBe(txs[1].id);
  expect(report.violations.some((v) => v.includes(a) && v.includes('does not follow'))).toBe(true);
});

it('GET /ledger/checkpoints: a signed checkpoint that verifies offline with the published public key', async () => {
  await history();
  const signer = checkpointSigner(await app.services.platformKeys.get(CHECKPOINT_KEY_NAME));
  const made = await createCheckpoint(app.services.sql, tenant.enterpriseId, signer);
  expect(made).not.toBeNull();
  // Nothing booked since: no second checkpoint.
  expect(await createCheckpoint(app.services.sql, tenant.enterpriseId, signer)).toBeNull();

  const res = await call(app.url, 'GET', '/ledger/checkpoints?page_size=200', { token });
  expect(res.status).toBe(200);
  const cp = res.body.items.find((c: { id: string }) => c.id === made!.id);
  expect(cp).toMatchObject({ resource: 'ledger_checkpoint', algorithm: 'Ed25519', enterprise_ref: `enterprises/${tenant.enterpriseId}` });

  // Offline: only the published key, the payload's bytes and the signature.
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: cp.public_key }, format: 'jwk' });
  expect(verify(null, Buffer.from(cp.payload), key, Buffer.from(cp.signature, 'base64'))).toBe(true);
  expect(verify(null, Buffer.from(cp.payload.replace(cp.heads_digest, '0'.repeat(64))), key, Buffer.from(cp.signature, 'base64'))).toBe(false);
  expect(JSON.parse(cp.payload)).toMatchObject({ type: 'counterfoil.ledger.checkpoint.v1', id: cp.id, enterprise_id: tenant.enterpriseId, heads_digest: cp.heads_digest, key_id: cp.key_id });

  // The checkpoint's heads are checked by verify too: rewriting a signed link is reported against it.
  const report = await rolledBack(async (tx) => {
    await tx`update ledger_postings set chain_hash = sha256(chain_hash)
              where (balance_id, chain_seq) = (select id, chain_length from ledger_balances where enterprise_id = ${tenant.enterpriseId} and chain_length > 0 order by id limit 1)`;
    await tx`update ledger_balances set chain_head = sha256(chain_head) where id = (select id from ledger_balances where enterprise_id = ${tenant.enterpriseId} and chain_length > 0 order by id limit 1)`;
    return verifyChains(tx, { enterpriseId: tenant.enterpriseId, checkpointPublicKey: signer.publicKey });
  });
  expect(report.firstBrokenLink).not.toBeNull();
  expect(report.violations.join('\n')).toMatch(/does not follow|checkpoint/);
});

it('GET /ledger/checkpoints needs audit.read at the enterprise', async () => {
  const res = await call(app.url, 'GET', '/ledger/checkpoints', {});
  expect(res.status).toBe(401);
});
