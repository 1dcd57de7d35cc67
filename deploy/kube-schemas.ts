// Turns Kubernetes' OpenAPI v3 documents and CustomResourceDefinitions into kubeconform's
// "standalone-strict" schema layout: one JSON Schema (draft 4) per kind and API version, named
// `<kind>-<group prefix>-<version>.json`, every $ref inlined, and every object that lists its properties
// closed (`additionalProperties: false`) so a misspelt or misplaced field is an error, not ignored.
// Pure functions: deploy/tools.ts feeds them the documents and writes the files.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** The file kubeconform looks up for a kind: its template `{{ .ResourceKind }}{{ .KindSuffix }}.json`. */
export function kindFileName(group: string, version: string, kind: string): string {
  // kubeconform keeps only the first label of the group: monitoring.coreos.com/v1 -> "-monitoring-v1".
  const suffix = group ? `-${group.split('.')[0]}-${version}` : `-${version}`;
  return `${kind}${suffix}.json`.toLowerCase();
}

/** Every kind an OpenAPI v3 document defines (`x-kubernetes-group-version-kind`), standalone and strict. */
export function openApiSchemas(doc: Json): Map<string, Json> {
  const out = new Map<string, Json>();
  const components = asObject(asObject(doc)?.components);
  const definitions = asObject(components?.schemas);
  if (!definitions) return out;
  const inliner = new Inliner(definitions);
  for (const [name, definition] of Object.entries(definitions)) {
    const gvks = asObject(definition)?.['x-kubernetes-group-version-kind'];
    if (!Array.isArray(gvks)) continue;
    for (const gvk of gvks) {
      const { group, version, kind } = asObject(gvk) ?? {};
      if (typeof group !== 'string' || typeof version !== 'string' || typeof kind !== 'string') continue;
      const file = kindFileName(group, version, kind);
      // Shared types (DeleteOptions, WatchEvent) name a kind in every group's document: the first will do.
      if (!out.has(file)) out.set(file, inliner.resolve(name));
    }
  }
  return out;
}

/** Every served version of a CustomResourceDefinition (apiextensions.k8s.io/v1), strict. */
export function crdSchemas(crd: Json): Map<string, Json> {
  const out = new Map<string, Json>();
  const spec = asObject(asObject(crd)?.spec);
  const group = spec?.group;
  const kind = asObject(spec?.names)?.kind;
  if (typeof group !== 'string' || typeof kind !== 'string' || !Array.isArray(spec?.versions)) {
    throw new Error('not a CustomResourceDefinition: spec.group, spec.names.kind and spec.versions are required');
  }
  const inliner = new Inliner({});
  for (const version of spec.versions) {
    const v = asObject(version);
    const schema = asObject(v?.schema)?.openAPIV3Schema;
    if (typeof v?.name !== 'string' || v.served === false || !schema) continue;
    out.set(kindFileName(group, v.name, kind), inliner.convert(schema));
  }
  return out;
}

/** Keywords whose value is a map of name -> schema. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions']);
/** Keywords whose value is one schema. */
const SCHEMA_VALUES = new Set(['additionalProperties', 'not', 'items', 'additionalItems']);
/** Keywords whose value is a list of schemas. */
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf']);
/** Validation keywords of JSON Schema draft 4 kept as they are; the rest (descriptions, defaults, OpenAPI's extensions) only costs bytes. */
const KEPT = new Set([
  'type', 'enum', 'format', 'required', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'multipleOf', 'minLength', 'maxLength', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties',
]);
const REF_PREFIX = '#/components/schemas/';

class Inliner {
  private readonly done = new Map<string, Json>();
  private readonly inProgress = new Set<string>();

  constructor(private readonly definitions: JsonObject) {}

  /** A named definition with its references inlined. A definition that contains itself (JSONSchemaProps) is cut to `{}` where it recurs. */
  resolve(name: string): Json {
    const cached = this.done.get(name);
    if (cached !== undefined) return cached;
    if (this.inProgress.has(name)) return {};
    const definition = this.definitions[name];
    if (definition === undefined) throw new Error(`unresolved $ref ${REF_PREFIX}${name}`);
    this.inProgress.add(name);
    const converted = this.convert(definition);
    this.inProgress.delete(name);
    this.done.set(name, converted);
    return converted;
  }

  convert(node: Json): Json {
    const schema = asObject(node);
    if (!schema) return node;
    const ref = schema.$ref;
    if (typeof ref === 'string') {
      if (!ref.startsWith(REF_PREFIX)) throw new Error(`unsupported $ref ${ref}`);
      return this.resolve(ref.slice(REF_PREFIX.length));
    }
    let out: JsonObject = {};
    // `allOf: [{$ref}]` is how OpenAPI v3 puts a description beside a reference: the reference itself.
    const allOf = schema.allOf;
    if (Array.isArray(allOf) && allOf.length === 1) out = { ...(asObject(this.convert(allOf[0]!)) ?? {}) };
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'allOf' && Array.isArray(allOf) && allOf.length === 1) continue;
      if (SCHEMA_MAPS.has(key) && asObject(value)) {
        out[key] = Object.fromEntries(Object.entries(asObject(value)!).map(([name, sub]) => [name, this.convert(sub)]));
      } else if (SCHEMA_VALUES.has(key)) {
        out[key] = Array.isArray(value) ? value.map((sub) => this.convert(sub)) : this.convert(value);
      } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
        out[key] = value.map((sub) => this.convert(sub));
      } else if (KEPT.has(key)) {
        out[key] = value;
      }
    }
    // OpenAPI's `nullable` is JSON Schema's null type.
    if (schema.nullable === true && typeof out.type === 'string') {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
    }
    const open = schema['x-kubernetes-preserve-unknown-fields'] === true;
    if (asObject(out.properties) && out.additionalProperties === undefined && !open) out.additionalProperties = false;
    return out;
  }
}

function asObject(value: Json | undefined): JsonObject | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}
