import { api } from '../../../lib/session';

/** What a conversion can be made from and with: the active accounts in reach and the enabled pairs. */
export async function loadConversionChoices() {
  const [accounts, pairs] = await Promise.all([
    api.GET('/client-accounts', { params: { query: { page_size: 200, status: 'active' } } }),
    api.GET('/conversion-pairs', { params: { query: { page_size: 200 } } }),
  ]);
  if (!accounts.data) return { error: accounts.error, response: accounts.response };
  if (!pairs.data) return { error: pairs.error, response: pairs.response };
  return { data: { accounts: accounts.data.items, pairs: pairs.data.items.filter((p) => p.enabled) }, response: accounts.response };
}

export interface ConversionIntent {
  accountRef: string;
  from: string;
  to: string;
  value: string;
}

/** The market's price now, binding nothing. */
export const indicativePrice = (i: ConversionIntent) =>
  api.GET('/prices/indicative', { params: { query: { account_ref: i.accountRef, from_asset: i.from, to_asset: i.to, from_amount: i.value } } });

/** A firm quote: this price, usable once until its `expires_at`. */
export const firmQuote = (i: ConversionIntent) =>
  api.POST('/conversions/preview', { body: { account_ref: i.accountRef, from_amount: { currency: i.from, value: i.value }, to_currency: i.to } });

/** Executes the firm quote. The key is the form's, made once per intended conversion: a second click or a retry replays the first answer. */
export const executeConversion = (idempotencyKey: string, i: ConversionIntent, quoteId: string) =>
  api.POST('/conversions', {
    params: { header: { 'Idempotency-Key': idempotencyKey } },
    body: { account_ref: i.accountRef, from_amount: { currency: i.from, value: i.value }, to_currency: i.to, quote_id: quoteId },
  });
