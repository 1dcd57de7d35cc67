import { z } from '../../schema/zod';
import { defineEventType } from '../../events/catalogue';
import { ETag, Ref, Timestamp, Uuid } from '../../schema/common';

export const ApiKeyBody = z
  .object({
    id: Uuid,
    resource: z.literal('api_key'),
    client_ref: Ref('clients'),
    account_ref: Ref('client-accounts').openapi({ description: "The client account the key acts on: the one named at creation, else the client's default account." }),
    label: z.string(),
    api_key_prefix: z.string().openapi({ description: 'The first characters of the API key, to tell keys apart; the key itself is shown only once.' }),
    public_key: z.string().openapi({ description: 'Ed25519 public key, SubjectPublicKeyInfo DER, base64.' }),
    ip_allowlist: z.array(z.string()).openapi({ description: 'IPv4/IPv6 addresses and CIDR ranges the key may be used from (normalized); empty admits any address.' }),
    status: z.enum(['active', 'revoked']),
    key_issued_at: Timestamp.openapi({ description: 'When the current key material was issued (creation or the last reactivation).' }),
    revoked_at: Timestamp.nullable(),
    api_version: z.string().openapi({
      description:
        'The signed API version this key\'s requests are answered at when they send no `Counterfoil-Version` header: the latest when the key was created (kept on reactivation); the first for keys created before versions existed.',
      example: '2026-11-26',
    }),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('ApiKey');

const apiKeyEvent = (state: string, description: string) => defineEventType(`api_keys.api_key.${state}.v1`, description, ApiKeyBody);

export const API_KEY_EVENTS = {
  created: apiKeyEvent('created', 'An API key was created for a client (the secrets are never in events).'),
  updated: apiKeyEvent('updated', "An API key's label or IP allowlist changed."),
  revoked: apiKeyEvent('revoked', 'An API key was revoked: it stops working at once.'),
  reactivated: apiKeyEvent('reactivated', 'A revoked API key was reactivated with new key material; the old key stays dead.'),
};
