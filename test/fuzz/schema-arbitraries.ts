import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schemas (draft 2020-12, as OpenAPI 3.1 embeds them) of the
 * documents the APIs serve: values a schema accepts, and values it refuses. Nothing here knows a
 * route: identifiers and references come from `Pools`, filled from the APIs' own answers.
 */

export type Schema = Record<string, any>;

/** Known identifiers and `<collection>/<id>` references, by collection, of the caller's tenant. */
export interface Pools {
  /** `clients` → ids seen as `clients/<id>`, or as `id` of an item listed under `/clients`. */
  ids(collection: string): readonly string[];
  /** Every id seen, whatever its collection. */
  anyIds(): readonly string[];
  /** Short strings seen in answers as the value of a member of this name (`asset` → `USD`, `network` → `ethereum`). */
  values(name: string): readonly string[];
}

export interface Document {
  components?: { schemas?: Record<string, Schema>; parameters?: Record<string, Schema> };
}

const MAX_DEPTH = 6;
/** `^(clients|enterprises)\/[0-9a-f]{8}-…$`: a reference to one of these collections. */
const REF_PATTERN = /^\^\(?([a-z][a-z|-]*)\)?\\?\/\[0-9a-f/;
/** `^[0-9a-f]{8}-…$`: a bare id. */
const ID_PATTERN = /^\^\[0-9a-f\]\{8\}-/;

/** `#/components/schemas/Client` → its schema; anything else as given. */
export function resolve(doc: Document, schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let hops = 0; typeof s.$ref === 'string' && hops < 16; hops++) {
    const path = (s.$ref as string).replace(/^#\//, '').split('/');
    s = path.reduce<any>((node, key) => node?.[key], doc) ?? {};
  }
  return s;
}

/** `client_account_id` → `client-accounts`; `pair_id` → `pairs`. */
export const collectionOfName = (name: string) => `${name.replace(/_(id|ref)$/, '').replace(/_/g, '-')}s`;

/**
 * A uuid the pools know in this collection (most of the time), any known one, or a fresh one. The
 * pools are read when a value is drawn, so the arbitrary can be built once and kept.
 */
function knownId(pools: Pools, collection: string | undefined): fc.Arbitrary<string> {
  return fc.tuple(fc.nat({ max: 9 }), fc.nat(), fc.uuid({ version: 7 })).map(([weight, i, fresh]) => {
    const own = collection ? pools.ids(collection) : [];
    const any = pools.anyIds();
    if (own.length && weight < 8) return own[i % own.length];
    if (any.length && weight < 9) return any[i % any.length];
    return fresh;
  });
}

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties || schema.additionalProperties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

/** allOf of object schemas as one object schema (what zod-to-openapi emits for extended objects). */
function mergeAllOf(doc: Document, schema: Schema): Schema {
  const parts = (schema.allOf as Schema[]).map((p) => resolve(doc, p));
  const merged: Schema = { type: 'object', properties: {}, required: [] };
  for (const part of [...parts, { ...schema, allOf: undefined }]) {
    Object.assign(merged.properties, part.properties ?? {});
    merged.required.push(...(part.required ?? []));
    if (part.additionalProperties !== undefined) merged.additionalProperties = part.additionalProperties;
  }
  return merged;
}

/** Mostly a value seen for this member name (what the API itself uses there), else `generated`. */
function seenOr(pools: Pools, name: string | undefined, generated: fc.Arbitrary<string>): fc.Arbitrary<string> {
  if (!name) return generated;
  return fc.tuple(fc.nat({ max: 3 }), fc.nat(), generated).map(([weight, i, fresh]) => {
    const seen = pools.values(name);
    return seen.length && weight < 3 ? seen[i % seen.length] : fresh;
  });
}

function stringArbitrary(schema: Schema, pools: Pools, name: string | undefined): fc.Arbitrary<string> {
  const generated = generatedString(schema, pools, name);
  return schema.enum || schema.format === 'date-time' || schema.format === 'uri' ? generated : seenOr(pools, name, generated).filter((v) => fitsSchema(schema, v));
}

const patterns = new Map<string, RegExp>();

function fitsSchema(schema: Schema, v: string): boolean {
  if (schema.minLength !== undefined && v.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && v.length > schema.maxLength) return false;
  if (typeof schema.pattern !== 'string') return true;
  let re = patterns.get(schema.pattern);
  if (!re) patterns.set(schema.pattern, (re = new RegExp(schema.pattern)));
  return re.test(v);
}

function generatedString(schema: Schema, pools: Pools, name: string | undefined): fc.Arbitrary<string> {
  if (schema.format === 'date-time') {
    return fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
  }
  if (schema.format === 'email') return fc.tuple(fc.stringMatching(/^[a-z]{1,12}$/), fc.constantFrom('example.com', 'example.org')).map(([l, d]) => `${l}@${d}`);
  if (schema.format === 'uri') return fc.constantFrom('https://example.com/', 'https://example.com/hooks/fuzz', 'https://203.0.113.10/jwks');
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, Math.max(min, 40));
  const fits = (s: string) => s.length >= min && (schema.maxLength === undefined || s.length <= schema.maxLength);
  if (typeof schema.pattern === 'string') {
    const ref = REF_PATTERN.exec(schema.pattern);
    if (ref) return fc.constantFrom(...ref[1].split('|')).chain((collection) => knownId(pools, collection).map((id) => `${collection}/${id}`));
    if (ID_PATTERN.test(schema.pattern)) return knownId(pools, name && collectionOfName(name));
    return fc.stringMatching(new RegExp(schema.pattern), { size: 'small' }).filter(fits);
  }
  if (name && /_id$/.test(name)) return fc.oneof(knownId(pools, collectionOfName(name)), fc.string({ minLength: min, maxLength: max }).filter(fits));
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }).filter(fits);
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : Math.max(min, 0) + 100_000);
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

