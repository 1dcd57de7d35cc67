import type { z } from 'zod';
import { AppError, type FieldError } from '../errors';

function pointer(location: string, path: PropertyKey[]): string {
  const escaped = path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1'));
  return ['', location, ...escaped].join('/');
}

export function zodFieldErrors(location: string, error: z.ZodError): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ pointer: pointer(location, [...issue.path, key]), detail: 'unknown field' });
    } else {
      out.push({ pointer: pointer(location, issue.path), detail: issue.message });
    }
  }
  return out;
}

/** U+0000 (PostgreSQL text and jsonb cannot hold it) or a lone UTF-16 surrogate (no UTF-8 encoding). */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Deeper JSON than any request schema describes; free-form fields (metadata) stay far below it. */
export const MAX_INPUT_DEPTH = 32;

/**
 * The first string (value or member name) in a request part that no column could store, a member named
 * `__proto__` (zod drops it from a record without a word, so metadata would lose it), or a part nested
 * deeper than MAX_INPUT_DEPTH. Iterative, so hostile nesting cannot exhaust the stack.
 */
export function unstorableInput(value: unknown, location: string): FieldError | undefined {
  const stack: Array<{ value: unknown; path: PropertyKey[] }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (UNSTORABLE.test(v)) return { pointer: pointer(location, path), detail: 'must not contain U+0000 or unpaired UTF-16 surrogates' };
    } else if (typeof v === 'object' && v !== null) {
      if (path.length >= MAX_INPUT_DEPTH) return { pointer: pointer(location, path), detail: `nested deeper than ${MAX_INPUT_DEPTH} levels` };
      for (const [k, child] of Object.entries(v)) {
        if (UNSTORABLE.test(k)) return { pointer: pointer(location, path), detail: 'member names must not contain U+0000 or unpaired UTF-16 surrogates' };
        if (k === '__proto__') return { pointer: pointer(location, [...path, k]), detail: 'the member name __proto__ is not accepted' };
        stack.push({ value: child, path: [...path, k] });
      }
    }
  }
  return undefined;
}

/**
 * Checks one part of the request, the same on both surfaces: text no column can store is refused first,
 * once for every route, before any schema sees it; then the schema. Each surface words the refusal its own way.
 */
export function checkPart<T extends z.ZodType>(schema: T | undefined, value: unknown, location: string): { ok: true; data: z.output<T> } | { ok: false; errors: FieldError[] } {
  const unstorable = unstorableInput(value, location);
  if (unstorable) return { ok: false, errors: [unstorable] };
  if (!schema) return { ok: true, data: value as z.output<T> };
  const result = schema.safeParse(value);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: zodFieldErrors(location, result.error) };
}

/** Validates one part of the request (`params`, `query`, `body`); failures are 400 with a pointer per field. */
export function validate<T extends z.ZodType>(schema: T | undefined, value: unknown, location: string): z.output<T> {
  const checked = checkPart(schema, value, location);
  if (checked.ok) return checked.data;
  throw new AppError('EdgeBadRequest', `The request ${location} is invalid.`, { reason: 'invalid_field', errors: checked.errors });
}

/**
 * The query with OpenAPI `deepObject` parameters folded: `metadata[order_id]=x` becomes
 * `metadata: { order_id: 'x' }`, so one schema member describes and validates the whole family.
 */
export function foldDeepObjects(query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    const deep = /^([A-Za-z_][A-Za-z0-9_]*)\[([^\]]*)\]$/.exec(name);
    if (!deep) {
      out[name] = value;
      continue;
    }
    const group = out[deep[1]];
    const members = typeof group === 'object' && group !== null && !Array.isArray(group) ? (group as Record<string, unknown>) : {};
    // defineProperty: a `__proto__` key is a member (which validate refuses by name), never the prototype.
    Object.defineProperty(members, deep[2], { value, enumerable: true, writable: true, configurable: true });
    out[deep[1]] = members;
  }
  return out;
}
