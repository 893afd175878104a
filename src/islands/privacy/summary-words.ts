/**
 * What an export or erasure took, as the privacy log says it: "1 enquiry, 1 pipeline record of an
 * enquiry (stage, owner, notes), 1 consent". Keys are the privacy catalogue's labels.
 */
import type { PrivacySummary } from '../../shared/privacy.ts';

/** Each label: [one, many], in the order the log lists them (the database keeps no order). */
const WORDS: Record<string, [string, string]> = {
  account: ['account', 'accounts'],
  registrations: ['registration', 'registrations'],
  enquiries: ['enquiry', 'enquiries'],
  enquiryPipelineRecords: ['pipeline record of an enquiry (stage, owner, notes)', 'pipeline records of enquiries (stage, owner, notes)'],
  contactRequests: ['callback or contact request', 'callback or contact requests'],
  scholarshipApplications: ['scholarship application', 'scholarship applications'],
  startupPitches: ['AspiraTank pitch', 'AspiraTank pitches'],
  consents: ['consent', 'consents'],
  parentalConsents: ["request for a parent's consent", "requests for a parent's consent"],
  documents: ['document', 'documents'],
  registrationPayments: ['registration payment', 'registration payments'],
  courseOrders: ['course order', 'course orders'],
  feePlans: ['fee plan', 'fee plans'],
  feePlanEnrolments: ['fee plan enrolment', 'fee plan enrolments'],
  feePlanPayments: ['fee plan payment', 'fee plan payments'],
  invoices: ['invoice', 'invoices'],
  billingDetails: ['billing address', 'billing addresses'],
  codesIssuedToYou: ['code issued to them', 'codes issued to them'],
  codeUses: ['use of a discount code', 'uses of discount codes'],
  emails: ['email sent', 'emails sent'],
  undeliverableAddresses: ['undeliverable address', 'undeliverable addresses'],
  whatsappMessages: ['WhatsApp message', 'WhatsApp messages'],
  whatsappNumbers: ['WhatsApp number', 'WhatsApp numbers'],
  whatsappCodes: ['WhatsApp code', 'WhatsApp codes'],
  whatsappStoppedNumbers: ['number that stopped WhatsApp', 'numbers that stopped WhatsApp'],
  whatsappSandboxMessages: ['WhatsApp test message', 'WhatsApp test messages'],
  personIdentities: ['email or phone linking their leads', 'emails or phones linking their leads'],
  recordMerges: ['merge of their records', 'merges of their records'],
  staffActionsOnYourRecords: ['staff action on their records', 'staff actions on their records'],
  accountLinks: ['email link (confirm or reset)', 'email links (confirm or reset)'],
  emailCodes: ['email code', 'email codes'],
  emailVerifications: ['email check', 'email checks'],
  rateLimitCounters: ['rate limit counter', 'rate limit counters'],
};
const ORDER = Object.keys(WORDS);
const rank = (key: string) => (ORDER.includes(key) ? ORDER.indexOf(key) : ORDER.length);

/** A parent's refusal logged before the enquiry was counted apart from its pipeline rows. */
const ONE_ENQUIRY_ROWS = 'rows of one enquiry (the enquiry and its pipeline record)';

/** "contactRequests" -> "contact requests", for a label not listed above. */
const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

export function summaryText(summary: PrivacySummary): string {
  const parts = Object.entries(summary)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, n]) => {
      if (key === 'enquiry') return `${n} ${ONE_ENQUIRY_ROWS}`;
      const [one, many] = WORDS[key] ?? [words(key), words(key)];
      return `${n} ${n === 1 ? one : many}`;
    });
  return parts.length ? parts.join(', ') : 'Nothing held';
}