const built = new WeakMap<Schema, Map<Pools, Map<string, fc.Arbitrary<unknown>>>>();

/** Values `schema` accepts. `name` is the property or parameter name (a hint for identifiers). Built once per schema, pools and name. */
export function validValue(doc: Document, schema: Schema | undefined, pools: Pools, name?: string, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 0) return buildValid(doc, schema, pools, name, depth);
  let byPools = built.get(schema);
  if (!byPools) built.set(schema, (byPools = new Map()));
  let byName = byPools.get(pools);
  if (!byName) byPools.set(pools, (byName = new Map()));
  let arbitrary = byName.get(name ?? '');
  if (!arbitrary) byName.set(name ?? '', (arbitrary = buildValid(doc, schema, pools, name, depth)));
  return arbitrary;
}

function buildValid(doc: Document, schema: Schema | undefined, pools: Pools, name?: string, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(doc, schema);
  if (depth > MAX_DEPTH) return fc.constant(null);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  if (Array.isArray(s.allOf)) return buildValid(doc, mergeAllOf(doc, s), pools, name, depth);
  const alternatives = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((a) => buildValid(doc, a, pools, name, depth + 1)));
  const types = typesOf(s);
  if (types.length === 0) return fc.constantFrom<unknown>('fuzz', 1, true, null, { a: 'b' });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'null':
          return fc.constant(null);
        case 'boolean':
          return fc.boolean();
        case 'integer':
          return numberArbitrary(s, true);
        case 'number':
          return numberArbitrary(s, false);
        case 'string':
          return stringArbitrary(s, pools, name);
        case 'array': {
          const minLength = s.minItems ?? 0;
          const maxLength = Math.min(s.maxItems ?? 3, Math.max(minLength, 3));
          const item = buildValid(doc, s.items, pools, name?.replace(/s$/, ''), depth + 1);
          return s.uniqueItems ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) }) : fc.array(item, { minLength, maxLength });
        }
        default:
          return objectArbitrary(doc, s, pools, depth);
      }
    }),
  );
}

function objectArbitrary(doc: Document, s: Schema, pools: Pools, depth: number): fc.Arbitrary<unknown> {
  const properties = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set<string>(s.required ?? []);
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, p]) => [key, buildValid(doc, p, pools, key, depth + 1)])),
    { requiredKeys: [...required].filter((k) => k in properties) },
  );
  const extra = s.additionalProperties;
  if (!extra || typeof extra !== 'object' || Object.keys(properties).length > 0) return record;
  const maxKeys = Math.min(s.maxProperties ?? 3, 3);
  return fc.dictionary(fc.stringMatching(/^[a-z_]{1,12}$/), buildValid(doc, extra, pools, undefined, depth + 1), { maxKeys });
}

