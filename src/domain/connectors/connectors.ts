import type { Sql, TransactionSql } from 'postgres';
import type { KeyRing } from '../../auth/sealing';
import type { SubjectAttribution } from '../../auth/caller';
import { conflict, notFound, unprocessable } from '../../errors';
import { etagOf, type Alongside } from '../../db/base';
import { uuidv7 } from '../../ids';
import { recordEventSql } from '../../events/outbox';
import { PROVIDER_KINDS, type ProviderRouting } from '../../config/provider-routing';
import { checkConnectorUrl } from '../../providers/http/outbound';
import type { ConnectorLookup } from '../../providers';
import { generateConnectorSecret, openConnectorSecret, sealConnectorSecret } from './secrets';
import { CONNECTOR_EVENTS } from './events';

/*
 * Connectors: an enterprise's registration of an external connector service (docs/connectors.md),
 * by the name the provider routing refers to. Counterfoil signs what it sends with the connector's
 * secret and verifies what the connector posts with the same secret (sealed at rest, shown once).
 */

export type ConnectorStatus = 'active' | 'disabled';

export interface ConnectorRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  name: string;
  base_url: string;
  description: string;
  status: ConnectorStatus;
  secret_sealed: Buffer;
  previous_secret_sealed: Buffer | null;
  previous_secret_expires_at: Date | null;
}

const connectorRef = (id: string) => `connectors/${id}`;

/** The routing entries that name this connector. */
function served(routing: ProviderRouting, name: string) {
  return PROVIDER_KINDS.flatMap((kind) => Object.entries(routing[kind]).filter(([, provider]) => provider === name).map(([key]) => ({ kind, key })));
}

