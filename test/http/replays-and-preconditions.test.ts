// Exact replays over HTTP: a replayed Idempotency-Key answer is the first answer's bytes.
import { uuidv7 } from '../../src/ids';
import { call, createTenant, startTestApp, tokenFor, type Tenant, type TestApp } from '../helpers/app';

let app: TestApp;
let tenant: Tenant;
let token: string;

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => call(app.url, method, path, { token, body, headers });
const newClient = (key = uuidv7(), name = 'Replay Client') =>
  api('POST', '/clients', { display_name: name, external_id: `ext-${key}`, metadata: { tier: 'gold', region: 'eu' }, scope_ref: `enterprises/${tenant.enterpriseId}` }, { 'idempotency-key': key });

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenant(app.services, 'Replays Ltd');
  token = await tokenFor(app.url, tenant);
});
afterAll(async () => {
  await app.close();
});

describe('exact replays', () => {
  it('replays the first answer byte for byte, with Idempotent-Replayed', async () => {
    const key = uuidv7();
    const first = await newClient(key);
    const replay = await newClient(key);
    expect([first.status, replay.status]).toEqual([201, 201]);
    // The same bytes, not just the same JSON: jsonb storage sorted the keys (`etag` and `status` moved ahead of `resource`).
    expect(Buffer.from(replay.text).equals(Buffer.from(first.text))).toBe(true);
    expect(first.text.startsWith(`{"id":"${first.body.id}","resource":"client","display_name":"Replay Client","external_id":"ext-${key}","metadata":{"tier":"gold","region":"eu"},`)).toBe(true);
    expect([first.headers.get('idempotent-replayed'), replay.headers.get('idempotent-replayed')]).toEqual([null, 'true']);
    expect(replay.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(replay.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    const [stored] = await app.services.sql`select response_text from idempotency_records where key = ${key}`;
    expect(stored.response_text).toBe(first.text);
  });
});
