import type { Row, TransactionSql } from 'postgres';
import type { SubjectAttribution } from '../../auth/caller';
import { recordEventSql } from '../../events/outbox';
import type { IdentityProvider } from './entities';
import { IdentityProviderEvents } from './events';
import { presentIdentityProvider } from './present';
import { changeOfBody, fieldsOf, mergeChange, newProviderFields, type IdentityProviderChangeBody, type ProviderFields } from './providers';

/*
 * Identity-provider changes the enterprise's quorum approved (governance/changes.ts): applied in the
 * transaction that marks the policy change applied, with raw SQL, so the provider, its event and the
 * change's event commit together. The checks the proposal made are made again: the issuer may have
 * been taken, or the provider changed, since.
 */

interface ProviderRow {
  id: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  enterprise_id: string;
  display_name: string;
  issuer: string;
  audience: string;
  jwks: IdentityProvider['jwks'];
  jwks_uri: string | null;
  claim_mapping: IdentityProvider['claimMapping'];
  allowed_algorithms: string[];
  status: IdentityProvider['status'];
  console_sign_in: boolean;
}

/** The select expression of each column: the row type names every one, so the list cannot drift from it. */
const PROVIDER_SELECT: Record<keyof ProviderRow, string> = {
  id: 'id',
  version: 'version',
  created_at: 'created_at',
  updated_at: 'updated_at',
  enterprise_id: 'enterprise_id',
  display_name: 'display_name',
  issuer: 'issuer',
  audience: 'audience',
  jwks: 'jwks',
  jwks_uri: 'jwks_uri',
  claim_mapping: 'claim_mapping',
  allowed_algorithms: 'allowed_algorithms',
  status: 'status',
  console_sign_in: 'console_sign_in',
};

const COLUMNS = Object.values(PROVIDER_SELECT).join(', ');

/** The provider from a row selected with COLUMNS. */
const providerOf = (r: Row): IdentityProvider => ({
  id: r.id,
  version: r.version,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  enterpriseId: r.enterprise_id,
  displayName: r.display_name,
  issuer: r.issuer,
  audience: r.audience,
  jwks: r.jwks,
  jwksUri: r.jwks_uri,
  claimMapping: r.claim_mapping,
  allowedAlgorithms: r.allowed_algorithms,
  status: r.status,
  consoleSignIn: r.console_sign_in,
});

const columnsOf = (f: ProviderFields) => [
  f.displayName, f.issuer, f.audience, f.jwks === null ? null : JSON.stringify(f.jwks), f.jwksUri, JSON.stringify(f.claimMapping), f.allowedAlgorithms, f.status, f.consoleSignIn,
];

async function recordProviderEvent(tx: TransactionSql, type: string, p: IdentityProvider, attribution: SubjectAttribution): Promise<void> {
  const scopeRef = `enterprises/${p.enterpriseId}`;
  await recordEventSql(tx, { type, enterpriseId: p.enterpriseId, scopeRef, resourceRef: `identity-providers/${p.id}`, payload: presentIdentityProvider(p), attribution });
}

/** Creates the provider the change proposed, under the id it named; `issuer_taken` when another took its issuer meanwhile. */
export async function createApprovedProvider(tx: TransactionSql, enterpriseId: string, id: string, body: IdentityProviderChangeBody, attribution: SubjectAttribution): Promise<string | null> {
  const change = changeOfBody(body);
  const fields = newProviderFields({ ...change, displayName: change.displayName!, issuer: change.issuer!, audience: change.audience! });
  const [row] = await tx.unsafe(
    `insert into identity_providers (id, version, enterprise_id, display_name, issuer, audience, jwks, jwks_uri, claim_mapping, allowed_algorithms, status, console_sign_in)
     values ($1, 1, $2, $3, $4, $5, $6::text::jsonb, $7, $8::text::jsonb, $9, $10, $11)
     on conflict (enterprise_id, issuer) do nothing returning ${COLUMNS}`,
    [id, enterpriseId, ...columnsOf(fields)] as never[],
    { prepare: true },
  );
  if (!row) return 'issuer_taken';
  await recordProviderEvent(tx, IdentityProviderEvents.created, providerOf(row), attribution);
  return null;
}

/**
 * Applies the approved patch to the provider if it is still at `targetVersion` (`target_changed`
 * otherwise, `target_missing` when it is gone); a new issuer moves its federated users with it.
 */
export async function updateApprovedProvider(tx: TransactionSql, id: string, targetVersion: number, body: IdentityProviderChangeBody, attribution: SubjectAttribution): Promise<string | null> {
  const [locked] = await tx.unsafe(`select ${COLUMNS} from identity_providers where id = $1 for update`, [id], { prepare: true });
  if (!locked) return 'target_missing';
  const current = providerOf(locked);
  if (current.version !== targetVersion) return 'target_changed';
  const next = fieldsOf(current);
  mergeChange(next, changeOfBody(body));
  if (next.issuer !== current.issuer) {
    const [taken] = await tx`select 1 from identity_providers where enterprise_id = ${current.enterpriseId} and issuer = ${next.issuer}`;
    if (taken) return 'issuer_taken';
  }
  const [row] = await tx.unsafe(
    `update identity_providers set display_name = $2, issuer = $3, audience = $4, jwks = $5::text::jsonb, jwks_uri = $6, claim_mapping = $7::text::jsonb,
            allowed_algorithms = $8, status = $9, console_sign_in = $10, version = version + 1, updated_at = now()
      where id = $1 returning ${COLUMNS}`,
    [id, ...columnsOf(next)] as never[],
    { prepare: true },
  );
  if (next.issuer !== current.issuer) {
    // The same people at the same provider: their links follow it, so they keep signing in as themselves.
    await tx`update users set federation_issuer = ${next.issuer}, version = version + 1, updated_at = now()
              where enterprise_id = ${current.enterpriseId} and federation_issuer = ${current.issuer}`;
  }
  await recordProviderEvent(tx, IdentityProviderEvents.updated, providerOf(row), attribution);
  return null;
}
