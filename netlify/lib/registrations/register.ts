/**
 * Registrations (docs/product.md, States): a verified email registers (unpaid), opens a fee order whose
 * amount the server sets (with the buyer's state and optional GSTIN for the tax invoice), and pays
 * it. The payment is recorded by the payments core (payments/completions.ts, purpose
 * 'registration' -> registration-payments.ts), so the browser, the webhook and the re-check all end
 * in the same place: one paid registration_payments row, one invoice and one receipt email.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { CheckoutResult } from '../../../src/shared/checkout.ts';
import { CODE_NOT_HELD_REFUNDED } from '../../../src/shared/codes.ts';
import { formatPaise, paiseToRupees, rupeesToPaise } from '../../../src/shared/money.ts';
import {
  programmeLabel,
  presetFee,
  type createOrderSchema,
  type FeeOptionId,
  type PaidRegistrationDto,
  type registerUnpaidSchema,
  type RegistrationDto,
} from '../../../src/shared/registration.ts';
import type {
  CreateOrderAnswer,
  RegisterPaidAnswer,
  RegisterUnpaidAnswer,
  RegistrationStatusAnswer,
} from '../../../src/shared/registration-answers.ts';
import { guardianOf } from '../../../src/shared/minors-schema.ts';
import { recordConsent, db, type Tx, env, HttpError, log, rateLimit } from '../platform/index.ts';
import { optInWhatsApp } from '../messaging/index.ts';
import { normalisePhone } from '../../../src/shared/leads.ts';
import { documentPath, supplier, amountToCharge } from '../invoices/index.ts';
import { consumeVerificationToken } from './otp.ts';
import { attachRedemption, pricing, releaseRedemption, reserveCode } from '../codes/index.ts';
import { completeFreeOrder, confirmCheckout, openOrder, requirePayments } from '../payments/index.ts';
import { recordLeadTouches } from '../leads/index.ts';
import { parentConsentStatus, requestParentConsent, requireParentConsent } from '../guardians/index.ts';

type RegistrationRow = { id: string; name: string; email: string; phone: string; status: 'unpaid' | 'paid' };

function accessHash(token: string): string {
  return createHash('sha256').update(`registration:${token}`).digest('hex');
}

function toDto(row: RegistrationRow): RegistrationDto {
  return { _id: row.id, name: row.name, email: row.email, phone: row.phone, status: row.status };
}

/**
 * POST /user/register-unpaid. Uses up the verification token of THIS email, then creates the
 * registration (or updates the one this email already has) and hands back a new access token:
 * the browser's proof that it may open orders and record payments for this registration.
 */
export async function registerUnpaid(input: z.output<typeof registerUnpaidSchema>): Promise<RegisterUnpaidAnswer> {
  const registrationToken = randomBytes(32).toString('base64url');
  // A child (DPDP Act s.9): the parent is asked first; no campaign trail is kept for them.
  const parent = guardianOf(input);
  const row: RegistrationRow = await db().begin(async (tx): Promise<RegistrationRow> => {
    await consumeVerificationToken(tx, input.verificationToken, input.email);
    const [saved] = await tx<RegistrationRow[]>`
      insert into registrations (email, name, phone, father_name, qualification, highschool_percent, university_percent,
                                 sop, experience, motivation, access_token_hash, date_of_birth)
      values (${input.email}, ${input.name}, ${input.phone}, ${input.fatherName}, ${input.qualification}, ${input.highschool ?? null},
              ${input.university ?? null}, ${input.sop}, ${input.experience}, ${input.motivation}, ${accessHash(registrationToken)},
              ${input.dateOfBirth})
      on conflict (email) do update set
        name = excluded.name, phone = excluded.phone, father_name = excluded.father_name,
        qualification = excluded.qualification, highschool_percent = excluded.highschool_percent,
        university_percent = excluded.university_percent, sop = excluded.sop, experience = excluded.experience,
        motivation = excluded.motivation, access_token_hash = excluded.access_token_hash,
        date_of_birth = excluded.date_of_birth, updated_at = now()
      returning id, name, email, phone, status`;
    if (!parent) await recordLeadTouches(tx, { kind: 'registration', id: saved!.id }, input);
    await recordConsent(tx, {
      email: input.email,
      purpose: 'registration',
      subjectTable: 'registrations',
      subjectId: saved!.id,
      language: input.noticeLanguage,
      minor: parent !== null,
    });
    if (parent)
      await requestParentConsent(tx, {
        subject: { table: 'registrations', id: saved!.id },
        child: { email: input.email, name: input.name },
        parent,
        language: input.noticeLanguage,
        what: 'programme',
      });
    const whatsappNumber = !parent && input.whatsapp === true ? normalisePhone(input.phone) : null;
    if (whatsappNumber) {
      await optInWhatsApp(tx, {
        email: input.email,
        phone: whatsappNumber,
        language: input.noticeLanguage,
        subjectTable: 'registrations',
        subjectId: saved!.id,
      });
    }
    return { ...saved! };
  });
  log.info('registration saved', { registrationId: row.id, awaitingParent: parent !== null });
  const parentConsent = await parentConsentStatus(db(), { table: 'registrations', id: row.id });
  return {
    success: true,
    message:
      parentConsent === 'awaiting'
        ? 'Registered. We have emailed your parent or guardian: you can pay the fee once they confirm.'
        : 'Registered successfully as unpaid user!',
    registration: toDto(row),
    registrationToken,
    parentConsent,
  };
}

