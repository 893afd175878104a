/**
 * What an export or erasure took, as the privacy log says it: "1 enquiry, 1 pipeline record of an
 * enquiry (stage, owner, notes), 1 consent". Keys are the privacy catalogue's labels.
 */
import type { PrivacySummary } from '../../shared/privacy.ts';

/** Each label: [one, many]. */
const WORDS: Record<string, [string, string]> = {
  account: ['account', 'accounts'],
  accountLinks: ['email link (confirm or reset)', 'email links (confirm or reset)'],
  billingDetails: ['billing address', 'billing addresses'],
  codeUses: ['use of a discount code', 'uses of discount codes'],
  codesIssuedToYou: ['code issued to them', 'codes issued to them'],
  consents: ['consent', 'consents'],
  contactRequests: ['callback or contact request', 'callback or contact requests'],
  courseOrders: ['course order', 'course orders'],
  documents: ['document', 'documents'],
  emailCodes: ['email code', 'email codes'],
  emailVerifications: ['email check', 'email checks'],
  emails: ['email sent', 'emails sent'],
  enquiries: ['enquiry', 'enquiries'],
  enquiryPipelineRecords: ['pipeline record of an enquiry (stage, owner, notes)', 'pipeline records of enquiries (stage, owner, notes)'],
  feePlanEnrolments: ['fee plan enrolment', 'fee plan enrolments'],
  feePlanPayments: ['fee plan payment', 'fee plan payments'],
  feePlans: ['fee plan', 'fee plans'],
  invoices: ['invoice', 'invoices'],
  parentalConsents: ["request for a parent's consent", "requests for a parent's consent"],
  personIdentities: ['email or phone linking their leads', 'emails or phones linking their leads'],
  rateLimitCounters: ['rate limit counter', 'rate limit counters'],
  recordMerges: ['merge of their records', 'merges of their records'],
  registrationPayments: ['registration payment', 'registration payments'],
  registrations: ['registration', 'registrations'],
  scholarshipApplications: ['scholarship application', 'scholarship applications'],
  staffActionsOnYourRecords: ['staff action on their records', 'staff actions on their records'],
  startupPitches: ['AspiraTank pitch', 'AspiraTank pitches'],
  undeliverableAddresses: ['undeliverable address', 'undeliverable addresses'],
  whatsappCodes: ['WhatsApp code', 'WhatsApp codes'],
  whatsappMessages: ['WhatsApp message', 'WhatsApp messages'],
  whatsappNumbers: ['WhatsApp number', 'WhatsApp numbers'],
  whatsappSandboxMessages: ['WhatsApp test message', 'WhatsApp test messages'],
  whatsappStoppedNumbers: ['number that stopped WhatsApp', 'numbers that stopped WhatsApp'],
};

/** A parent's refusal logged before the enquiry was counted apart from its pipeline rows. */
const ONE_ENQUIRY_ROWS = 'rows of one enquiry (the enquiry and its pipeline record)';

/** "contactRequests" -> "contact requests", for a label not listed above. */
const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

export function summaryText(summary: PrivacySummary): string {
  const parts = Object.entries(summary)
    .filter(([, n]) => n > 0)
    .map(([key, n]) => {
      if (key === 'enquiry') return `${n} ${ONE_ENQUIRY_ROWS}`;
      const [one, many] = WORDS[key] ?? [words(key), words(key)];
      return `${n} ${n === 1 ? one : many}`;
    });
  return parts.length ? parts.join(', ') : 'Nothing held';
}
