import path from 'node:path';
import { loadConfig, type Config } from '../../src/config';
import { createLogger } from '../../src/logger';
import { closeServices, createServices, type Services } from '../../src/services';
import { createTenantApp } from '../../src/http/app';
import { createSignedApiApp } from '../../src/http/signed/app';
import { listen, type RunningServer } from '../../src/http/server';
import { createEnterpriseWithAdmin } from '../../src/bootstrap';
import { runState } from './run-state';
import { KeyRing } from '../../src/auth/sealing';
import { exampleRecorder, RECORD_ENV, signedExampleRecorder } from './openapi-examples';

export interface Tenant {
  enterpriseId: string;
  clientId: string;
  clientSecret: string;
  serviceAccountId: string;
  roleIds: Record<string, string>;
}

export interface TestApp {
  url: string;
  services: Services;
  config: Config;
  server: RunningServer;
  close(): Promise<void>;
}

/**
 * The run's sealing key file (created by the first process that asks for it, as sandbox start-up
 * would; production start-up only reads one): every process on the run's database shares it.
 */
export const sealingKeyFile = () => {
  const file = path.join(runState().tmpDir, 'sealing-keys');
  KeyRing.load({ kind: 'file', path: file, generate: true });
  return file;
};

/** Configuration for tests: explicit values only, never the developer's environment. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    COUNTERFOIL_DATA_DIR: path.join(runState().tmpDir, 'data'),
    COUNTERFOIL_SEALING_KEY_FILE: sealingKeyFile(),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    COUNTERFOIL_API_PORT: '0',
    COUNTERFOIL_SIGNED_API_PORT: '0',
    ...overrides,
  });
}

/** `databaseUrl` replaces the run's database URL (a proxy in front of it, in the failover tests). */
export async function testServices(overrides: Record<string, string> = {}, opts: { databaseUrl?: string } = {}): Promise<Services> {
  const config = testConfig(overrides);
  const state = runState();
  return createServices({
    config,
    log: createLogger(config.logLevel),
    databaseUrl: opts.databaseUrl ?? state.databaseUrl,
    temporalAddress: state.temporalAddress,
    poolSize: 4,
  });
}

/** The real tenant API on an ephemeral port against the run's database and Temporal server. */
export async function startTestApp(overrides: Record<string, string> = {}, opts: { databaseUrl?: string } = {}): Promise<TestApp> {
  const services = await testServices(overrides, opts);
  const app = createTenantApp(services);
  // First in the chain, so it sees the route, the status and the body every other layer settled on.
  if (process.env[RECORD_ENV]) app.middleware.unshift(exampleRecorder(process.env[RECORD_ENV]));
  const server = await listen(app, services.config, 0);
  return {
    url: server.url,
    services,
    config: services.config,
    server,
    close: async () => {
      await server.close(1000);
      await closeServices(services);
    },
  };
}

export interface SignedTestApp extends TestApp {
  /** Base URL of the signed API (/v1). */
  signedUrl: string;
  signedServer: RunningServer;
}

/** The tenant API and the signed API (/v1) on ephemeral ports, sharing one services bag (as `counterfoil api` does). */
export async function startSignedTestApp(overrides: Record<string, string> = {}): Promise<SignedTestApp> {
  const app = await startTestApp(overrides);
  const signed = createSignedApiApp(app.services);
  if (process.env[RECORD_ENV]) signed.middleware.unshift(signedExampleRecorder(process.env[RECORD_ENV]));
  const signedServer = await listen(signed, app.config, 0);
  return {
    ...app,
    signedUrl: signedServer.url,
    signedServer,
    close: async () => {
      await signedServer.close(1000);
      await app.close();
    },
  };
}

/** One more signed API on a test app's services: on another host, behind trusted proxies, or with a fixed clock. */
export async function listenSignedApp(app: TestApp, opts: { host?: string; trustedProxies?: string[]; now?: () => number } = {}): Promise<RunningServer> {
  const config = { ...app.config, host: opts.host ?? app.config.host, trustedProxies: opts.trustedProxies ?? app.config.trustedProxies };
  return listen(createSignedApiApp({ ...app.services, config }, { now: opts.now }), config, 0);
}

/** A fresh enterprise with an enterprise-admin service account: tests never share tenants. */
export async function createTenant(services: Services, legalName = 'Test Enterprise Ltd'): Promise<Tenant> {
  const created = await services.orm.em.fork().transactional((em) =>
    createEnterpriseWithAdmin(em, { legalName, jurisdiction: 'GB', secretTtlDays: 30 }),
  );
  return {
    enterpriseId: created.enterprise_id,
    clientId: created.client_id,
    clientSecret: created.client_secret,
    serviceAccountId: created.service_account_id,
    roleIds: Object.fromEntries([...created.roles].map(([name, role]) => [name, role.id])),
  };
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

export interface CallResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** One HTTP call to the test app; JSON in and out. */
export async function call<T = any>(base: string, method: string, urlPath: string, opts: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | Buffer | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(base + urlPath, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

export async function tokenFor(base: string, tenant: Pick<Tenant, 'clientId' | 'clientSecret'>): Promise<string> {
  const res = await call(base, 'POST', '/oauth/token', {
    body: { grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: tenant.clientSecret },
  });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${res.text}`);
  return res.body.access_token;
}
