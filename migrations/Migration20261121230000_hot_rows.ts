import { Migration } from '@mikro-orm/migrations';

/** The JSON columns of the rows every internal transfer writes (and of their neighbours). */
const HOT_JSON_COLUMNS: [table: string, column: string][] = [
  ['events', 'payload'],
  ['events', 'attribution'],
  ['idempotency_records', 'response_body'],
  ['internal_transfers', 'subject_attribution'],
  ['internal_transfers', 'policy_decision'],
  ['user_action_audit_entries', 'attribution'],
];

/**
 * Cheaper rows on the ledger's hot path (instructions per transfer counted with `perf stat` on
 * PostgreSQL's backends, groups of 32):
 * - An event row of a transfer is just over the 2 KB at which PostgreSQL compresses its largest
 *   values, so every event paid for pglz; lz4 compresses about as well at a fraction of the CPU
 *   (PostgreSQL's instructions per transfer: -6%). Only where the server was built with lz4 (the
 *   embedded server's may not be); new values only, nothing is rewritten.
 * - internal_transfers.enterprise_id no longer references enterprises: the deferred check ran a
 *   query and locked the enterprise's row FOR KEY SHARE for every transfer (-2%), shared by every
 *   group commit in flight. Enterprises are never deleted (closing is a state), and a transfer's
 *   enterprise is that of the accounts it locks; the other ledger tables have no such reference.
 */
export class Migration20261121230000_hot_rows extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      do $$
      begin
        if exists (select from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)) then
          ${HOT_JSON_COLUMNS.map(([t, c]) => `alter table ${t} alter column ${c} set compression lz4;`).join('\n          ')}
        end if;
      end $$;
      alter table internal_transfers drop constraint internal_transfers_enterprise_id_fkey;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table internal_transfers add constraint internal_transfers_enterprise_id_fkey
        foreign key (enterprise_id) references enterprises(id) deferrable initially deferred;
      ${HOT_JSON_COLUMNS.map(([t, c]) => `alter table ${t} alter column ${c} set compression default;`).join('\n      ')}
    `);
  }
}
