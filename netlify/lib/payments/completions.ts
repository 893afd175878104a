/**
 * The completions registry: the ONE place where a gateway order becomes paid.
 *
 * The browser's verify call (`confirmCheckout`), the webhook and the scheduled re-check all end
 * in `completeOrder`, which locks our ledger row (`payment_orders ... for update`), moves it to
 * paid once (unique payment id), then asks each registered domain whether it owns the order.
 * The owner records its fact (and its receipt email) in the SAME transaction, so the payment,
 * the domain record and the email commit together, exactly once, however many callers race.
 *
 * Adding a payable domain: in its service module call
 *   registerCompletion('course', async (gatewayOrderId, payment, tx) => { ...; return owned; });
 * and add one `import` line to `./domains.ts`.
 */
import { db, type Tx } from '../db.ts';
import { log } from '../log.ts';
import type { GatewayPayment } from './port.ts';

/** Returns true when this domain owns the order (and has recorded it as paid inside `tx`). */
export type CompletionHandler = (gatewayOrderId: string, payment: GatewayPayment, tx: Tx) => Promise<boolean>;

const handlers = new Map<string, CompletionHandler>();

export function registerCompletion(domain: string, handler: CompletionHandler): void {
  handlers.set(domain, handler);
}

/** Work a domain needs from every scheduled run (e.g. refunding a duplicate capture). */
export type Sweep = () => Promise<void>;
const sweeps = new Map<string, Sweep>();

export function registerSweep(domain: string, sweep: Sweep): void {
  sweeps.set(domain, sweep);
}

/** Runs every domain's sweep; one failing does not stop the others. */
export async function runSweeps(): Promise<void> {
  await loadDomains();
  for (const [domain, sweep] of sweeps) {
    await sweep().catch((error: unknown) => log.warn('payment sweep failed', { domain, error }));
  }
}

let domainsLoaded: Promise<unknown> | undefined;
/** Every domain registers itself when its module loads; make sure all of them have. */
function loadDomains(): Promise<unknown> {
  domainsLoaded ??= import('./domains.ts');
  return domainsLoaded;
}

export type CompletedBy = 'checkout' | 'webhook' | 'recheck';

/**
 * - paid: this call recorded the payment;
 * - already: the order was already paid by this same payment (a repeat: nothing new);
 * - other-payment: the order was already paid by ANOTHER payment (a double charge to refund);
 * - mismatch: the payment is not a captured payment of this order for its amount in INR;
 * - unknown-order: we never opened this order.
 */
export type CompletionOutcome = 'paid' | 'already' | 'other-payment' | 'mismatch' | 'unknown-order';

type LedgerRow = { id: string; amount_paise: string; currency: string; status: 'created' | 'failed' | 'paid'; payment_id: string | null };

export async function completeOrder(gatewayOrderId: string, payment: GatewayPayment, by: CompletedBy, tx?: Tx): Promise<CompletionOutcome> {
  await loadDomains();
  const work = async (t: Tx): Promise<CompletionOutcome> => {
    const [order] = await t<LedgerRow[]>`
      select id, amount_paise, currency, status, payment_id from payment_orders where id = ${gatewayOrderId} for update`;
    if (!order) return 'unknown-order';
    if (order.status === 'paid') {
      if (order.payment_id === payment.id) return 'already';
      log.error('order paid twice: refund the second payment', {
        orderId: order.id,
        paymentId: payment.id,
        firstPaymentId: order.payment_id,
      });
      return 'other-payment';
    }
    if (
      payment.status !== 'captured' ||
      payment.orderId !== order.id ||
      payment.amountPaise !== Number(order.amount_paise) ||
      payment.currency !== order.currency
    ) {
      log.warn('payment does not match its order', { orderId: order.id, paymentId: payment.id, status: payment.status, by });
      return 'mismatch';
    }
    await t`update payment_orders set status = 'paid', payment_id = ${payment.id}, paid_at = now(), completed_by = ${by} where id = ${order.id}`;
    let owner: string | undefined;
    for (const [domain, handler] of handlers) {
      if (await handler(order.id, payment, t)) {
        owner = domain;
        break;
      }
    }
    if (!owner) log.error('paid order has no owner', { orderId: order.id, paymentId: payment.id });
    log.info('payment recorded', { orderId: order.id, paymentId: payment.id, domain: owner, by });
    return 'paid';
  };
  return tx ? work(tx) : db().begin(work);
}

/** A failed attempt (webhook payment.failed, sandbox "Fail"): created -> failed, never backwards. */
export async function recordFailedAttempt(gatewayOrderId: string, tx?: Tx): Promise<void> {
  const run = tx ?? db();
  await run`update payment_orders set status = 'failed' where id = ${gatewayOrderId} and status = 'created'`;
}
