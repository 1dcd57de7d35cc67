import { PROVIDER_KINDS, SANDBOX_PROVIDER, type ProviderKind, type ProviderRouting } from '../config/provider-routing';

// Who serves a key, under the routing the configuration parsed (src/config/provider-routing.ts, docs/connectors.md).

/** The one KYC path today: every client's identity verification. */
export const KYC_PATHS = ['default'] as const;

/** The provider serving `key` of `kind`: its own entry, else `*`, else null (nothing serves it). */
export function providerFor(routing: ProviderRouting, kind: ProviderKind, key: string): string | null {
  const map = routing[kind];
  return Object.prototype.hasOwnProperty.call(map, key) ? map[key] : (map['*'] ?? null);
}

export interface MissingProvider {
  kind: ProviderKind;
  key: string;
  /** `sandbox`, or null when nothing is configured. */
  provider: string | null;
}

/** Keys of each kind that production needs served by something other than the sandbox. */
export type ProviderKeys = Record<ProviderKind, readonly string[]>;

/** What production start-up refuses: every key served by the sandbox or by nothing. */
export function missingProviders(routing: ProviderRouting, keys: ProviderKeys): MissingProvider[] {
  return PROVIDER_KINDS.flatMap((kind) =>
    keys[kind]
      .map((key) => ({ kind, key, provider: providerFor(routing, kind, key) }))
      .filter((m) => m.provider === null || m.provider === SANDBOX_PROVIDER),
  );
}

/** The start-up message listing what is missing, one line per key. */
export function describeMissing(missing: MissingProvider[]): string {
  return [
    'Production mode needs a non-sandbox provider for every rail, network, pair, KYC path, screening key and reconciled account (COUNTERFOIL_PROVIDERS or COUNTERFOIL_PROVIDERS_FILE, docs/connectors.md). Missing:',
    ...missing.map((m) => `  ${m.kind}.${m.key}: ${m.provider === null ? 'no provider' : 'served by the sandbox simulator'}${m.kind === 'deposits' ? ' (issues deposit instructions, reports payments)' : m.kind === 'statements' ? ' (reports the statements of a reconciled account)' : ''}`),
  ].join('\n');
}
