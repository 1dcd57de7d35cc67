import { createHash } from 'node:crypto';

/**
 * The address encodings of the supported networks, implemented from their specifications so that
 * validation checks real checksums: Base58Check (Bitcoin, Tron), Bech32/Bech32m (BIP-173/350),
 * Keccak-256 for EIP-55, and Stellar StrKey (RFC 4648 base32 + CRC16-XModem).
 */

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest();

// ---------- Base58 / Base58Check ----------

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const B58_INDEX = new Map([...B58].map((c, i) => [c, BigInt(i)]));

export function base58Encode(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  while (n > 0n) {
    out = B58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = '1' + out;
  }
  return out;
}

export function base58Decode(text: string): Buffer | null {
  let n = 0n;
  for (const c of text) {
    const v = B58_INDEX.get(c);
    if (v === undefined) return null;
    n = n * 58n + v;
  }
  const body: number[] = [];
  while (n > 0n) {
    body.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '1') zeros++;
  return Buffer.from([...new Array<number>(zeros).fill(0), ...body]);
}

export function base58CheckEncode(payload: Uint8Array): string {
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return base58Encode(Buffer.concat([payload, checksum]));
}

/** The payload when the 4-byte double-SHA-256 checksum matches, else null. */
export function base58CheckDecode(text: string): Buffer | null {
  const raw = base58Decode(text);
  if (!raw || raw.length < 5) return null;
  const payload = raw.subarray(0, raw.length - 4);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return checksum.equals(raw.subarray(raw.length - 4)) ? payload : null;
}

// ---------- Bech32 / Bech32m (segwit addresses) ----------

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= BECH32_GEN[i];
  }
  return chk >>> 0;
}

const hrpExpand = (hrp: string) => [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];

function convertBits(data: Iterable<number>, from: number, to: number, pad: boolean): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const maxv = (1 << to) - 1;
  for (const value of data) {
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & maxv);
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & maxv);
  } else if (bits >= from || ((acc << (to - bits)) & maxv)) {
    return null;
  }
  return out;
}

