import type { TransactionSql } from 'postgres';
import type { Db } from '../../db/sql';
import type { ScopePath } from '../../auth/caller';
import { applicableRules } from './active-rules';
import { bulkTable, type BulkRows, type BulkTable } from '../../db/bulk';
import { decide, velocityKey, velocityNeeds, type ActionFamily, type PolicyDecision, type ProposedOperation } from './engine';

/**
 * Sums of the velocity register for one account and family: each (window, asset) a rule asks for.
 * Released operations (ended without moving money) do not count.
 */
async function velocityTotals(sql: Db, op: ProposedOperation, needs: Array<{ windowSeconds: number; asset: string }>): Promise<Map<string, bigint>> {
  const totals = new Map<string, bigint>();
  await Promise.all(
    needs.map(async (n) => {
      const [row] = await sql`
        select coalesce(sum(amount), 0)::text as total from policy_velocity
         where account_ref = ${op.accountRef} and action_family = ${op.actionFamily} and asset = ${n.asset}
           and released_at is null and created_at > now() - make_interval(secs => ${n.windowSeconds})`;
      totals.set(velocityKey(n.windowSeconds, n.asset), BigInt(row.total));
    }),
  );
  return totals;
}

/**
 * Evaluates the active rules for a proposed operation: reads only, no side effects (what
 * POST /policy-rules/evaluate shows). Inside a creation transaction, pass the transaction: when a
 * velocity rule applies, operations of the same account and family are serialised on an advisory
 * lock until commit, so two concurrent operations cannot both slip under a velocity limit.
 */
export async function evaluatePolicy(sql: Db, op: ProposedOperation, scopePath: ScopePath): Promise<PolicyDecision> {
  const rules = await applicableRules(sql, op.enterpriseId, op.actionFamily, scopePath);
  const needs = velocityNeeds(rules);
  if (needs.length > 0 && typeof (sql as TransactionSql).savepoint === 'function') {
    await sql`select pg_advisory_xact_lock(hashtext(${`velocity:${op.accountRef}:${op.actionFamily}`}))`;
  }
  const totals = needs.length > 0 ? await velocityTotals(sql, op, needs) : new Map<string, bigint>();
  return decide(rules, op, totals, new Date(), scopePath);
}

export interface VelocityEntry {
  /** The governed record (`withdrawals/<id>`): the register's key, so recording twice counts once. */
  operationRef: string;
  enterpriseId: string;
  accountRef: string;
  actionFamily: ActionFamily;
  asset: string;
  amount: bigint;
}

/**
 * Counts an accepted operation towards velocity limits; call it in the transaction that creates the
 * record. Issued at once, so statements pipelined behind it keep their order.
 */
export function recordVelocity(sql: Db, e: VelocityEntry): Promise<void> {
  return sql`
    insert into policy_velocity (operation_ref, enterprise_id, account_ref, action_family, asset, amount)
    values (${e.operationRef}, ${e.enterpriseId}, ${e.accountRef}, ${e.actionFamily}, ${e.asset}, ${e.amount.toString()}::numeric)
    on conflict (operation_ref) do nothing`
    .execute()
    .then(() => undefined);
}

const VELOCITY = bulkTable<{ operation_ref: string; enterprise_id: string; account_ref: string; action_family: string; asset: string; amount: string }>(
  'policy_velocity',
  { operation_ref: 'text', enterprise_id: 'uuid', account_ref: 'text', action_family: 'text', asset: 'text', amount: 'numeric' },
  { tail: 'on conflict (operation_ref) do nothing' },
);

/** Many entries as bulk rows, for a statement that inserts them with other rows (db/bulk bulkInsertAll). */
export function velocitiesInBulk(entries: VelocityEntry[]): BulkRows {
  return {
    table: VELOCITY as BulkTable<unknown>,
    rows: entries.map((e) => ({ operation_ref: e.operationRef, enterprise_id: e.enterpriseId, account_ref: e.accountRef, action_family: e.actionFamily, asset: e.asset, amount: e.amount.toString() })),
  };
}

/** Stops counting an operation that ended without moving money (rejected, expired, cancelled, failed). */
export async function releaseVelocity(sql: Db, operationRef: string): Promise<void> {
  await sql`update policy_velocity set released_at = now() where operation_ref = ${operationRef} and released_at is null`;
}
