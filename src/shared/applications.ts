/** "My applications" (GET /user/applications): what a learner sees of their registrations. */

export type ApplicationStatus = 'registered' | 'fee-paid';

export const APPLICATION_STATUS_LABEL: Record<ApplicationStatus, string> = {
  registered: 'Registered',
  'fee-paid': 'Fee paid',
};

/** docs/product.md, /success: the team's promise after a paid registration. */
export const NEXT_STEPS: Record<ApplicationStatus, string> = {
  'fee-paid':
    'Our admissions team will call you within 48 hours, and a confirmation e-mail with your next steps will arrive within 48 hours.',
  registered: 'Your registration is saved. Pay the registration fee to confirm your place; our team calls within 48 hours of payment.',
};

export type ApplicationPaymentDto = {
  /** The gateway's payment id (pay_...), shown to the learner and on the receipt. */
  paymentId: string;
  /** The gateway's order id (order_...). */
  orderId: string;
  /** Rupees, as every amount the API answers; shown with src/shared/money.ts. */
  amount: number;
  programName: string;
  paidAt: string;
  /** The tax invoice (PDF) of this payment: a keyed link that opens this one document; null if none was issued. */
  receiptUrl: string | null;
  /** Rupees the gateway has refunded of this payment (0: none). */
  refunded: number;
};

export type ApplicationDto = {
  _id: string;
  programme: string | null;
  registeredAt: string;
  status: ApplicationStatus;
  payments: ApplicationPaymentDto[];
  nextSteps: string;
};

export type ApplicationsAnswer = {
  /** False: the account's email is not confirmed yet, so no registration is shown. */
  emailVerified: boolean;
  applications: ApplicationDto[];
};