export function segwitEncode(hrp: string, witnessVersion: number, program: Uint8Array): string {
  const data = [witnessVersion, ...convertBits(program, 8, 5, true)!];
  const constant = witnessVersion === 0 ? BECH32_CONST : BECH32M_CONST;
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ constant;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((d) => BECH32_CHARSET[d]).join('')}`;
}

/** BIP-173/350 segwit address → {version, program}, or null (bad checksum, mixed case, wrong lengths). */
export function segwitDecode(hrp: string, address: string): { version: number; program: Buffer } | null {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return null;
  const a = address.toLowerCase();
  const sep = a.lastIndexOf('1');
  if (a.length > 90 || sep < 1 || a.slice(0, sep) !== hrp || a.length - sep - 1 < 7) return null;
  const data: number[] = [];
  for (const c of a.slice(sep + 1)) {
    const v = BECH32_CHARSET.indexOf(c);
    if (v < 0) return null;
    data.push(v);
  }
  const version = data[0];
  const check = polymod([...hrpExpand(hrp), ...data]);
  if (check !== (version === 0 ? BECH32_CONST : BECH32M_CONST)) return null;
  const program = convertBits(data.slice(1, -6), 5, 8, false);
  if (!program || program.length < 2 || program.length > 40 || version > 16) return null;
  if (version === 0 && program.length !== 20 && program.length !== 32) return null;
  return { version, program: Buffer.from(program) };
}

// ---------- Keccak-256 (EIP-55 checksums) ----------

const MASK64 = (1n << 64n) - 1n;
const KECCAK_RC = [
  0x0000000000000001n, 0x0000000000008082n, 0x800000000000808an, 0x8000000080008000n, 0x000000000000808bn, 0x0000000080000001n,
  0x8000000080008081n, 0x8000000000008009n, 0x000000000000008an, 0x0000000000000088n, 0x0000000080008009n, 0x000000008000000an,
  0x000000008000808bn, 0x800000000000008bn, 0x8000000000008089n, 0x8000000000008003n, 0x8000000000008002n, 0x8000000000000080n,
  0x000000000000800an, 0x800000008000000an, 0x8000000080008081n, 0x8000000000008080n, 0x0000000080000001n, 0x8000000080008008n,
];
// Rotation offsets r[x][y].
const KECCAK_ROT = [
  [0, 36, 3, 41, 18],
  [1, 44, 10, 45, 2],
  [62, 6, 43, 15, 61],
  [28, 55, 25, 21, 56],
  [27, 20, 39, 8, 14],
];

const rotl = (v: bigint, n: number) => (n === 0 ? v : ((v << BigInt(n)) | (v >> BigInt(64 - n))) & MASK64);

function keccakF(a: bigint[]): void {
  for (const rc of KECCAK_RC) {
    const c = [0, 1, 2, 3, 4].map((x) => a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20]);
    for (let x = 0; x < 5; x++) {
      const d = c[(x + 4) % 5] ^ rotl(c[(x + 1) % 5], 1);
      for (let y = 0; y < 25; y += 5) a[x + y] ^= d;
    }
    const b = new Array<bigint>(25);
    for (let x = 0; x < 5; x++) for (let y = 0; y < 5; y++) b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(a[x + 5 * y], KECCAK_ROT[x][y]);
    for (let y = 0; y < 25; y += 5) for (let x = 0; x < 5; x++) a[x + y] = b[x + y] ^ (~b[((x + 1) % 5) + y] & MASK64 & b[((x + 2) % 5) + y]);
    a[0] ^= rc;
  }
}

/** Keccak-256 as Ethereum uses it (original Keccak padding, not NIST SHA3-256). */
export function keccak256(input: Uint8Array): Buffer {
  const rate = 136;
  const padded = Buffer.alloc(Math.floor(input.length / rate + 1) * rate);
  padded.set(input);
  padded[input.length] ^= 0x01;
  padded[padded.length - 1] ^= 0x80;
  const state = new Array<bigint>(25).fill(0n);
  for (let off = 0; off < padded.length; off += rate) {
    for (let i = 0; i < rate / 8; i++) state[i] ^= padded.readBigUInt64LE(off + i * 8);
    keccakF(state);
  }
  const out = Buffer.alloc(32);
  for (let i = 0; i < 4; i++) out.writeBigUInt64LE(state[i], i * 8);
  return out;
}

/** EIP-55 mixed-case checksum form of a 20-byte address given as 40 hex digits. */
export function eip55(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = keccak256(Buffer.from(lower, 'ascii')).toString('hex');
  return '0x' + [...lower].map((c, i) => (parseInt(hash[i], 16) >= 8 ? c.toUpperCase() : c)).join('');
}

// ---------- Stellar StrKey ----------

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function crc16xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

const STELLAR_ACCOUNT_VERSION = 6 << 3; // 'G…' public keys

export function stellarAccountEncode(publicKey: Uint8Array): string {
  const body = Buffer.concat([Buffer.from([STELLAR_ACCOUNT_VERSION]), publicKey]);
  const crc = Buffer.alloc(2);
  crc.writeUInt16LE(crc16xmodem(body));
  const bits = convertBits(Buffer.concat([body, crc]), 8, 5, true)!;
  return bits.map((v) => B32[v]).join('');
}

export function stellarAccountDecode(text: string): Buffer | null {
  if (text.length !== 56) return null;
  const values: number[] = [];
  for (const c of text) {
    const v = B32.indexOf(c);
    if (v < 0) return null;
    values.push(v);
  }
  const raw = convertBits(values, 5, 8, false);
  if (!raw || raw.length !== 35 || raw[0] !== STELLAR_ACCOUNT_VERSION) return null;
  const bytes = Buffer.from(raw);
  return crc16xmodem(bytes.subarray(0, 33)) === bytes.readUInt16LE(33) ? bytes.subarray(1, 33) : null;
}
