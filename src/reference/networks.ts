import { AppError } from '../errors';
import { catalogueId } from './ids';
import {
  base58CheckDecode,
  base58CheckEncode,
  base58Decode,
  base58Encode,
  eip55,
  segwitDecode,
  segwitEncode,
  stellarAccountDecode,
  stellarAccountEncode,
} from './encoding';

export interface MemoRule {
  /** Deposits to the platform's shared address must carry the account's memo. */
  requiredForDeposit: boolean;
  format: string;
}

export interface CryptoNetwork {
  id: string;
  code: string;
  displayName: string;
  nativeAsset: string;
  /** Asset code → token contract / issuer on this network (null for the native asset). */
  assets: Record<string, string | null>;
  /** Blocks after inclusion before a deposit counts as final. */
  confirmations: number;
  blockTimeSeconds: number;
  addressFormat: { description: string; pattern: string; example: string };
  memo: MemoRule | null;
  status: 'active' | 'suspended';
  /** Whether an address string has the network's shape and checksum. */
  isAddress(address: string): boolean;
  /** The network's address for 32 bytes of key material (sandbox derivation). */
  addressFromSeed(seed: Buffer): string;
}

const STELLAR_MEMO_TEXT_MAX_BYTES = 28;
const UINT64_MAX = (1n << 64n) - 1n;

function isEthereumAddress(a: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(a)) return false;
  const hex = a.slice(2);
  // All one case carries no checksum (pre-EIP-55 form); mixed case must be the EIP-55 checksum.
  return hex === hex.toLowerCase() || hex === hex.toUpperCase() || eip55(hex) === a;
}

function isBitcoinAddress(a: string): boolean {
  if (/^(bc1|BC1)/.test(a)) return segwitDecode('bc', a) !== null;
  if (!/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(a)) return false;
  const payload = base58CheckDecode(a);
  return payload !== null && payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
}

function isTronAddress(a: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(a)) return false;
  const payload = base58CheckDecode(a);
  return payload !== null && payload.length === 21 && payload[0] === 0x41;
}

function isSolanaAddress(a: string): boolean {
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(a) && base58Decode(a)?.length === 32;
}

