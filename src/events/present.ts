import type { SubjectAttribution } from '../auth/caller';

/** An events row as the raw SQL client returns it. */
export interface EventRow {
  id: string;
  seq: bigint;
  type: string;
  occurred_at: Date;
  enterprise_id: string;
  scope_ref: string;
  resource_ref: string;
  payload: unknown;
  attribution: SubjectAttribution | null;
}

/** The event's API representation; it is also the body of every webhook delivery of the event. */
export function presentEvent(e: EventRow) {
  return {
    id: e.id,
    resource: 'event' as const,
    type: e.type,
    occurred_at: e.occurred_at.toISOString(),
    scope_ref: e.scope_ref,
    resource_ref: e.resource_ref,
    data: e.payload,
    subject_attribution: e.attribution,
  };
}

export type EventRepresentation = ReturnType<typeof presentEvent>;
