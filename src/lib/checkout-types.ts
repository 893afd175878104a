/** What opening a checkout takes and answers, shared by ./checkout.ts and the sandbox's ./checkout-sandbox.ts (no runtime code). */
import type { CheckoutOrder, CheckoutResult } from '../shared/checkout.ts';

export type CheckoutRequest = CheckoutOrder & {
  /** Shown at the top of the checkout, e.g. "Aspira Registration" or "Course Purchase". */
  name: string;
  description: string;
  prefill?: { name?: string; email?: string; contact?: string };
  /**
   * Called for each failed attempt. Razorpay keeps its window open so the visitor can retry;
   * the promise settles only on success or when the window is closed.
   */
  onFailedAttempt?: (message: string) => void;
};

export type CheckoutOutcome =
  { ok: true; result: CheckoutResult } | { ok: false; reason: 'failed' | 'dismissed' | 'unavailable'; message: string };
