/**
 * Exact prices: a rational num/den of BigInts (den > 0), never a float. Prices are quoted in
 * major units (units of `to` per one unit of `from`); amounts are converted in minor units.
 */
export interface Rational {
  num: bigint;
  den: bigint;
}

const DECIMAL_RE = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function rational(num: bigint, den: bigint): Rational {
  if (den === 0n) throw new Error('pricing: zero denominator');
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
}

/** `"65000.25"` → 6500025/100, exactly. */
export function parseDecimal(value: string): Rational {
  const m = DECIMAL_RE.exec(value.trim());
  if (!m) throw new Error(`pricing: not a non-negative decimal: ${value}`);
  const fraction = m[2] ?? '';
  return rational(BigInt(m[1] + fraction), 10n ** BigInt(fraction.length));
}

export const multiply = (a: Rational, b: Rational): Rational => rational(a.num * b.num, a.den * b.den);

export function reciprocal(a: Rational): Rational {
  if (a.num === 0n) throw new Error('pricing: reciprocal of zero');
  return rational(a.den, a.num);
}

/** Decimal string with exactly `places` decimals, rounded toward zero (prices shown never flatter the client). */
export function formatDecimalDown(r: Rational, places: number): string {
  const scaled = (r.num * 10n ** BigInt(places)) / r.den;
  if (places === 0) return scaled.toString();
  const digits = scaled.toString().padStart(places + 1, '0');
  return `${digits.slice(0, digits.length - places)}.${digits.slice(digits.length - places)}`;
}

/** Stored form `num/den`. */
export const serialise = (r: Rational): string => `${r.num}/${r.den}`;
