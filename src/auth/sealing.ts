/**
 * Secrets at rest (platform keys, webhook signing secrets) are sealed with AES-256-GCM under a key
 * ring that is never in the database: `COUNTERFOIL_SEALING_KEYS`, or a key file (generated into the
 * data folder in sandbox). A database dump alone therefore opens nothing.
 *
 * Key ring text: entries `<key-id>:<base64 of 32 bytes>`, separated by commas or new lines (`#` starts
 * a comment line). The first entry seals; every entry opens, so values sealed under an older key stay
 * readable until `counterfoil keys rotate` has re-sealed them under the first.
 *
 * Sealed value: 0x01 ‖ id length ‖ key id ‖ 12-byte IV ‖ 16-byte tag ‖ ciphertext. The associated data
 * names what the value is (`platform-key:<name>`, `webhook-secret:<subscription id>`), so a sealed
 * value copied onto another row does not open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SealingKeySource } from '../config';

const FORMAT = 1;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

export class SealingKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealingKeyError';
  }
}

export interface SealingKey {
  id: string;
  key: Buffer;
}

/** Parses key ring text; the first key seals. */
export function parseKeyRing(text: string, origin: string): SealingKey[] {
  const entries = text
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .flatMap((line) => line.split(','))
    .map((entry) => entry.trim())
    .filter(Boolean);
  const keys = entries.map((entry) => {
    const at = entry.indexOf(':');
    const id = entry.slice(0, at);
    const key = Buffer.from(entry.slice(at + 1), 'base64');
    if (at < 0 || !KEY_ID.test(id) || key.length !== 32) {
      throw new SealingKeyError(`${origin}: each key is <id>:<base64 of 32 random bytes>, the id 1-32 of [A-Za-z0-9_-]`);
    }
    return { id, key };
  });
  if (keys.length === 0) throw new SealingKeyError(`${origin}: no sealing key`);
  if (new Set(keys.map((k) => k.id)).size !== keys.length) throw new SealingKeyError(`${origin}: a key id appears twice`);
  return keys;
}

/** A new key ring entry: a time-ordered id and 32 random bytes. */
export function generateKeyEntry(now = new Date()): string {
  const id = `k${now.toISOString().replace(/[-:.TZ]/g, '').slice(0, 14)}${randomBytes(2).toString('hex')}`;
  return `${id}:${randomBytes(32).toString('base64')}`;
}

/** Writes the file with mode 0600 through a temporary file, so no reader sees half of it. */
function writeKeyFile(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode: 0o600 });
  renameSync(tmp, path);
}

export class KeyRing {
  private keys: Map<string, Buffer>;
  private current: SealingKey;
  private fileStamp: number | null = null;

  private constructor(private readonly source: SealingKeySource) {
    const keys = this.read();
    this.keys = new Map(keys.map((k) => [k.id, k.key]));
    this.current = keys[0];
  }

  /** The ring the configuration names; in sandbox a missing key file is created with one new key. */
  static load(source: SealingKeySource): KeyRing {
    if (source.kind === 'file' && source.generate) {
      mkdirSync(dirname(source.path), { recursive: true, mode: 0o700 }); // a fresh checkout has no data folder yet
      try {
        const fd = openSync(source.path, 'wx', 0o600); // exclusive: two processes starting together make one key
        writeSync(fd, `# Counterfoil sealing keys: the first seals, all open. Keep this file out of database backups.\n${generateKeyEntry()}\n`);
        closeSync(fd);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    return new KeyRing(source);
  }

  get currentKeyId(): string {
    return this.current.id;
  }

  get keyIds(): string[] {
    return [...this.keys.keys()];
  }

  private read(): SealingKey[] {
    if (this.source.kind === 'env') return parseKeyRing(this.source.value, 'COUNTERFOIL_SEALING_KEYS');
    let text: string;
    try {
      this.fileStamp = statSync(this.source.path).mtimeMs;
      text = readFileSync(this.source.path, 'utf8');
    } catch (err) {
      throw new SealingKeyError(`sealing key file ${this.source.path}: ${(err as Error).message}`);
    }
    return parseKeyRing(text, this.source.path);
  }

  /** Picks up a key file another process changed (`keys rotate`): new keys open, the new first key seals. */
  private refresh(): void {
    if (this.source.kind !== 'file') return;
    try {
      if (statSync(this.source.path).mtimeMs === this.fileStamp) return;
    } catch {
      return;
    }
    const keys = this.read();
    this.keys = new Map(keys.map((k) => [k.id, k.key]));
    this.current = keys[0];
  }

  seal(plaintext: Buffer | string, context: string): Buffer {
    this.refresh();
    const id = Buffer.from(this.current.id, 'ascii');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv).setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return Buffer.concat([Buffer.from([FORMAT, id.length]), id, iv, cipher.getAuthTag(), body]);
  }

  /** The key id a sealed value names, or null if it is not in this format. */
  static keyIdOf(sealed: Buffer): string | null {
    if (sealed.length < 2 || sealed[0] !== FORMAT) return null;
    return sealed.subarray(2, 2 + sealed[1]).toString('ascii');
  }

  open(sealed: Buffer, context: string): Buffer {
    const id = KeyRing.keyIdOf(sealed);
    if (id === null) throw new SealingKeyError(`${context}: not a sealed value`);
    if (!this.keys.has(id)) this.refresh();
    const key = this.keys.get(id);
    if (!key) throw new SealingKeyError(`${context} is sealed under key ${id}, which is not in the sealing key ring`);
    const at = 2 + sealed[1];
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(at, at + 12)).setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(sealed.subarray(at + 12, at + 28));
    try {
      return Buffer.concat([decipher.update(sealed.subarray(at + 28)), decipher.final()]);
    } catch {
      throw new SealingKeyError(`${context} does not open under key ${id}`);
    }
  }

  /**
   * Adds a new first key to the key file (the old ones stay, so values sealed under them still open)
   * and seals with it from now on. Only a key file can be changed this way: keys given in the
   * environment are changed by whoever deploys them.
   */
  addKey(): string {
    if (this.source.kind !== 'file') throw new SealingKeyError('the sealing keys come from COUNTERFOIL_SEALING_KEYS: put a new key first there, then run keys rotate');
    const entry = generateKeyEntry();
    const rest = readFileSync(this.source.path, 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.trim().startsWith('#'));
    writeKeyFile(this.source.path, `# Counterfoil sealing keys: the first seals, all open. Keep this file out of database backups.\n${[entry, ...rest].join('\n')}\n`);
    this.fileStamp = null;
    this.refresh();
    return this.current.id;
  }
}
