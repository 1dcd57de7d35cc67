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

/** Validates one part of the request (`params`, `query`, `body`); failures are 400 with a pointer per field. */
export function validate<T extends z.ZodType>(schema: T | undefined, value: unknown, location: string): z.output<T> {
  if (!schema) return value as z.output<T>;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError('EdgeBadRequest', `The request ${location} is invalid.`, {
    errors: zodFieldErrors(location, result.error),
  });
}
