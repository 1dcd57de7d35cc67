import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Sql } from 'postgres';
import { ERROR_CODES, type ErrorCode } from '../../src/errors';
import { SIGNED_ERRORS, type SignedErrorLabel } from '../../src/http/signed/errors';
import { LATEST_API_VERSION, VERSION_HEADER } from '../../src/versions';
import { secretKeyFromPkcs8, signBody } from '../../clients/typescript/signed';
import { HOSTILE_STRINGS, mutateValue, resolve, validValue, type Document, type Pools, type Schema } from './schema-arbitraries';

/**
 * A schema-driven fuzzer over both APIs. Every operation the two OpenAPI documents list gets
 * requests generated from its schemas: valid ones and hostile ones, sent by its tenant's caller and
 * by the other tenant's. Each answer is checked: no 5xx; an error is the API's error body with the
 * status it names; a success validates against the documented schema and shows no other tenant's
 * ids; a request refused changes neither the event log nor the ledger; another tenant's ids are 404.
 */

export type Api = 'tenant' | 'signed';

export interface Actor {
  name: string;
  enterpriseId: string;
  token: string;
  apiKey: string;
  privateKey: string;
  /** Ids the fuzzer must not mutate: its own enterprise, principal, grants, API key and the key's client, or it locks itself out. */
  protectedIds: Set<string>;
  /** Ids created by (so owned by) this tenant. */
  ownedIds: Set<string>;
}

export interface FuzzTarget {
  tenantUrl: string;
  signedUrl: string;
  sql: Sql;
  actors: [Actor, Actor];
}

export interface Finding {
  operation: string;
  category: string;
  detail: string;
  request: string;
  /** Index of the request in the run (with the seed, it reproduces the run up to it). */
  index: number;
  count: number;
}

export interface FuzzReport {
  seed: number;
  seconds: number;
  requests: number;
  operations: number;
  operationsCovered: number;
  uncovered: string[];
  byApi: Record<Api, number>;
  byStatus: Record<string, number>;
  byMode: Record<string, number>;
  findings: Finding[];
}

interface Operation {
  api: Api;
  id: string;
  method: string;
  path: string;
  doc: Document;
  params: Schema[];
  body?: { schema: Schema; types: string[] };
  responses: Record<string, Schema>;
  secured: boolean;
}

interface Outgoing {
  op: Operation;
  mode: string;
  actor: Actor;
  path: string;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** The request must be refused (its input breaks the documented schema). */
  mustRefuse?: boolean;
  /** Another tenant's ids in the path: the answer must be 404 (or a refusal of the input before any lookup). */
  foreignPath?: boolean;
  /** Ids in the request (an answer may echo them). */
  mentions: string[];
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const SIGNED_WEIGHT = 8;
const UUID_IN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const HAS_UUID = new RegExp(UUID_IN.source);
const REF = /^([a-z][a-z-]*)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** Refusals of the protocol rather than of an operation: not repeated in every operation's responses. */
const PROTOCOL_STATUSES = new Set([405, 408, 413, 414, 415, 431]);

/** Operations of one OpenAPI document, parameters resolved. */
export function operationsOf(api: Api, doc: any): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const content = op.requestBody?.content as Record<string, { schema: Schema }> | undefined;
      out.push({
        api,
        id: `${method.toUpperCase()} ${path}`,
        method,
        path,
        doc,
        params: [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Schema) => resolve(doc, p)),
        body: content ? { schema: Object.values(content)[0].schema, types: Object.keys(content) } : undefined,
        responses: op.responses ?? {},
        secured: api === 'signed' || (op.security ?? doc.security ?? []).length > 0,
      });
    }
  }
  return out;
}

/** Identifiers seen per tenant, by collection. */
class IdPools implements Pools {
  private readonly byCollection = new Map<string, Set<string>>();
  private readonly all = new Set<string>();
  private cache = new Map<string, string[]>();

  add(collection: string, id: string): void {
    if (!/^[0-9a-f-]{36}$/.test(id)) return;
    let set = this.byCollection.get(collection);
    if (!set) this.byCollection.set(collection, (set = new Set()));
    if (set.has(id)) return;
    set.add(id);
    this.all.add(id);
    this.cache = new Map();
  }

