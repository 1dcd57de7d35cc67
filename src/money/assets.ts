import { AppError, type ErrorReason } from '../errors';

export type AssetClass = 'fiat' | 'crypto';

export interface Asset {
  code: string;
  /** Decimal places of one minor unit: 1 USD = 10^2 minor units, 1 ETH = 10^18 wei. */
  precision: number;
  class: AssetClass;
  name: string;
}

/** The asset catalogue. Minor units are what the ledger stores (NUMERIC(78,0)); no asset is ever a float. */
export const ASSETS: Readonly<Record<string, Asset>> = Object.freeze({
  USD: { code: 'USD', precision: 2, class: 'fiat', name: 'US dollar' },
  EUR: { code: 'EUR', precision: 2, class: 'fiat', name: 'Euro' },
  GBP: { code: 'GBP', precision: 2, class: 'fiat', name: 'Pound sterling' },
  USDC: { code: 'USDC', precision: 6, class: 'crypto', name: 'USD Coin' },
  USDT: { code: 'USDT', precision: 6, class: 'crypto', name: 'Tether USD' },
  BTC: { code: 'BTC', precision: 8, class: 'crypto', name: 'Bitcoin' },
  ETH: { code: 'ETH', precision: 18, class: 'crypto', name: 'Ether' },
});

export const ASSET_CODES = Object.keys(ASSETS) as [string, ...string[]];

/** NUMERIC(78,0) holds any value below 10^78 (a uint256 fits). */
const MAX_MINOR = 10n ** 78n - 1n;
const DECIMAL_RE = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;

const invalid = (pointer: string, detail: string, reason: ErrorReason = 'amount_malformed') =>
  new AppError('EdgeUnprocessable', `Invalid amount: ${detail}.`, { reason, errors: [{ pointer, detail }] });

export function isAsset(code: string): boolean {
  return Object.prototype.hasOwnProperty.call(ASSETS, code);
}

/** The catalogue entry of `code`; an unknown code is 422 at `pointer`. */
export function assetOf(code: string, pointer = '/body/amount/currency'): Asset {
  if (!isAsset(code)) throw invalid(pointer, `unknown asset ${JSON.stringify(code).slice(0, 40)}`, 'unknown_asset');
  return ASSETS[code];
}

/**
 * Parses a positive decimal string into minor units, exactly (string arithmetic, then BigInt).
 * Refused with 422 at `pointer`: garbage, signs, exponent notation, zero, and more decimals than the
 * asset has (even trailing zeros: `1.000` USD says something the asset cannot represent).
 */
export function parseAmount(value: unknown, asset: Asset | string, pointer = '/body/amount/value'): bigint {
  const a = typeof asset === 'string' ? assetOf(asset) : asset;
  if (typeof value !== 'string') throw invalid(pointer, 'must be a decimal string such as "12.50"');
  if (value.length > 100) throw invalid(pointer, 'too long');
  if (/[eE]/.test(value)) throw invalid(pointer, 'exponent notation is not accepted; write the decimal digits');
  if (value.startsWith('-')) throw invalid(pointer, 'must be positive', 'amount_not_positive');
  const m = DECIMAL_RE.exec(value);
  if (!m) throw invalid(pointer, 'must be a plain decimal string such as "12.50"');
  const fraction = m[2] ? m[2].slice(1) : '';
  if (fraction.length > a.precision) throw invalid(pointer, `${a.code} allows at most ${a.precision} decimal places`, 'amount_precision');
  const minor = BigInt(m[1] + fraction.padEnd(a.precision, '0'));
  if (minor === 0n) throw invalid(pointer, 'must be greater than zero', 'amount_not_positive');
  if (minor > MAX_MINOR) throw invalid(pointer, 'too large', 'amount_too_large');
  return minor;
}

/** Minor units → decimal string with exactly the asset's precision (`-0.50`, `12.00`). */
export function formatAmount(minor: bigint, asset: Asset | string): string {
  const a = typeof asset === 'string' ? assetOf(asset) : asset;
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString();
  if (a.precision === 0) return (negative ? '-' : '') + digits;
  const padded = digits.padStart(a.precision + 1, '0');
  const whole = padded.slice(0, padded.length - a.precision);
  return `${negative ? '-' : ''}${whole}.${padded.slice(padded.length - a.precision)}`;
}

/** `{currency, value}` money object of the wire format. */
export function money(minor: bigint, asset: Asset | string): { currency: string; value: string } {
  const a = typeof asset === 'string' ? assetOf(asset) : asset;
  return { currency: a.code, value: formatAmount(minor, a) };
}
