/**
 * The local stand-in for Razorpay Checkout (sandbox mode: no Razorpay keys on the server): an
 * accessible dialog whose "Pay" and "Fail" buttons call POST /api/v1/payment/sandbox/pay, which
 * answers exactly what Razorpay Checkout would hand back. Loaded by ./checkout.ts only when opened.
 */
import type { CheckoutResult } from '../shared/checkout.ts';
import { formatPaise } from '../shared/money.ts';
import { api, ApiError } from './api.ts';
import type { CheckoutOutcome, CheckoutRequest } from './checkout-types.ts';
// Its styles come with it (as text, added on first open), not in every page's inline CSS.
import styles from './checkout.css?inline';

const FAILED = 'Payment failed';

type SandboxAnswer = ({ success: true } & CheckoutResult) | { success: false; error: { description: string } };

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function addStyles(): void {
  if (document.getElementById('checkout-styles')) return;
  document.head.append(element('style', { id: 'checkout-styles', textContent: styles }));
}

export function sandboxCheckout(request: CheckoutRequest): Promise<CheckoutOutcome> {
  addStyles();
  return new Promise<CheckoutOutcome>((resolve) => {
    const returnTo = document.activeElement as HTMLElement | null;
    const titleId = `checkout-title-${request.orderId}`;
    const descId = `checkout-desc-${request.orderId}`;
    const status = element('p', { className: 'checkout-status' });
    status.setAttribute('role', 'status');
    const pay = element('button', { type: 'button', className: 'btn btn-primary', textContent: 'Pay' });
    const fail = element('button', { type: 'button', className: 'btn btn-secondary', textContent: 'Fail' });
    const close = element('button', { type: 'button', className: 'dialog-close checkout-close', textContent: '×' });
    close.setAttribute('aria-label', 'Close');
    const dialog = element(
      'dialog',
      { className: 'dialog checkout-dialog' },
      element(
        'div',
        { className: 'checkout-body' },
        element('div', { className: 'checkout-head' }, element('h2', { id: titleId, textContent: request.name }), close),
        element('p', { id: descId, className: 'checkout-desc', textContent: request.description }),
        element(
          'p',
          { className: 'checkout-amount' },
          element('span', { className: 'checkout-amount-label', textContent: 'Amount' }),
          element('strong', { textContent: formatPaise(request.amount) }),
        ),
        element('p', { className: 'checkout-note', textContent: 'Test checkout: no real money moves. Choose Pay or Fail.' }),
        status,
        element('div', { className: 'checkout-actions' }, pay, fail),
      ),
    );
    dialog.setAttribute('aria-labelledby', titleId);
    dialog.setAttribute('aria-describedby', descId);
    dialog.dataset['orderId'] = request.orderId;

    let settled = false;
    const finish = (outcome: CheckoutOutcome) => {
      if (settled) return;
      settled = true;
      dialog.close();
      dialog.remove();
      returnTo?.focus?.();
      resolve(outcome);
    };
    const busy = (on: boolean) => {
      pay.disabled = on;
      fail.disabled = on;
      dialog.setAttribute('aria-busy', String(on));
    };
    const attempt = async (outcome: 'success' | 'failure') => {
      busy(true);
      status.textContent = 'Processing...';
      try {
        const answer = await api<SandboxAnswer>('/payment/sandbox/pay', { body: { orderId: request.orderId, outcome } });
        if (answer.success) {
          finish({
            ok: true,
            result: {
              razorpay_order_id: answer.razorpay_order_id,
              razorpay_payment_id: answer.razorpay_payment_id,
              razorpay_signature: answer.razorpay_signature,
            },
          });
        } else {
          request.onFailedAttempt?.(FAILED);
          finish({ ok: false, reason: 'failed', message: FAILED });
        }
      } catch (error) {
        busy(false);
        status.textContent =
          error instanceof ApiError && !error.noResponse ? error.message : 'The payment could not be processed. Try again.';
      }
    };
    pay.addEventListener('click', () => void attempt('success'));
    fail.addEventListener('click', () => void attempt('failure'));
    close.addEventListener('click', () => finish({ ok: false, reason: 'dismissed', message: 'Payment cancelled' }));
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      if (!pay.disabled) finish({ ok: false, reason: 'dismissed', message: 'Payment cancelled' });
    });
    document.body.append(dialog);
    dialog.showModal();
    pay.focus();
  });
}
