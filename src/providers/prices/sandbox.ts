import type { Mode } from '../../config';
import type { PairRow } from '../../domain/pricing/pairs';
import { parseDecimal } from '../../reference/rational';
import { assertSandboxMode } from '../sandbox';
import type { PricePoint, PriceSource } from './source';

/** Deterministic: the catalogue's mid price of the market (conversion_pairs.mid_price), observed now. */
export class SandboxPriceSource implements PriceSource {
  readonly name = 'sandbox';

  constructor(mode: Mode) {
    assertSandboxMode(mode, 'price source');
  }

  async price(pair: PairRow): Promise<PricePoint> {
    return { mid: parseDecimal(pair.mid_price), asOf: new Date() };
  }
}
