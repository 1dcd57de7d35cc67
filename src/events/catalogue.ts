import { z } from '../schema/zod';

export interface EventTypeDef {
  type: string;
  description: string;
  /** Schema of `payload` (the resource representation), published at GET /events/types. */
  payload: z.ZodType;
}

const EVENT_TYPE_RE = /^[a-z_]+\.[a-z_]+\.[a-z_]+\.v[1-9][0-9]*$/;
const catalogue = new Map<string, EventTypeDef>();

/** Registers an event type; each domain module declares the types it emits next to its code. */
export function defineEventType(type: string, description: string, payload: z.ZodType = z.record(z.string(), z.unknown())): string {
  if (!EVENT_TYPE_RE.test(type)) throw new Error(`event type ${type} does not follow <area>.<subject>.<state>.v<n>`);
  catalogue.set(type, { type, description, payload });
  return type;
}

export function assertKnownEventType(type: string): void {
  if (!catalogue.has(type)) throw new Error(`event type ${type} is not in the catalogue`);
}

export function eventTypes(): EventTypeDef[] {
  return [...catalogue.values()].sort((a, b) => a.type.localeCompare(b.type));
}
