// Pure (no Node imports): which event types a subscription's `event_types` select.

const PATTERN = /^(\*|[a-z_]+(\.[a-z_]+){0,2}\.\*)$/;

/** `*` selects every type, `<prefix>.*` every type under that prefix (`operations.*`, `operations.withdrawal.*`), anything else itself. */
export function matchesEventType(patterns: readonly string[], type: string): boolean {
  for (const p of patterns) {
    if (p === type || p === '*') return true;
    if (p.endsWith('.*') && type.startsWith(p.slice(0, -1))) return true;
  }
  return false;
}

/** Why an entry of `event_types` is not usable, or null: a pattern must select at least one known type. */
export function eventTypeEntryError(entry: string, known: readonly string[]): string | null {
  if (!entry.includes('*')) return known.includes(entry) ? null : `unknown event type ${entry}`;
  if (!PATTERN.test(entry)) return `${entry} is not a pattern: use * or <prefix>.* (for example operations.*)`;
  return known.some((t) => matchesEventType([entry], t)) ? null : `${entry} matches no event type`;
}
