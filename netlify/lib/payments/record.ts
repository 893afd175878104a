/**
 * The one "record a captured payment" step every payable domain goes through, inside the
 * ledger's transaction (./completions.ts): the domain marks its row paid once and says who
 * bought what; then, here, the tax invoice is issued and the receipt email written, so the
 * payment, its invoice and its email commit together or not at all.
 *
 * A code: the order's use counts only if it is still held, or can be taken again within the
 * code's limit (`holdForOrder`, code row locked). If not, the domain keeps the capture for the
 * automatic refund (as a second capture) instead of granting the item; a free order is refused.
 *
 * The ledger row then keeps what every purpose shares: how the capture ended ('granted', or
 * 'duplicate' for the one automatic-refund sweep, with the refusal's reason), who paid and for what.
 */
import { holdForOrder, releaseForOrder, useForOrder } from '../codes/index.ts';
import { type Tx, HttpError, log, siteUrl } from '../platform/index.ts';
import { issueInvoice, type IssuedInvoice } from '../invoices/index.ts';
import { notify } from '../messaging/index.ts';
import { formatPaise } from '../../../src/shared/money.ts';
import type { GatewayPayment } from './gateway/types.ts';
import type { CapturedPayment, CaptureRefusal, CompletionHandler, Purpose, PurposeDefinition } from './purpose.ts';
import { codeNotHeldEmail } from './refunds/emails.ts';

export type { CapturedPayment, CaptureRefusal, CompletionHandler, Purpose };

export async function recordCapturedPayment(
  tx: Tx,
  purpose: PurposeDefinition,
  gatewayOrderId: string,
  payment: GatewayPayment,
): Promise<{ invoice: IssuedInvoice | null; keptForRefund: boolean } | null> {
  // The code row stays locked until this transaction ends: the answer cannot change meanwhile.
  const use = await holdForOrder(tx, gatewayOrderId);
  if (use && !use.held && payment.amountPaise === 0) throw new HttpError(400, [`code: ${use.why}`]);
  const refusal: CaptureRefusal | null = use && !use.held ? { reason: 'code-not-held', code: use.code } : null;
  if (refusal) log.warn('capture refused: its code use is no longer held', { orderId: gatewayOrderId, paymentId: payment.id });
  const captured = await purpose.handler(tx, gatewayOrderId, payment, refusal);
  if (!captured) return null;
  if (refusal && captured.invoice)
    throw new Error(`The ${purpose.id} handler granted order ${gatewayOrderId} although its code use was lost`);
  await keepInLedger(tx, gatewayOrderId, captured, refusal);
  // The order's use of a code counts now (once: a repeat never reaches here); money that goes back gives it back.
  if (use?.held && captured.invoice) await useForOrder(tx, gatewayOrderId);
  else if (use) await releaseForOrder(gatewayOrderId, tx);
  const discount = captured.discount ?? (use?.held ? { code: use.code, listPaise: use.listPaise, discountPaise: use.discountPaise } : null);
  const invoice = captured.invoice
    ? await issueInvoice(tx, {
        purpose: purpose.id,
        orderId: gatewayOrderId,
        paymentId: payment.id,
        accountId: captured.accountId,
        registrationId: captured.registrationId,
        description: captured.description,
        totalPaise: captured.amountPaise,
        buyer: captured.buyer,
        discount,
      })
    : null;
  // The receipt: always the email, and by WhatsApp too (with the invoice link) to a buyer with a proven number.
  const receipt = refusal
    ? {
        ...codeNotHeldEmail({
          name: captured.greetingName,
          item: captured.item,
          wording: purpose.wording,
          code: refusal.code,
          amountPaise: captured.amountPaise,
          paymentId: payment.id,
        }),
        tag: 'code-not-held',
      }
    : { ...captured.receipt(invoice), tag: captured.tag };
  await notify(tx, {
    email: { to: captured.buyer.email, ...receipt },
    template: 'payment_received',
    variables: [captured.buyer.name || 'there', formatPaise(captured.amountPaise), invoice?.pdfUrl ?? siteUrl('/user/purchases')],
  });
  log.info('payment recorded', { orderId: gatewayOrderId, paymentId: payment.id, purpose: purpose.id, invoice: invoice?.number });
  return { invoice, keptForRefund: !captured.invoice };
}

/** The ledger's part of the capture: its outcome and who paid for what (kept after the purpose's row changes). */
async function keepInLedger(tx: Tx, orderId: string, captured: CapturedPayment, refusal: CaptureRefusal | null): Promise<void> {
  await tx`update payment_orders set capture_outcome = ${captured.invoice ? 'granted' : 'duplicate'},
             refund_reason = ${refusal?.reason ?? null}, refused_code = ${refusal?.code ?? null},
             buyer_email = ${captured.buyer.email}, buyer_name = ${captured.buyer.name}, greeting_name = ${captured.greetingName},
             item = ${captured.item}
           where id = ${orderId}`;
}
