import type { EntityManager } from '@mikro-orm/postgresql';
import type { Sql, TransactionSql } from 'postgres';
import type { Caller, ScopePath } from '../../auth/caller';
import type { Permission } from '../../auth/permissions';
import { AppError } from '../../errors';
import { recordEvent } from '../../events/outbox';
import { auditAs, type AuditedAs } from '../audit/entries';
import { CapabilityEvents } from './events';

/**
 * Product toggles per scope, distinct from permissions: a permission says who may act, a capability
 * whether the product is switched on there at all. Default: enabled (no row); a client row overrides
 * the enterprise row.
 */
export const CAPABILITIES = {
  'webhooks.manage': 'Webhook subscriptions can be created, enabled, tested and redelivered.',
  'withdrawals.crypto': 'Withdrawals to crypto addresses.',
  conversions: 'Conversions between assets.',
  'ramps.on_ramp': 'Fiat-to-crypto on-ramp sessions.',
  'ramps.off_ramp': 'Crypto-to-fiat off-ramp sessions.',
  api_keys: 'API keys for the signed balance and conversion API.',
} as const;

export type CapabilityName = keyof typeof CAPABILITIES;
export const CAPABILITY_NAMES = Object.keys(CAPABILITIES).sort() as CapabilityName[];

export function isCapability(name: string): name is CapabilityName {
  return Object.prototype.hasOwnProperty.call(CAPABILITIES, name);
}

/** Permissions whose use needs one of these capabilities at the scope (for /me/navigation). */
export const CAPABILITIES_OF_PERMISSION: Partial<Record<Permission, CapabilityName[]>> = {
  'webhooks.manage': ['webhooks.manage'],
  'conversions.create': ['conversions'],
  'ramps.create': ['ramps.on_ramp', 'ramps.off_ramp'],
  'api_keys.manage': ['api_keys'],
};

export interface CapabilityItem {
  name: CapabilityName;
  enabled: boolean;
}

/** The stored settings of an enterprise at the given scopes: scope_ref → name → enabled. */
export type CapabilitySettings = Map<string, Map<string, boolean>>;

/** Raw SQL: read on the request path of every capability-gated route. */
export async function loadCapabilitySettings(sql: Sql | TransactionSql, enterpriseId: string, scopeRefs?: readonly string[]): Promise<CapabilitySettings> {
  const rows = scopeRefs
    ? await sql`select scope_ref, name, enabled from capability_settings where enterprise_id = ${enterpriseId} and scope_ref = any(${scopeRefs as string[]})`
    : await sql`select scope_ref, name, enabled from capability_settings where enterprise_id = ${enterpriseId}`;
  const settings: CapabilitySettings = new Map();
  for (const r of rows) {
    if (!settings.has(r.scope_ref)) settings.set(r.scope_ref, new Map());
    settings.get(r.scope_ref)!.set(r.name, r.enabled);
  }
  return settings;
}

/** The deepest setting on the path wins; none means enabled. */
export function enabledOn(settings: CapabilitySettings, name: string, path: ScopePath): boolean {
  for (let i = path.length - 1; i >= 0; i--) {
    const value = settings.get(path[i])?.get(name);
    if (value !== undefined) return value;
  }
  return true;
}

const enterpriseOf = (path: ScopePath) => path[0].slice('enterprises/'.length);

export async function isCapabilityEnabled(sql: Sql | TransactionSql, name: string, scopePath: ScopePath): Promise<boolean> {
  return enabledOn(await loadCapabilitySettings(sql, enterpriseOf(scopePath), scopePath), name, scopePath);
}

export async function capabilitiesAt(sql: Sql, scopePath: ScopePath): Promise<CapabilityItem[]> {
  const settings = await loadCapabilitySettings(sql, enterpriseOf(scopePath), scopePath);
  return CAPABILITY_NAMES.map((name) => ({ name, enabled: enabledOn(settings, name, scopePath) }));
}

/**
 * Where the request pipeline checks a route's capability: the client named by the route's
 * `client_id` parameter, else the caller's enterprise. A client of another enterprise has no
 * settings here, so it reads as enabled and the handler answers 404 as usual.
 */
export function capabilityScope(caller: Caller, params: unknown): ScopePath {
  const clientId = (params as { client_id?: unknown } | undefined)?.client_id;
  return typeof clientId === 'string' ? [caller.enterpriseRef, `clients/${clientId}`] : [caller.enterpriseRef];
}

export async function requireCapability(sql: Sql | TransactionSql, name: string, scopePath: ScopePath): Promise<void> {
  if (await isCapabilityEnabled(sql, name, scopePath)) return;
  throw new AppError('ForbiddenCapabilityScope', `The capability ${name} is not enabled for ${scopePath[scopePath.length - 1]}.`, {
    extensions: { capability: name, scope_ref: scopePath[scopePath.length - 1] },
  });
}

/**
 * Sets a capability at a scope (the caller has been authorized for it), with its event and `audited`'s
 * entry. Writing the value it already has changes nothing and records neither.
 */
export async function setCapability(
  em: EntityManager,
  caller: Caller,
  scopePath: ScopePath,
  name: CapabilityName,
  enabled: boolean,
  audited?: AuditedAs<CapabilityItem>,
): Promise<CapabilityItem> {
  const scopeRef = scopePath[scopePath.length - 1];
  return em.transactional(async (tx) => {
    const changed = await tx.execute(
      `insert into capability_settings (enterprise_id, scope_ref, name, enabled) values (?, ?, ?, ?)
       on conflict (enterprise_id, scope_ref, name) do update
          set enabled = excluded.enabled, version = capability_settings.version + 1, updated_at = now()
        where capability_settings.enabled <> excluded.enabled
       returning version`,
      [caller.enterpriseId, scopeRef, name, enabled],
    );
    if (changed.length > 0) {
      await recordEvent(tx as EntityManager, {
        type: enabled ? CapabilityEvents.enabled : CapabilityEvents.disabled,
        enterpriseId: caller.enterpriseId,
        scopeRef,
        resourceRef: `${scopeRef}/capabilities/${name}`,
        payload: { scope_ref: scopeRef, name, enabled },
        attribution: caller.attribution(),
      });
      await auditAs(tx as EntityManager, audited, { name, enabled });
    }
    return { name, enabled };
  });
}
