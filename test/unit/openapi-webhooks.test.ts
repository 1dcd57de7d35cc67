import { loadConfig } from '../../src/config';
import { tenantOpenApi } from '../../src/http/app';
import { eventTypes } from '../../src/events/catalogue';
import { eventComponentName } from '../../src/http/openapi';

/*
 * The OpenAPI document's `webhooks`: one entry per event type of the catalogue, its body the event
 * representation with `data` from the schema the event type was declared with, signed with the
 * Standard Webhooks headers.
 */

const document = tenantOpenApi({ config: loadConfig({ COUNTERFOIL_MODE: 'sandbox' }) }) as any;
const types = eventTypes().map((t) => t.type);

it('has a webhook for every event type of the catalogue, and none for anything else', () => {
  expect(types.length).toBeGreaterThan(100);
  expect(Object.keys(document.webhooks).sort()).toEqual([...types].sort());
});

it.each(types)('%s: Standard Webhooks headers and its own body schema', (type) => {
  const post = document.webhooks[type].post;
  const headers = post.parameters.filter((p: any) => p.in === 'header');
  expect(headers.map((p: any) => [p.name, p.required])).toEqual([
    ['webhook-id', true],
    ['webhook-timestamp', true],
    ['webhook-signature', true],
  ]);
  const ref = post.requestBody.content['application/json'].schema.$ref as string;
  expect(ref).toBe(`#/components/schemas/${eventComponentName(type)}`);
  const body = document.components.schemas[eventComponentName(type)];
  expect(body.properties.type).toMatchObject({ type: 'string', enum: [type] });
  expect(body.required).toEqual(expect.arrayContaining(['id', 'type', 'occurred_at', 'data']));
});

it("takes each body's `data` from the catalogue's payload schema (one source)", () => {
  const withSchema = eventTypes().find((t) => t.type === 'webhooks.subscription.created.v1')!;
  const data = document.components.schemas[eventComponentName(withSchema.type)].properties.data;
  // The catalogue declared this payload with the named WebhookSubscription schema: the body refers to it.
  expect(data).toEqual({ $ref: '#/components/schemas/WebhookSubscription' });
  expect(document.components.schemas.WebhookSubscription.properties.resource).toMatchObject({ enum: ['webhook_subscription'] });
});
