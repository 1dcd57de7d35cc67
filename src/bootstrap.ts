import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from './config';
import type { Orm } from './db/orm';
import { uuidv7 } from './ids';
import { Enterprise, MasterAccount } from './domain/tenancy/entities';
import { Role, RoleAssignment } from './domain/iam/entities';
import { createServiceAccount } from './domain/iam/service-accounts';
import { PLATFORM_ROLES } from './auth/permissions';

export interface BootstrapCredentials {
  enterprise_id: string;
  client_id: string;
  client_secret: string;
}

export const credentialsFile = (dataDir: string) => path.join(dataDir, 'bootstrap-credentials.json');

/** The platform-managed roles of an enterprise. */
export function createPlatformRoles(em: EntityManager, enterpriseId: string): Map<string, Role> {
  const roles = new Map<string, Role>();
  for (const [name, def] of Object.entries(PLATFORM_ROLES)) {
    roles.set(
      name,
      em.create(Role, {
        id: uuidv7(),
        version: 1,
        enterpriseId,
        name,
        description: def.description,
        permissions: [...def.permissions],
        scopeRef: `enterprises/${enterpriseId}`,
        platformManaged: true,
        status: 'active',
      } as Role),
    );
  }
  return roles;
}

export interface NewEnterprise {
  legalName: string;
  jurisdiction: string;
  externalId?: string;
  secretTtlDays: number;
}

/**
 * An enterprise with its default master account, the platform roles, and a service account holding
 * enterprise-admin at the enterprise scope. Flushes inside the caller's transaction.
 */
export async function createEnterpriseWithAdmin(em: EntityManager, input: NewEnterprise): Promise<BootstrapCredentials & { service_account_id: string; roles: Map<string, Role> }> {
  const enterpriseId = uuidv7();
  const masterAccountId = uuidv7();
  em.create(Enterprise, {
    id: enterpriseId,
    version: 1,
    legalName: input.legalName,
    jurisdiction: input.jurisdiction,
    externalId: input.externalId ?? `enterprise-${enterpriseId}`,
    metadata: {},
    admissionState: 'operational',
    restrictionState: 'none',
    defaultMasterAccountId: masterAccountId,
  } as Enterprise);
  em.create(MasterAccount, { id: masterAccountId, version: 1, enterpriseId, displayName: 'Default master account', status: 'active' } as MasterAccount);
  const roles = createPlatformRoles(em, enterpriseId);
  const { account, clientSecret } = createServiceAccount(em, {
    enterpriseId,
    description: 'Enterprise administrator service account',
    parentRef: `enterprises/${enterpriseId}`,
    externalId: 'bootstrap',
    secretTtlDays: input.secretTtlDays,
  });
  em.create(RoleAssignment, {
    id: uuidv7(),
    version: 1,
    enterpriseId,
    principalKind: 'service_account',
    principalId: account.id,
    roleId: roles.get('enterprise-admin')!.id,
    scopeRef: `enterprises/${enterpriseId}`,
    scopeAnchorKind: 'explicit',
    scopePropagation: 'subtree',
    status: 'active',
  } as RoleAssignment);
  await em.flush();
  return { enterprise_id: enterpriseId, client_id: account.clientId, client_secret: clientSecret, service_account_id: account.id, roles };
}

/**
 * First start on an empty database creates the first enterprise and its admin. Later starts do
 * nothing (credentials are never rotated silently). An advisory lock makes concurrent first starts safe.
 * `persist` stores the credentials before the transaction commits, so an enterprise whose secret
 * could not be kept is never created; it answers where they went.
 */
export async function bootstrap(orm: Orm, config: Config, persist: (creds: BootstrapCredentials) => string): Promise<{ credentials: BootstrapCredentials; path: string } | null> {
  return orm.em.fork().transactional(async (em) => {
    await em.execute(`select pg_advisory_xact_lock(hashtext('counterfoil.bootstrap'))`);
    if ((await em.count(Enterprise, {})) > 0) return null;
    const created = await createEnterpriseWithAdmin(em, {
      legalName: config.bootstrap.legalName,
      jurisdiction: config.bootstrap.jurisdiction,
      externalId: 'bootstrap',
      secretTtlDays: config.clientSecretTtlDays,
    });
    const credentials = { enterprise_id: created.enterprise_id, client_id: created.client_id, client_secret: created.client_secret };
    return { credentials, path: persist(credentials) };
  });
}

/**
 * The data folder's credentials file, or, when it already holds another enterprise's credentials
 * (a second database bootstrapped from the same checkout), one named for this enterprise.
 */
export function credentialsFileFor(dataDir: string, creds: BootstrapCredentials): string {
  const file = credentialsFile(dataDir);
  return existsSync(file) ? path.join(dataDir, `bootstrap-credentials-${creds.enterprise_id}.json`) : file;
}

export class CredentialsFileExistsError extends Error {
  constructor(readonly file: string) {
    super(`${file} already exists: credentials are never overwritten (the admin secret it holds may be the only copy). Choose another --credentials-file.`);
    this.name = 'CredentialsFileExistsError';
  }
}

/** Writes the credentials with mode 0600; never replaces an existing file. */
export function writeCredentials(file: string, creds: BootstrapCredentials): string {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, JSON.stringify(creds, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new CredentialsFileExistsError(file);
    throw err;
  }
  chmodSync(file, 0o600); // the umask may have narrowed it further, never wider: make it exactly 0600
  return file;
}
