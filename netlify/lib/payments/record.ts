/**
 * The one "record a captured payment" step every payable domain goes through, inside the
 * ledger's transaction (./completions.ts): the domain marks its row paid once and says who
 * bought what; then, here, the tax invoice is issued and the receipt email written, so the
 * payment, its invoice and its email commit together or not at all.
 */
import { releaseForOrder, useForOrder } from '../codes/index.ts';
import { type Tx, log } from '../platform/index.ts';
import { issueInvoice, type InvoiceBuyer, type IssuedInvoice } from '../invoices/index.ts';
import { enqueueEmail, type EmailContent } from '../mail/index.ts';
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
 * Marks the domain's row for this gateway order paid, once. Answers what was bought, or null
 * when this payment was already recorded. Throws when the order has no row of this domain.
 */
export type CompletionHandler = (tx: Tx, gatewayOrderId: string, payment: GatewayPayment) => Promise<CapturedPayment | null>;

export async function recordCapturedPayment(
  tx: Tx,
  purpose: Purpose,
  handler: CompletionHandler,
  gatewayOrderId: string,
  payment: GatewayPayment,
): Promise<IssuedInvoice | null> {
  const captured = await handler(tx, gatewayOrderId, payment);
  if (!captured) return null;
  // The order's use of a code counts now (once: a repeat never reaches here); money that goes back gives it back.
  const used = captured.invoice ? await useForOrder(tx, gatewayOrderId) : (await releaseForOrder(gatewayOrderId, tx), null);
  const discount = captured.discount ?? used ?? null;
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
  await enqueueEmail(tx, { to: captured.buyer.email, ...captured.receipt(invoice), tag: captured.tag });
  log.info('payment recorded', { orderId: gatewayOrderId, paymentId: payment.id, purpose, invoice: invoice?.number });
  return invoice;
}
