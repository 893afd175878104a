/**
 * Discount and scholarship codes (docs/product.md, Codes). Checkouts price with `reserveCode`
 * (one use held while the buyer pays), link it to the order with `attachRedemption`, and the
 * payments core's record step asks `holdForOrder` whether the capture may still count and marks
 * it used (`useForOrder`) once the payment is recorded; else the capture is refunded.
 */
export type { CodeTarget } from './rules.ts';
export type { OrderCodeUse, OrderDiscount, PricedWithCode } from './store.ts';
export {
  attachRedemption,
  holdForOrder,
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
