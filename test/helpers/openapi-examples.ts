import { Readable } from 'node:stream';
import { appendFileSync, readFileSync, ReadStream } from 'node:fs';
import path from 'node:path';
import type Koa from 'koa';
import type { RouteDef } from '../../src/http/route';
import type { SignedRoute } from '../../src/http/signed/routes';
import { isApiVersion, LATEST_API_VERSION, renderAt, VERSION_HEADER } from '../../src/versions';
import { connectPostgres } from '../../src/db/connect';
import { presentEvent, type EventRow } from '../../src/events/present';

/**
 * The OpenAPI document's examples are real answers: with RECORD_OPENAPI_EXAMPLES=<dir>, every test app
 * (startTestApp) writes the successful exchanges of each operation to <dir>/candidates.jsonl, and
 * `npm run record:examples` scrubs the richest one per operation into src/http/openapi-examples.json.
 */
export const RECORD_ENV = 'RECORD_OPENAPI_EXAMPLES';

export interface Candidate {
  /** `POST /internal-transfers`: the method and the route's path template. */
  operation: string;
  /** The signed API's (`/v1`) exchanges go to that surface's examples; absent for the tenant API. */
  surface?: 'signed';
  status: number;
  request?: unknown;
  response?: unknown;
}

/** How much an example shows: its leaf values, with every array cut to what an example keeps. */
export function richness(value: unknown): number {
  if (Array.isArray(value)) return value.slice(0, EXAMPLE_ITEMS).reduce((n: number, v) => n + richness(v), 1);
  if (value !== null && typeof value === 'object') return Object.values(value).reduce((n: number, v) => n + richness(v), 1);
  return 1;
}

/** Items an example keeps of any array in an answer: a page of a hundred shows nothing two do not. */
export const EXAMPLE_ITEMS = 2;

function requestBody(raw: Buffer | undefined, type: string): unknown {
  if (!raw || raw.length === 0) return undefined;
  const text = raw.toString('utf8');
  if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(text));
  return JSON.parse(text);
}

/** The answer as the caller read it; an export download is a file stream, read back from its file. */
function responseBody(body: unknown): unknown {
  if (body instanceof ReadStream) return readFileSync(String(body.path), 'utf8').split('\n').slice(0, EXAMPLE_ITEMS + 1).join('\n') + '\n';
  if (Buffer.isBuffer(body)) return body.toString('utf8');
  // A body streamed as it is built cannot be read here without taking it from the caller: its route gives a sample.
  if (body instanceof Readable) return undefined;
  return body;
}

export function exampleRecorder(dir: string): Koa.Middleware {
  const file = path.join(dir, 'candidates.jsonl');
  // Per test file (jest loads modules per file): a line is written only when it shows more than the last.
  const best = new Map<string, number>();
  return async (ctx, next) => {
    await next();
    const def = ctx.state.route as RouteDef | undefined;
    const spec = def?.responses[ctx.status];
    // Only documented 2xx answers, first ones (not replays), at the version the document describes.
    if (!def || !spec || ctx.status >= 300) return;
    if (ctx.state.apiVersion !== LATEST_API_VERSION || ctx.response.get('idempotent-replayed')) return;
    // An answer the document gives no body (POST /oauth/revoke) is recorded for its request alone.
    const response = spec.schema || spec.contentType ? responseBody(ctx.body) : undefined;
    if ((response === undefined || response === null) && !def.body) return;
    const candidate: Candidate = {
      operation: `${def.method.toUpperCase()} ${def.path}`,
      status: ctx.status,
      request: def.body ? (requestBody(ctx.state.rawBody as Buffer | undefined, ctx.request.type) ?? {}) : undefined,
      response,
    };
    const score = richness(candidate.request) + richness(candidate.response);
    if ((best.get(candidate.operation) ?? 0) >= score) return;
    best.set(candidate.operation, score);
    appendFileSync(file, JSON.stringify(candidate) + '\n');
  };
}

/** The signed API's successful first exchanges (no replays) at the latest version, as candidates of its own surface. */
export function signedExampleRecorder(dir: string): Koa.Middleware {
  const file = path.join(dir, 'candidates.jsonl');
  const best = new Map<string, number>();
  return async (ctx, next) => {
    await next();
    const route = ctx.state.route as SignedRoute | undefined;
    if (!route?.operationId || ctx.status !== 200 || ctx.response.get(VERSION_HEADER) !== LATEST_API_VERSION || ctx.response.get('x-replayed')) return;
    const raw = ctx.state.rawBody as Buffer | undefined;
    const candidate: Candidate = {
      operation: `${route.method.toUpperCase()} ${route.path}`,
      surface: 'signed',
      status: 200,
      request: route.body ? (raw ? JSON.parse(raw.toString('utf8')) : {}) : undefined,
      response: ctx.body,
    };
    const score = richness(candidate.request) + richness(candidate.response);
    if ((best.get(candidate.operation) ?? 0) >= score) return;
    best.set(candidate.operation, score);
    appendFileSync(file, JSON.stringify(candidate) + '\n');
  };
}

/** One event of the run's log as a webhook delivers it at the latest version: a candidate for its type's example. */
export interface EventCandidate {
  type: string;
  body: unknown;
}

/**
 * The webhook examples are real events too: at the end of a recording run (global teardown, before the
 * run's database is dropped) the richest event of each type in the log goes to <dir>/events.jsonl. Only
 * the recorded test files ran against that database, so these are the events they caused.
 */
