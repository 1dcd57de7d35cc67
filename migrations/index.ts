import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000000_foundation } from './Migration20261121000000_foundation';
import { Migration20261121000100_events } from './Migration20261121000100_events';

/** Listed explicitly so migrations load the same way under tsx, jest and a bundler. Append, never reorder. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121000000_foundation', class: Migration20261121000000_foundation },
  { name: 'Migration20261121000100_events', class: Migration20261121000100_events },
];
