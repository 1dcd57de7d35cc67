import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { temporalConnectionSettings } from '../../src/config/temporal';
import { describeTemporalConnection, temporalConnectionOptions } from '../../src/temporal/connection';
import { ConfigError, loadConfig } from '../../src/config';

const dir = mkdtempSync(path.join(os.tmpdir(), 'temporal-connection-'));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};
/** The ConfigError loadConfig throws for `env` beside an address. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ TEMPORAL_ADDRESS: 'a:1', ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('loadConfig accepted the settings');
}

const ca = file('ca.pem', 'CA PEM');
const crt = file('client.pem', 'CLIENT PEM');
const key = file('client.key', 'CLIENT KEY');

describe('Temporal connection settings (@temporalio/envconfig)', () => {
  it('plaintext address and namespace from the environment', () => {
    const s = temporalConnectionSettings({ TEMPORAL_ADDRESS: 'temporal:7233', TEMPORAL_NAMESPACE: 'payments' });
    expect(s).toEqual({ address: 'temporal:7233', namespace: 'payments', tls: undefined, apiKey: undefined, metadata: undefined });
    expect(temporalConnectionOptions(s)).toEqual({ address: 'temporal:7233' });
    expect(describeTemporalConnection(temporalConnectionOptions(s))).toBe('temporal:7233 (plaintext)');
  });

  it('no address and no profile: unset, namespace "default"', () => {
    const s = temporalConnectionSettings({});
    expect(s.address).toBeUndefined();
    expect(s.namespace).toBe('default');
    expect(() => temporalConnectionOptions(s)).toThrow(/TEMPORAL_ADDRESS|required/);
  });

  it('TLS with a server CA and server name, and an mTLS client certificate pair, read from files', () => {
    const s = temporalConnectionSettings({
      TEMPORAL_ADDRESS: 'frontend:7233',
      TEMPORAL_TLS_SERVER_CA_CERT_PATH: ca,
      TEMPORAL_TLS_SERVER_NAME: 'temporal.internal',
      TEMPORAL_TLS_CLIENT_CERT_PATH: crt,
      TEMPORAL_TLS_CLIENT_KEY_PATH: key,
    });
    const options = temporalConnectionOptions(s);
    expect(options.tls?.serverNameOverride).toBe('temporal.internal');
    expect(options.tls?.serverRootCACertificate?.toString()).toBe('CA PEM');
    expect(options.tls?.clientCertPair?.crt.toString()).toBe('CLIENT PEM');
    expect(options.tls?.clientCertPair?.key.toString()).toBe('CLIENT KEY');
    expect(describeTemporalConnection(options)).toBe('frontend:7233 (mTLS)');
  });

  it('an API key alone turns TLS on with the system roots (Temporal Cloud)', () => {
    const options = temporalConnectionOptions(temporalConnectionSettings({ TEMPORAL_ADDRESS: 'ns.acct.tmprl.cloud:7233', TEMPORAL_NAMESPACE: 'ns.acct', TEMPORAL_API_KEY: 'k' }));
    expect(options).toEqual({ address: 'ns.acct.tmprl.cloud:7233', tls: {}, apiKey: 'k' });
    expect(describeTemporalConnection(options)).toBe('ns.acct.tmprl.cloud:7233 (TLS, API key)');
  });

  it.each([
    ['TEMPORAL_TLS=true', { TEMPORAL_TLS: 'true' }, {}],
    ['TEMPORAL_TLS=false beside a CA', { TEMPORAL_TLS: 'false', TEMPORAL_TLS_SERVER_CA_CERT_PATH: ca }, undefined],
  ])('%s', (_name, env, tls) => {
    expect(temporalConnectionSettings({ TEMPORAL_ADDRESS: 'a:1', ...env }).tls).toEqual(tls);
  });

  it('reads the TOML profile file; TEMPORAL_PROFILE picks a profile; the environment overrides it', () => {
    const toml = file(
      'temporal.toml',
      `[profile.default]\naddress = "default:7233"\n\n[profile.prod]\naddress = "prod:7233"\nnamespace = "prod-ns"\n[profile.prod.tls]\nserver_ca_cert_path = "${ca}"\n`,
    );
    expect(temporalConnectionSettings({ TEMPORAL_CONFIG_FILE: toml }).address).toBe('default:7233');
    const prod = temporalConnectionSettings({ TEMPORAL_CONFIG_FILE: toml, TEMPORAL_PROFILE: 'prod', TEMPORAL_NAMESPACE: 'override' });
    expect(prod).toMatchObject({ address: 'prod:7233', namespace: 'override' });
    expect(prod.tls?.serverRootCACertificate?.toString()).toBe('CA PEM');
  });

  it('the dev server `start` launched is reached in plaintext, whatever the profile says', () => {
    const s = temporalConnectionSettings({ TEMPORAL_API_KEY: 'k' });
    expect(temporalConnectionOptions(s, '127.0.0.1:7233')).toEqual({ address: '127.0.0.1:7233' });
  });

  const missing = path.join(dir, 'missing.pem');
  it.each([
    ['TEMPORAL_CONFIG_FILE', { TEMPORAL_CONFIG_FILE: missing }],
    ['TEMPORAL_TLS_SERVER_CA_CERT_PATH', { TEMPORAL_TLS_SERVER_CA_CERT_PATH: missing }],
    ['TEMPORAL_TLS_CLIENT_CERT_PATH', { TEMPORAL_TLS_CLIENT_CERT_PATH: missing, TEMPORAL_TLS_CLIENT_KEY_PATH: key }],
    ['TEMPORAL_TLS_CLIENT_KEY_PATH', { TEMPORAL_TLS_CLIENT_CERT_PATH: crt, TEMPORAL_TLS_CLIENT_KEY_PATH: missing }],
  ])('a missing file named by %s stops start-up naming the variable and the file', (variable, env) => {
    const error = configError(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(missing);
  });

  it.each([
    ['a client certificate without its key', { TEMPORAL_TLS_CLIENT_CERT_PATH: crt }, 'TEMPORAL_TLS_CLIENT_KEY_PATH', /both a client certificate and its key/],
    ['an unknown profile', { TEMPORAL_CONFIG_FILE: file('one.toml', '[profile.default]\naddress = "x:1"\n'), TEMPORAL_PROFILE: 'nope' }, 'TEMPORAL_PROFILE', /nope/],
    ['a profile file that is not TOML', { TEMPORAL_CONFIG_FILE: file('bad.toml', 'this is = = not toml') }, 'TEMPORAL_CONFIG_FILE', /bad\.toml/],
    ['an unknown key in the profile file', { TEMPORAL_CONFIG_FILE: file('typo.toml', '[profile.default]\nadress = "x:1"\n') }, 'TEMPORAL_CONFIG_FILE', /adress/],
  ])('%s is refused, naming the variable to fix', (_name, env, variable, message) => {
    const error = configError(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(message);
  });
});
