/**
 * Every table that holds personal data, and what export and erasure do with it: the ONE list the
 * privacy service runs through (netlify/lib/privacy/rights.ts), composed from each domain's own
 * privacy.ts. A new table with an email, name, phone, address or account column must get an entry
 * in its domain's privacy.ts; tests/api/privacy/catalogue.test.ts reads the catalog and fails until
 * it has one.
 *
 * Erasure runs the entries in this order inside one transaction: payment records first copy the
 * name they must keep (tax law), then every other row is deleted or anonymised.
 */
import { ACCOUNT_DATA, ACCOUNT_LINK_DATA } from '../accounts/privacy.ts';
import { CLASS_DATA } from '../classes/privacy.ts';
import { CODE_DATA } from '../codes/privacy.ts';
import { COHORT_DATA } from '../cohorts/privacy.ts';
import { DOCUMENT_DATA } from '../documents/privacy.ts';
import { PLAN_DATA } from '../instalments/privacy.ts';
import { INVOICE_DATA } from '../invoices/privacy.ts';
import { LEDGER_DATA } from '../payments/privacy.ts';
import { LEAD_FORM_DATA, LEAD_PIPELINE_DATA, lockPersons } from '../leads/privacy.ts';
import { EMAIL_DATA } from '../outbox/privacy.ts';
import { MEETING_DATA } from '../meetings/privacy.ts';
import { WHATSAPP_DATA } from '../messaging/privacy.ts';
import { GUARDIAN_DATA } from '../guardians/privacy.ts';
import { PLATFORM_DATA } from '../platform/privacy.ts';
import { REGISTRATION_DATA, REGISTRATION_PAYMENT_DATA } from '../registrations/privacy.ts';
import { ORDER_DATA } from '../shop/privacy.ts';
import type { Tx } from '../platform/index.ts';
import type { TableCoverage } from './types.ts';

export type { Subject, TableCoverage } from './types.ts';
// The retention schedule's batch records (retention-erasers.ts), found by each batch's end.
export {
  batchAttendancePastRetention,
  batchClassLinksPastRetention,
  calendarFeedsPastRetention,
  eraseBatchAttendance,
  eraseBatchClassLinks,
  eraseCalendarFeed,
} from '../classes/privacy.ts';
export { batchesWithSpentSeatsBefore, eraseSpentSeats } from '../cohorts/privacy.ts';

/** First in every erasure's transaction: the persons' sync must not write the person back meanwhile. */
export async function holdErasureLocks(tx: Tx): Promise<void> {
  await lockPersons(tx);
}

export const PERSONAL_DATA: Record<string, TableCoverage> = {
  // Before the registrations: erasing one deletes its documents with it, so their files are queued first.
  ...DOCUMENT_DATA,
  ...LEAD_PIPELINE_DATA,
  ...CLASS_DATA,
  ...COHORT_DATA,
  ...ACCOUNT_LINK_DATA,
  ...REGISTRATION_PAYMENT_DATA,
  ...ORDER_DATA,
  ...LEDGER_DATA,
  ...PLAN_DATA,
  ...CODE_DATA,
  ...INVOICE_DATA,
  ...ACCOUNT_DATA,
  ...REGISTRATION_DATA,
  ...LEAD_FORM_DATA,
  ...PLATFORM_DATA,
  ...WHATSAPP_DATA,
  ...MEETING_DATA,
  ...EMAIL_DATA,
  ...GUARDIAN_DATA,
  rights_requests: {
    label: 'rightsRequests',
    export: (tx, s) => tx`
      select kind, details, status, created_at, confirmed_at, due_at, closed_at from rights_requests
      where email in ${tx(s.provenEmails.concat(''))} order by created_at`,
    erase: async (tx, s) => (await tx`delete from rights_requests where email in ${tx(s.provenEmails.concat(''))}`).count,
  },
  privacy_requests: {
    label: 'privacyRequests',
    export: (tx, s) => tx`
      select action, requested_by, summary, created_at from privacy_requests where email_hash = ${s.emailHash} order by created_at`,
    erase: { keep: 'the record that the request was carried out; it holds a keyed hash of the email, never the email' },
  },
};

/**
 * Tables about admin accounts (staff), never about learners: a learner's export and erasure leave
 * them alone, and the test accepts them with this reason.
 */
export const STAFF_DATA: Record<string, string> = {
  persons: 'an empty id (no name, email or phone) that merges point to; its identities and leads are erased',
  admin_profiles: 'an admin’s lead-taking settings',
  lead_assignment_rules: 'which admin takes which programme’s leads',
  counsellor_digests_sent: 'daily digests sent to counsellors',
  batch_faculty: 'which faculty admin teaches which batch',
};
