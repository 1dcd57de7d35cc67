import { readFileSync } from 'node:fs';
import { loadConfig } from '../../src/config';
import { tenantOpenApi } from '../../src/http/app';
import { eventTypes } from '../../src/events/catalogue';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { deliveryBody, eventComponentName, WEBHOOK_EXAMPLES_FILE } from '../../src/http/openapi';
import { undeclared } from '../helpers/openapi-examples';

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

/*
 * Each webhook carries an example body: the richest event of its type that a recording run wrote
 * (`npm run record:examples`, CONTRIBUTING.md). It validates against today's component schema in the
 * document and against the delivery body's zod schema, which also refuses a field the payload no longer has.
 */
const recordedBodies = JSON.parse(readFileSync(WEBHOOK_EXAMPLES_FILE, 'utf8')) as Record<string, unknown>;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ ...document, $id: 'tenant' });

it('records webhook examples only for event types the catalogue has', () => {
  expect(Object.keys(recordedBodies).filter((type) => !types.includes(type))).toEqual([]);
});

it.each(types)('%s: has a recorded example that validates against its body schema', (type) => {
  const example = document.webhooks[type].post.requestBody.content['application/json'].examples?.recorded?.value;
  if (example === undefined) throw new Error(`${type} has no webhook example: record one (npm run record:examples -- <a test that emits it>)`);
  expect(example).toEqual(recordedBodies[type]);
  const validate = ajv.getSchema(`tenant#/components/schemas/${eventComponentName(type)}`)!;
  validate(example);
  expect(validate.errors ?? []).toEqual([]);
  const parsed = deliveryBody(eventTypes().find((t) => t.type === type)!).safeParse(example);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(undeclared(example, parsed.data)).toEqual([]);
});
