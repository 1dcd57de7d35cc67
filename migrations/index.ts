import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000000_foundation } from './Migration20261121000000_foundation';
import { Migration20261121000100_events } from './Migration20261121000100_events';
import { Migration20261121005000_webhooks } from './Migration20261121005000_webhooks';
import { Migration20261121004000_access } from './Migration20261121004000_access';
import { Migration20261121002000_funding } from './Migration20261121002000_funding';
import { Migration20261121003000_identity } from './Migration20261121003000_identity';
import { Migration20261121001000_ledger } from './Migration20261121001000_ledger';
import { Migration20261121006000_governed } from './Migration20261121006000_governed';
import { Migration20261121008000_api_keys } from './Migration20261121008000_api_keys';
import { Migration20261121007000_conversions } from './Migration20261121007000_conversions';
import { Migration20261121009000_transfer_policies } from './Migration20261121009000_transfer_policies';
import { Migration20261121010000_enterprise_notify } from './Migration20261121010000_enterprise_notify';
import { Migration20261121210000_transfer_fast_path } from './Migration20261121210000_transfer_fast_path';
import { Migration20261121220000_workflow_starts } from './Migration20261121220000_workflow_starts';
import { Migration20261121230000_hot_rows } from './Migration20261121230000_hot_rows';
import { Migration20261121200000_signed_api_cache } from './Migration20261121200000_signed_api_cache';
import { Migration20261122000000_answers_by_event } from './Migration20261122000000_answers_by_event';
import { Migration20261126030000_console_sign_in } from './Migration20261126030000_console_sign_in';
import { Migration20261126050000_webhook_lanes } from './Migration20261126050000_webhook_lanes';
import { Migration20261126050100_sealed_secrets } from './Migration20261126050100_sealed_secrets';
import { Migration20261126060000_connectors } from './Migration20261126060000_connectors';

/** Listed explicitly so migrations load the same way under tsx, jest and a bundler. Append, never reorder. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121000000_foundation', class: Migration20261121000000_foundation },
  { name: 'Migration20261121000100_events', class: Migration20261121000100_events },
  { name: 'Migration20261121005000_webhooks', class: Migration20261121005000_webhooks },
  { name: 'Migration20261121004000_access', class: Migration20261121004000_access },
  { name: 'Migration20261121002000_funding', class: Migration20261121002000_funding },
  { name: 'Migration20261121003000_identity', class: Migration20261121003000_identity },
  { name: 'Migration20261121001000_ledger', class: Migration20261121001000_ledger },
  { name: 'Migration20261121006000_governed', class: Migration20261121006000_governed },
  { name: 'Migration20261121008000_api_keys', class: Migration20261121008000_api_keys },
  { name: 'Migration20261121007000_conversions', class: Migration20261121007000_conversions },
  { name: 'Migration20261121009000_transfer_policies', class: Migration20261121009000_transfer_policies },
  { name: 'Migration20261121010000_enterprise_notify', class: Migration20261121010000_enterprise_notify },
  { name: 'Migration20261121200000_signed_api_cache', class: Migration20261121200000_signed_api_cache },
  { name: 'Migration20261121210000_transfer_fast_path', class: Migration20261121210000_transfer_fast_path },
  { name: 'Migration20261121220000_workflow_starts', class: Migration20261121220000_workflow_starts },
  { name: 'Migration20261121230000_hot_rows', class: Migration20261121230000_hot_rows },
  { name: 'Migration20261122000000_answers_by_event', class: Migration20261122000000_answers_by_event },
  { name: 'Migration20261126030000_console_sign_in', class: Migration20261126030000_console_sign_in },
  { name: 'Migration20261126050000_webhook_lanes', class: Migration20261126050000_webhook_lanes },
  { name: 'Migration20261126050100_sealed_secrets', class: Migration20261126050100_sealed_secrets },
  { name: 'Migration20261126060000_connectors', class: Migration20261126060000_connectors },
];
