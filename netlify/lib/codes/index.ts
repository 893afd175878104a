/**
 * Discount and scholarship codes (docs/product.md, Codes). Checkouts price with `reserveCode`
 * (one use held while the buyer pays), link it to the order with `attachRedemption`, and the
 * payments core's record step marks it used once the payment is recorded.
 */
export type { CodeTarget } from './rules.ts';
export type { OrderDiscount, PricedWithCode } from './store.ts';
export {
  attachRedemption,
  previewCode,
  pricing,
  releaseForOrder,
  releaseRedemption,
  reserveCode,
  useForOrder,
  useRedemption,
} from './store.ts';
export * from './admin.ts';
export * from './preview.ts';
