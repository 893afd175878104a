/**
 * What a paid registration fee records (called by the payments core's record step, inside the
 * ledger's transaction): the fee row and the registration become paid, once.
 */
import type { Tx } from '../platform/index.ts';
import { registrationReceiptEmail } from './emails.ts';
import type { GatewayPayment, CapturedPayment } from '../payments/handlers.ts';

type PaidRow = {
  registration_id: string;
  amount_paise: string;
  program_name: string;
  buyer_state_code: string | null;
  buyer_gstin: string | null;
  buyer_business_name: string | null;
};

export async function markRegistrationPaid(tx: Tx, gatewayOrderId: string, payment: GatewayPayment): Promise<CapturedPayment | null> {
  const [paid] = await tx<PaidRow[]>`
    update registration_payments set status = 'paid', payment_id = ${payment.id}, paid_at = now()
    where order_id = ${gatewayOrderId} and status = 'created'
    returning registration_id, amount_paise, program_name, buyer_state_code, buyer_gstin, buyer_business_name`;
  if (!paid) {
    const [exists] = await tx`select 1 from registration_payments where order_id = ${gatewayOrderId}`;
    if (!exists) throw new Error(`Registration order ${gatewayOrderId} is in the ledger but has no registration_payments row`);
    return null;
  }
  const [registration] = await tx<{ name: string; email: string }[]>`
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
    accountId: null,
    registrationId: paid.registration_id,
    description: `Registration fee: ${paid.program_name}`,
    amountPaise,
    invoice: true,
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
