import type { Sql } from 'postgres';

/**
 * Operations events straight into the log (as the ledger would write them), one second apart from
 * `start`, already dispatched: export tests and the bench need rows, not the money-movement stack.
 */
export async function seedOperationsEvents(sql: Sql, enterpriseId: string, count: number, start: Date): Promise<void> {
  await sql`
    insert into events (id, type, enterprise_id, scope_ref, resource_ref, payload, attribution, occurred_at, dispatched_at)
    select gen_random_uuid(), 'operations.internal_transfer.executed.v1', ${enterpriseId}, ${`enterprises/${enterpriseId}`},
           'internal-transfers/' || gen_random_uuid(),
           jsonb_build_object(
             'family', case when g % 97 = 0 then 'internal_transfer, "quoted"' else 'internal_transfer' end,
             'status', 'executed',
             'principal_amount', jsonb_build_object('currency', 'USDC', 'value', (g * 100)::text || '.25'),
             'fee_summary', jsonb_build_object('total', jsonb_build_object('currency', 'USDC', 'value', '1.50'))),
           jsonb_build_object('subject', jsonb_build_object('kind', 'user', 'id', gen_random_uuid()::text), 'identity_source', 'platform-managed'),
           ${start}::timestamptz + make_interval(secs => g - 1), now()
      from generate_series(1, ${count}::int) g`;
}
