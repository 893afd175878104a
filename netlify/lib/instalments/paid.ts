/**
 * What a paid instalment order records (the payments core's record step calls it inside the
 * ledger's transaction, with the ledger row locked): the part paid once, the enrolment completed
 * with its last part; and the refund of a second capture for a part already paid. (A plan code is
 * used at enrolment, so a part's order holds no code use; a refusal from the record step is still
 * honoured: the capture is kept for the same refund.)
 */
import { db, type Tx, currentRequest, log } from '../platform/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { instalmentDuplicatePaymentEmail, instalmentDuplicateRefundedEmail, instalmentReceiptEmail } from './emails.ts';
import {
  codeNotHeldEmail,
  codeRefundedEmail,
  refundClaimedDuplicates,
  type CapturedPayment,
  type CaptureRefusal,
  type GatewayPayment,
} from '../payments/handlers.ts';

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

  if (part.status === 'paid' || refusal) {
    // Another order paid this part first (or the record step refused the capture): kept for the
    // automatic refund (no invoice: the money goes back).
    const free = amountPaise === 0;
    await tx`update instalment_payments set status = 'duplicate', payment_id = ${payment.id}, paid_at = now(), updated_at = now(),
               refund_id = ${free ? 'none' : null}, refunded_at = ${free ? new Date() : null}, refund_reason = ${refusal?.reason ?? null}
             where order_id = ${gatewayOrderId}`;
    log.warn('instalment capture kept for a refund', {
      orderId: gatewayOrderId,
      paymentId: payment.id,
      reason: refusal?.reason ?? 'paid twice',
    });
    if (!free) currentRequest()?.after(async () => void (await refundDuplicateInstalmentPayments()));
    const item = `${part.plan_name}: ${part.label}`;
    return {
      buyer,
      accountId: part.account_id,
      registrationId: null,
      description,
      amountPaise,
      invoice: false,
      receipt: () =>
        refusal
          ? codeNotHeldEmail({ name: facts.firstName, item, kind: 'instalment', code: refusal.code, amountPaise, paymentId: payment.id })
          : instalmentDuplicatePaymentEmail(facts),
      tag: refusal ? 'code-not-held' : 'instalment-duplicate-payment',
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

type DuplicateRow = {
  order_id: string;
  email: string;
  amount_paise: string;
  payment_id: string;
  plan_name: string;
  label: string;
  refund_reason: 'code-not-held' | null;
  discount_code: string | null;
  first_name: string | null;
};
const claimOf = (orderId: string) => `claim:${orderId}`;

/**
 * Refunds, through the gateway, every second capture for a part already paid (or a capture the
 * record step refused), records the refund id and emails the learner why. A row is claimed first so two runs never ask twice; a claim left by
 * a run that died is taken over after 10 minutes (the gateway refuses to refund one payment twice).
 */
export async function refundDuplicateInstalmentPayments(limit = 20): Promise<number> {
  const due = await db()<DuplicateRow[]>`
    update instalment_payments ip set refund_id = 'claim:' || ip.order_id, updated_at = now()
    from enrolment_parts p join plan_enrolments e on e.id = p.enrolment_id join instalment_plans pl on pl.id = e.plan_id
    where p.id = ip.part_id and ip.order_id in (
      select order_id from instalment_payments
      where status = 'duplicate' and amount_paise > 0
        and (refund_id is null or (refund_id like 'claim:%' and updated_at < now() - interval '10 minutes'))
      order by paid_at limit ${limit} for update skip locked)
    returning ip.order_id, e.email, ip.amount_paise, ip.payment_id, pl.name as plan_name, p.label, ip.refund_reason, e.discount_code,
              (select first_name from accounts where id = e.account_id) as first_name`;
  return refundClaimedDuplicates(due, {
    ask: (row) => ({
      orderId: row.order_id,
      paymentId: row.payment_id,
      amountPaise: Number(row.amount_paise),
      receipt: `instalment_refund_${row.order_id}`,
      reason: row.refund_reason === 'code-not-held' ? 'code use no longer held' : 'duplicate instalment payment',
    }),
    record: async (tx, row, refundId) => {
      await tx`update instalment_payments set refund_id = ${refundId}, refunded_at = now(), updated_at = now()
               where order_id = ${row.order_id} and refund_id = ${claimOf(row.order_id)}`;
      const amountPaise = Number(row.amount_paise);
      await enqueueEmail(tx, {
        to: row.email,
        ...(row.refund_reason === 'code-not-held'
          ? codeRefundedEmail({
              name: row.first_name ?? '',
              item: `${row.plan_name}: ${row.label}`,
              kind: 'instalment',
              code: row.discount_code ?? '',
              amountPaise,
              paymentId: row.payment_id,
              refundId,
            })
          : instalmentDuplicateRefundedEmail({
              planName: row.plan_name,
              partLabel: row.label,
              amountPaise,
              paymentId: row.payment_id,
              refundId,
            })),
        tag: row.refund_reason === 'code-not-held' ? 'code-refund' : 'instalment-refund',
      });
    },
    release: async (row) =>
      void (await db()`update instalment_payments set refund_id = null where order_id = ${row.order_id} and refund_id = ${claimOf(row.order_id)}`),
  });
}
