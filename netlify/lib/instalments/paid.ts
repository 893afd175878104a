/**
 * The fee-plan purpose (README, Adding something payable): what a paid instalment order records,
 * called by the payments core's record step inside the ledger's transaction with the ledger row
 * locked: the part paid once, the enrolment completed with its last part. A second capture for a
 * part already paid is kept as 'duplicate' and refunded by the payments core's one sweep. (A plan
 * code is used at enrolment, so a part's order holds no code use; a refusal from the record step
 * is still honoured: the capture is kept for the same refund.)
 */
import { type Tx, log } from '../platform/index.ts';
import { instalmentDuplicatePaymentEmail, instalmentDuplicateRefundedEmail, instalmentReceiptEmail } from './emails.ts';
import { definePurpose, type CapturedPayment, type CaptureRefusal, type GatewayPayment } from '../payments/handlers.ts';

type PaymentRow = {
  part_id: string;
  amount_paise: string;
  status: 'created' | 'paid' | 'duplicate';
  buyer_state_code: string | null;
  buyer_gstin: string | null;
  buyer_business_name: string | null;
};

type PartRow = {
  id: string;
  enrolment_id: string;
  position: number;
  label: string;
  status: 'due' | 'paid';
  list_paise: string;
  discount_paise: string;
  account_id: string;
  email: string;
  discount_code: string | null;
  plan_name: string;
  parts: number;
  first_name: string | null;
  last_name: string | null;
};

export async function markInstalmentPaid(
  tx: Tx,
  gatewayOrderId: string,
  payment: GatewayPayment,
  refusal: CaptureRefusal | null,
): Promise<CapturedPayment | null> {
  const [order] = await tx<PaymentRow[]>`
    select part_id::text as part_id, amount_paise, status, buyer_state_code, buyer_gstin, buyer_business_name
    from instalment_payments where order_id = ${gatewayOrderId} for update`;
  if (!order) throw new Error(`Instalment order ${gatewayOrderId} is in the ledger but has no instalment_payments row`);
  if (order.status !== 'created') return null;
  const [part] = await tx<PartRow[]>`
    select p.id::text as id, p.enrolment_id::text as enrolment_id, p.position, p.label, p.status, p.list_paise, p.discount_paise,
           e.account_id, e.email, e.discount_code, pl.name as plan_name,
           (select count(*)::int from enrolment_parts x where x.enrolment_id = e.id) as parts,
           a.first_name, a.last_name
    from enrolment_parts p join plan_enrolments e on e.id = p.enrolment_id join instalment_plans pl on pl.id = e.plan_id
    left join accounts a on a.id = e.account_id
    where p.id = ${order.part_id} for update of p`;
  if (!part) throw new Error(`Instalment order ${gatewayOrderId} points to a missing part`);
  const amountPaise = Number(order.amount_paise);
  const facts = { firstName: part.first_name ?? '', planName: part.plan_name, partLabel: part.label, amountPaise, paymentId: payment.id };
  const buyer = {
    name: [part.first_name, part.last_name].filter(Boolean).join(' ') || part.email,
    email: part.email,
    stateCode: order.buyer_state_code,
    gstin: order.buyer_gstin,
    businessName: order.buyer_business_name,
  };
  const description = `${part.plan_name}: part ${part.position} of ${part.parts}`;
  const item = `${part.plan_name}: ${part.label}`;

  if (part.status === 'paid' || refusal) {
    // Another order paid this part first (or the record step refused the capture): kept for the
    // automatic refund (no invoice: the money goes back).
    await tx`update instalment_payments set status = 'duplicate', payment_id = ${payment.id}, paid_at = now(), updated_at = now(),
               refund_reason = ${refusal?.reason ?? null}
             where order_id = ${gatewayOrderId}`;
    log.warn('instalment capture kept for a refund', {
      orderId: gatewayOrderId,
      paymentId: payment.id,
      reason: refusal?.reason ?? 'paid twice',
    });
    return {
      buyer,
      greetingName: facts.firstName,
      item,
      accountId: part.account_id,
      registrationId: null,
      description,
      amountPaise,
      invoice: false,
      receipt: () => instalmentDuplicatePaymentEmail(facts),
      tag: 'instalment-duplicate-payment',
    };
  }

  await tx`update instalment_payments set status = 'paid', payment_id = ${payment.id}, paid_at = now(), updated_at = now()
           where order_id = ${gatewayOrderId}`;
  await tx`update enrolment_parts set status = 'paid', paid_at = now(), payment_id = ${payment.id}, order_id = ${gatewayOrderId}
           where id = ${part.id}`;
  const stillDue = await tx<{ label: string; due_on: string; amount_paise: string }[]>`
    select label, to_char(due_on, 'YYYY-MM-DD') as due_on, amount_paise from enrolment_parts
    where enrolment_id = ${part.enrolment_id} and status = 'due' order by position`;
  if (stillDue.length === 0)
    await tx`update plan_enrolments set status = 'completed', completed_at = now() where id = ${part.enrolment_id} and status = 'active'`;
  const discountPaise = Number(part.discount_paise);
  const discount = part.discount_code && discountPaise > 0 ? { code: part.discount_code, discountPaise } : null;
  return {
    buyer,
    greetingName: facts.firstName,
    item,
    accountId: part.account_id,
    registrationId: null,
    description,
    amountPaise,
    invoice: true,
    ...(discount ? { discount: { code: discount.code, listPaise: Number(part.list_paise), discountPaise } } : {}),
    receipt: (invoice) =>
      instalmentReceiptEmail({
        ...facts,
        discount,
        invoice,
        // Parts a code made free are completed right after: not "due".
        stillDue: stillDue
          .filter((p) => Number(p.amount_paise) > 0)
          .map((p) => ({ label: p.label, dueOn: p.due_on, amountPaise: Number(p.amount_paise) })),
      }),
    tag: 'instalment-receipt',
  };
}

export const instalmentPurpose = definePurpose({
  id: 'instalment',
  handler: markInstalmentPaid,
  wording: {
    refunded: (item) => `your payment for ${item}`,
    paidFor: (item) => `your payment for ${item}`,
    paid: (item) => `for ${item}`,
    paidTwice: {
      refusal: 'This second payment for a part the learner had already paid is refunded in full automatically',
      reason: 'duplicate instalment payment',
      // The email names the part and its plan apart: read from the payment's own row.
      refundedEmail: async (tx, refund) => {
        const [part] = await tx<{ plan_name: string; label: string }[]>`
          select pl.name as plan_name, p.label from instalment_payments ip join enrolment_parts p on p.id = ip.part_id
          join plan_enrolments e on e.id = p.enrolment_id join instalment_plans pl on pl.id = e.plan_id
          where ip.order_id = ${refund.orderId}`;
        return instalmentDuplicateRefundedEmail({ ...refund, planName: part!.plan_name, partLabel: part!.label });
      },
    },
  },
});
