/**
 * Which gateway this deployment uses. Its own module so that domain completion steps (which
 * may refund through the gateway) need not import the checkout platform (./index.ts), which
 * imports the completions: no import cycle.
 */
import { env, type Env, HttpError } from '../../platform/index.ts';
import type { PaymentGateway } from './types.ts';
import { razorpayGateway } from './razorpay.ts';
import { sandboxGateway } from './sandbox.ts';

let selected: { gateway: PaymentGateway; for: Env } | undefined;
let override: PaymentGateway | undefined;

export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured on this deployment';

/**
 * Razorpay when keys are set (test or live by the key prefix); else the sandbox, but only on a
 * local run. Anywhere else without keys every payment endpoint answers 503: nobody may "pay"
 * for free on a deploy preview.
 */
export function gateway(): PaymentGateway {
  if (override) return override;
  const config = env();
  if (selected?.for === config) return selected.gateway;
  let chosen: PaymentGateway;
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) {
    chosen = razorpayGateway({
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
    });
  } else if (config.isLocal) {
    chosen = sandboxGateway(config.SANDBOX_PAYMENT_SECRET);
  } else {
    throw new HttpError(503, PAYMENTS_NOT_CONFIGURED);
  }
  selected = { gateway: chosen, for: config };
  return chosen;
}

/** Refuses (503) before a payment endpoint looks at anything else, when no gateway may run here. */
export function requirePayments(): void {
  gateway();
}

/** False on a deployment without Razorpay keys (the scheduled re-check then has nothing to ask). */
export function paymentsConfigured(): boolean {
  const config = env();
  return !!override || !!(config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) || config.isLocal;
}

/** Tests only: put a fake gateway in place (undefined restores the configured one). */
export function useGatewayForTests(fake: PaymentGateway | undefined): void {
  override = fake;
}
