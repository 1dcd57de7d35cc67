import { existsSync, readFileSync } from 'node:fs';
import { loadClientConfigProfile, type ClientConfigProfile, type ConfigDataSource } from '@temporalio/envconfig';
import type { TLSConfig } from '@temporalio/client';

/**
 * How this process reaches Temporal, read the SDK's way (`@temporalio/envconfig`): the TOML profile file
 * (TEMPORAL_CONFIG_FILE, else the user's temporalio/temporal.toml; profile TEMPORAL_PROFILE, else
 * "default"), overridden by TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE, TEMPORAL_API_KEY, TEMPORAL_TLS and
 * TEMPORAL_TLS_*. Certificates and keys are read here, once, so a bad path stops start-up.
 */
export interface TemporalConnectionSettings {
  /** Undefined: not configured (`start` then runs the dev server). */
  address: string | undefined;
  namespace: string;
  /** Undefined: plaintext. An API key alone turns TLS on with the system's roots (Temporal Cloud). */
  tls: TLSConfig | undefined;
  apiKey: string | undefined;
  /** gRPC metadata sent with every call (TEMPORAL_GRPC_META_*, the profile's grpc_meta). */
  metadata: Record<string, string> | undefined;
}

/** A setting that cannot be used; `variable` names the variable (or the profile key) to fix. */
export class TemporalSettingsError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = 'TemporalSettingsError';
  }
}

type Env = Record<string, string | undefined>;

const TLS_FILES = [
  { key: 'serverCACert', variable: 'TEMPORAL_TLS_SERVER_CA_CERT_PATH', toml: 'tls.server_ca_cert_path' },
  { key: 'clientCert', variable: 'TEMPORAL_TLS_CLIENT_CERT_PATH', toml: 'tls.client_cert_path' },
  { key: 'clientKey', variable: 'TEMPORAL_TLS_CLIENT_KEY_PATH', toml: 'tls.client_key_path' },
] as const;

function definedOnly(env: Env): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''));
}

function profileOf(env: Record<string, string>): ClientConfigProfile {
  const file = env.TEMPORAL_CONFIG_FILE;
  // The SDK treats a missing profile file as "no file"; one the operator named must exist.
  if (file !== undefined && !existsSync(file)) throw new TemporalSettingsError('TEMPORAL_CONFIG_FILE', `cannot read ${file}: no such file`);
  try {
    return loadClientConfigProfile({ overrideEnvVars: env, configFileStrict: true });
  } catch (err) {
    const message = (err as Error).message;
    if (/^Profile '/.test(message)) throw new TemporalSettingsError('TEMPORAL_PROFILE', `${message} (${file ?? 'the default temporal.toml'})`);
    throw new TemporalSettingsError('TEMPORAL_CONFIG_FILE', `cannot use ${file ?? 'the default temporalio/temporal.toml'}: ${message}`);
  }
}

function readSource(source: ConfigDataSource | undefined, variable: string): Buffer | undefined {
  if (source === undefined) return undefined;
  if ('data' in source) return Buffer.from(source.data);
  try {
    return readFileSync(source.path);
  } catch (err) {
    throw new TemporalSettingsError(variable, `cannot read ${source.path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

function tlsOf(profile: ClientConfigProfile, env: Record<string, string>): TLSConfig | undefined {
  const tls = profile.tls;
  if (tls?.disabled === true) return undefined;
  if (tls === undefined) return profile.apiKey !== undefined ? {} : undefined;
  const name = (f: (typeof TLS_FILES)[number]) => (env[f.variable] !== undefined ? f.variable : `${f.toml} of the Temporal profile`);
  const [ca, crt, key] = TLS_FILES.map((f) => readSource(tls[f.key], name(f)));
  if ((crt === undefined) !== (key === undefined)) {
    const missing = crt === undefined ? TLS_FILES[1] : TLS_FILES[2];
    throw new TemporalSettingsError(missing.variable, 'mTLS needs both a client certificate and its key');
  }
  return {
    ...(tls.serverName ? { serverNameOverride: tls.serverName } : {}),
    ...(ca ? { serverRootCACertificate: ca } : {}),
    ...(crt && key ? { clientCertPair: { crt, key } } : {}),
  };
}

/** Reads the settings from `env` (loadConfig's; tests pass their own). */
export function temporalConnectionSettings(env: Env): TemporalConnectionSettings {
  const defined = definedOnly(env);
  const profile = profileOf(defined);
  return {
    address: profile.address,
    namespace: profile.namespace ?? 'default',
    tls: tlsOf(profile, defined),
    apiKey: profile.apiKey,
    metadata: profile.grpcMeta && Object.keys(profile.grpcMeta).length ? profile.grpcMeta : undefined,
  };
}
