/**
 * What the registration API answers, shared by the functions (netlify/lib/registrations/otp.ts,
 * registrations.ts) and the /information island. Types only: nothing here reaches a bundle.
 */
import type { CheckoutOrder } from './checkout.ts';
import type { ParentConsentStatus } from './minors.ts';
import type { CodePricing } from './order.ts';
import type { PaidRegistrationDto, RegistrationDto } from './registration-fees.ts';

/** POST /otp/send (the same answer whatever the email). */
export type OtpSendAnswer = { success: true; message: string };

/** POST /otp/verify */
export type OtpVerifyAnswer = { success: true; message: string; verificationToken: string };

/** POST /user/register-unpaid (201) */
export type RegisterUnpaidAnswer = {
  success: true;
  message: string;
  registration: RegistrationDto;
  registrationToken: string;
  /** 'awaiting' for a child: no fee until the parent confirms by the emailed link. */
  parentConsent: ParentConsentStatus;
};

/** POST /user/registration-status */
export type RegistrationStatusAnswer = { parentConsent: ParentConsentStatus };

/**
 * POST /payment/create-order. A registration that already has a paid fee gets a 409 instead. A code
 * that makes the fee free pays it at once (`paid: true`, the paid registration, no checkout).
 */
export type CreateOrderAnswer = CreateOrderCheckoutAnswer | CreateOrderFreeAnswer;

export type CreateOrderFreeAnswer = {
  success: true;
  paid: true;
  programName: string;
  discount: CodePricing;
  registration: PaidRegistrationDto;
};

export type CreateOrderCheckoutAnswer = {
  success: true;
  paid?: undefined;
  /** Set when a code was applied. */
  discount?: CodePricing;
  order: { id: string; amount: number; currency: 'INR' };
  checkout: CheckoutOrder;
  programName: string;
  prefill: { name: string; email: string; contact: string };
};

/** POST /user/register-paid: 200 with the paid registration, or 202 while the payment is confirmed. */
export type RegisterPaidAnswer = { success: boolean; message: string; registration?: PaidRegistrationDto };
