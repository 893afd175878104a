/**
 * What a paid registration fee records (called by the payments core's record step, inside the
 * ledger's transaction): the fee row and the registration become paid, once; and the refund of a
 * fee whose code use was no longer held (the record step's refusal), which pays for nothing.
 */
import { db, type Tx, currentRequest } from '../platform/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { registrationReceiptEmail } from './emails.ts';
import {
  codeNotHeldEmail,
  codeRefundedEmail,
  refundClaimedDuplicates,
  type CapturedPayment,
  type CaptureRefusal,
  type GatewayPayment,
} from '../payments/handlers.ts';

type PaidRow = {
  registration_id: string;
  amount_paise: string;
  program_name: string;
  discount_code: string | null;
  buyer_state_code: string | null;
  buyer_gstin: string | null;
  buyer_business_name: string | null;
};

export async function markRegistrationPaid(
  tx: Tx,
  gatewayOrderId: string,
  payment: GatewayPayment,
  refusal: CaptureRefusal | null,
): Promise<CapturedPayment | null> {
  // Refused: kept as 'duplicate' for the automatic refund; the registration stays unpaid.
  const [paid] = await tx<PaidRow[]>`
    update registration_payments set status = ${refusal ? 'duplicate' : 'paid'}, payment_id = ${payment.id}, paid_at = now(),
                                     refund_reason = ${refusal?.reason ?? null}
    where order_id = ${gatewayOrderId} and status = 'created'
    returning registration_id, amount_paise, program_name, discount_code, buyer_state_code, buyer_gstin, buyer_business_name`;
  if (!paid) {
    const [exists] = await tx`select 1 from registration_payments where order_id = ${gatewayOrderId}`;
    if (!exists) throw new Error(`Registration order ${gatewayOrderId} is in the ledger but has no registration_payments row`);
    return null;
  }
  const [registration] = refusal
    ? await tx<{ name: string; email: string }[]>`select name, email from registrations where id = ${paid.registration_id}`
    : await tx<{ name: string; email: string }[]>`
        update registrations set status = 'paid', updated_at = now() where id = ${paid.registration_id} returning name, email`;
  const amountPaise = Number(paid.amount_paise);
  const paidAt = new Date();
  if (refusal) currentRequest()?.after(async () => void (await refundDuplicateRegistrationPayments()));
  return {
    buyer: {
      name: registration!.name,
      email: registration!.email,
      stateCode: paid.buyer_state_code,
      gstin: paid.buyer_gstin,
      businessName: paid.buyer_business_name,
    },
    accountId: null,
    registrationId: paid.registration_id,
    description: `Registration fee: ${paid.program_name}`,
    amountPaise,
    invoice: !refusal,
    receipt: (invoice) =>
      refusal
        ? codeNotHeldEmail({
            name: registration!.name,
            item: paid.program_name,
            kind: 'registration',
            code: refusal.code,
            amountPaise,
            paymentId: payment.id,
          })
        : registrationReceiptEmail({
            name: registration!.name,
            programName: paid.program_name,
            amountPaise,
            paymentId: payment.id,
            paidAt,
            invoice,
          }),
    tag: refusal ? 'code-not-held' : 'registration-receipt',
  };
}

type DuplicateRow = {
  id: string;
  order_id: string;
  email: string;
  name: string;
  amount_paise: string;
  payment_id: string;
  program_name: string;
  discount_code: string | null;
};
const claimOf = (id: string) => `claim:${id}`;

/**
 * Refunds, through the gateway, every fee captured although its code use was no longer held,
 * records the refund id and emails the payer why. Claimed first, like the course and plan sweeps
 * (a claim left by a run that died is taken over after 10 minutes).
 */
export async function refundDuplicateRegistrationPayments(limit = 20): Promise<number> {
  const due = await db()<DuplicateRow[]>`
    update registration_payments p set refund_id = 'claim:' || p.id, refund_claimed_at = now()
    from registrations r
    where r.id = p.registration_id and p.id in (
      select id from registration_payments
      where status = 'duplicate' and amount_paise > 0
        and (refund_id is null or (refund_id like 'claim:%' and refund_claimed_at < now() - interval '10 minutes'))
      order by paid_at limit ${limit} for update skip locked)
    returning p.id::text as id, p.order_id, r.email, r.name, p.amount_paise, p.payment_id, p.program_name, p.discount_code`;
  return refundClaimedDuplicates(due, {
    ask: (row) => ({
      orderId: row.order_id,
      paymentId: row.payment_id,
      amountPaise: Number(row.amount_paise),
      receipt: `registration_refund_${row.id}`,
      reason: 'code use no longer held',
    }),
    record: async (tx, row, refundId) => {
      await tx`update registration_payments set refund_id = ${refundId}, refunded_at = now()
               where id = ${row.id} and refund_id = ${claimOf(row.id)}`;
      await enqueueEmail(tx, {
        to: row.email,
        ...codeRefundedEmail({
          name: row.name,
          item: row.program_name,
          kind: 'registration',
          code: row.discount_code ?? '',
          amountPaise: Number(row.amount_paise),
          paymentId: row.payment_id,
          refundId,
        }),
        tag: 'code-refund',
      });
    },
    release: async (row) =>
      void (await db()`update registration_payments set refund_id = null where id = ${row.id} and refund_id = ${claimOf(row.id)}`),
  });
}
