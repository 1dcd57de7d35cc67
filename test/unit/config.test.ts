import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, ENV_VARIABLES, loadConfig } from '../../src/config';

const ROOT = path.join(__dirname, '..', '..');

function refusal(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('configuration schema', () => {
  it.each([
    ['bad number', { COUNTERFOIL_API_PORT: 'eighty' }, 'COUNTERFOIL_API_PORT', 'expected an integer, got "eighty"'],
    ['out of range', { COUNTERFOIL_LEDGER_GROUP_MAX: '1001' }, 'COUNTERFOIL_LEDGER_GROUP_MAX', 'expected 1..1000, got 1001'],
    ['below range', { COUNTERFOIL_ACCESS_TOKEN_TTL_SECONDS: '4' }, 'COUNTERFOIL_ACCESS_TOKEN_TTL_SECONDS', 'expected 5..86400, got 4'],
    ['bad enum', { LOG_LEVEL: 'loud' }, 'LOG_LEVEL', 'expected one of fatal, error, warn, info, debug, trace, silent, got "loud"'],
    ['bad list', { COUNTERFOIL_WEBHOOK_RETRY_SCHEDULE: '0, soon' }, 'COUNTERFOIL_WEBHOOK_RETRY_SCHEDULE', 'expected a comma-separated list of whole seconds, got "0, soon"'],
    ['bad URL', { DATABASE_URL: 'not a url' }, 'DATABASE_URL', 'not a valid URL'],
    [
      'missing in production',
      { COUNTERFOIL_MODE: 'production' },
      'COUNTERFOIL_SEALING_KEY_FILE',
      'production needs COUNTERFOIL_SEALING_KEY_FILE or COUNTERFOIL_SEALING_KEYS (secrets are never sealed with a key kept in the database)',
    ],
    ['cross-field: TLS pair', { COUNTERFOIL_TLS_KEY: '/k.pem' }, 'COUNTERFOIL_TLS_CERT', 'TLS needs both a certificate and a key'],
    ['cross-field: redis store', { COUNTERFOIL_RATE_LIMIT_STORE: 'redis' }, 'COUNTERFOIL_REDIS_URL', 'required when COUNTERFOIL_RATE_LIMIT_STORE is redis'],
    [
      'cross-field: loopback in production',
      { COUNTERFOIL_MODE: 'production', COUNTERFOIL_SEALING_KEYS: 'k', COUNTERFOIL_OUTBOUND_ALLOW_LOOPBACK: '1' },
      'COUNTERFOIL_OUTBOUND_ALLOW_LOOPBACK',
      'loopback destinations are for sandbox mode only',
    ],
    ['cross-field: keys and key file', { COUNTERFOIL_SEALING_KEYS: 'k', COUNTERFOIL_SEALING_KEY_FILE: '/f' }, 'COUNTERFOIL_SEALING_KEYS', 'give the keys or a key file, not both'],
  ])('%s stops start-up naming the variable and what is allowed', (_, env, variable, message) => {
    const err = refusal(env);
    expect(err.variable).toBe(variable);
    expect(err.message).toBe(`Invalid configuration ${variable}: ${message}`);
  });

  it('derives defaults that depend on other variables', () => {
    expect(loadConfig({}).outboundAllowLoopback).toBe(true);
    expect(loadConfig({ COUNTERFOIL_MODE: 'production', COUNTERFOIL_SEALING_KEYS: 'k' })).toMatchObject({
      outboundAllowLoopback: false,
      connectorAllowLoopback: false,
      devIdentityProvider: null,
    });
    expect(loadConfig({ COUNTERFOIL_REDIS_URL: 'redis://127.0.0.1:6379' }).rateLimits.store).toBe('redis');
    expect(loadConfig({ COUNTERFOIL_API_PORT: '', COUNTERFOIL_WEBHOOK_DRAIN_PER_SECOND: '2000' })).toMatchObject({
      tenantApiPort: 8080,
      webhookDrainMaxPerSecond: 2000,
    });
  });

  it('documents every variable in a table of the README or docs/', () => {
    const files = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => path.join('docs', f))];
    const rows = files.flatMap((f) => readFileSync(path.join(ROOT, f), 'utf8').split('\n').filter((l) => l.startsWith('|')));
    const documented = new Set(rows.flatMap((row) => [...row.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1])));
    expect(ENV_VARIABLES.filter((v) => !documented.has(v))).toEqual([]);
  });
});
