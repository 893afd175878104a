/**
 * The one "record a captured payment" step every payable domain goes through, inside the
 * ledger's transaction (./completions.ts): the domain marks its row paid once and says who
 * bought what; then, here, the tax invoice is issued and the receipt email written, so the
 * payment, its invoice and its email commit together or not at all.
 *
 * A code: the order's use counts only if it is still held, or can be taken again within the
 * code's limit (`holdForOrder`, code row locked). If not, the domain keeps the capture for the
 * automatic refund (as a second capture) instead of granting the item; a free order is refused.
 */
import { holdForOrder, releaseForOrder, useForOrder } from '../codes/index.ts';
import { type Tx, HttpError, log, siteUrl } from '../platform/index.ts';
import { issueInvoice, type InvoiceBuyer, type IssuedInvoice } from '../invoices/index.ts';
import type { EmailContent } from '../mail/index.ts';
import { notify } from '../messaging/index.ts';
import { formatPaise } from '../../../src/shared/money.ts';
import type { GatewayPayment } from './gateway/types.ts';

/** What can be paid for; payment_orders.purpose holds one of these. */
export type Purpose = 'registration' | 'course' | 'instalment';

/** What a domain answers once it has marked its row paid. */
export type CapturedPayment = {
  buyer: InvoiceBuyer;
  accountId: string | null;
  registrationId: string | null;
  /** The line on the invoice, e.g. "Course: Data Analytics". */
  description: string;
  amountPaise: number;
  /** false for money that is not a supply and goes back (a second payment for a course already owned). */
  invoice: boolean;
  /** A code's discount on this payment; without it the record step takes the order's code use, if any. */
  discount?: { code: string; listPaise: number; discountPaise: number };
  /** The receipt email, given the invoice just issued (null when none is; its `discount` is the one applied). */
  receipt(invoice: IssuedInvoice | null): EmailContent;
  tag: string;
};

/**
 * Why the record step refuses to grant what a capture paid for: the money goes back
 * automatically. 'code-not-held': the order's code use was no longer held and the code had no
 * room left (or the mailbox had used it), so the discounted price no longer stands.
 */
export type CaptureRefusal = { reason: 'code-not-held'; code: string };

/**
 * Marks the domain's row for this gateway order paid, once. Answers what was bought, or null
 * when this payment was already recorded. Throws when the order has no row of this domain.
 * With a `refusal`, the row is NOT marked paid: it is kept for the automatic refund (the domain's
 * duplicate-capture sweep, with the refusal's reason) and the answer has `invoice: false`.
 */
export type CompletionHandler = (
  tx: Tx,
  gatewayOrderId: string,
  payment: GatewayPayment,
  refusal: CaptureRefusal | null,
) => Promise<CapturedPayment | null>;

export async function recordCapturedPayment(
  tx: Tx,
  purpose: Purpose,
  handler: CompletionHandler,
  gatewayOrderId: string,
  payment: GatewayPayment,
): Promise<IssuedInvoice | null> {
  // The code row stays locked until this transaction ends: the answer cannot change meanwhile.
  const use = await holdForOrder(tx, gatewayOrderId);
  if (use && !use.held && payment.amountPaise === 0) throw new HttpError(400, [`code: ${use.why}`]);
  const refusal: CaptureRefusal | null = use && !use.held ? { reason: 'code-not-held', code: use.code } : null;
  if (refusal) log.warn('capture refused: its code use is no longer held', { orderId: gatewayOrderId, paymentId: payment.id });
  const captured = await handler(tx, gatewayOrderId, payment, refusal);
  if (!captured) return null;
  if (refusal && captured.invoice) throw new Error(`The ${purpose} handler granted order ${gatewayOrderId} although its code use was lost`);
  // The order's use of a code counts now (once: a repeat never reaches here); money that goes back gives it back.
  if (use?.held && captured.invoice) await useForOrder(tx, gatewayOrderId);
  else if (use) await releaseForOrder(gatewayOrderId, tx);
  const discount = captured.discount ?? (use?.held ? { code: use.code, listPaise: use.listPaise, discountPaise: use.discountPaise } : null);
  const invoice = captured.invoice
    ? await issueInvoice(tx, {
        purpose,
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
  await notify(tx, {
    email: { to: captured.buyer.email, ...captured.receipt(invoice), tag: captured.tag },
    template: 'payment_received',
    variables: [captured.buyer.name || 'there', formatPaise(captured.amountPaise), invoice?.pdfUrl ?? siteUrl('/user/purchases')],
  });
  log.info('payment recorded', { orderId: gatewayOrderId, paymentId: payment.id, purpose, invoice: invoice?.number });
  return invoice;
}