  ids(collection: string): readonly string[] {
    let list = this.cache.get(collection);
    if (!list) this.cache.set(collection, (list = [...(this.byCollection.get(collection) ?? [])].slice(-200)));
    return list;
  }

  anyIds(): readonly string[] {
    let list = this.cache.get('*');
    if (!list) this.cache.set('*', (list = [...this.all].slice(-400)));
    return list;
  }

  private readonly seen = new Map<string, string[]>();

  values(name: string): readonly string[] {
    return this.seen.get(name) ?? [];
  }

  private remember(name: string, value: string): void {
    if (value.length > 64 || HAS_UUID.test(value)) return;
    let list = this.seen.get(name);
    if (!list) this.seen.set(name, (list = []));
    if (list.length < 50 && !list.includes(value)) list.push(value);
  }

  has(id: string): boolean {
    return this.all.has(id);
  }

  /** Learns from an answer: `<collection>/<id>` strings anywhere, `id` of items listed or created under `collection`. */
  learn(collection: string | undefined, body: unknown, depth = 0): void {
    if (depth > 8 || body === null || typeof body !== 'object') return;
    if (Array.isArray(body)) {
      for (const item of body) this.learn(collection, item, depth + 1);
      return;
    }
    const record = body as Record<string, unknown>;
    if (typeof record.id === 'string' && collection) this.add(collection, record.id);
    for (const [key, value] of Object.entries(record)) {
      if (typeof value === 'string') {
        const ref = REF.exec(value);
        if (ref) this.add(ref[1], ref[2]);
        else this.remember(key, value);
      } else if (key === 'items') this.learn(collection, value, depth + 1);
      else this.learn(undefined, value, depth + 1);
    }
  }
}

/** The last static segment of a path template before its end or a parameter: `/clients/{client_id}/accounts` → `accounts`. */
const collectionOfPath = (template: string) => template.split('/').filter((s) => s && !s.startsWith('{')).pop();

/** `/clients/{client_id}` → the collection each path parameter names: `client_id` → `clients`. */
function pathCollections(template: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of template.matchAll(/\/([^/{}]+)\/\{([a-z_]+)\}/g)) out.set(m[2], m[1]);
  return out;
}

const pick = <T>(seed: number, arb: fc.Arbitrary<T>): T => fc.sample(arb, { seed, numRuns: 1 })[0];

export class Fuzzer {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly pools = new Map<Actor, IdPools>();
  private readonly etags = new Map<string, string>();
  private readonly actionTokens: string[] = [];
  private readonly findings = new Map<string, Finding>();
  private readonly covered = new Set<string>();
  private readonly byStatus: Record<string, number> = {};
  private readonly byMode: Record<string, number> = {};
  private readonly byApi: Record<Api, number> = { tenant: 0, signed: 0 };
  private readonly secretKeys = new Map<Actor, Uint8Array>();
  /** Resources created by accepted requests: their workflows may still write events later. */
  private readonly inFlight = new Set<string>();
  /** Every id each tenant has sent so far: its own audit log may name them back (a refused attempt on a foreign id is audited). */
  private readonly sentIds = new Map<Actor, Set<string>>();
  private fingerprint: Fingerprint | undefined;
  private requests = 0;
  readonly operations: Operation[];

  constructor(
    private readonly target: FuzzTarget,
    documents: { tenant: any; signed: any },
  ) {
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema({ ...documents.tenant, $id: 'tenant' });
    this.ajv.addSchema({ ...documents.signed, $id: 'signed' });
    this.operations = [...operationsOf('tenant', documents.tenant), ...operationsOf('signed', documents.signed)];
    for (const actor of target.actors) {
      this.pools.set(actor, new IdPools());
      this.secretKeys.set(actor, secretKeyFromPkcs8(actor.privateKey));
    }
    this.pools.get(target.actors[0])!.add('enterprises', target.actors[0].enterpriseId);
    this.pools.get(target.actors[1])!.add('enterprises', target.actors[1].enterpriseId);
  }