export function presentConnector(c: ConnectorRow, routing: ProviderRouting) {
  return {
    id: c.id,
    resource: 'connector' as const,
    enterprise_ref: `enterprises/${c.enterprise_id}`,
    name: c.name,
    base_url: c.base_url,
    description: c.description,
    status: c.status,
    events_url: `/connectors/${c.id}/events`,
    serves: served(routing, c.name),
    previous_secret_expires_at: c.previous_secret_expires_at && c.previous_secret_expires_at > new Date() ? c.previous_secret_expires_at.toISOString() : null,
    etag: etagOf(c),
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
}

function recordConnectorEvent(tx: TransactionSql, type: string, row: ConnectorRow, routing: ProviderRouting, attribution: SubjectAttribution | null) {
  return recordEventSql(tx, {
    type,
    enterpriseId: row.enterprise_id,
    scopeRef: `enterprises/${row.enterprise_id}`,
    resourceRef: connectorRef(row.id),
    payload: presentConnector(row, routing),
    attribution,
  });
}

export interface NewConnector {
  /** Seals the signing secret (services.keyRing). */
  ring: KeyRing;
  enterpriseId: string;
  name: string;
  baseUrl: string;
  description: string;
  routing: ProviderRouting;
  allowLoopback: boolean;
  attribution: SubjectAttribution;
}

/** 422 unless the base URL is https and resolves only to addresses connectors may use. */
async function assertBaseUrl(url: string, allowLoopback: boolean): Promise<void> {
  const refusal = await checkConnectorUrl(url, allowLoopback);
  if (refusal) throw unprocessable(`The connector URL is not allowed: ${refusal}.`, [{ pointer: '/body/base_url', detail: refusal }]);
}

/** Registers an active connector; its signing secret is returned here once and stored sealed. A name taken in the enterprise is 409. */
export async function createConnector(sql: Sql, input: NewConnector, alongside?: Alongside<ConnectorRow>): Promise<{ row: ConnectorRow; secret: string }> {
  await assertBaseUrl(input.baseUrl, input.allowLoopback);
  const id = uuidv7();
  const secret = generateConnectorSecret();
  const sealed = sealConnectorSecret(input.ring, id, secret);
  const row = (await sql.begin(async (tx) => {
    const [created] = await tx<ConnectorRow[]>`
      insert into connectors (id, enterprise_id, name, base_url, description, status, secret_sealed)
      values (${id}, ${input.enterpriseId}, ${input.name}, ${input.baseUrl.replace(/\/+$/, '')}, ${input.description}, 'active', ${sealed})
      on conflict (enterprise_id, name) do nothing
      returning *`;
    if (!created) throw conflict(`A connector named ${input.name} exists in this enterprise.`, 'connector_name_taken');
    await recordConnectorEvent(tx, CONNECTOR_EVENTS.created, created, input.routing, input.attribution);
    await alongside?.(tx, created);
    return created;
  })) as ConnectorRow;
  return { row, secret };
}

export async function findConnector(sql: Sql | TransactionSql, id: string): Promise<ConnectorRow | null> {
  const [row] = await sql<ConnectorRow[]>`select * from connectors where id = ${id}`;
  return row ?? null;
}

/** The enterprise's active connector of this name (what the routing's provider name resolves to), or null. */
export async function activeConnectorNamed(sql: Sql, enterpriseId: string, name: string): Promise<ConnectorRow | null> {
  const [row] = await sql<ConnectorRow[]>`select * from connectors where enterprise_id = ${enterpriseId} and name = ${name} and status = 'active'`;
  return row ?? null;
}

/** The registry the providers resolve a routed connector through (services.providers): active ones only, secret opened. */
export const connectorRegistry =
  (sql: Sql, ring: KeyRing): ConnectorLookup =>
  async (enterpriseId, name) => {
    const row = await activeConnectorNamed(sql, enterpriseId, name);
    return row && { id: row.id, name: row.name, baseUrl: row.base_url, secret: openConnectorSecret(ring, row.id, row.secret_sealed) };
  };

export function listConnectors(sql: Sql, enterpriseId: string, afterId: string | null, limit: number): Promise<ConnectorRow[]> {
  return sql<ConnectorRow[]>`
    select * from connectors where enterprise_id = ${enterpriseId} and ${afterId ? sql`id > ${afterId}` : sql`true`}
     order by id limit ${limit}`;
}

/** The secrets that verify the connector's events now: the current one, and the previous one while it overlaps. */
export function liveSecrets(ring: KeyRing, row: ConnectorRow): string[] {
  const secrets = [openConnectorSecret(ring, row.id, row.secret_sealed)];
  if (row.previous_secret_sealed && row.previous_secret_expires_at && row.previous_secret_expires_at > new Date()) {
    secrets.push(openConnectorSecret(ring, row.id, row.previous_secret_sealed));
  }
  return secrets;
}

export type ConnectorChange = { kind: 'rotate_secret'; overlapSeconds: number } | { kind: 'disable' } | { kind: 'enable' };

/**
 * One change under the row lock, with its event, in one transaction; `authorize` sees the locked row
 * (scope, If-Match) first. Disabling a disabled connector (or enabling an active one) answers it unchanged.
 */
export async function changeConnector(
  sql: Sql,
  ring: KeyRing,
  id: string,
  change: ConnectorChange,
  authorize: (row: ConnectorRow) => void,
  routing: ProviderRouting,
  attribution: SubjectAttribution,
  alongside?: Alongside<ConnectorRow>,
): Promise<{ row: ConnectorRow; secret?: string }> {
  const secret = change.kind === 'rotate_secret' ? generateConnectorSecret() : undefined;
  const sealed = secret ? sealConnectorSecret(ring, id, secret) : undefined;
  return (await sql.begin(async (tx) => {
    const [row] = await tx<ConnectorRow[]>`select * from connectors where id = ${id} for update`;
    if (!row) throw notFound('connector');
    authorize(row);
    let updated: ConnectorRow;
    let type: string;
    if (change.kind === 'rotate_secret') {
      if (row.status !== 'active') throw conflict('The connector is disabled.', 'connector_disabled');
      [updated] = await tx<ConnectorRow[]>`
        update connectors set previous_secret_sealed = secret_sealed, secret_sealed = ${sealed!},
               previous_secret_expires_at = now() + make_interval(secs => ${change.overlapSeconds}), version = version + 1, updated_at = now()
         where id = ${id} returning *`;
      type = CONNECTOR_EVENTS.secretRotated;
    } else {
      const status: ConnectorStatus = change.kind === 'disable' ? 'disabled' : 'active';
      if (row.status === status) return { row };
      [updated] = await tx<ConnectorRow[]>`update connectors set status = ${status}, version = version + 1, updated_at = now() where id = ${id} returning *`;
      type = change.kind === 'disable' ? CONNECTOR_EVENTS.disabled : CONNECTOR_EVENTS.enabled;
    }
    await recordConnectorEvent(tx, type, updated, routing, attribution);
    await alongside?.(tx, updated);
    return { row: updated, secret };
  })) as { row: ConnectorRow; secret?: string };
}
