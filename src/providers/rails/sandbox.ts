import type { Sql } from 'postgres';
import { uuidv7 } from '../../ids';
import type { Mode } from '../../config';
import type { Alongside } from '../../db/base';
import { networkByCode } from '../../reference/networks';
import { assertSandboxMode } from '../sandbox';
import type { RailOutcome, RailSubmission, SubmitOutcome, WithdrawalRail } from './rail';

/**
 * The sandbox rail: a simulated network with its own book (sandbox_rail_submissions). It accepts a
 * submission and confirms it after the network's confirmations × the sandbox block time
 * (COUNTERFOIL_SANDBOX_BLOCK_MS; 0 confirms at once). Told to fail through POST /sandbox/rail/failures,
 * it refuses a submission (`stage: submission`) or fails it at confirmation (`stage: confirmation`).
 */
export class SandboxRail implements WithdrawalRail {
  readonly name = 'sandbox';

  constructor(private readonly sql: Sql, private readonly blockMs: number, mode: Mode) {
    assertSandboxMode(mode, 'withdrawal rail');
  }

  async submit(s: RailSubmission): Promise<SubmitOutcome> {
    if (!('address' in s.destination)) throw new Error(`the sandbox withdrawal rail sends to crypto addresses, not over ${s.rail}`);
    const { address } = s.destination;
    const delayMs = (networkByCode(s.rail)?.confirmations ?? 1) * this.blockMs;
    // One statement (one round trip, atomic): the submission already made under this key, or a new one
    // that consumes the oldest injected failure for this address, if any.
    const [row] = await this.sql`
      with existing as (
        select id, refused, failure_reason, confirm_at from sandbox_rail_submissions where business_key = ${s.businessKey}
      ), failure as (
        update sandbox_rail_failures set remaining = remaining - 1
         where id = (select id from sandbox_rail_failures
                      where enterprise_id = ${s.enterpriseId} and address = ${address} and remaining > 0 and not exists (select 1 from existing)
                      order by created_at limit 1 for update)
        returning stage, failure_reason
      ), inserted as (
        insert into sandbox_rail_submissions (id, business_key, enterprise_id, network, address, asset, amount, status, refused, failure_reason, confirm_at)
        select ${uuidv7()}, ${s.businessKey}, ${s.enterpriseId}, ${s.rail}, ${address}, ${s.asset}, ${s.amount.toString()}::numeric,
               case when f.stage = 'submission' then 'failed' else 'accepted' end, coalesce(f.stage = 'submission', false), f.failure_reason,
               now() + make_interval(secs => ${delayMs / 1000})
          from (select 1) as one left join failure f on true
         where not exists (select 1 from existing)
        on conflict (business_key) do nothing
        returning id, refused, failure_reason, confirm_at
      )
      select * from existing union all select * from inserted`;
    if (!row) return this.submit(s); // a concurrent retry inserted first: answer with its row
    if (row.refused) return { status: 'rejected', reason: row.failure_reason };
    return { status: 'accepted', reference: `sandbox-${row.id}`, checkAfterMs: Math.max(0, new Date(row.confirm_at).getTime() - Date.now()) };
  }

  async outcome(businessKey: string): Promise<RailOutcome> {
    const [row] = await this.sql`
      update sandbox_rail_submissions
         set status = case when failure_reason is null then 'confirmed' else 'failed' end
       where business_key = ${businessKey} and status = 'accepted' and confirm_at <= now()
      returning id, status, failure_reason`;
    const current = row ?? (await this.sql`select id, status, failure_reason, confirm_at from sandbox_rail_submissions where business_key = ${businessKey}`)[0];
    if (!current) throw new Error(`sandbox rail: no submission ${businessKey}`);
    if (current.status === 'confirmed') return { status: 'confirmed', reference: `sandbox-${current.id}` };
    if (current.status === 'failed') return { status: 'failed', reason: current.failure_reason };
    return { status: 'pending', checkAfterMs: Math.max(1, new Date(current.confirm_at).getTime() - Date.now()) };
  }
}

export interface InjectedFailure {
  enterpriseId: string;
  address: string;
  stage: 'submission' | 'confirmation';
  failureReason: string;
  count: number;
}

/** Tells the sandbox rail to fail the next `count` submissions to `address`. */
export async function injectRailFailure(sql: Sql, f: InjectedFailure, alongside?: Alongside<{ id: string }>): Promise<{ id: string; created_at: Date }> {
  return (await sql.begin(async (tx) => {
    const [row] = await tx`
      insert into sandbox_rail_failures (id, enterprise_id, address, stage, failure_reason, remaining)
      values (${uuidv7()}, ${f.enterpriseId}, ${f.address}, ${f.stage}, ${f.failureReason}, ${f.count})
      returning id, created_at`;
    await alongside?.(tx, { id: row.id });
    return { id: row.id, created_at: row.created_at };
  })) as { id: string; created_at: Date };
}