  /** Runs one full round (every operation at least once, however slow the machine), then more until `seconds` are up; reports. */
  async run(opts: { seed: number; seconds: number; log?: (line: string) => void }): Promise<FuzzReport> {
    const deadline = Date.now() + opts.seconds * 1000;
    this.fingerprint = await this.readFingerprint();
    // Warm-up: every list the callers can read without parameters, so ids are known before mutations.
    for (const actor of this.target.actors) {
      for (const op of this.operations.filter((o) => o.method === 'get' && !o.path.includes('{'))) {
        await this.exchange(this.build(op, actor, 'valid', opts.seed + this.requests), opts.seed);
      }
    }
    // Then rounds over every operation in a seeded order, until the time is up; the first always completes.
    for (let round = 0; round === 0 || Date.now() < deadline; round++) {
      const order = pick(opts.seed + round * 7919, fc.shuffledSubarray(this.operations, { minLength: this.operations.length }));
      for (const op of order) {
        // The signed API has few operations and its own checks: it gets more requests each.
        for (let n = op.api === 'signed' ? SIGNED_WEIGHT : 1; n > 0 && (round === 0 || Date.now() < deadline); n--) {
          const seed = opts.seed + this.requests;
          const actor = this.target.actors[pick(seed, fc.integer({ min: 0, max: 1 }))];
          const mode = pick(seed + 1, this.modeFor(op, actor));
          await this.exchange(this.build(op, actor, mode, seed + 2), opts.seed);
        }
      }
      opts.log?.(`round ${round}: ${this.requests} requests, ${this.covered.size}/${this.operations.length} operations, ${this.findings.size} findings`);
    }
    return {
      seed: opts.seed,
      seconds: opts.seconds,
      requests: this.requests,
      operations: this.operations.length,
      operationsCovered: this.covered.size,
      uncovered: this.operations.filter((o) => !this.covered.has(`${o.api} ${o.id}`)).map((o) => `${o.api} ${o.id}`),
      byApi: this.byApi,
      byStatus: this.byStatus,
      byMode: this.byMode,
      findings: [...this.findings.values()],
    };
  }

  private other(actor: Actor): Actor {
    return this.target.actors[0] === actor ? this.target.actors[1] : this.target.actors[0];
  }

  private modeFor(op: Operation, actor: Actor): fc.Arbitrary<string> {
    const hasPathIds = op.path.includes('{');
    const other = this.other(actor);
    const foreign = hasPathIds && [...pathCollections(op.path).values()].some((c) => this.pools.get(other)!.ids(c).some((id) => other.ownedIds.has(id)));
    const modes: Array<fc.WeightedArbitrary<string>> = [
      { arbitrary: fc.constant('valid'), weight: 40 },
      { arbitrary: fc.constant('query'), weight: 8 },
      { arbitrary: fc.constant('headers'), weight: 6 },
      { arbitrary: fc.constant('unauthenticated'), weight: op.secured ? 2 : 0 },
      { arbitrary: fc.constant('long-url'), weight: 1 },
      { arbitrary: fc.constant('body'), weight: op.body ? 18 : 0 },
      { arbitrary: fc.constant('raw-body'), weight: op.body || op.method !== 'get' ? 6 : 0 },
      { arbitrary: fc.constant('path'), weight: hasPathIds ? 6 : 0 },
      { arbitrary: fc.constant('foreign-path'), weight: foreign ? 12 : 0 },
      { arbitrary: fc.constant('foreign-refs'), weight: op.body || op.params.some((p) => p.in === 'query') ? 5 : 0 },
    ];
    return fc.oneof(...modes.filter((m) => m.weight > 0));
  }

