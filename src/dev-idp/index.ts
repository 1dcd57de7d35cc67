import { existsSync, readFileSync } from 'node:fs';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { credentialsFile, type BootstrapCredentials } from '../bootstrap';
import { UserDirectory } from './directory';
import { startDevIdentityProvider, type DevIdentityProvider } from './provider';
import { registerDevIdentityProvider, seedSandboxPeople } from './setup';
import { loopbackAliases } from './origins';

export interface DevSignIn extends DevIdentityProvider {
  enterpriseId: string;
  /** Once the tenant API listens: register the provider with the enterprise and give a fresh sandbox its people. */
  setUp(): Promise<void>;
}

/**
 * `start` in sandbox mode: the development OpenID provider for the bootstrap enterprise, acting through
 * the bootstrap service account. Null (with a warning) when that account's credentials are not on disk.
 */
export async function startDevSignIn(config: Config, log: Logger, credentials: BootstrapCredentials | null): Promise<DevSignIn | null> {
  if (!config.devIdentityProvider || config.mode !== 'sandbox') return null;
  const file = credentialsFile(config.dataDir);
  const creds = credentials ?? (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BootstrapCredentials) : null);
  if (!creds) {
    log.warn({ file }, 'development sign-in is off: the bootstrap credentials file is missing');
    return null;
  }
  const directory = { apiUrl: config.tenantApiBaseUrl, clientId: creds.client_id, clientSecret: creds.client_secret };
  const idp = await startDevIdentityProvider({
    host: config.host,
    port: config.devIdentityProvider.port,
    stateDir: config.dataDir,
    consoleOrigins: loopbackAliases(new URL(config.tenantApiBaseUrl).origin),
    directory,
  });
  return {
    ...idp,
    enterpriseId: creds.enterprise_id,
    setUp: async () => {
      const users = new UserDirectory(directory);
      await users.signIn();
      await registerDevIdentityProvider(users.api, idp.issuer);
      if (await seedSandboxPeople(users, creds.enterprise_id)) log.info('sandbox people created for the console: admin, operator, approver, developer, viewer');
    },
  };
}
