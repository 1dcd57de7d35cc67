import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { call, createTenant, testConfig, tokenFor } from '../helpers/app';
import { runState } from '../helpers/run-state';
import { createScratchDatabase, dropDatabase } from '../../src/db/postgres-server';
import { closeServices, createServices, type Services } from '../../src/services';
import { createLogger } from '../../src/logger';
import { createTenantApp } from '../../src/http/app';
import { listen, type RunningServer } from '../../src/http/server';
import { KeyRing, SealingKeyError, generateKeyEntry } from '../../src/auth/sealing';
import { LEGACY_WEBHOOK_KEY, openSecret } from '../../src/domain/webhooks/signing';
import { ConfigError, loadConfig } from '../../src/config';

const ROOT = path.resolve(__dirname, '../..');

// A database of its own: its dump is everything Counterfoil stored, and `keys rotate` changes only it.
let databaseUrl: string;
let dir: string;
let keyFile: string;
let services: Services;
let server: RunningServer;

beforeAll(async () => {
  databaseUrl = await createScratchDatabase(runState().serverUrl, 'counterfoil_sealed');
  dir = mkdtempSync(path.join(runState().tmpDir, 'sealed-'));
  keyFile = path.join(dir, 'sealing-keys');
  const config = testConfig({ COUNTERFOIL_SEALING_KEY_FILE: keyFile, COUNTERFOIL_DATA_DIR: dir });
  services = await createServices({ config, log: createLogger('silent'), databaseUrl, temporalAddress: runState().temporalAddress, poolSize: 2, migrate: true });
  server = await listen(createTenantApp(services), config, 0);
});

afterAll(async () => {
  await server?.close(1000);
  if (services) await closeServices(services);
  await dropDatabase(databaseUrl);
  rmSync(dir, { recursive: true, force: true });
});

/** Every row of every table, as `COPY … TO STDOUT` writes them (bytea as \x hex): what a data dump holds. */
async function dumpDatabase(): Promise<string> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const tables = await sql<{ name: string }[]>`select quote_ident(table_name) as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`;
    let dump = '';
    for (const { name } of tables) {
      for await (const chunk of await sql.unsafe(`copy ${name} to stdout`).readable()) dump += chunk.toString();
    }
    return dump;
  } finally {
    await sql.end();
  }
}

async function subscribed() {
  const tenant = await createTenant(services);
  const token = await tokenFor(server.url, tenant);
  const api = (method: string, p: string, body?: unknown) => call(server.url, method, p, { token, body });
  const created = await api('POST', '/webhook-subscriptions', { scope_ref: `enterprises/${tenant.enterpriseId}`, url: 'http://127.0.0.1:9/hook', event_types: ['*'] });
  expect(created.status).toBe(201);
  const rotated = await api('POST', `/webhook-subscriptions/${created.body.id}/rotate-secret`, { overlap_seconds: 3600 });
  expect(rotated.status).toBe(200);
  return { token, api, id: created.body.id as string, previous: created.body.secret as string, secret: rotated.body.secret as string };
}

const sealedOf = async (id: string) =>
  (await services.sql<{ secret_sealed: Buffer; previous_secret_sealed: Buffer }[]>`select secret_sealed, previous_secret_sealed from webhook_subscriptions where id = ${id}`)[0];

/** What the dump's bytea columns hold: every value an attacker could try as a key. */
function byteaValues(dump: string): Buffer[] {
  return [...dump.matchAll(/\\\\x([0-9a-f]+)/g)].map((m) => Buffer.from(m[1], 'hex'));
}