  /** One request for `op` by `actor` in `mode`, generated from `seed`. */
  private build(op: Operation, actor: Actor, mode: string, seed: number): Outgoing {
    const own = this.pools.get(actor)!;
    const foreign = this.pools.get(this.other(actor))!;
    const mutating = op.method !== 'get';
    const out: Outgoing = { op, mode, actor, path: op.path, query: [], headers: {}, mentions: [] };
    let s = seed;
    const next = () => (s = (s * 1103515245 + 12345) | 0);

    // Path: ids of the actor's tenant by the collection the path names (the other tenant's in foreign-path).
    const collections = pathCollections(op.path);
    for (const param of op.params.filter((p) => p.in === 'path')) {
      const collection = collections.get(param.name) ?? '';
      const other = this.other(actor);
      const pool =
        mode === 'foreign-path'
          ? foreign.ids(collection).filter((id) => other.ownedIds.has(id) && !own.has(id))
          : own.ids(collection).filter((id) => !(mutating && actor.protectedIds.has(id)));
      let value: string;
      if (mode === 'path' && pick(next(), fc.boolean())) value = pick(next(), fc.constantFrom(...HOSTILE_STRINGS.filter(Boolean), '..', '%2e%2e%2f', 'A'.repeat(300), randomUUID().toUpperCase())); // an empty segment would address another operation
      else if (pool.length && (mode === 'foreign-path' || pick(next(), fc.integer({ min: 0, max: 9 })) > 0)) value = pick(next(), fc.constantFrom(...pool));
      else value = pick(next(), fc.uuid({ version: 7 }));
      if (mode === 'foreign-path' && pool.length) out.foreignPath = true;
      out.mentions.push(value);
      out.path = out.path.replace(`{${param.name}}`, percentEncode(value));
    }
    if (mode === 'foreign-path' && !out.foreignPath) out.mode = 'valid';

    // Query: required parameters always, optional ones sometimes; hostile values, unknown and repeated names in `query`.
    for (const param of op.params.filter((p) => p.in === 'query')) {
      if (!param.required && pick(next(), fc.integer({ min: 0, max: 9 })) < 6) continue;
      const pools = mode === 'foreign-refs' ? foreign : own;
      const value = pick(next(), validValue(op.doc, param.schema, pools, param.name));
      out.query.push([param.name, typeof value === 'string' ? value : JSON.stringify(value)]);
    }
    if (mode === 'query') {
      const hostile = pick(next(), fc.constantFrom(...HOSTILE_STRINGS.filter((h) => h.length < 5000), 'x'.repeat(5000)));
      const names = op.params.filter((p) => p.in === 'query').map((p) => p.name);
      const which = pick(next(), fc.integer({ min: 0, max: 3 }));
      if (which === 0 && names.length) out.query.push([pick(next(), fc.constantFrom(...names)), hostile]);
      else if (which === 1) out.query.push(['__fuzz_unknown', hostile]);
      else if (which === 2 && names.length) {
        const name = pick(next(), fc.constantFrom(...names));
        out.query.push([name, hostile], [name, hostile]);
      } else out.query.push(['page_token', pick(next(), fc.constantFrom('eyJhIjoieCJ9.AAAA', 'a.b', '.', `${'A'.repeat(40)}.${'B'.repeat(22)}`, hostile))], ['page_size', pick(next(), fc.constantFrom('-1', '0', '1e309', '1.5', 'NaN', '99999999999999999999'))]);
    }

    // Headers.
    if (op.secured && op.api === 'tenant' && mode !== 'unauthenticated') out.headers.authorization = `Bearer ${actor.token}`;
    if (mode === 'unauthenticated' && op.api === 'tenant') out.headers.authorization = pick(next(), fc.constantFrom('Bearer ', 'Bearer x.y.z', 'Basic Zm9vOmJhcg==', `Bearer ${actor.token}x`, `Bearer ${'a'.repeat(4000)}`));
    for (const param of op.params.filter((p) => p.in === 'header')) {
      const name = param.name.toLowerCase();
      // Answers are checked against the document, which describes the latest version: ask for it rather
      // than rely on the actor's pinned version.
      if (name === VERSION_HEADER.toLowerCase()) out.headers[name] = LATEST_API_VERSION;
      if (name === 'idempotency-key' && pick(next(), fc.integer({ min: 0, max: 9 })) > 0) out.headers[name] = `fuzz-${randomUUID()}`;
      if (name === 'if-match') {
        const known = this.etags.get(out.path);
        if (known && pick(next(), fc.boolean())) out.headers[name] = known;
      }
      if (name === 'x-action-token' && this.actionTokens.length) out.headers[name] = pick(next(), fc.constantFrom(...this.actionTokens.slice(-20)));
    }
    if (mode === 'headers') {
      const header = pick(next(), fc.constantFrom('idempotency-key', 'if-match', 'x-action-token', 'x-request-id', 'content-type'));
      out.headers[header] = pick(
        next(),
        fc.constantFrom('', ' ', 'é', 'a'.repeat(300), '"unterminated', 'W/"x"', '*', '"a", "b", *', 'x'.repeat(8000), '\t', 'application/json; charset=utf-16'),
      );
    }

    // Body.
    const schema = op.body?.schema;
    if (schema || (mode === 'raw-body' && mutating)) {
      const type = op.body?.types[0] ?? 'application/json';
      const pools = mode === 'foreign-refs' ? foreign : own;
      let value: unknown = schema ? pick(next(), validValue(op.doc, schema, pools)) : {};
      if (mode === 'body') {
        const mutated = pick(next(), mutateValue(value));
        value = mutated.value;
        // A form body carries strings only: a member of the wrong type arrives as its text, which may be valid.
        const received = type === 'application/x-www-form-urlencoded' ? flatStrings(value) : value;
        out.mustRefuse = op.api === 'tenant' && !this.validatorFor(op.api, schema!)(received);
        out.mode = `body: ${mutated.mutation.replace(/\/[^ ]*$/, '')}`;
      }
      if (op.api === 'signed' && value && typeof value === 'object' && !Array.isArray(value)) {
        value = { ...value, timestamp: Date.now() };
      }
      const text = type === 'application/x-www-form-urlencoded' ? new URLSearchParams(flatStrings(value)).toString() : JSON.stringify(value ?? null);
      out.headers['content-type'] ??= type;
      if (mode === 'raw-body') {
        const raw = pick(
          next(),
          fc.constantFrom<Array<string | Buffer>>(
            [Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d])], // {"a":"<bad UTF-8>"}
            [Buffer.from([0xff, 0xfe, 0x7b, 0x7d])],
            [text.slice(0, Math.max(1, text.length >> 1))],
            ['[]'],
            ['"just a string"'],
            ['null'],
            ['1e999'],
            ['{"a":1,"a":2}'],
            [Buffer.alloc(1024 * 1024 + 1, 0x20)],
            ['['.repeat(50_000) + ']'.repeat(50_000)],
          ),
        )[0];
        out.body = raw;
        if (pick(next(), fc.integer({ min: 0, max: 4 })) === 0) out.headers['content-type'] = pick(next(), fc.constantFrom('text/plain', 'application/xml', 'multipart/form-data; boundary=x', ''));
      } else {
        out.body = text;
      }
      if (typeof out.body === 'string') out.mentions.push(...(out.body.match(UUID_IN) ?? []));
    }
    for (const [, v] of out.query) out.mentions.push(...(v.match(UUID_IN) ?? []));
    if (mode === 'long-url') out.query.push(['__fuzz_long', 'x'.repeat(20_000)]);
    return out;
  }

  private validatorFor(api: Api, schema: Schema): ValidateFunction {
    const key = `${api}:${JSON.stringify(schema)}`;
    let v = this.validators.get(key);
    if (!v) {
      const rebased = JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, `"$ref":"${api}#/`));
      this.validators.set(key, (v = this.ajv.compile(rebased)));
    }
    return v;
  }

  private async send(req: Outgoing): Promise<Answer> {
    const base = req.op.api === 'tenant' ? this.target.tenantUrl : this.target.signedUrl;
    const headers: Record<string, string> = { ...req.headers };
    if (req.op.api === 'signed') {
      headers['x-apikey'] = req.mode === 'unauthenticated' ? pickFrom(['', 'cfak_nope', req.actor.apiKey.slice(0, -1)], this.requests) : req.actor.apiKey;
      if (!headers['x-apikey']) delete headers['x-apikey'];
      if (req.op.method === 'post' && req.body !== undefined) {
        const bytes = typeof req.body === 'string' ? Buffer.from(req.body) : req.body;
        headers['x-signature'] = req.mode === 'headers' ? 'AAAA' : await signBody(bytes, this.secretKeys.get(req.actor)!);
      }
    }
    const url = base + req.path + (req.query.length ? `?${req.query.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&')}` : '');
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(url, { method: req.op.method.toUpperCase(), headers, body: req.body, signal: AbortSignal.timeout(30_000) });
        const text = await res.text();
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
        return { status: res.status, headers: res.headers, text, body };
      } catch (err) {
        // A refusal that closes the connection mid-upload (413 on a 1 MiB body) can lose the answer: send once more.
        if (attempt < 1 && typeof req.body !== 'string' && req.body !== undefined) continue;
        return { status: 0, headers: new Headers(), text: String((err as Error).cause ?? err), body: undefined };
      }
    }
  }

  private async exchange(req: Outgoing, runSeed: number): Promise<void> {
    const index = this.requests++;
    this.byApi[req.op.api]++;
    this.byMode[req.mode.split(':')[0]] = (this.byMode[req.mode.split(':')[0]] ?? 0) + 1;
    const res = await this.send(req);
    const sent = this.sentIds.get(req.actor) ?? new Set<string>();
    for (const id of req.mentions) sent.add(id);
    this.sentIds.set(req.actor, sent);
    this.byStatus[res.status] = (this.byStatus[res.status] ?? 0) + 1;
    this.covered.add(`${req.op.api} ${req.op.id}`);
    const finding = (category: string, detail: string) => this.record(req, res, index, runSeed, category, detail);

    if (res.status === 0) finding('no answer', res.text);
    else if (res.status >= 500) finding('5xx', `${res.status} ${res.text.slice(0, 300)}`);
    else if (res.status >= 400) this.checkError(req, res, finding);
    else this.checkSuccess(req, res, finding);

    if (req.mustRefuse && res.status >= 200 && res.status < 300) finding('accepted invalid input', `${req.mode} answered ${res.status}`);
    if (req.foreignPath && res.status !== 404) {
      // Out of scope must be indistinguishable from missing: the same request naming ids nobody has gets the same answer.
      const twin = await this.send(this.twinOf(req));
      if (twin.status !== res.status || errorName(twin) !== errorName(res)) {
        finding("another tenant's object answers unlike a missing one", `${res.status} ${errorName(res)} vs ${twin.status} ${errorName(twin)} for a missing one`);
      }
    }

    const after = await this.readFingerprint();
    if (res.status >= 400 || res.status === 0) await this.checkUnchanged(req, after, finding);
    this.fingerprint = after;
  }

  /** The same request with fresh ids in place of the other tenant's in its path, and a fresh Idempotency-Key. */
  private twinOf(req: Outgoing): Outgoing {
    const other = this.pools.get(this.other(req.actor))!;
    const path = req.path.replace(UUID_IN, (id) => (other.has(id) ? randomUUID() : id));
    const headers = { ...req.headers };
    if (headers['idempotency-key']) headers['idempotency-key'] = `fuzz-${randomUUID()}`;
    return { ...req, path, headers, foreignPath: false };
  }

  private record(req: Outgoing, res: Answer, index: number, runSeed: number, category: string, detail: string): void {
    const key = `${req.op.api} ${req.op.id} ${category} ${res.status}`;
    const known = this.findings.get(key);
    if (known) {
      known.count++;
      return;
    }
    const body = typeof req.body === 'string' ? req.body.slice(0, 300) : req.body ? `<${req.body.length} bytes>` : '';
    this.findings.set(key, {
      operation: `${req.op.api} ${req.op.id}`,
      category,
      detail,
      request: `[${req.mode}] ${req.op.method.toUpperCase()} ${req.path.slice(0, 200)}${req.query.length ? `?${req.query.map(([k, v]) => `${k}=${v.slice(0, 60)}`).join('&')}` : ''} ${body} (FUZZ_SEED=${runSeed}, request #${index})`,
      index,
      count: 1,
    });
  }

  private checkError(req: Outgoing, res: Answer, finding: (category: string, detail: string) => void): void {
    if (req.op.api === 'signed') {
      const label = res.body?.errorLabel as SignedErrorLabel | undefined;
      const entry = label ? SIGNED_ERRORS[label] : undefined;
      const keys = res.body && typeof res.body === 'object' ? Object.keys(res.body).sort().join(',') : '';
      if (!entry || keys !== 'errorCode,errorDescription,errorLabel,reason') finding('not the signed error body', `${res.status} ${res.text.slice(0, 200)}`);
      else if (entry.status !== res.status || entry.code !== res.body.errorCode) finding('status does not match the body', `${res.status} ${label} ${res.body.errorCode}`);
      return;
    }
    const code = res.body?.code as ErrorCode | undefined;
    if (!(res.headers.get('content-type') ?? '').startsWith('application/problem+json') || !code || !ERROR_CODES[code]) {
      finding('not problem+json', `${res.status} ${res.headers.get('content-type')} ${res.text.slice(0, 200)}`);
      return;
    }
    if (res.body.status !== res.status || ERROR_CODES[code].status !== res.status) finding('status does not match the body', `${res.status} ${code} body.status=${res.body.status}`);
    if (res.body.request_id !== res.headers.get('x-request-id')) finding('problem without its request id', res.text.slice(0, 200));
    if (!this.validatorFor('tenant', { $ref: '#/components/schemas/Problem' })(res.body)) finding('problem does not match its schema', res.text.slice(0, 200));
    if (!PROTOCOL_STATUSES.has(res.status) && res.status !== 401 && !req.op.responses[String(res.status)]) finding('undocumented error status', `${res.status} ${code}`);
  }

  private checkSuccess(req: Outgoing, res: Answer, finding: (category: string, detail: string) => void): void {
    const documented = req.op.responses[String(res.status)];
    if (!documented) {
      finding('undocumented status', String(res.status));
      return;
    }
    const content = documented.content as Record<string, { schema: Schema }> | undefined;
    const json = content?.['application/json'];
    if (json?.schema) {
      const validate = this.validatorFor(req.op.api, json.schema);
      if (!validate(res.body)) finding('answer does not match the documented schema', this.ajv.errorsText(validate.errors).slice(0, 300));
    }
    if (req.op.path.endsWith('openapi.json')) return; // its examples are nobody's ids
    // Learn ids, etags and action tokens; a resource created here is the actor's.
    const pools = this.pools.get(req.actor)!;
    pools.learn(collectionOfPath(req.op.path), res.body);
    const etag = res.headers.get('etag');
    if (etag && req.op.method === 'get') this.etags.set(req.path, etag);
    if (req.op.method !== 'get' && res.body && typeof res.body === 'object') {
      // What a change answers as an object's own `id` is the tenant's; ids it merely refers to (a pair, a platform role) may be shared.
      const foreign = this.target.actors.find((a) => a !== req.actor)!;
      for (const id of objectIds(res.body)) if (!foreign.ownedIds.has(id) && !req.mentions.includes(id)) req.actor.ownedIds.add(id);
      if (typeof res.body.id === 'string') this.inFlight.add(res.body.id);
      if (typeof res.body.token === 'string') this.actionTokens.push(res.body.token);
    }
    // No answer to one tenant names what another tenant created (unless this tenant itself sent the id, now or before).
    const other = this.other(req.actor);
    const sentBefore = this.sentIds.get(req.actor);
    const leaked = (res.text.match(UUID_IN) ?? []).filter((id) => other.ownedIds.has(id) && !req.actor.ownedIds.has(id) && !req.mentions.includes(id) && !sentBefore?.has(id));
    if (leaked.length) finding("another tenant's id in an answer", leaked.slice(0, 3).join(', '));
  }

  private async readFingerprint(): Promise<Fingerprint> {
    const ids = this.target.actors.map((a) => a.enterpriseId);
    const [row] = await this.target.sql`
      select (select coalesce(max(seq), 0)::text from events where enterprise_id = any(${ids}::uuid[])) as seq,
             (select count(*)::text from ledger_transactions where enterprise_id = any(${ids}::uuid[])) as transactions,
             (select coalesce(sum(total), 0)::text || '/' || coalesce(sum(held), 0)::text from ledger_balances where enterprise_id = any(${ids}::uuid[])) as balances,
             (select count(*)::text from ledger_holds where enterprise_id = any(${ids}::uuid[]) and status = 'pending') as holds`;
    return row as Fingerprint;
  }

  /**
   * A refused request changed nothing. Workflows of earlier accepted requests (and schedules) keep
   * writing events meanwhile, so an event since the previous answer counts against this request when
   * it is about an object it named or a new object of the collection it writes to, unless that object
   * was created by an accepted request (its workflow may still be running); and the ledger must not
   * move without an event.
   */
  private async checkUnchanged(req: Outgoing, after: Fingerprint, finding: (category: string, detail: string) => void): Promise<void> {
    const before = this.fingerprint!;
    if (before.seq === after.seq && before.transactions === after.transactions && before.balances === after.balances && before.holds === after.holds) return;
    const ids = this.target.actors.map((a) => a.enterpriseId);
    const events = await this.target.sql`
      select type, resource_ref, payload->>'schedule_ref' as schedule_ref
        from events where enterprise_id = any(${ids}::uuid[]) and seq > ${before.seq}::bigint and seq <= ${after.seq}::bigint`;
    const collection = collectionOfPath(req.op.path);
    const unexplained = events.filter((e) => {
      const [kind, id] = (e.resource_ref as string).split('/');
      // An export a schedule run queued (a Temporal Schedule an earlier request created) is nobody's request.
      if (e.schedule_ref) return false;
      return !this.inFlight.has(id) && (req.mentions.includes(id) || kind === collection);
    });
    if (unexplained.length) finding('a refused request changed the event log', unexplained.map((e) => `${e.type} ${e.resource_ref}`).slice(0, 3).join('; '));
    else if (events.length === 0) finding('a refused request changed the ledger', `${JSON.stringify(before)} → ${JSON.stringify(after)}`);
  }
}