/** POST /user/registration-status: the child's page asks whether the parent has confirmed yet. */
export async function registrationStatus(registrationToken: string): Promise<RegistrationStatusAnswer> {
  const registration = await registrationByToken(registrationToken);
  return { parentConsent: await parentConsentStatus(db(), { table: 'registrations', id: registration.id }) };
}

async function registrationByToken(token: string): Promise<RegistrationRow> {
  const [row] = await db()<RegistrationRow[]>`
    select id, name, email, phone, status from registrations where access_token_hash = ${accessHash(token)}`;
  if (!row) throw new HttpError(401, 'Your registration was not found. Please verify your email and register again.');
  return row;
}

/**
 * A registration pays its fee once: Back after paying, a second tab or a replayed request must not
 * open a second fee order. Answers 409 naming the payment; nothing is written.
 */
async function refuseIfPaid(registrationId: string): Promise<void> {
  const [paid] = await db()<{ payment_id: string; amount_paise: string }[]>`
    select payment_id, amount_paise from registration_payments
    where registration_id = ${registrationId} and status = 'paid' order by paid_at limit 1`;
  if (paid)
    throw new HttpError(
      409,
      `This registration is already paid (${formatPaise(Number(paid.amount_paise))}, payment ${paid.payment_id}). Your receipt was sent to your email.`,
    );
}

