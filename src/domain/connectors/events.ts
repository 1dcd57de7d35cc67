import { z } from '../../schema/zod';
import { defineEventType } from '../../events/catalogue';
import { ETag, Timestamp, Uuid } from '../../schema/common';

export const ConnectorBody = z
  .object({
    id: Uuid,
    resource: z.literal('connector'),
    enterprise_ref: z.string(),
    name: z.string().openapi({ description: 'The provider name the routing configuration refers to (COUNTERFOIL_PROVIDERS): unique in the enterprise.' }),
    base_url: z.string().openapi({ format: 'uri', description: 'Where Counterfoil sends its requests (docs/connectors.md).' }),
    description: z.string(),
    status: z.enum(['active', 'disabled']).openapi({ description: 'A disabled connector is sent nothing and its events are refused (403).' }),
    events_url: z.string().openapi({ description: 'Path the connector posts its events to.' }),
    serves: z
      .array(z.object({ kind: z.enum(['rails', 'deposits', 'prices', 'kyc']), key: z.string() }))
      .openapi({ description: 'What the routing configuration of this deployment sends to this connector (`*`: everything of the kind not routed elsewhere).' }),
    previous_secret_expires_at: Timestamp.nullable().openapi({ description: 'While set, the previous secret still signs and verifies.' }),
    etag: ETag,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('Connector');

export const CONNECTOR_EVENTS = {
  created: defineEventType('connectors.connector.created.v1', 'A connector was registered.', ConnectorBody),
  secretRotated: defineEventType('connectors.connector.secret_rotated.v1', "A connector's signing secret was rotated (the previous one overlaps for a while).", ConnectorBody),
  disabled: defineEventType('connectors.connector.disabled.v1', 'A connector was disabled: nothing is sent to it and its events are refused.', ConnectorBody),
  enabled: defineEventType('connectors.connector.enabled.v1', 'A disabled connector was enabled again.', ConnectorBody),
};
