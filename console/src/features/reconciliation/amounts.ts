import { formatAmount } from '../../lib/money';
import type { Break, ExpectedPayment } from './api/reconciliation';

/* A break's difference as people read it: signed, in the locale, with the asset's decimals (never through a float). */

/** A signed decimal with its sign shown (+ or −) in the locale, with the asset's decimals. */
export function signedAmount(value: string, currency: string, precisions: Map<string, number> | null): string {
  const magnitude = formatAmount(value.replace(/^[-+]/, ''), precisions?.get(currency));
  const zero = !/[1-9]/.test(value);
  return `${zero ? '' : value.startsWith('-') ? '−' : '+'}${magnitude} ${currency}`;
}

/** The difference from the account's side: the statement shows more or less than the ledger. */
export function differenceInWords(d: Break['difference'], precisions: Map<string, number> | null): string {
  if (!/[1-9]/.test(d.value)) return 'No difference in amount';
  const amount = `${formatAmount(d.value.replace(/^[-+]/, ''), precisions?.get(d.currency))} ${d.currency}`;
  return `The statement shows ${amount} ${d.value.startsWith('-') ? 'less' : 'more'} than the ledger`;
}

/** An expected payment's range: one amount when its bounds are equal, else "min – max". */
export function rangeInWords(r: ExpectedPayment['amount_range'], precisions: Map<string, number> | null): string {
  const digits = precisions?.get(r.min.currency);
  const [min, max] = [formatAmount(r.min.value, digits), formatAmount(r.max.value, digits)];
  return `${min === max ? min : `${min} – ${max}`} ${r.min.currency}`;
}
