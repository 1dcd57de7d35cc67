import { Migration } from '@mikro-orm/migrations';

/**
 * Tamper evidence (docs/ledger.md, "Tamper evidence"): each ledger transaction stores the sha-256 of
 * its canonical encoding; each posting stores its link in its balance row's hash chain (the link
 * before it, then the transaction's hash) and its position there; each balance row keeps its chain's
 * head, updated under the lock the booking already holds. Transactions booked before this migration
 * keep null hashes and stand outside the chains. Signed checkpoints record the heads.
 */
export class Migration20261126071000_ledger_chain extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table ledger_transactions add column hash bytea;
      alter table ledger_postings add column chain_seq bigint, add column chain_hash bytea;
      alter table ledger_balances add column chain_length bigint not null default 0, add column chain_head bytea;

      -- One step of a balance row's chain: the head so far (or the row's stored head, or nothing
      -- for the first link) followed by the transaction's hash.
      create function counterfoil_chain_step(state bytea, head bytea, tx_hash bytea) returns bytea
        language sql immutable parallel safe
        as $$ select sha256(coalesce(state, head, ''::bytea) || tx_hash) $$;
      create aggregate counterfoil_chain(bytea, bytea) (sfunc = counterfoil_chain_step, stype = bytea);

      create table ledger_checkpoints (
        id uuid primary key,
        enterprise_id uuid not null references enterprises(id) deferrable initially deferred,
        created_at timestamptz not null,
        balances integer not null,
        chained_postings bigint not null,
        heads_digest bytea not null,
        -- [[account_ref, asset, chain_length, head hex], ...] in (account_ref, asset) byte order.
        heads jsonb not null,
        payload text not null,
        signature bytea not null,
        key_id text not null
      );
      create index ledger_checkpoints_enterprise_idx on ledger_checkpoints (enterprise_id, id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table ledger_checkpoints;
      drop aggregate counterfoil_chain(bytea, bytea);
      drop function counterfoil_chain_step(bytea, bytea, bytea);
      alter table ledger_balances drop column chain_length, drop column chain_head;
      alter table ledger_postings drop column chain_seq, drop column chain_hash;
      alter table ledger_transactions drop column hash;
    `);
  }
}