/** Strings that break parsers, databases and renderers. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\ud800',
  '\udfff tail',
  '💸'.repeat(50),
  '\u202eevil',
  "' or 1=1 --",
  '"; drop table events; --',
  '../../etc/passwd',
  '%00',
  '%s%n%x',
  '${jndi:ldap://127.0.0.1/a}',
  '<script>alert(1)</script>',
  '\\',
  '0x1F',
  'NaN',
  '-0',
  '1e309',
  '99999999999999999999999999999999999999999999999999.99',
  '0.000000000000000000000000000001',
  '𝕳𝖊𝖑𝖑𝖔',
  'x'.repeat(10_000),
];

export const HOSTILE_NUMBERS = [0, -1, -0, 1.5, 2 ** 53, 2 ** 64, -(2 ** 63), 1e308, -1e308, Number.MIN_VALUE, 4294967296];

/** Any JSON value of another kind than `value`. */
export function wrongType(value: unknown): fc.Arbitrary<unknown> {
  const kinds: Array<[string, fc.Arbitrary<unknown>]> = [
    ['string', fc.constantFrom(...HOSTILE_STRINGS)],
    ['number', fc.constantFrom(...HOSTILE_NUMBERS)],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['object', fc.constantFrom({}, { nested: { deeper: [1, { x: null }] } })],
    ['array', fc.constantFrom([], [1, 'two', null], [[[[[]]]]])],
  ];
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  return fc.oneof(...kinds.filter(([k]) => k !== kind).map(([, a]) => a));
}

/** Paths (keys from the root) of every member of a JSON value, root included. */
export function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const out = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...prefix, i])));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  return out;
}

function setAt(root: unknown, path: Array<string | number>, replace: (old: unknown) => unknown): unknown {
  if (path.length === 0) return replace(root);
  const copy: any = Array.isArray(root) ? [...root] : { ...(root as object) };
  copy[path[0]] = setAt(copy[path[0]], path.slice(1), replace);
  return copy;
}

function deleteAt(root: unknown, path: Array<string | number>): unknown {
  if (path.length === 0) return undefined;
  const parent = path.slice(0, -1);
  return setAt(root, parent, (p) => {
    if (Array.isArray(p)) return p.filter((_, i) => i !== path[path.length - 1]);
    const { [path[path.length - 1]]: _gone, ...rest } = p as Record<string, unknown>;
    return rest;
  });
}

const deep = (depth: number): unknown => {
  let v: unknown = 0;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

/**
 * One hostile change to a valid value: a member of the wrong type, a required member missing, an
 * unknown member, a hostile string or number, deep nesting. The result may still happen to be
 * valid (a hostile string where any string goes); callers tell by validating it.
 */
export function mutateValue(value: unknown): fc.Arbitrary<{ value: unknown; mutation: string }> {
  const paths = pathsOf(value);
  const objects = paths.filter((p) => {
    const v = p.reduce<any>((node, k) => node?.[k], value);
    return v && typeof v === 'object' && !Array.isArray(v);
  });
  const members = paths.filter((p) => p.length > 0);
  const choices: Array<fc.Arbitrary<{ value: unknown; mutation: string }>> = [
    fc.constantFrom(...paths).chain((p) =>
      wrongType(p.reduce<any>((node, k) => node?.[k], value)).map((w) => ({ value: setAt(value, p, () => w), mutation: `wrong type at /${p.join('/')}` })),
    ),
    fc.constantFrom(...paths).chain((p) => fc.constantFrom(...HOSTILE_STRINGS).map((h) => ({ value: setAt(value, p, () => h), mutation: `hostile string at /${p.join('/')}` }))),
    fc.constantFrom(...paths).chain((p) => fc.constantFrom(...HOSTILE_NUMBERS).map((n) => ({ value: setAt(value, p, () => n), mutation: `hostile number at /${p.join('/')}` }))),
    fc.constantFrom(...paths).map((p) => ({ value: setAt(value, p, () => deep(200)), mutation: `200-deep nesting at /${p.join('/')}` })),
  ];
  if (members.length) choices.push(fc.constantFrom(...members).map((p) => ({ value: deleteAt(value, p), mutation: `missing /${p.join('/')}` })));
  if (objects.length) {
    choices.push(
      fc.constantFrom(...objects).map((p) => ({ value: setAt(value, p, (o) => ({ ...(o as object), __fuzz_unknown: 'x' })), mutation: `unknown member in /${p.join('/')}` })),
    );
  }
  return fc.oneof(...choices);
}
