import { exportSource } from '../../src/domain/exports/sources';
import { encodeBatches } from '../../src/domain/exports/writer';
import type { CallResult, TestApp } from './app';

/*
 * Checks shared by the tests of `reference` and `metadata` on money objects (docs/references-and-metadata.md):
 * one object carried from creation to reads, filters, events and the operations activity export, and
 * changed with PATCH under If-Match.
 */

export type Api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<CallResult>;

export interface Carrier {
  app: TestApp;
  enterpriseId: string;
  /** The export covers events from this instant on. */
  since: Date;
  api: Api;
}

/** The payloads of the events of one resource, oldest first. */
export async function eventsOf(app: TestApp, resourceRef: string): Promise<Array<{ type: string; payload: Record<string, unknown> }>> {
  return (await app.services.sql`select type, payload from events where resource_ref = ${resourceRef} order by seq`) as never;
}

/** The operations activity export's CSV lines since `c.since`. */
export async function activityCsv(c: Carrier): Promise<string[]> {
  const source = exportSource('operations_activity');
  const selection = { enterpriseId: c.enterpriseId, scopeRefs: null, scopeRef: `enterprises/${c.enterpriseId}`, asset: null, rangeStart: c.since, rangeEnd: new Date(Date.now() + 1000) };
  let csv = '';
  for await (const chunk of encodeBatches(source.rows(c.app.services.sql, selection, 100), source.columns, 'csv', source.numeric)) csv += chunk.bytes.toString('utf8');
  return csv.split('\r\n');
}

/**
 * Set, read, filter, event and export for one object of `collection` created with `reference` and
 * `metadata`. `exported`: whether its events are `operations.*` ones, which the activity export carries.
 */
export async function expectCarried(c: Carrier, collection: string, body: { id: string }, reference: string, metadata: Record<string, string>, exported = true) {
  const ref = `${collection}/${body.id}`;
  expect(body).toMatchObject({ reference, metadata });
  const got = await c.api('GET', `/${ref}`);
  expect(got.body).toMatchObject({ reference, metadata });
  const byReference = await c.api('GET', `/${collection}?reference=${encodeURIComponent(reference)}`);
  expect(byReference.status).toBe(200);
  expect(byReference.body.items.map((r: { id: string }) => r.id)).toEqual([body.id]);
  const [key, value] = Object.entries(metadata)[0];
  const byMetadata = await c.api('GET', `/${collection}?metadata[${encodeURIComponent(key)}]=${encodeURIComponent(value)}`);
  expect(byMetadata.body.items.map((r: { id: string }) => r.id)).toEqual([body.id]);
  const none = await c.api('GET', `/${collection}?metadata[${encodeURIComponent(key)}]=other`);
  expect(none.body.items).toEqual([]);
  const events = await eventsOf(c.app, ref);
  expect(events.length).toBeGreaterThan(0);
  for (const e of events) expect(e.payload).toMatchObject({ reference, metadata });
  if (!exported) return;
  const lines = (await activityCsv(c)).filter((l) => l.includes(ref));
  expect(lines.length).toBe(events.length);
  for (const l of lines) {
    expect(l).toContain(`,${reference},"{`);
    for (const [k, v] of Object.entries(metadata)) expect(l).toContain(`""${k}"": ""${v}""`);
  }
}

/**
 * PATCH under If-Match on an object read as `current`: the reference replaced, a key removed and one
 * added, a new ETag, a stale ETag 412, and the `updatedType` event with the new members. Returns the answer.
 */
export async function expectPatched(c: Carrier, collection: string, current: { id: string; etag: string; metadata: Record<string, string> }, updatedType: string) {
  const ref = `${collection}/${current.id}`;
  const [dropped] = Object.keys(current.metadata);
  const patched = await c.api('PATCH', `/${ref}`, { reference: 'patched', metadata: { [dropped]: null, added: 'a' } }, { 'if-match': current.etag });
  expect(patched.status).toBe(200);
  const metadata: Record<string, string> = { ...current.metadata, added: 'a' };
  delete metadata[dropped];
  expect(patched.body).toMatchObject({ reference: 'patched', metadata });
  expect(patched.body.etag).not.toBe(current.etag);
  const stale = await c.api('PATCH', `/${ref}`, { reference: 'again' }, { 'if-match': current.etag });
  expect(stale.status).toBe(412);
  const events = await eventsOf(c.app, ref);
  expect(events.at(-1)).toMatchObject({ type: updatedType, payload: { reference: 'patched', metadata } });
  expect((await c.api('GET', `/${ref}`)).body).toMatchObject({ reference: 'patched', metadata });
  return patched.body;
}