describe('secrets at rest', () => {
  it('a dump of the whole database opens nothing: no secret in it, and none of its values opens a secret or forges a token', async () => {
    const s = await subscribed();
    const dump = await dumpDatabase();
    const hmacKeys = await Promise.all(['access_token_hs256', 'page_token_hs256'].map((name) => services.platformKeys.get(name)));
    const ring = readFileSync(keyFile, 'utf8');

    for (const secret of [s.secret, s.previous]) expect(dump).not.toContain(secret.slice('whsec_'.length));
    for (const key of hmacKeys) expect(dump).not.toContain(key.toString('hex'));
    for (const key of ring.matchAll(/:([A-Za-z0-9+/=]{44})/g)) {
      expect(dump).not.toContain(Buffer.from(key[1], 'base64').toString('hex'));
      expect(dump).not.toContain(key[1]);
    }

    // What the old scheme allowed: a platform key from the dump opened the webhook secrets, and signed tokens.
    const candidates = byteaValues(dump).filter((b) => b.length >= 32).flatMap((b) => Array.from({ length: b.length - 31 }, (_, i) => b.subarray(i, i + 32)));
    expect(candidates.length).toBeGreaterThan(0);
    const sealed = await sealedOf(s.id);
    const [header, payload, signature] = s.token.split('.');
    for (const key of candidates) {
      for (const value of [sealed.secret_sealed, sealed.previous_secret_sealed]) {
        // Where an IV can start: the old layout (iv ‖ tag ‖ ciphertext, after the 0x00 mark or not) and the key ring's.
        for (const at of [0, 1, 2 + value[1]]) {
          const decipher = createDecipheriv('aes-256-gcm', key, value.subarray(at, at + 12));
          decipher.setAuthTag(value.subarray(at + 12, at + 28));
          expect(() => Buffer.concat([decipher.update(value.subarray(at + 28)), decipher.final()])).toThrow();
        }
      }
      expect(createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url')).not.toBe(signature);
    }

    // With the key ring, they open; under a ring of other keys, nothing does.
    expect(await openSecret(services.platformKeys, s.id, sealed.secret_sealed)).toBe(s.secret);
    const otherFile = path.join(dir, 'other-keys');
    writeFileSync(otherFile, `${generateKeyEntry()}\n`);
    const other = KeyRing.load({ kind: 'file', path: otherFile, generate: false });
    expect(() => other.open(sealed.secret_sealed, `webhook-secret:${s.id}`)).toThrow(SealingKeyError);
    // A sealed value moved onto another row does not open there either.
    expect(() => services.keyRing.open(sealed.secret_sealed, `webhook-secret:${randomBytes(16).toString('hex')}`)).toThrow(SealingKeyError);
  });

  it('keys rotate re-seals every secret under a new key while the API keeps working, and upgrades what came before sealing', async () => {
    const s = await subscribed();
    // A platform key and a webhook secret as an earlier release stored them: in the clear, and under an in-database key.
    const legacyKey = randomBytes(32);
    const legacyHmac = randomBytes(32);
    await services.sql`insert into platform_keys (name, secret) values (${LEGACY_WEBHOOK_KEY}, ${legacyKey}) on conflict (name) do update set secret = excluded.secret, sealed = null`;
    await services.sql`insert into platform_keys (name, secret) values ('legacy_hmac', ${legacyHmac})`;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', legacyKey, iv);
    const body = Buffer.concat([cipher.update('whsec_legacysecretlegacysecret', 'utf8'), cipher.final()]);
    const legacy = (await subscribed()).id;
    await services.sql`update webhook_subscriptions set secret_sealed = ${Buffer.concat([Buffer.from([0]), iv, cipher.getAuthTag(), body])}, previous_secret_sealed = null where id = ${legacy}`;
    const before = services.keyRing.currentKeyId;

    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'keys', 'rotate'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: databaseUrl, COUNTERFOIL_SEALING_KEY_FILE: keyFile, LOG_LEVEL: 'silent' },
    });
    const report = JSON.parse(stdout);
    expect(report.current_key_id).not.toBe(before);
    expect(Object.keys(report.sealed_under)).toEqual([report.current_key_id]);
    expect(report.resealed.webhook_secrets).toBeGreaterThanOrEqual(3);
    expect(report.resealed.platform_keys).toBeGreaterThanOrEqual(3);
    // The old key stays in the file, second: values another process sealed with it meanwhile still open.
    const ids = readFileSync(keyFile, 'utf8').split('\n').filter((l) => /^k/.test(l)).map((l) => l.split(':')[0]);
    expect(ids).toEqual([report.current_key_id, before]);

    // This process picks up the new key on the first value sealed under it, and every secret is what it was.
    const sealed = await sealedOf(s.id);
    expect(KeyRing.keyIdOf(sealed.secret_sealed)).toBe(report.current_key_id);
    expect(await openSecret(services.platformKeys, s.id, sealed.secret_sealed)).toBe(s.secret);
    expect(await openSecret(services.platformKeys, s.id, sealed.previous_secret_sealed)).toBe(s.previous);
    expect(await openSecret(services.platformKeys, legacy, (await sealedOf(legacy)).secret_sealed)).toBe('whsec_legacysecretlegacysecret');
    const fresh = KeyRing.load({ kind: 'file', path: keyFile, generate: false });
    const [hmac] = await services.sql<{ secret: Buffer | null; sealed: Buffer }[]>`select secret, sealed from platform_keys where name = 'legacy_hmac'`;
    expect(hmac.secret).toBeNull();
    expect(fresh.open(hmac.sealed, 'platform-key:legacy_hmac')).toEqual(legacyHmac);
    expect(await services.sql`select 1 from platform_keys where name = ${LEGACY_WEBHOOK_KEY}`).toHaveLength(0);
    // Tokens signed before the rotation still verify: the platform keys' values did not change.
    expect((await s.api('GET', '/webhook-subscriptions')).status).toBe(200);
  });

  it.each([
    { name: 'production without sealing keys', env: { COUNTERFOIL_MODE: 'production' }, variable: 'COUNTERFOIL_SEALING_KEY_FILE' },
    {
      name: 'loopback destinations in production',
      env: { COUNTERFOIL_MODE: 'production', COUNTERFOIL_SEALING_KEYS: generateKeyEntry(), COUNTERFOIL_OUTBOUND_ALLOW_LOOPBACK: '1' },
      variable: 'COUNTERFOIL_OUTBOUND_ALLOW_LOOPBACK',
    },
    { name: 'both a key ring and a key file', env: { COUNTERFOIL_SEALING_KEYS: 'a:b', COUNTERFOIL_SEALING_KEY_FILE: '/x' }, variable: 'COUNTERFOIL_SEALING_KEYS' },
  ])('start-up refuses $name, naming $variable', ({ env, variable }) => {
    const err = (() => {
      try {
        loadConfig(env);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).variable).toBe(variable);
  });

  it('in sandbox, a data folder that does not exist yet gets a key file of one key, readable by its owner only', () => {
    const dataDir = path.join(mkdtempSync(path.join(runState().tmpDir, 'fresh-')), 'not-yet', '.data');
    const source = loadConfig({ COUNTERFOIL_DATA_DIR: dataDir }).sealingKeys;
    const ring = KeyRing.load(source);
    expect(ring.keyIds).toHaveLength(1);
    const keyFile = path.join(dataDir, 'sealing-keys');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(KeyRing.load(source).keyIds).toEqual(ring.keyIds);
  });

  it.each([
    { name: 'nothing', text: '', message: /no sealing key/ },
    { name: 'a short key', text: 'k1:short', message: /32 random bytes/ },
    { name: 'a bad id', text: `bad id!:${randomBytes(32).toString('base64')}`, message: /the id/ },
    { name: 'an id twice', text: `k1:${randomBytes(32).toString('base64')},k1:${randomBytes(32).toString('base64')}`, message: /appears twice/ },
  ])('a key ring of $name is refused', ({ text, message }) => {
    expect(() => KeyRing.load({ kind: 'env', value: text })).toThrow(message);
  });
});
