/**
 * The one "record a captured payment" step every payable domain goes through, inside the
 * ledger's transaction (./completions.ts): the domain marks its row paid once and says who
 * bought what; then, here, the tax invoice is issued and the receipt email written, so the
 * payment, its invoice and its email commit together or not at all.
 */
import type { Tx } from '../db.ts';
import { issueInvoice, type InvoiceBuyer, type IssuedInvoice } from '../invoices/index.ts';
import { log } from '../log.ts';
import { enqueueEmail } from '../mail/index.ts';
import type { EmailContent } from '../mail/templates/layout.ts';
import type { GatewayPayment } from './port.ts';

/** What can be paid for; payment_orders.purpose holds one of these. */
export type Purpose = 'registration' | 'course';

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
  /** The receipt email, given the invoice just issued (null when none is). */
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
      })
    : null;
  await enqueueEmail(tx, { to: captured.buyer.email, ...captured.receipt(invoice), tag: captured.tag });
  log.info('payment recorded', { orderId: gatewayOrderId, paymentId: payment.id, purpose, invoice: invoice?.number });
  return invoice;
}
