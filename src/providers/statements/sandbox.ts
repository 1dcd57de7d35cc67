import type { Sql } from 'postgres';
import type { Mode } from '../../config';
import { uuidv7 } from '../../ids';
import { assertSandboxMode } from '../sandbox';
import type { StatementAccount, StatementLine, StatementPage, StatementSource } from './source';

/** What a test can make the sandbox bank or custodian report differently from what happened (`injectStatementDiscrepancy`). */
export type SandboxDiscrepancyKind = 'payout_missing' | 'deposit_duplicated' | 'bank_fee' | 'settlement_late' | 'unknown_incoming' | 'amount_off';

export interface SandboxDiscrepancy {
  enterpriseId: string;
  rail: string;
  asset: string;
  kind: SandboxDiscrepancyKind;
  /** The rail reference of the payout or deposit it changes (not for `bank_fee`, `unknown_incoming`). */
  reference?: string;
  /** `settlement_late`: how many hours later it books. */
  hours?: number;
  /** Minor units: the fee (`bank_fee`), the payment (`unknown_incoming`), the difference (`amount_off`, signed). */
  amount?: bigint;
  counterparty?: string;
  remittance?: string;
}

/** The lines one pull derives: every credited deposit and settled payout of the enterprise on the rail not yet in the book. */
async function deriveNewLines(sql: Sql, enterpriseId: string, rail: string, asset: string): Promise<void> {
  await sql`
    insert into sandbox_statement_lines (enterprise_id, rail, asset, provider_id, source_key, booked_at, value_at, amount, counterparty, reference, remittance)
    select ${enterpriseId}, ${rail}, s.asset, 'SBX' || upper(substr(md5(s.source_key), 1, 16)), s.source_key, s.at, s.at, s.amount, s.counterparty, s.reference, s.remittance
    from (
      select 'deposit/' || d.id as source_key, d.asset, d.credited_at as at, d.amount, null::text as counterparty, d.transaction_hash as reference, 'deposit ' || d.transaction_hash as remittance
        from deposits d where d.enterprise_id = ${enterpriseId} and d.rail = ${rail} and d.asset = ${asset} and d.status in ('credited', 'partially_reversed', 'reversed')
      union all
      select 'withdrawal/' || w.id, w.asset, w.settled_at, -w.amount, null, w.rail_reference, 'withdrawal/' || w.id
        from withdrawals w where w.enterprise_id = ${enterpriseId} and w.rail = ${rail} and w.asset = ${asset} and w.status in ('executed', 'partially_returned', 'returned') and w.rail_reference is not null
      union all
      select 'off_ramp/' || o.id, o.fiat_currency, coalesce(o.completed_at, o.payout_sent_at), -o.fiat_amount, m.beneficiary->>'name', o.payout_reference, 'off_ramp/' || o.id
        from off_ramp_sessions o join payout_methods m on m.id = o.payout_method_id
        where o.enterprise_id = ${enterpriseId} and m.rail = ${rail} and o.fiat_currency = ${asset} and o.status in ('payout_sent', 'completed', 'partially_returned', 'returned') and o.payout_reference is not null
      union all
      -- What came back through the account: a payout the rail returned (in), a deposit recalled or returned to its sender (out).
      select 'return/' || r.id, r.asset, r.occurred_at, case when r.kind = 'payout_return' then r.amount else -r.amount end, null, coalesce(dr.provider_reference, r.external_id), 'return ' || r.subject_ref
        from money_returns r
          left join withdrawals w on w.id = case when r.subject_ref like 'withdrawals/%' then substr(r.subject_ref, 13)::uuid end
          left join off_ramp_sessions o on o.id = case when r.subject_ref like 'off-ramp-sessions/%' then substr(r.subject_ref, 19)::uuid end
          left join payout_methods m on m.id = o.payout_method_id
          left join deposits d on d.id = case when r.subject_ref like 'deposits/%' then substr(r.subject_ref, 10)::uuid end
          left join deposit_returns dr on r.kind = 'operator_reversal' and dr.id::text = r.external_id
        where r.enterprise_id = ${enterpriseId} and r.asset = ${asset} and coalesce(w.rail, m.rail, d.rail) = ${rail}
    ) s
    where not exists (select 1 from sandbox_statement_lines l where l.enterprise_id = ${enterpriseId} and l.rail = ${rail} and l.source_key = s.source_key)
    order by s.at, s.source_key
    on conflict do nothing`;
  // Discrepancies on lines now in the book: each applies once, in the order injected.
  const pending = await sql<{ id: string; kind: SandboxDiscrepancyKind; reference: string; hours: number | null; amount: string | null }[]>`
    select id, kind, reference, hours, amount::text from sandbox_statement_discrepancies
    where enterprise_id = ${enterpriseId} and rail = ${rail} and not consumed order by created_at, id`;
  for (const d of pending) {
    const [line] = await sql<{ seq: string }[]>`
      select seq::text from sandbox_statement_lines where enterprise_id = ${enterpriseId} and rail = ${rail} and asset = ${asset} and reference = ${d.reference} and source_key is not null and not hidden order by sandbox_statement_lines.seq limit 1`;
    if (!line) continue;
    if (d.kind === 'payout_missing') await sql`update sandbox_statement_lines set hidden = true where seq = ${line.seq}`;
    if (d.kind === 'settlement_late') await sql`update sandbox_statement_lines set booked_at = booked_at + make_interval(hours => ${d.hours ?? 0}), value_at = value_at + make_interval(hours => ${d.hours ?? 0}) where seq = ${line.seq}`;
    if (d.kind === 'amount_off') await sql`update sandbox_statement_lines set amount = amount + ${d.amount ?? '1'}::numeric where seq = ${line.seq}`;
    if (d.kind === 'deposit_duplicated') {
      await sql`
        insert into sandbox_statement_lines (enterprise_id, rail, asset, provider_id, source_key, booked_at, value_at, amount, counterparty, reference, remittance)
        select enterprise_id, rail, asset, provider_id || 'D', null, booked_at, value_at, amount, counterparty, reference, remittance from sandbox_statement_lines where seq = ${line.seq}`;
    }
    await sql`update sandbox_statement_discrepancies set consumed = true where id = ${d.id}`;
  }
}

