import { z } from '../../schema/zod';
import { defineEventType } from '../../events/catalogue';
import { ETag, Ref, Timestamp, Uuid } from '../../schema/common';

const Status = z.enum(['active', 'suspended', 'closed']);
const Metadata = z.record(z.string(), z.string());

export const ClientBody = z
  .object({
    id: Uuid,
    resource: z.literal('client'),
    display_name: z.string(),
    external_id: z.string(),
    metadata: Metadata,
    scope_ref: Ref('enterprises'),
    default_client_account: Ref('client-accounts'),
    status: Status,
    kyc_status: z.enum(['pending', 'verified', 'rejected']).openapi({ description: 'Identity verification state; `verified` by default in sandbox mode.' }),
    api_access: z.boolean().openapi({ description: 'Whether the client may use the signed API.' }),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('Client');

export const ClientAccountBody = z
  .object({
    id: Uuid,
    resource: z.literal('client_account'),
    display_name: z.string(),
    scope_ref: Ref('clients'),
    status: Status,
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('ClientAccount');

const clientEvent = (state: string, description: string) => defineEventType(`clients.client.${state}.v1`, description, ClientBody);
const accountEvent = (state: string, description: string) =>
  defineEventType(`clients.client_account.${state}.v1`, description, ClientAccountBody);

export const CLIENT_EVENTS = {
  created: clientEvent('created', 'A client was created (with its default client account).'),
  updated: clientEvent('updated', 'A client\'s display name or metadata changed.'),
  suspended: clientEvent('suspended', 'A client was suspended: its accounts cannot move money.'),
  reactivated: clientEvent('reactivated', 'A suspended client was reactivated.'),
  closed: clientEvent('closed', 'A client and all its accounts were closed.'),
};

export const CLIENT_ACCOUNT_EVENTS = {
  created: accountEvent('created', 'A client account was created.'),
  updated: accountEvent('updated', 'A client account\'s display name changed.'),
  suspended: accountEvent('suspended', 'A client account was suspended: it cannot send or receive money.'),
  reactivated: accountEvent('reactivated', 'A suspended client account was reactivated.'),
  closed: accountEvent('closed', 'A client account was closed (zero balances, no holds).'),
};
