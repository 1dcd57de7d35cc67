import { AppError } from './errors';

/*
 * API versions (docs/api-versions.md): the one layer that renders responses and webhook payloads at
 * a dated version, on both surfaces (the tenant API with its webhooks, and the signed `/v1` API). Handlers, stored Idempotency-Key answers and stored event payloads all keep the
 * FIRST version's shape; each later version is one change, a function from the previous version's
 * shape to its own. Rendering at version V applies, in order, every change dated on or before V, so
 * anything stored once renders at any version without being migrated.
 */

export const API_VERSIONS = ['2026-11-21', '2026-11-26'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const FIRST_API_VERSION: ApiVersion = API_VERSIONS[0];
export const LATEST_API_VERSION: ApiVersion = API_VERSIONS[API_VERSIONS.length - 1];
export const VERSION_HEADER = 'Counterfoil-Version';

/** The tenant API (and its webhook payloads and events), or the signed `/v1` API. */
export type ApiSurface = 'tenant' | 'signed';

export interface VersionChange {
  version: ApiVersion;
  /** The surface whose shapes it changes; the other renders the same at this version. */
  surface: ApiSurface | 'both';
  summary: string;
  /** Renders one object of the previous version's shape at this version; null when the object is not concerned. */
  render(node: Record<string, unknown>): Record<string, unknown> | null;
}

const TRANSACTION_FAMILIES = new Set(['withdrawal', 'internal_transfer', 'conversion', 'on_ramp', 'off_ramp']);

/** The transaction record of the tenant API contract: a `family` of money movement with its principal amount and fee summary. */
const isTransactionRecord = (o: Record<string, unknown>) =>
  typeof o.family === 'string' && TRANSACTION_FAMILIES.has(o.family) && 'principal_amount' in o && 'fee_summary' in o && !('resource' in o);

/** Every change, oldest first. Adding one: docs/api-versions.md. */
export const VERSION_CHANGES: VersionChange[] = [
  {
    version: '2026-11-26',
    surface: 'tenant',
    summary:
      'Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does.',
    render: (o) => (isTransactionRecord(o) ? { resource: 'transaction', ...o } : null),
  },
];

export function isApiVersion(v: string): v is ApiVersion {
  return (API_VERSIONS as readonly string[]).includes(v);
}

/** The tenant API's refusal of an unknown version; the signed API answers in its own error form. */
const unknownTenantVersion = (v: string) =>
  new AppError('EdgeBadRequest', `Unknown API version ${JSON.stringify(v.slice(0, 40))}; known versions: ${API_VERSIONS.join(', ')}.`, {
    reason: 'unknown_api_version',
    errors: [{ pointer: '/headers/counterfoil-version', detail: `one of ${API_VERSIONS.join(', ')}` }],
  });

/**
 * The version a request is answered at: the header's when given (an unknown one is refused with
 * `unknown(v)`), else the caller's pinned version (a service account's or an API key's, fixed at its
 * creation), else `fallback`.
 */
export function requestedVersion(
  header: string | undefined,
  pinned: string | null | undefined,
  fallback: ApiVersion,
  unknown: (v: string) => Error = unknownTenantVersion,
): ApiVersion {
  if (header) {
    const v = header.trim();
    if (!isApiVersion(v)) throw unknown(v);
    return v;
  }
  return pinned && isApiVersion(pinned) ? pinned : fallback;
}

/** Renders a body of the first version's shape at `version` on `surface` (deeply: list items, event `data`, nested records). */
export function renderAt<T>(body: T, version: ApiVersion, surface: ApiSurface): T {
  const changes = VERSION_CHANGES.filter((c) => c.version <= version && (c.surface === 'both' || c.surface === surface));
  if (changes.length === 0) return body;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object' || node instanceof Date || Buffer.isBuffer(node)) return node;
    let out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) out[k] = walk(v);
    for (const c of changes) out = c.render(out) ?? out;
    return out;
  };
  return walk(body) as T;
}
