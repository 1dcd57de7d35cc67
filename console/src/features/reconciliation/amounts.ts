import { formatAmount } from '../../lib/money';
import type { Break } from './api/reconciliation';

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
