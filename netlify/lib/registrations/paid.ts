/**
 * The registration-fee purpose (README, Adding something payable): what a paid fee records,
 * called by the payments core's record step inside the ledger's transaction: the fee row and the
 * registration become paid, once. A fee whose code use was no longer held (the record step's
 * refusal) pays for nothing: kept as 'duplicate', refunded by the payments core's one sweep.
 */
import type { Tx } from '../platform/index.ts';
import { registrationReceiptEmail } from './emails.ts';
import { definePurpose, type CapturedPayment, type CaptureRefusal, type GatewayPayment } from '../payments/handlers.ts';

type PaidRow = {
  registration_id: string;
  amount_paise: string;
  program_name: string;
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
    returning registration_id, amount_paise, program_name, buyer_state_code, buyer_gstin, buyer_business_name`;
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
  return {
    buyer: {
      name: registration!.name,
      email: registration!.email,
      stateCode: paid.buyer_state_code,
      gstin: paid.buyer_gstin,
      businessName: paid.buyer_business_name,
    },
    greetingName: registration!.name,
    item: paid.program_name,
    accountId: null,
    registrationId: paid.registration_id,
    description: `Registration fee: ${paid.program_name}`,
    amountPaise,
    invoice: !refusal,
    receipt: (invoice) =>
      registrationReceiptEmail({
        name: registration!.name,
        programName: paid.program_name,
        amountPaise,
        paymentId: payment.id,
        paidAt,
        invoice,
      }),
    tag: 'registration-receipt',
  };
}

/** A registration is paid once (a second fee order is never opened for it), so nothing is refunded as paid twice. */
export const registrationPurpose = definePurpose({
  id: 'registration',
  handler: markRegistrationPaid,
  wording: {
    refunded: (programme) => `your registration fee for ${programme}`,
    paidFor: (programme) => `your registration fee for ${programme}`,
    paid: (programme) => `the registration fee for ${programme}`,
  },
});
