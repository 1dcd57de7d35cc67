export type { PricePoint, PriceRequest, PriceSource } from './source';
export { SandboxPriceSource } from './sandbox';
