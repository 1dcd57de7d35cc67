import { z } from '../../schema/zod';
import type { PairRow } from '../../domain/pricing/pairs';
import { parseDecimal } from '../../reference/rational';
import type { PricePoint, PriceRequest, PriceSource } from '../prices/source';
import { ConnectorFailure, type ConnectorClient } from './client';

/** The protocol's price: the market's mid (quote per one base, a decimal string) and when it was observed. */
export const PriceAnswer = z
  .object({
    base: z.string(),
    quote: z.string(),
    mid: z.string().regex(/^(0|[1-9][0-9]*)(\.[0-9]+)?$/, 'must be a decimal string'),
    as_of: z.string().datetime({ offset: true }),
  })
  .openapi('ConnectorPrice');

/** A price source served by a connector: POST /prices, the quote id as `Idempotency-Key` of a firm quote. */
export class HttpPriceSource implements PriceSource {
  constructor(private readonly client: ConnectorClient) {}

  get name(): string {
    return this.client.name;
  }

  async price(pair: PairRow, request: PriceRequest): Promise<PricePoint> {
    const market = { base: pair.base_asset, quote: pair.quote_asset };
    const key = request.key ?? `price/${market.base}/${market.quote}/${Date.now()}`;
    const answer = (await this.client.post('/prices', { ...market, firm: request.firm, quote_id: request.key ?? null }, PriceAnswer, key))!;
    if (answer.base !== market.base || answer.quote !== market.quote) throw new ConnectorFailure(this.name, 'malformed', `asked ${market.base}/${market.quote}, answered ${answer.base}/${answer.quote}`);
    const mid = parseDecimal(answer.mid);
    if (mid.num === 0n) throw new ConnectorFailure(this.name, 'malformed', 'a mid price of zero');
    return { mid, asOf: new Date(answer.as_of) };
  }
}
