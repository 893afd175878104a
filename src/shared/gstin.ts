/**
 * India's GST state codes and the GSTIN check (format and checksum). Isomorphic: the checkout
 * forms validate as the buyer types, the server validates again and decides the tax.
 *
 * A GSTIN is 15 characters: state code (2 digits), the holder's PAN (5 letters, 4 digits,
 * 1 letter), the registration number for that PAN (1-9 or A-Z), "Z", and a check character
 * computed from the first 14 (the GSTN's base-36 Luhn-style algorithm, below).
 */

/** GST state codes (the first two digits of a GSTIN), as the GST portal lists them. */
export const GST_STATES = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
] as const;

export type GstStateCode = (typeof GST_STATES)[number]['code'];
export const GST_STATE_CODES = GST_STATES.map((s) => s.code) as [GstStateCode, ...GstStateCode[]];

export function stateName(code: string): string | undefined {
  return GST_STATES.find((s) => s.code === code)?.name;
}

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const FORMAT = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character for the first 14 characters of a GSTIN. */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36]!;
}

/** Why a GSTIN is not valid, or null when it is (expects it trimmed and upper-cased). */
export function gstinProblem(gstin: string): string | null {
  if (gstin.length !== 15) return 'A GSTIN has 15 characters';
  if (!FORMAT.test(gstin)) return 'This is not a GSTIN: check the 15 characters';
  if (!GST_STATES.some((s) => s.code === gstin.slice(0, 2))) return 'The GSTIN starts with an unknown state code';
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return 'This GSTIN has a typo: its last character does not match';
  return null;
}

export function isValidGstin(gstin: string): boolean {
  return gstinProblem(gstin) === null;
}

export const STATE_REQUIRED = 'Choose your state (it decides the GST on your invoice)';

/**
 * The billing rules both checkouts share, without zod (the registration page keeps its
 * JavaScript light): a known state; a GSTIN, when given, valid, of that state and with the
 * business name it is registered to. Answers field -> message; empty when all is well.
 */
export function billingIssues(value: {
  state?: string | null;
  gstin?: string | null;
  businessName?: string | null;
}): Record<string, string> {
  const issues: Record<string, string> = {};
  const state = value.state ?? '';
  const gstin = (value.gstin ?? '').trim().toUpperCase();
  if (!GST_STATES.some((s) => s.code === state)) issues['state'] = STATE_REQUIRED;
  if (!gstin) return issues;
  const problem = gstinProblem(gstin);
  if (problem) issues['gstin'] = problem;
  else if (!issues['state'] && gstin.slice(0, 2) !== state)
    issues['state'] = `This GSTIN is registered in ${stateName(gstin.slice(0, 2))}: choose that state`;
  if (!(value.businessName ?? '').trim()) issues['businessName'] = 'Enter the business name of this GSTIN';
  return issues;
}
