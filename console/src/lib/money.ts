import { useSyncExternalStore } from 'react';
import { api, onSessionChange } from './session';

/*
 * Amounts as people read them: Intl.NumberFormat in the browser's locale, with the asset's own decimals
 * from the catalogue (GET /assets, read once per session). The API's decimal strings are formatted as
 * strings (Intl formats a decimal string exactly) and summed as integers of minor units: never floats.
 */
let precisions: Map<string, number> | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

onSessionChange(() => {
  precisions = null;
  loading = null;
});

function load(): void {
  loading ??= api
    .GET('/assets')
    .then((res) => {
      if (res.data) precisions = new Map(res.data.items.map((a) => [a.code, a.precision]));
    })
    .catch(() => undefined)
    .finally(() => {
      for (const listener of listeners) listener();
    });
}

/** The catalogue's decimals per asset, once loaded (null before: amounts show their own decimals meanwhile). */
export function usePrecisions(): Map<string, number> | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      load();
      return () => listeners.delete(listener);
    },
    () => precisions,
  );
}

const decimalsOf = (value: string) => (value.includes('.') ? value.length - value.indexOf('.') - 1 : 0);

/** `value` (a decimal string) in the locale, with `precision` decimals (its own when the asset is unknown). */
export function formatAmount(value: string, precision: number | undefined): string {
  const digits = Math.min(20, precision ?? decimalsOf(value));
  const format = new Intl.NumberFormat(undefined, { minimumFractionDigits: digits, maximumFractionDigits: Math.max(digits, decimalsOf(value)) });
  // ES2023's Intl formats a decimal string without going through a float; the lib types here predate it.
  return (format.format as unknown as (v: string) => string)(value);
}

/** Exact sum of decimal strings, as a decimal string with the most decimals among them. */
export function sumAmounts(values: string[]): string {
  const scale = Math.max(0, ...values.map(decimalsOf));
  const units = values.reduce((sum, v) => {
    const negative = v.startsWith('-');
    const [whole, fraction = ''] = v.replace(/^[-+]/, '').split('.');
    const n = BigInt(whole + fraction.padEnd(scale, '0'));
    return sum + (negative ? -n : n);
  }, 0n);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${text}` : text;
}
