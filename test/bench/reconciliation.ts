// npm run bench:reconciliation — reconciliation at volume, against a scratch database:
//   (1) 1,000,000 statement lines against 1,000,000 ledger transactions, one to one by reference, 1 % with an
//       amount a cent off: lines read in reference order 10,000 at a time, candidates by the batch's
//       reference range, matches written in one statement per batch. Targets ≤ 60 s, ≤ 512 MiB RSS.
//   (2) an incremental run: 10,000 new lines inserted and matched. Target ≤ 2 s.
//   (3) a camt.053 file of 100,000 entries imported (streamed from disk). Target ≤ 20 s.
// The ledger side of (1) and (2) is generated in reference order (what the keyed read of deposits and payouts
// answers), so the figures are the matcher's and the statement store's; loading the lines is shown apart.
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { closeServices, createServices } from '../../src/services';
import { createEnterpriseWithAdmin } from '../../src/bootstrap';
import { uuidv7 } from '../../src/ids';
import { createReconciliationAccount, defaultRules, importStatementFile, matchInKeyedBatches, type MatchItem } from '../../src/domain/reconciliation';
import { insertLines, newLineRow, type ReconciliationAccountRow } from '../../src/domain/reconciliation/store';
import { counterfoilSettings, machineProbeMs, report, scratchDatabase } from './support';

const N = Number(process.env.BENCH_LINES ?? 1_000_000);
const INCREMENT = 10_000;
const CAMT_ENTRIES = Number(process.env.BENCH_CAMT_ENTRIES ?? 100_000);
const T0 = Date.parse('2026-11-30T00:00:00Z');

const ref = (i: number) => `R${i.toString().padStart(9, '0')}`;
const txId = (i: number) => `00000000-0000-7000-8000-${i.toString(16).padStart(12, '0')}`;
/** Every hundredth line is a cent off: a discrepancy the exact rule leaves. */
const lineAmount = (i: number) => BigInt(1000 + (i % 5000)) + (i % 100 === 0 ? 1n : 0n);

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const mib = (b: number) => `${(b / 1048576).toFixed(0)} MiB`;

async function loadLines(sql: import('postgres').Sql, account: ReconciliationAccountRow, from: number, to: number): Promise<void> {
  for (let start = from; start < to; start += 10_000) {
    const rows = [];
    for (let i = start; i < Math.min(to, start + 10_000); i++) {
      rows.push(
        newLineRow(uuidv7(), account, null, {
          providerId: `P${i}`,
          bookedAt: new Date(T0 + i * 1000),
          valueAt: null,
          asset: 'EUR',
          amount: lineAmount(i),
          counterparty: null,
          reference: ref(i),
          remittance: null,
          providerStatus: 'booked',
        }),
      );
    }
    await insertLines(sql, rows);
  }
}

/**
 * The ledger side, in reference order: transaction i carries reference i and the exact amount. Like the
 * keyed read, it leaves out what is matched: below `matchedBelow`, all but the discrepancies.
 */
const candidates = (limit: number, matchedBelow = 0) => async (first: string, last: string): Promise<MatchItem[]> => {
  const out: MatchItem[] = [];
  for (let i = Number(first.slice(1)); i <= Math.min(limit - 1, Number(last.slice(1))); i++) {
    if (i < matchedBelow && i % 100 !== 0) continue;
    out.push({ id: txId(i), amount: BigInt(1000 + (i % 5000)), asset: 'EUR', at: T0 + i * 1000, reference: ref(i), description: null, counterparty: null });
  }
  return out;
};

