import type { Sql } from 'postgres';
import { generateWebhookSecret, openSecret, sealSecret } from '../webhooks/signing';

/*
 * A connector's signing secret is a Standard Webhooks secret (`whsec_` + 24 random bytes, base64),
 * sealed at rest exactly as webhook signing secrets are: these three functions are the only place
 * that knows how, so a change of the sealing follows in one edit.
 */

export const generateConnectorSecret = generateWebhookSecret;

export function sealConnectorSecret(sql: Sql, _connectorId: string, secret: string): Promise<Buffer> {
  return sealSecret(sql, secret);
}

export function openConnectorSecret(sql: Sql, _connectorId: string, sealed: Buffer): Promise<string> {
  return openSecret(sql, sealed);
}
