import { z } from './zod';
import { AppError, type FieldError } from '../errors';

/*
 * The integrator's `reference` and `metadata` on money objects (docs/references-and-metadata.md):
 * the one description every request body, answer, event payload and list filter uses.
 * Stripe's limits; the limits are checked by `checkMetadata` (422 with a pointer per key), the
 * schemas only type the members (a non-string value is a schema violation, 400).
 */

export const METADATA_MAX_KEYS = 50;
export const METADATA_MAX_KEY_LENGTH = 40;
export const METADATA_MAX_VALUE_LENGTH = 500;
export const REFERENCE_MAX_LENGTH = 128;

const LIMITS = `At most ${METADATA_MAX_KEYS} keys, keys of 1 to ${METADATA_MAX_KEY_LENGTH} characters without \`[\` or \`]\` and other than \`__proto__\` (400), string values of at most ${METADATA_MAX_VALUE_LENGTH} characters; beyond that 422 with a pointer to the key.`;

export const Metadata = z
  .record(z.string(), z.string())
  .openapi('Metadata', { description: `The integrator's own key-value pairs. ${LIMITS}`, example: { order_id: 'ord_8812' } });

/** On update: a string sets the key, `null` removes it, a key not sent stays. */
export const MetadataPatch = z
  .record(z.string(), z.string().nullable())
  .openapi('MetadataPatch', { description: `Merged into the object's metadata: a string sets the key, \`null\` removes it, keys not sent stay. ${LIMITS}` });

export const Reference = z
  .string()
  .min(1)
  .max(REFERENCE_MAX_LENGTH)
  .openapi({ description: 'The integrator\'s own id for the object (at most 128 characters).', example: 'payout-2026-11-0042' });

/** Request members of a creation: both optional; `unique_reference` asks for the reference to be unique. */
export const referenceMetadataCreate = {
  reference: Reference.optional(),
  unique_reference: z
    .boolean()
    .optional()
    .openapi({
      description:
        'When true, the reference is unique among the enterprise\'s objects of this type created with `unique_reference: true`: ' +
        'another one holding it is 409 `reference_taken` with `existing_id`, and nothing is created.',
    }),
  metadata: Metadata.optional(),
};

/**
 * Request members of an object a provider reports rather than the integrator creates (a simulated
 * or connector-reported deposit): `unique_reference` does not apply to deposits.
 */
export const referenceMetadataReported = {
  reference: referenceMetadataCreate.reference,
  metadata: referenceMetadataCreate.metadata,
};

/** Answer members: every money object carries both (`reference` null when none was given). */
export const referenceMetadataBody = {
  reference: z.string().nullable().openapi({ description: 'The integrator\'s own id for the object; null when none was given.' }),
  metadata: Metadata,
};

/** The body of PATCH on a money object. */
export const ReferenceMetadataUpdate = z
  .object({ reference: Reference.nullable().optional().openapi({ description: 'A new reference; null removes it.' }), metadata: MetadataPatch.optional() })
  .strict()
  .openapi('ReferenceMetadataUpdate');

/** List filters: `?reference=` exact, `?metadata[key]=value` (every pair must match). */
export const referenceMetadataQuery = {
  reference: Reference.optional().openapi({ param: { name: 'reference', in: 'query', description: 'Only objects with this reference.' } }),
  metadata: z
    .record(z.string(), z.string())
    .optional()
    .openapi({
      param: { name: 'metadata', in: 'query', style: 'deepObject', explode: true, description: 'Only objects whose metadata holds every given pair: `?metadata[order_id]=ord_8812`.' },
    }),
};

/** The limits over a whole metadata object, each violation located under `pointer` (`/body/metadata`). */
export function metadataErrors(metadata: Record<string, string | null>, pointer: string): FieldError[] {
  const errors: FieldError[] = [];
  const keys = Object.keys(metadata);
  if (keys.length > METADATA_MAX_KEYS) errors.push({ pointer, detail: `at most ${METADATA_MAX_KEYS} keys (${keys.length} given)` });
  for (const key of keys) {
    const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (key.length === 0 || key.length > METADATA_MAX_KEY_LENGTH) errors.push({ pointer: at, detail: `keys have 1 to ${METADATA_MAX_KEY_LENGTH} characters` });
    else if (/[[\]]/.test(key)) errors.push({ pointer: at, detail: 'keys must not contain [ or ]' });
    const value = metadata[key];
    if (value !== null && value.length > METADATA_MAX_VALUE_LENGTH) errors.push({ pointer: at, detail: `values have at most ${METADATA_MAX_VALUE_LENGTH} characters` });
  }
  return errors;
}

/** Refuses metadata beyond the limits: 422 naming each offending key. */
export function checkMetadata(metadata: Record<string, string | null> | undefined, pointer = '/body/metadata'): void {
  if (!metadata) return;
  const errors = metadataErrors(metadata, pointer);
  if (errors.length > 0) throw new AppError('EdgeUnprocessable', 'The metadata exceeds its limits.', { reason: 'metadata_too_large', errors });
}

/** `current` with `patch` applied (null removes a key), refused with 422 when the result exceeds the limits. */
export function mergeMetadata(current: Record<string, string>, patch: Record<string, string | null> | undefined, pointer = '/body/metadata'): Record<string, string> {
  if (!patch) return current;
  checkMetadata(patch, pointer);
  const merged: Record<string, string> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  if (Object.keys(merged).length > METADATA_MAX_KEYS) {
    throw new AppError('EdgeUnprocessable', 'The metadata exceeds its limits.', {
      reason: 'metadata_too_large',
      errors: [{ pointer, detail: `at most ${METADATA_MAX_KEYS} keys once merged (${Object.keys(merged).length})` }],
    });
  }
  return merged;
}

/** What a creation stores: the reference (or null), whether it must be unique, the metadata. */
export interface ReferenceMetadata {
  reference: string | null;
  referenceUnique: boolean;
  metadata: Record<string, string>;
}

/** The stored form of a creation's members, the metadata checked. */
export function referenceMetadataOf(body: { reference?: string; unique_reference?: boolean; metadata?: Record<string, string> }, pointer = '/body'): ReferenceMetadata {
  checkMetadata(body.metadata, `${pointer}/metadata`);
  return { reference: body.reference ?? null, referenceUnique: body.unique_reference === true && body.reference !== undefined, metadata: body.metadata ?? {} };
}

/** The constraint of a unique reference on `table` (the migration's partial unique index). */
export const referenceConstraint = (table: string) => `${table}_reference_unique`;

/** The answer when another object holds a unique reference: 409 `reference_taken` with its id. */
export function referenceTaken(what: string, existingId: string): AppError {
  return new AppError('EdgeConflict', `Another ${what} holds this reference.`, { reason: 'reference_taken', extensions: { existing_id: existingId } });
}

/** True when `err` is PostgreSQL's unique violation of `table`'s unique reference. */
export function isReferenceTaken(err: unknown, table: string): boolean {
  const e = err as { code?: string; constraint_name?: string; constraint?: string } | null;
  return !!e && e.code === '23505' && (e.constraint_name ?? e.constraint) === referenceConstraint(table);
}