function camtFile(dir: string, entries: number): string {
  const file = path.join(dir, 'camt053-bench.xml');
  const parts = [`<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2026-11-30T18:00:00Z</CreDtTm></GrpHdr><Stmt><Id>BENCH</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>\n`];
  for (let i = 0; i < entries; i++) {
    parts.push(
      `<Ntry><Amt Ccy="EUR">${(10 + (i % 900)).toFixed(2)}</Amt><CdtDbtInd>${i % 3 ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-30</Dt></BookgDt><ValDt><Dt>2026-11-30</Dt></ValDt><AcctSvcrRef>BNK${i}</AcctSvcrRef><NtryDtls><TxDtls><Refs><EndToEndId>E2E-${i}</EndToEndId></Refs><RltdPties><Dbtr><Pty><Nm>Payer ${i % 100}</Nm></Pty></Dbtr></RltdPties><RmtInf><Ustrd>Invoice ${i}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n`,
    );
  }
  parts.push('</Stmt></BkToCstmrStmt></Document>\n');
  writeFileSync(file, parts.join(''));
  return file;
}

async function main(): Promise<void> {
  const db = await scratchDatabase('counterfoil_bench_reconciliation');
  const services = await createServices({ config: loadConfig(counterfoilSettings()), log: createLogger('warn'), databaseUrl: db.url, temporalAddress: '127.0.0.1:7233', migrate: true, poolSize: 4 });
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'counterfoil-bench-recon-'));
  try {
    const probeBefore = machineProbeMs();
    const created = await services.orm.em.fork().transactional((em) => createEnterpriseWithAdmin(em, { legalName: 'Bench Reconciliation Ltd', jurisdiction: 'GB', secretTtlDays: 30 }));
    const enterpriseId = created.enterprise_id;
    const account = await createReconciliationAccount(services.sql, { enterpriseId, rail: 'sepa', address: 'DE89370400440532013000', asset: 'EUR', lagMs: 86_400_000, intervalMs: 3_600_000 });
    const rules = defaultRules(86_400);

    let t = performance.now();
    await loadLines(services.sql, account, 0, N);
    const loadS = (performance.now() - t) / 1000;
    await services.sql`vacuum analyze statement_lines`;

    peakRss = process.memoryUsage().rss;
    t = performance.now();
    const full = await matchInKeyedBatches(services.sql, account, rules, candidates(N));
    const fullS = (performance.now() - t) / 1000;
    const fullRss = peakRss;

    t = performance.now();
    const since = new Date();
    await loadLines(services.sql, account, N, N + INCREMENT);
    const incremental = await matchInKeyedBatches(services.sql, account, rules, candidates(N + INCREMENT, N), { since });
    const incS = (performance.now() - t) / 1000;

    const camtAccount = await createReconciliationAccount(services.sql, { enterpriseId, rail: 'sepa', address: 'DE89 3704 0044 0532 0130 00', asset: 'EUR', lagMs: 86_400_000, intervalMs: 3_600_000 }).catch(async () => account);
    const file = camtFile(tmp, CAMT_ENTRIES);
    peakRss = process.memoryUsage().rss;
    t = performance.now();
    const imported = await importStatementFile(services.sql, { account: { ...camtAccount, address: 'DE89370400440532013000' }, format: 'camt.053', input: createReadStream(file, { highWaterMark: 64 * 1024 }), maxBytes: 1 << 30, attribution: null });
    const camtS = (performance.now() - t) / 1000;

    report(`bench:reconciliation (machine probe ${probeBefore} ms before, ${machineProbeMs()} ms after)`, {
      'load 1M lines (bulk insert)': `${loadS.toFixed(1)} s`,
      '1M × 1M match, one to one': `${fullS.toFixed(1)} s (target ≤ 60 s)`,
      '  lines / matched / left': `${full.lines} / ${full.matched} / ${full.unmatchedLines.length} lines, ${full.unmatchedTransactions.length} transactions`,
      '  peak RSS of the process': `${mib(fullRss)} (target ≤ 512 MiB)`,
      'incremental 10,000 lines (insert + match)': `${incS.toFixed(2)} s (target ≤ 2 s); matched ${incremental.matched}`,
      [`camt.053 import, ${CAMT_ENTRIES} entries`]: `${camtS.toFixed(1)} s (target ≤ 20 s); ${imported.row.line_count} lines, ${(imported.row.byte_size / 1048576).toFixed(0)} MiB file, peak RSS ${mib(peakRss)}`,
    });
  } finally {
    clearInterval(sampler);
    rmSync(tmp, { recursive: true, force: true });
    await closeServices(services);
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
