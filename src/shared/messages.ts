/**
 * Which messages are marketing and which are transactional, in one place (DPDP Act s.9(3): no
 * advertising aimed at children; s.6(4): withdrawal stops marketing at once). A transactional
 * message answers something the person did or owes (a code they asked for, a receipt, a due fee);
 * marketing offers something they did not ask for. Marketing goes only to an adult with a consent
 * not withdrawn (netlify/lib/platform/consent.ts, mayMarketTo) and carries List-Unsubscribe.
 */
export const MARKETING_TAGS: readonly string[] = [
  // An owner sends a lead a scholarship or discount code: an offer they did not ask for.
  'scholarship-code',
];

export function isMarketing(tag: string | undefined): boolean {
  return tag !== undefined && MARKETING_TAGS.includes(tag);
}
