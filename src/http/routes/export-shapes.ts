import { z } from '../../schema/zod';

/* Shapes the export and export-schedule routes share. */

export const TopologyRef = z
  .string()
  .regex(/^(enterprises|clients|client-accounts)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be an enterprise, client or client-account reference')
  .openapi({ example: 'enterprises/0193a1c2-7f00-7abc-8def-0123456789ab' });
export const Kind = z.enum(['operations_activity', 'user_action_audit']);
export const Format = z.enum(['csv', 'jsonl']).openapi({ description: 'CSV (RFC 4180, header row) or JSON Lines.' });
export const Instant = z.iso.datetime({ offset: true });