interface Fingerprint {
  seq: string;
  transactions: string;
  balances: string;
  holds: string;
}

function flatStrings(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}

/** Percent-encodes the UTF-8 bytes of any string (a lone surrogate becomes U+FFFD, as on any client). */
const percentEncode = (s: string) =>
  [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

const pickFrom = <T>(list: T[], n: number): T => list[n % list.length];

/** The `id` members of every object in an answer. */
function objectIds(value: unknown, depth = 0, out: string[] = []): string[] {
  if (depth > 8 || value === null || typeof value !== 'object') return out;
  if (Array.isArray(value)) for (const v of value) objectIds(v, depth + 1, out);
  else
    for (const [k, v] of Object.entries(value)) {
      if (k === 'id' && typeof v === 'string' && HAS_UUID.test(v)) out.push(v);
      else objectIds(v, depth + 1, out);
    }
  return out;
}

const errorName = (a: Answer): string => a.body?.code ?? a.body?.errorLabel ?? '';

/** Summary lines for a report. */
export function describeReport(r: FuzzReport): string {
  const statuses = Object.entries(r.byStatus)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([s, n]) => `${s}:${n}`)
    .join(' ');
  const lines = [
    `fuzz: seed ${r.seed} (FUZZ_SEED=${r.seed} reproduces), ${r.seconds} s`,
    `  requests ${r.requests} (tenant ${r.byApi.tenant}, signed ${r.byApi.signed}); operations covered ${r.operationsCovered}/${r.operations}`,
    `  by status ${statuses}`,
    `  by mode ${Object.entries(r.byMode).map(([m, n]) => `${m}:${n}`).join(' ')}`,
    `  findings ${r.findings.length}`,
    ...r.findings.map((f) => `  - ${f.category}: ${f.operation} (${f.count}×) ${f.detail}\n      ${f.request}`),
  ];
  if (r.uncovered.length) lines.push(`  not reached: ${r.uncovered.join(', ')}`);
  return lines.join('\n');
}
