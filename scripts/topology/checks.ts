// What must hold after a topology run's load settles, and the table it prints.
import type postgres from 'postgres';
import type { Tally } from './client';
import { settled, TERMINAL_WITHDRAWAL, type Operations } from './load';
import type { DedupingReceiver } from './receiver';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface Outcome {
  checks: Check[];
  /** Events, transfers and withdrawals lost. */
  lost: number;
  /** Transfers stored without having been acknowledged, or twice. */
  extra: number;
  /** Webhook-ids processed more than once by the receiver. */
  processedTwice: number;
  /** Deliveries beyond the first per webhook-id (deduplicated by the receiver). */
  redelivered: number;
  violations: number;
}

export interface CheckInputs {
  sql: postgres.Sql;
  enterpriseId: string;
  ops: Operations;
  tally: Tally;
  receiver: DedupingReceiver;
  /** Events after this sequence number must have reached the receiver. */
  eventsAfterSeq: string;
  /** Runs `counterfoil ledger verify` against the same database. */
  verify: () => Promise<{ code: number; output: string }>;
  retryForMs: number;
  settleTimeoutMs?: number;
  log: (m: string) => void;
}

/** Waits for withdrawals to settle and webhooks to arrive, then checks the database against what clients were told. */
export async function checkOutcome(i: CheckInputs): Promise<Outcome> {
  const { sql, enterpriseId, ops, receiver } = i;
  const settleTimeoutMs = i.settleTimeoutMs ?? 180_000;
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

  const acknowledgedWithdrawals = [...ops.withdrawals.values()].filter((w) => w.id).map((w) => w.id!);
  await settled(sql, acknowledgedWithdrawals, settleTimeoutMs).catch((err: Error) => i.log(err.message));
  const trail = await sql`
    select w.id::text, w.status,
      (select status from ledger_holds h where h.business_key = 'withdrawal/' || w.id) as hold,
      (select count(*)::int from ledger_transactions t where t.business_key = 'withdrawal/' || w.id || '/settle') as settlements
    from withdrawals w where w.enterprise_id = ${enterpriseId}`;
  const badWithdrawals = trail.filter((w) =>
    w.status === 'executed' ? !(w.hold === 'posted' && w.settlements === 1) : !(TERMINAL_WITHDRAWAL.includes(w.status) && w.hold === 'voided' && w.settlements === 0),
  );
  const unknownWithdrawals = trail.filter((w) => !acknowledgedWithdrawals.includes(w.id)).length;
  const missingWithdrawals = acknowledgedWithdrawals.filter((id) => !trail.some((w) => w.id === id)).length;
  check('withdrawals terminal, one settlement or one release each', badWithdrawals.length === 0 && missingWithdrawals === 0 && unknownWithdrawals === 0,
    `${trail.length} withdrawals (${trail.filter((w) => w.status === 'executed').length} executed), ${badWithdrawals.length} not terminal or not booked once, ${missingWithdrawals} acknowledged but missing, ${unknownWithdrawals} never acknowledged`);

  const acknowledgedTransfers = new Set([...ops.transfers.values()].filter((t) => t.id).map((t) => t.id!));
  const refusedTransfers = [...ops.transfers.values()].filter((t) => t.status >= 400 && t.status < 500).length;
  const stored = await sql`select id::text from internal_transfers where enterprise_id = ${enterpriseId}`;
  const storedIds = new Set(stored.map((r) => r.id as string));
  const missing = [...acknowledgedTransfers].filter((id) => !storedIds.has(id)).length;
  const extra = [...storedIds].filter((id) => !acknowledgedTransfers.has(id)).length + (stored.length - storedIds.size);
  check('acknowledged transfers exist once, refused ones never', missing === 0 && extra === 0,
    `${acknowledgedTransfers.size} acknowledged, ${refusedTransfers} refused; stored ${stored.length}: ${missing} missing, ${extra} not acknowledged`);

  const conversionsDone = [...ops.conversions.values()].filter((c) => c.id).length;
  check('conversions executed', conversionsDone > 0, `${conversionsDone} acknowledged`);

  const events = await sql`select id::text from events where enterprise_id = ${enterpriseId} and type like 'operations.%' and seq > ${i.eventsAfterSeq}`;
  const deadline = Date.now() + settleTimeoutMs;
  let lost = events.filter((e) => !receiver.deliveries.has(e.id)).length;
  while (lost > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    lost = events.filter((e) => !receiver.deliveries.has(e.id)).length;
  }
  const deliveries = [...receiver.deliveries.values()].reduce((a, b) => a + b, 0);
  const redelivered = deliveries - receiver.deliveries.size;
  check('every event reached the receiver, processed once', lost === 0 && receiver.processed() === receiver.deliveries.size,
    `${events.length} events, ${deliveries} deliveries, ${lost} lost, ${redelivered} redelivered (deduplicated by webhook-id), ${receiver.processed()} processed`);

  const verify = await i.verify();
  const violations = verify.code === 0 ? 0 : Math.max(1, verify.output.split('\n').filter((l) => l.startsWith('  ')).length);
  check('counterfoil ledger verify', verify.code === 0, verify.output.trim().split('\n')[0]);
  check('every request answered (2xx or 4xx)', i.tally.unanswered === 0, `${i.tally.unanswered} unanswered after ${i.retryForMs / 1000} s of retries; ${i.tally.status5xx} 5xx answers retried`);

  return {
    checks,
    lost: lost + missing + badWithdrawals.length + missingWithdrawals,
    extra: extra + unknownWithdrawals,
    processedTwice: receiver.processed() - receiver.deliveries.size,
    redelivered,
    violations,
  };
}

/** Prints the table and the checks to stdout; answers whether every check passed. */
export function printReport(title: string, table: Array<[string, string]>, checks: Check[], note = ''): boolean {
  process.stdout.write(`\n${title}\n\n`);
  const width = Math.max(...table.map(([k]) => k.length));
  for (const [k, v] of table) process.stdout.write(`| ${k.padEnd(width)} | ${v}\n`);
  process.stdout.write('\nChecks\n');
  for (const c of checks) process.stdout.write(`  ${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}\n`);
  const passed = checks.every((c) => c.ok);
  process.stdout.write(`\n${passed ? 'PASSED' : 'FAILED'}${note ? ` ${note}` : ''}\n`);
  return passed;
}