export async function recordEventExamples(databaseUrl: string, dir: string): Promise<number> {
  const sql = connectPostgres(databaseUrl, { max: 1, onnotice: () => {} });
  const best = new Map<string, { score: number; body: unknown }>();
  try {
    const rows = sql.unsafe<EventRow[]>('select id, seq, type, occurred_at, enterprise_id, scope_ref, resource_ref, payload, attribution from events order by seq');
    for await (const chunk of rows.cursor(500)) {
      for (const row of chunk) {
        const body = renderAt(presentEvent(row), LATEST_API_VERSION, 'tenant');
        const score = richness(body);
        if ((best.get(row.type)?.score ?? 0) < score) best.set(row.type, { score, body });
      }
    }
    // A subscription's test event is delivered but never logged: its delivery bodies stand in for the log.
    const synthetic = await sql<{ type: string; body: string }[]>`select event_type as type, body from webhook_deliveries where origin = 'test'`;
    for (const row of synthetic) {
      const body = renderAt(JSON.parse(row.body) as unknown, LATEST_API_VERSION, 'tenant');
      const score = richness(body);
      if ((best.get(row.type)?.score ?? 0) < score) best.set(row.type, { score, body });
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
  const file = path.join(dir, 'events.jsonl');
  for (const [type, { body }] of best) appendFileSync(file, JSON.stringify({ type, body } satisfies EventCandidate) + '\n');
  return best.size;
}

/** Paths of `value` that `parsed` (zod's output, which drops what the schema does not declare) lacks. */
export function undeclared(value: unknown, parsed: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => undeclared(v, (parsed as unknown[] | undefined)?.[i], `${at}/${i}`));
  if (value === null || typeof value !== 'object' || parsed === null || typeof parsed !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (k in parsed ? undeclared(v, (parsed as Record<string, unknown>)[k], `${at}/${k}`) : [`${at}/${k}`]));
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})/g;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Values that are secrets wherever they appear: our own prefixes, JWTs and PEM blocks. */
const SECRET_VALUES = [/\b(?:cfsk|cfat|cfk|cfinv|whsec)_[A-Za-z0-9+/=_-]+/g, /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, /-----BEGIN [A-Z ]+-----[\s\S]*?-----END [A-Z ]+-----\n?/g];
/** Fields whose string value is a credential, a signature or an opaque cursor. */
const SECRET_KEY = /^(?:secret|token|password|signature|private_key)$|_(?:secret|token|private_key|signature)$/;
/** The instant every example's earliest timestamp is moved to; the others keep their distance from it. */
const EPOCH = Date.UTC(2026, 0, 15, 9, 30, 0);

/** Keeps a value's prefix (`cfsk_`), dots and length, and hides the rest. */
const mask = (value: string) => {
  const prefix = /^[a-z]{2,6}_/.exec(value)?.[0] ?? '';
  const rest = value.slice(prefix.length);
  return prefix + rest.replace(/[A-Za-z0-9]/g, /^[0-9a-f]+$/i.test(rest) ? '0' : 'X');
};

/**
 * An exchange as an example: ids become numbered placeholders (the same id the same placeholder in its
 * request and response), timestamps move to 2026-01-15 keeping their order and distances, credentials
 * and cursors are masked, and every array in the answer keeps its first EXAMPLE_ITEMS items.
 */
export function scrub(exchange: { request?: unknown; response?: unknown }): { request?: unknown; response?: unknown } {
  const ids = new Map<string, string>();
  const instants: number[] = [];
  const collect = (v: unknown): void => {
    if (typeof v === 'string') for (const m of v.matchAll(INSTANT)) instants.push(Date.parse(m[0]));
    else if (v && typeof v === 'object') Object.values(v).forEach(collect);
  };
  collect(exchange);
  const shift = instants.length ? EPOCH - Math.min(...instants.filter(Number.isFinite)) : 0;
  const instant = (text: string) => {
    const at = Date.parse(text);
    if (!Number.isFinite(at)) return text;
    const iso = new Date(at + shift).toISOString();
    const fraction = /\.(\d+)/.exec(text)?.[1];
    const zone = /(Z|[+-]\d{2}:\d{2})$/.exec(text)![1];
    return iso.slice(0, 19) + (fraction ? '.' + iso.slice(20, 23).padEnd(fraction.length, '0').slice(0, fraction.length) : '') + (zone === 'Z' ? 'Z' : zone);
  };
  const text = (s: string): string => {
    // An API version looks like a date but names a contract: moved, it would name a version the server refuses.
    if (isApiVersion(s)) return s;
    if (DATE.test(s)) return new Date(Date.parse(s) + Math.round(shift / 86_400_000) * 86_400_000).toISOString().slice(0, 10);
    let out = s.replace(UUID, (id) => {
      const key = id.toLowerCase();
      if (!ids.has(key)) ids.set(key, `01900000-0000-7000-8000-${(ids.size + 1).toString(16).padStart(12, '0')}`);
      return ids.get(key)!;
    });
    out = out.replace(INSTANT, instant);
    for (const re of SECRET_VALUES) out = out.replace(re, mask);
    return out;
  };
  const walk = (v: unknown, key: string | undefined, cut: boolean): unknown => {
    if (typeof v === 'string') return key && SECRET_KEY.test(key) ? mask(text(v)) : text(v);
    if (Array.isArray(v)) return (cut ? v.slice(0, EXAMPLE_ITEMS) : v).map((x) => walk(x, undefined, cut));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [text(k), walk(x, k, cut)]));
    return v;
  };
  return {
    ...(exchange.request === undefined ? {} : { request: walk(exchange.request, undefined, false) }),
    ...(exchange.response === undefined ? {} : { response: walk(exchange.response, undefined, true) }),
  };
}
