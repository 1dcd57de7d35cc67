import { base32, base58, bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * The address encodings of the supported networks, so that validation checks real checksums:
 * Base58Check (Bitcoin, Tron), Bech32/Bech32m (BIP-173/350) and base32 from @scure/base, Keccak-256
 * for EIP-55 from @noble/hashes, and Stellar StrKey (base32 + CRC16-XModem).
 */

const base58check = createBase58check(sha256);

export function base58Encode(bytes: Uint8Array): string {
  return base58.encode(bytes);
}

export function base58Decode(text: string): Buffer | null {
  try {
    return Buffer.from(base58.decode(text));
  } catch {
    return null;
  }
}

export function base58CheckEncode(payload: Uint8Array): string {
  return base58check.encode(payload);
}

/** The payload when the 4-byte double-SHA-256 checksum matches, else null. */
export function base58CheckDecode(text: string): Buffer | null {
  try {
    return Buffer.from(base58check.decode(text));
  } catch {
    return null;
  }
}

// ---------- Bech32 / Bech32m (segwit addresses, BIP-173/350) ----------

export function segwitEncode(hrp: string, witnessVersion: number, program: Uint8Array): string {
  const codec = witnessVersion === 0 ? bech32 : bech32m;
  return codec.encode(hrp, [witnessVersion, ...codec.toWords(program)]);
}

/** BIP-173/350 segwit address → {version, program}, or null (bad checksum, mixed case, wrong lengths). */
export function segwitDecode(hrp: string, address: string): { version: number; program: Buffer } | null {
  if (address.length > 90) return null;
  // The witness version (the first data character) picks the checksum: v0 is Bech32, v1+ Bech32m (BIP-350).
  const codec = address[address.lastIndexOf('1') + 1]?.toLowerCase() === 'q' ? bech32 : bech32m;
  const decoded = codec.decodeUnsafe(address, 90);
  if (!decoded || decoded.prefix !== hrp || decoded.words.length < 1) return null;
  const [version, ...words] = decoded.words;
  if (version > 16) return null;
  const program = codec.fromWordsUnsafe(words);
  if (!program || program.length < 2 || program.length > 40) return null;
  if (version === 0 && program.length !== 20 && program.length !== 32) return null;
  return { version, program: Buffer.from(program) };
}

// ---------- Keccak-256 (EIP-55 checksums) ----------

/** Keccak-256 as Ethereum uses it (original Keccak padding, not NIST SHA3-256). */
export function keccak256(input: Uint8Array): Buffer {
  return Buffer.from(keccak_256(input));
}

/** EIP-55 mixed-case checksum form of a 20-byte address given as 40 hex digits. */
export function eip55(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = Buffer.from(keccak_256(Buffer.from(lower, 'ascii'))).toString('hex');
  return '0x' + [...lower].map((c, i) => (parseInt(hash[i], 16) >= 8 ? c.toUpperCase() : c)).join('');
}

// ---------- Stellar StrKey ----------

/** CRC16-XModem, StrKey's checksum: ten lines here rather than the whole Stellar SDK as a dependency. */
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
  // 35 bytes are exactly 56 base32 characters: no padding.
  return base32.encode(Buffer.concat([body, crc]));
}

export function stellarAccountDecode(text: string): Buffer | null {
  if (text.length !== 56) return null;
  let raw: Buffer;
  try {
    raw = Buffer.from(base32.decode(text));
  } catch {
    return null;
  }
  if (raw.length !== 35 || raw[0] !== STELLAR_ACCOUNT_VERSION) return null;
  return crc16xmodem(raw.subarray(0, 33)) === raw.readUInt16LE(33) ? raw.subarray(1, 33) : null;
}