/**
 * The sandbox statements provider: the sandbox bank or custodian holds one account per enterprise,
 * rail and asset (the address names it), through which every sandbox deposit on the rail arrives and
 * every payout leaves. Its book (sandbox_statement_lines) grows at each pull from what the sandbox
 * rails and deposits actually did, with the discrepancies a test injected; the cursor is a position in it.
 */
export class SandboxStatementSource implements StatementSource {
  readonly name = 'sandbox';

  constructor(
    private readonly sql: Sql,
    mode: Mode,
  ) {
    assertSandboxMode(mode, 'statement source');
  }

  async pull(enterpriseId: string, account: StatementAccount, cursor: string | null, limit: number): Promise<StatementPage> {
    await deriveNewLines(this.sql, enterpriseId, account.rail, account.currency);
    const after = cursor && /^\d{1,18}$/.test(cursor) ? cursor : '0';
    const rows = await this.sql<{ seq: string; provider_id: string; booked_at: Date; value_at: Date; asset: string; amount: string; counterparty: string | null; reference: string | null; remittance: string | null }[]>`
      select seq::text, provider_id, booked_at, value_at, asset, amount::text, counterparty, reference, remittance from sandbox_statement_lines
      where enterprise_id = ${enterpriseId} and rail = ${account.rail} and asset = ${account.currency} and seq > ${after} and not hidden
      order by sandbox_statement_lines.seq limit ${limit}`;
    const [balance] = await this.sql<{ total: string }[]>`
      select coalesce(sum(amount), 0)::text as total from sandbox_statement_lines where enterprise_id = ${enterpriseId} and rail = ${account.rail} and asset = ${account.currency} and booked_at <= now() and not hidden`;
    const lines: StatementLine[] = rows.map((r) => ({
      providerId: r.provider_id,
      bookedAt: r.booked_at,
      valueAt: r.value_at,
      asset: r.asset,
      amount: BigInt(r.amount),
      counterparty: r.counterparty,
      reference: r.reference,
      remittance: r.remittance,
      providerStatus: 'booked',
    }));
    return { lines, nextCursor: rows.length ? rows[rows.length - 1].seq : cursor, balance: { asset: account.currency, amount: BigInt(balance.total), asOf: new Date() } };
  }
}

/**
 * Makes the sandbox report a discrepancy: a fee or an unknown payment is a new line at once; the
 * others change the line of `reference` when the next pull brings it into the book.
 */
export async function injectStatementDiscrepancy(sql: Sql, d: SandboxDiscrepancy, mode: Mode): Promise<{ id: string; createdAt: Date }> {
  assertSandboxMode(mode, 'statement source');
  const id = uuidv7();
  if (d.kind === 'bank_fee' || d.kind === 'unknown_incoming') {
    const amount = d.kind === 'bank_fee' ? -(d.amount ?? 100n) : (d.amount ?? 1000n);
    const providerId = `SBX${id.replace(/-/g, '').slice(-16).toUpperCase()}`;
    const [row] = await sql<{ booked_at: Date }[]>`
      insert into sandbox_statement_lines (enterprise_id, rail, asset, provider_id, source_key, booked_at, value_at, amount, counterparty, reference, remittance)
      values (${d.enterpriseId}, ${d.rail}, ${d.asset}, ${providerId}, null, now(), now(), ${amount.toString()}, ${d.counterparty ?? (d.kind === 'bank_fee' ? 'SANDBOX BANK' : 'UNKNOWN PAYER')},
        ${d.reference ?? providerId}, ${d.remittance ?? (d.kind === 'bank_fee' ? 'Account maintenance fee' : null)})
      returning booked_at`;
    return { id, createdAt: row.booked_at };
  }
  const [row] = await sql<{ created_at: Date }[]>`
    insert into sandbox_statement_discrepancies (id, enterprise_id, rail, kind, reference, hours, amount)
    values (${id}, ${d.enterpriseId}, ${d.rail}, ${d.kind}, ${d.reference ?? ''}, ${d.hours ?? null}, ${d.amount === undefined ? null : d.amount.toString()})
    returning created_at`;
  return { id, createdAt: row.created_at };
}
