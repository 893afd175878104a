/**
 * The registration fee table and the plain rules of the registration flow, without zod: the
 * /information island imports this (a payment page has a 70 KB JavaScript budget), the API
 * imports it through ./registration.ts. The server decides every amount from this table.
 */

/** Registration-fee options (docs/product.md, Fees), in rupees. */
export const FEE_OPTIONS = [
  { id: 'online', label: 'Online programme', rupees: 2500 },
  { id: 'hybrid', label: 'Hybrid programme', rupees: 8500 },
  { id: 'discover', label: 'AspiraDiscover', rupees: 151570.5 },
  { id: 'elevate', label: 'AspiraElevate', rupees: 50000 },
  { id: 'plor', label: 'PLOR', rupees: 130000 },
  { id: 'admit', label: 'AspiraAdmit', rupees: 11000 },
] as const;

export const CUSTOM_OPTION = { id: 'custom', label: 'Custom amount' } as const;
export const FEE_OPTION_IDS = ['online', 'hybrid', 'discover', 'elevate', 'plor', 'admit', 'custom'] as const;
export type FeeOptionId = (typeof FEE_OPTION_IDS)[number];

/** The registration fees a fee plan can require first (docs/architecture.md, Adding something payable): every listed fee. */
export const PLAN_FEE_OPTIONS = FEE_OPTION_IDS.filter((id) => id !== 'custom');
export type PresetFeeOption = (typeof FEE_OPTIONS)[number];

export function presetFee(id: string): PresetFeeOption | undefined {
  return FEE_OPTIONS.find((o) => o.id === id);
}

export function programmeLabel(id: FeeOptionId): string {
  return presetFee(id)?.label ?? CUSTOM_OPTION.label;
}

/** Timings the browser shows (the server enforces its own). */
export const OTP_LENGTH = 6;
export const OTP_RESEND_SECONDS = 60;

/** Required (docs/product.md, Fields and rules: "Please fill all required fields."). */
export const REQUIRED_FIELDS = ['name', 'email', 'phone', 'fatherName', 'highschool', 'motivation'] as const;

/** A custom amount in rupees (number or numeric text) -> paise, or the reason it is refused. */
export function customAmountPaise(amount: unknown): number | string {
  const text = typeof amount === 'number' ? String(amount) : typeof amount === 'string' ? amount.trim() : '';
  if (text === '') return 'Enter an amount';
  if (!/^-?\d+(\.\d{1,2})?$/.test(text) || (typeof amount === 'number' && !Number.isFinite(amount)))
    return 'Enter the amount as a number of rupees (up to 2 decimals)';
  const rupees = Number(text);
  if (!(rupees >= 1)) return 'The amount must be at least ₹1';
  if (rupees > 100_000_000) return 'The amount is too large';
  return Math.round(rupees * 100);
}

/** What the API answers about a registration (docs/product.md, Entities: Registration). */
export type RegistrationDto = {
  _id: string;
  name: string;
  email: string;
  phone: string;
  status: 'unpaid' | 'paid';
};

export type PaidRegistrationDto = {
  name: string;
  email: string;
  phone: string;
  /** Rupees. */
  amount: number;
  paymentId: string;
  status: 'paid';
  programName: string;
  /** The GST tax invoice: its number and a download link that opens this invoice only. */
  invoice?: { number: string; pdfUrl: string } | null;
};

/** The path of an invoice download link the /success page may show (nothing else). */
export const INVOICE_PDF_PATH = /^\/api\/v1\/invoices\/[0-9]{1,18}\/pdf\?key=[A-Za-z0-9_-]{32}$/;

/** The /success link with the query parameters of docs/product.md, States (plus the invoice link). */
export function successUrl(
  paid: Pick<PaidRegistrationDto, 'name' | 'email' | 'amount' | 'programName' | 'paymentId'> & Pick<PaidRegistrationDto, 'invoice'>,
): string {
  const query = new URLSearchParams({
    name: paid.name,
    email: paid.email,
    amount: String(paid.amount),
    program: paid.programName,
    paymentId: paid.paymentId,
  });
  if (paid.invoice && INVOICE_PDF_PATH.test(paid.invoice.pdfUrl)) query.set('invoice', paid.invoice.pdfUrl);
  return `/success?${query.toString()}`;
}