/** The crypto network catalogue. Codes are the wire names (`network` fields); ids are stable UUIDs. */
export const CRYPTO_NETWORKS: readonly CryptoNetwork[] = Object.freeze<CryptoNetwork[]>([
  {
    id: catalogueId('crypto-networks', 'ethereum'),
    code: 'ethereum',
    displayName: 'Ethereum',
    nativeAsset: 'ETH',
    assets: { ETH: null, USDC: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', USDT: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
    confirmations: 12,
    blockTimeSeconds: 12,
    addressFormat: { description: '0x followed by 40 hex digits; mixed case must match the EIP-55 checksum', pattern: '^0x[0-9a-fA-F]{40}$', example: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
    memo: null,
    status: 'active',
    isAddress: isEthereumAddress,
    addressFromSeed: (seed) => eip55(seed.subarray(0, 20).toString('hex')),
  },
  {
    id: catalogueId('crypto-networks', 'bitcoin'),
    code: 'bitcoin',
    displayName: 'Bitcoin',
    nativeAsset: 'BTC',
    assets: { BTC: null },
    confirmations: 2,
    blockTimeSeconds: 600,
    addressFormat: { description: 'bech32/bech32m segwit (bc1…) or Base58Check P2PKH (1…) / P2SH (3…)', pattern: '^(bc1[02-9ac-hj-np-z]{8,87}|BC1[02-9AC-HJ-NP-Z]{8,87}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$', example: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' },
    memo: null,
    status: 'active',
    isAddress: isBitcoinAddress,
    addressFromSeed: (seed) => segwitEncode('bc', 0, seed.subarray(0, 20)),
  },
  {
    id: catalogueId('crypto-networks', 'tron'),
    code: 'tron',
    displayName: 'Tron',
    nativeAsset: 'TRX',
    assets: { USDT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    confirmations: 20,
    blockTimeSeconds: 3,
    addressFormat: { description: 'Base58Check, version byte 0x41: T followed by 33 characters', pattern: '^T[1-9A-HJ-NP-Za-km-z]{33}$', example: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    memo: null,
    status: 'active',
    isAddress: isTronAddress,
    addressFromSeed: (seed) => base58CheckEncode(Buffer.concat([Buffer.from([0x41]), seed.subarray(0, 20)])),
  },
  {
    id: catalogueId('crypto-networks', 'solana'),
    code: 'solana',
    displayName: 'Solana',
    nativeAsset: 'SOL',
    assets: { USDC: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' },
    confirmations: 32,
    blockTimeSeconds: 1,
    addressFormat: { description: 'Base58 of a 32-byte public key (32 to 44 characters)', pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$', example: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' },
    memo: null,
    status: 'active',
    isAddress: isSolanaAddress,
    addressFromSeed: (seed) => base58Encode(seed.subarray(0, 32)),
  },
  {
    id: catalogueId('crypto-networks', 'stellar'),
    code: 'stellar',
    displayName: 'Stellar',
    nativeAsset: 'XLM',
    assets: { USDC: 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN' },
    confirmations: 1,
    blockTimeSeconds: 5,
    addressFormat: { description: 'StrKey account id: G followed by 55 base32 characters with a CRC16 checksum', pattern: '^G[A-Z2-7]{55}$', example: 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN' },
    memo: { requiredForDeposit: true, format: 'MEMO_ID (unsigned 64-bit decimal) or MEMO_TEXT (at most 28 bytes)' },
    status: 'active',
    isAddress: (a) => stellarAccountDecode(a) !== null,
    addressFromSeed: (seed) => stellarAccountEncode(seed.subarray(0, 32)),
  },
]);

const BY_CODE = new Map(CRYPTO_NETWORKS.map((n) => [n.code, n]));

export function networkByCode(code: string): CryptoNetwork | undefined {
  return BY_CODE.get(code);
}

/** A network by its code or its id (catalogue paths accept both). */
export function findNetwork(codeOrId: string): CryptoNetwork | undefined {
  return BY_CODE.get(codeOrId) ?? CRYPTO_NETWORKS.find((n) => n.id === codeOrId);
}

/** Active networks that carry `asset` (all active networks when no asset is given). */
export function networksFor(asset?: string): CryptoNetwork[] {
  return CRYPTO_NETWORKS.filter((n) => n.status === 'active' && (asset === undefined || asset in n.assets));
}

export type AddressCheck = { ok: true } | { ok: false; field: 'address' | 'memo'; detail: string };

function checkMemo(network: CryptoNetwork, memo: string | null | undefined): AddressCheck {
  if (memo === null || memo === undefined || memo === '') return { ok: true };
  if (!network.memo) return { ok: false, field: 'memo', detail: `${network.code} addresses take no memo` };
  if (/^[0-9]+$/.test(memo) && memo.length <= 20 && BigInt(memo) <= UINT64_MAX) return { ok: true };
  if (Buffer.byteLength(memo, 'utf8') <= STELLAR_MEMO_TEXT_MAX_BYTES) return { ok: true };
  return { ok: false, field: 'memo', detail: `must be ${network.memo.format}` };
}

/**
 * Whether `address` (and `memo`) can receive funds on `network`: shape, checksum, and memo rules.
 * Used for withdrawal destinations and for sandbox deposits addressed by address.
 */
export function validateAddress(networkCode: string, address: string, memo?: string | null): AddressCheck {
  const network = networkByCode(networkCode);
  if (!network) return { ok: false, field: 'address', detail: `unknown network ${JSON.stringify(networkCode).slice(0, 40)}` };
  if (!network.isAddress(address)) {
    return { ok: false, field: 'address', detail: `not a valid ${network.displayName} address (${network.addressFormat.description})` };
  }
  return checkMemo(network, memo);
}

/** validateAddress as a 422 naming the offending field under `pointerBase` (e.g. `/body/crypto_routing/destination`). */
export function assertValidAddress(networkCode: string, address: string, memo: string | null | undefined, pointerBase: string): void {
  const check = validateAddress(networkCode, address, memo);
  if (!check.ok) {
    throw new AppError('EdgeUnprocessable', `Invalid ${check.field}: ${check.detail}.`, {
      errors: [{ pointer: `${pointerBase}/${check.field}`, detail: check.detail }],
    });
  }
}