/** POST /payment/create-order: the amount comes from the fee table (or the capped custom amount). */
export async function createRegistrationOrder(input: z.output<typeof createOrderSchema>, ip: string): Promise<CreateOrderAnswer> {
  requirePayments();
  await rateLimit({ bucket: 'registration-order-ip', key: ip, limit: 30, windowSeconds: 3600 });
  const registration = await registrationByToken(input.registrationToken);
  await requireParentConsent({ table: 'registrations', id: registration.id });
  await refuseIfPaid(registration.id);
  const feeOption: FeeOptionId = input.feeOption;
  let amountPaise: number;
  if (feeOption === 'custom') {
    const cap = env().CUSTOM_AMOUNT_CAP_RUPEES;
    amountPaise = input.amountPaise!;
    if (amountPaise > rupeesToPaise(cap))
      throw new HttpError(400, [`amount: The amount can be at most ${formatPaise(rupeesToPaise(cap))}`]);
  } else {
    amountPaise = amountToCharge(rupeesToPaise(presetFee(feeOption)!.rupees), supplier());
  }
  const programName = programmeLabel(feeOption);
  // A code comes off the listed fee; once per person = the registration's OTP-verified email.
  const price = await reserveCode({
    code: input.code,
    email: registration.email,
    target: { kind: 'registration-fee', feeOption },
    listPaise: amountPaise,
  });
  const attach = async (tx: Tx, order: { id: string; amountPaise: number }) => {
    await tx`insert into registration_payments (registration_id, order_id, fee_option, program_name, amount_paise,
                                                buyer_state_code, buyer_gstin, buyer_business_name, list_paise, discount_paise, discount_code)
             values (${registration.id}, ${order.id}, ${feeOption}, ${programName}, ${order.amountPaise},
                     ${input.state}, ${input.gstin}, ${input.businessName}, ${price.listPaise}, ${price.discountPaise}, ${price.code})`;
    await attachRedemption(tx, price.redemptionId, order.id);
  };
  const order = {
    purpose: 'registration' as const,
    receipt: `reg_${registration.id}`,
    notes: { registration: registration.id, feeOption },
  };
  const release = async (error: unknown) => {
    await releaseRedemption(price.redemptionId);
    throw error;
  };
  if (price.totalPaise === 0) {
    const free = await completeFreeOrder(order, attach).catch(release);
    return {
      success: true,
      paid: true,
      programName,
      discount: pricing(price)!,
      registration: await paidRegistration(registration, free.orderId),
    };
  }
  const checkout = await openOrder({ ...order, amountPaise: price.totalPaise }, attach).catch(release);
  const discount = pricing(price);
  return {
    success: true,
    ...(discount ? { discount } : {}),
    order: { id: checkout.orderId, amount: checkout.amount, currency: 'INR' },
    checkout,
    programName,
    prefill: { name: registration.name, email: registration.email, contact: registration.phone },
  };
}

type PaymentRow = {
  status: 'created' | 'paid' | 'duplicate';
  refund_reason: string | null;
  payment_id: string | null;
  amount_paise: string;
  program_name: string;
  invoice_id: string | null;
  invoice_number: string | null;
};

/**
 * POST /user/register-paid. The order must be one we opened for THIS registration; the platform
 * then checks the signature and (with Razorpay) the captured payment, and records it once.
 * A repeat with the same payment answers the same; anything else records nothing.
 */
export async function recordRegistrationPayment(
  registrationToken: string,
  result: CheckoutResult,
): Promise<{ status: number; body: RegisterPaidAnswer }> {
  requirePayments();
  const registration = await registrationByToken(registrationToken);
  const [owned] = await db()<{ id: string }[]>`
    select id from registration_payments where order_id = ${result.razorpay_order_id} and registration_id = ${registration.id}`;
  if (!owned) throw new HttpError(400, 'Payment verification failed: this order does not belong to your registration');
  const outcome = await confirmCheckout(result);
  if (outcome === 'pending') {
    return {
      status: 202,
      body: { success: false, message: 'Your payment is being confirmed. We will email your receipt as soon as it is.' },
    };
  }
  const paid = await paidRegistration(registration, result.razorpay_order_id);
  if (paid.paymentId !== result.razorpay_payment_id) throw new HttpError(409, 'This order was already paid by another payment');
  return { status: 200, body: { success: true, message: 'Payment successful!', registration: paid } };
}

/** The paid registration as the /success page shows it (with its invoice link). */
async function paidRegistration(registration: RegistrationRow, orderId: string): Promise<PaidRegistrationDto> {
  const [payment] = await db()<PaymentRow[]>`
    select p.status, p.refund_reason, p.payment_id, p.amount_paise, p.program_name, i.id::text as invoice_id, i.number as invoice_number
    from registration_payments p left join invoices i on i.order_id = p.order_id
    where p.order_id = ${orderId}`;
  if (payment?.status === 'duplicate' && payment.refund_reason === 'code-not-held') throw new HttpError(409, CODE_NOT_HELD_REFUNDED);
  if (payment?.status !== 'paid' || !payment.payment_id) throw new HttpError(409, 'This order was already paid by another payment');
  return {
    name: registration.name,
    email: registration.email,
    phone: registration.phone,
    amount: paiseToRupees(Number(payment.amount_paise)),
    paymentId: payment.payment_id,
    status: 'paid',
    programName: payment.program_name,
    invoice: payment.invoice_id ? { number: payment.invoice_number!, pdfUrl: documentPath('invoice', payment.invoice_id) } : null,
  };
}
