import type { KeyRing } from '../../auth/sealing';
import { generateWebhookSecret } from '../webhooks/signing';

/*
 * A connector's signing secret is a Standard Webhooks secret (`whsec_` + 24 random bytes, base64),
 * sealed at rest under the key ring as webhook signing secrets are (src/auth/sealing.ts), bound to its
 * connector by the associated data, and re-sealed by `counterfoil keys rotate`.
 */

export const generateConnectorSecret = generateWebhookSecret;

export const connectorSecretContext = (connectorId: string) => `connector-secret:${connectorId}`;

export function sealConnectorSecret(ring: KeyRing, connectorId: string, secret: string): Buffer {
  return ring.seal(secret, connectorSecretContext(connectorId));
}

export function openConnectorSecret(ring: KeyRing, connectorId: string, sealed: Buffer): string {
  return ring.open(sealed, connectorSecretContext(connectorId)).toString('utf8');
}
