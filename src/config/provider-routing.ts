/**
 * Which provider serves which rail, network, pair, KYC path and screening key: configuration, not code
 * (docs/connectors.md). Per kind, a map from a key (a network or bank rail code, a market
 * `BASE/QUOTE`, a KYC path; for screening, the network or bank rail the money moves on) or `*` (every other key) to a provider name: `sandbox` (the simulator
 * beside the seam), `operator` (KYC only: decisions recorded through the tenant API), or the name of
 * a connector each enterprise registers (POST /connectors).
 * This module parses the routing document; src/providers/routing.ts answers who serves a key.
 */

export const PROVIDER_KINDS = ['rails', 'deposits', 'prices', 'kyc', 'screening', 'statements'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];
export type ProviderRouting = Record<ProviderKind, Readonly<Record<string, string>>>;

export const SANDBOX_PROVIDER = 'sandbox';
/** KYC only: no connector; operators record decisions (POST /clients/{id}/kyc-decisions). */
export const OPERATOR_PROVIDER = 'operator';

const NAME_RE = /^[a-z0-9][a-z0-9-]{0,39}$/;
const KEY_RE = /^(\*|[a-z0-9_]{1,40}|[A-Z0-9]{1,16}\/[A-Z0-9]{1,16})$/;

/** Everything simulated: the sandbox default. */
export const SANDBOX_ROUTING: ProviderRouting = { rails: { '*': 'sandbox' }, deposits: { '*': 'sandbox' }, prices: { '*': 'sandbox' }, kyc: { '*': 'sandbox' }, screening: { '*': 'sandbox' }, statements: { '*': 'sandbox' } };

/** Parses the routing document (JSON); a kind left out is served by the sandbox. Throws with the offending member named. */
export function parseProviderRouting(text: string): ProviderRouting {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new Error('not valid JSON');
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new Error(`expected a JSON object with members ${PROVIDER_KINDS.join(', ')}`);
  const unknown = Object.keys(doc).filter((k) => !(PROVIDER_KINDS as readonly string[]).includes(k));
  if (unknown.length) throw new Error(`unknown member ${unknown[0]} (expected ${PROVIDER_KINDS.join(', ')})`);
  const routing = { ...SANDBOX_ROUTING };
  for (const kind of PROVIDER_KINDS) {
    const map = (doc as Record<string, unknown>)[kind];
    if (map === undefined) continue;
    if (!map || typeof map !== 'object' || Array.isArray(map)) throw new Error(`${kind}: expected an object of key → provider name`);
    for (const [key, provider] of Object.entries(map)) {
      if (!KEY_RE.test(key)) throw new Error(`${kind}.${key}: a key is a code (ethereum, sepa), a market BASE/QUOTE (BTC/EUR) or *`);
      if (typeof provider !== 'string' || !NAME_RE.test(provider)) throw new Error(`${kind}.${key}: a provider name is 1-40 of a-z, 0-9 and -`);
      if (provider === OPERATOR_PROVIDER && kind !== 'kyc') throw new Error(`${kind}.${key}: "operator" serves KYC only`);
    }
    routing[kind] = Object.freeze({ ...(map as Record<string, string>) });
  }
  return Object.freeze(routing);
}
