import { Migration } from '@mikro-orm/migrations';

/**
 * On-ramp payments reported by a connector (docs/connectors.md): the session remembers which
 * connector reported its payment and the bank's reference for it, so the same payment reported again
 * answers the session and changes nothing.
 */
export class Migration20261126074000_on_ramp_payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table on_ramp_sessions
        add column payment_connector_id uuid references connectors(id) deferrable initially deferred,
        add column payment_provider_reference text;
    `);
  }
}
