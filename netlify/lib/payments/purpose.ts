/**
 * A payable purpose, registered once (README, Adding something payable): its id (a money-view
 * kind, labelled in src/shared/money-view.ts), what happens when its payment is captured (its
 * paid.ts handler) and its words in the emails and answers the payments core writes for it. The
 * list is PURPOSES in ./completions.ts, typed so that a kind without a definition, or a definition
 * without a handler or its wording, does not compile.
 */
import type { PaymentPurpose } from '../../../src/shared/money-view.ts';
import type { InvoiceBuyer, IssuedInvoice } from '../invoices/index.ts';
import type { EmailBlock, EmailContent } from '../mail/index.ts';
import type { Tx } from '../platform/index.ts';
import type { GatewayPayment } from './gateway/types.ts';

/** What can be paid for; payment_orders.purpose holds one of these. */
export type Purpose = PaymentPurpose;

/** What a purpose's handler answers once it has marked its row paid (or kept it for the automatic refund). */
export type CapturedPayment = {
  buyer: InvoiceBuyer;
  /** The name the emails greet ('' for none): kept in the ledger with the buyer. */
  greetingName: string;
  /** What was bought, as the refund emails and the money view name it: "Data Analytics", "Admit France: Part 2". */
  item: string;
  accountId: string | null;
  registrationId: string | null;
  /** The line on the invoice, e.g. "Course: Data Analytics". */
  description: string;
  amountPaise: number;
  /**
   * false when the capture buys nothing and is refunded automatically (a second capture for a
   * course already owned or a part already paid, or a refusal): no invoice, and the ledger keeps it
   * as 'duplicate' for the one sweep (./refunds/duplicates.ts).
   */
  invoice: boolean;
  /** A code's discount on this payment; without it the record step takes the order's code use, if any. */
  discount?: { code: string; listPaise: number; discountPaise: number };
  /** The receipt email, given the invoice just issued (null when none is). Not used for a refusal: the record step writes that one. */
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
 * Marks the purpose's row for this gateway order paid, once. Answers what was bought, or null
 * when this payment was already recorded. Throws when the order has no row of this purpose.
 * With a `refusal`, the row is NOT marked paid: it is kept (not granted) for the automatic refund
 * and the answer has `invoice: false`.
 */
export type CompletionHandler = (
  tx: Tx,
  gatewayOrderId: string,
  payment: GatewayPayment,
  refusal: CaptureRefusal | null,
) => Promise<CapturedPayment | null>;

/** A second capture refunded automatically, as the refund email needs it (from the ledger). */
export type DuplicateRefunded = { orderId: string; item: string; amountPaise: number; paymentId: string; refundId: string };

export type PurposeWording = {
  /** What a refund gave back, in its email: "your purchase of Data Analytics". */
  refunded: (item: string) => string;
  /** What a capture refused for its code paid for: "your registration fee for Admit France". */
  paidFor: (item: string) => string;
  /** The same, after "You paid": "for Data Analytics", "the registration fee for Admit France". */
  paid: (item: string) => string;
  /** Added to the refund email when nothing of the payment is left. */
  afterFullRefund?: (item: string) => EmailBlock[];
  /** For a purpose that can be paid twice (the second capture is refunded automatically). */
  paidTwice?: {
    /** Why an owner may not refund it by hand. */
    refusal: string;
    /** The note on the gateway's refund: "duplicate course purchase". */
    reason: string;
    /** The email once the gateway took the refund. */
    refundedEmail: (tx: Tx, refund: DuplicateRefunded) => Promise<EmailContent>;
  };
};

export type PurposeDefinition<Id extends Purpose = Purpose> = {
  id: Id;
  /** Its paid.ts handler: marks its own row paid once and says who bought what. */
  handler: CompletionHandler;
  wording: PurposeWording;
  /** What else ends with a refund in full (a course leaves the learner's purchases), in its transaction. */
  refundedInFull?: (tx: Tx, orderId: string) => Promise<void>;
};

export function definePurpose<Id extends Purpose>(definition: PurposeDefinition<Id>): PurposeDefinition<Id> {
  return definition;
}
