/**
 * The ONE browser checkout. Live/test mode: loads Razorpay Checkout and opens it for our order.
 * Sandbox mode (no Razorpay keys on the server): opens our own accessible checkout dialog whose
 * "Pay" and "Fail" buttons call POST /api/v1/payment/sandbox/pay, which answers exactly what
 * Razorpay Checkout would hand back.
 *
 * The promise settles with the signed result (send it to the server to be verified and recorded;
 * nothing is paid on the browser's word) or with why there is none.
 *
 *   const outcome = await openCheckout({ ...answer.checkout, name: 'Course Purchase', description: course.title,
 *                                        prefill: { name, email }, onFailedAttempt: () => toast.error('Payment failed') });
 */
import type { CheckoutResult } from '../shared/checkout.ts';
import type { CheckoutOutcome, CheckoutRequest } from './checkout-types.ts';

export type { CheckoutOutcome, CheckoutRequest } from './checkout-types.ts';

export const CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
const FAILED = 'Payment failed';

export function openCheckout(request: CheckoutRequest): Promise<CheckoutOutcome> {
  // The stand-in and its styles load only when a sandbox checkout opens: no page carries them.
  return request.mode === 'sandbox'
    ? import('./checkout-sandbox.ts').then(({ sandboxCheckout }) => sandboxCheckout(request))
    : razorpayCheckout(request);
}

// ---- Razorpay Checkout (test and live mode) ----

type RazorpayInstance = {
  open(): void;
  on(event: 'payment.failed', handler: (response: { error?: { description?: string } }) => void): void;
};
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

let scriptLoading: Promise<RazorpayConstructor> | undefined;

function loadRazorpay(): Promise<RazorpayConstructor> {
  const existing = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  scriptLoading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CHECKOUT_SCRIPT;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error('Razorpay Checkout did not load'));
    };
    script.onerror = () => reject(new Error('Razorpay Checkout did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    scriptLoading = undefined; // let a later click try again
    throw error;
  });
  return scriptLoading;
}

async function razorpayCheckout(request: CheckoutRequest): Promise<CheckoutOutcome> {
  let Razorpay: RazorpayConstructor;
  try {
    Razorpay = await loadRazorpay();
  } catch {
    return { ok: false, reason: 'unavailable', message: 'The payment window could not load. Check your connection and try again.' };
  }
  return new Promise<CheckoutOutcome>((resolve) => {
    let failedOnce = false;
    const checkout = new Razorpay({
      key: request.key,
      amount: request.amount,
      currency: request.currency,
      order_id: request.orderId,
      name: request.name,
      description: request.description,
      prefill: request.prefill ?? {},
      theme: { color: '#1f3fb8' },
      handler: (response: CheckoutResult) =>
        resolve({
          ok: true,
          result: {
            razorpay_order_id: response.razorpay_order_id,
            razorpay_payment_id: response.razorpay_payment_id,
            razorpay_signature: response.razorpay_signature,
          },
        }),
      modal: {
        ondismiss: () =>
          resolve(
            failedOnce
              ? { ok: false, reason: 'failed', message: FAILED }
              : { ok: false, reason: 'dismissed', message: 'Payment cancelled' },
          ),
      },
    });
    checkout.on('payment.failed', () => {
      failedOnce = true;
      request.onFailedAttempt?.(FAILED);
    });
    checkout.open();
  });
}
