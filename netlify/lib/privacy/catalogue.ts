/**
 * Every table that holds personal data, and what export and erasure do with it: the ONE list the
 * privacy service runs through (netlify/lib/privacy/rights.ts). A new table with an email, name, phone,
 * address or account column must get an entry here; tests/api/privacy/catalogue.test.ts reads the
 * catalog and fails until it has one.
 *
 * Erasure runs the entries in this order inside one transaction: payment records first copy the
 * name they must keep (tax law), then every other row is deleted or anonymised.
 */
import { randomBytes } from 'node:crypto';
import type { Tx } from '../platform/index.ts';
import { phoneKey } from '../leads/index.ts';
import { CODE_DATA } from '../codes/privacy.ts';
import { PLAN_DATA } from '../instalments/privacy.ts';

/** Whose data: the email, and the learner accounts that belong to it. */
export type Subject = {
  email: string;
  /** A keyed hash of the email (privacy_requests holds only this). */
  emailHash: string;
  /** Learner accounts of this person (self-service: the logged-in one; admin: all with the email). */
  accountIds: string[];
  /**
   * True when the email is proven to be theirs (a confirmed account, or an admin who checked the
   * requester): only then do rows matched by email alone (leads, registrations, emails) belong to them.
   */
  byEmail: boolean;
};

type Rows = Record<string, unknown>[];

export type TableCoverage = {
  /** The key of this table's rows in the downloaded file. */
  label: string;
  export: (tx: Tx, subject: Subject) => Promise<Rows>;
  /** Deletes or anonymises; answers how many rows it touched. `keep` names a table kept on purpose, with why. */
  erase: ((tx: Tx, subject: Subject) => Promise<number>) | { keep: string };
};

/** Emails matched by address only when the address is proven theirs (see Subject.byEmail). */
const emails = (s: Subject) => (s.byEmail ? [s.email] : []);

async function registrationIds(tx: Tx, s: Subject): Promise<string[]> {
  if (!s.byEmail) return [];
  const rows = await tx<{ id: string }[]>`select id from registrations where email = ${s.email} and erased_at is null`;
  return rows.map((r) => r.id);
}

const deleteLeads = (table: 'contact_requests' | 'scholarship_applications' | 'startup_pitches') => async (tx: Tx, s: Subject) =>
  (await tx`delete from ${tx(table)} where email in ${tx(emails(s).concat(''))}`).count;

/** The person's leads as the admin pipeline names them ('contact:12', 'registration:ab…', 'order:7'). */
async function leadKeys(tx: Tx, s: Subject): Promise<string[]> {
  const rows = await tx<{ key: string }[]>`
    select 'contact:' || id as key from contact_requests where email in ${tx(emails(s).concat(''))}
    union all select 'scholarship:' || id from scholarship_applications where email in ${tx(emails(s).concat(''))}
    union all select 'pitch:' || id from startup_pitches where email in ${tx(emails(s).concat(''))}
    union all select 'registration:' || id from registrations where email in ${tx(emails(s).concat(''))} and erased_at is null
    union all select 'order:' || id from course_orders where account_id in ${tx(s.accountIds.concat(''))}`;
  return rows.map((r) => r.key).concat('');
}

/** A table of the admin pipeline, keyed by lead: exported, and deleted before the leads themselves. */
function byLead(table: string, label: string, columns: string[]): TableCoverage {
  return {
    label,
    export: async (tx, s) => tx`select ${tx(columns)} from ${tx(table)} where lead_kind || ':' || lead_id in ${tx(await leadKeys(tx, s))}`,
    erase: async (tx, s) => (await tx`delete from ${tx(table)} where lead_kind || ':' || lead_id in ${tx(await leadKeys(tx, s))}`).count,
  };
}

/**
 * The keys the admin's "persons" recognise this person by: their email and the phones they gave
 * (normalised as persons.ts does). Only these go: a person merged with someone else's leads keeps theirs.
 */
async function identityKeys(tx: Tx, s: Subject): Promise<string[]> {
  if (!s.byEmail) return [''];
  const rows = await tx<{ phone: string }[]>`
    select phone from contact_requests where email = ${s.email}
    union select phone from scholarship_applications where email = ${s.email}
    union select phone from startup_pitches where email = ${s.email}
    union select phone from registrations where email = ${s.email} and erased_at is null`;
  const phones = rows.map((r) => phoneKey(r.phone)).filter((key): key is string => key !== null);
  return [`email:${s.email}`, ...phones.map((key) => `phone:${key}`)];
}

export const PERSONAL_DATA: Record<string, TableCoverage> = {
  // First: they find the person's leads through the rows erased below.
  person_identities: {
    label: 'personIdentities',
    export: async (tx, s) => tx`
      select kind, value, created_at from person_identities where kind || ':' || value in ${tx(await identityKeys(tx, s))}`,
    erase: async (tx, s) => (await tx`delete from person_identities where kind || ':' || value in ${tx(await identityKeys(tx, s))}`).count,
  },
  person_leads: byLead('person_leads', 'personLeads', ['lead_kind', 'lead_id', 'created_at']),
  lead_notes: byLead('lead_notes', 'leadNotes', ['lead_kind', 'lead_id', 'body', 'created_at']),
  lead_stage_changes: byLead('lead_stage_changes', 'leadStageChanges', ['lead_kind', 'lead_id', 'from_stage', 'to_stage', 'note', 'at']),
  lead_pipeline: byLead('lead_pipeline', 'leadPipeline', [
    'lead_kind',
    'lead_id',
    'stage',
    'lost_reason',
    'next_follow_up_at',
    'created_at',
  ]),
  lead_touches: byLead('lead_touches', 'leadTouches', [
    'lead_kind',
    'lead_id',
    'touch',
    'utm_source',
    'utm_medium',
    'utm_campaign',
    'utm_term',
    'utm_content',
    'referrer',
    'touched_at',
  ]),
  account_tokens: {
    label: 'accountLinks',
    // When a verification or reset link was sent and used; never the token.
    export: (tx, s) => tx`
      select purpose, created_at, expires_at, used_at from account_tokens where account_id in ${tx(s.accountIds.concat(''))}`,
    erase: async (tx, s) => (await tx`delete from account_tokens where account_id in ${tx(s.accountIds.concat(''))}`).count,
  },
  registration_payments: {
    label: 'registrationPayments',
    export: async (tx, s) => tx`
      select p.registration_id, p.order_id, p.payment_id, p.fee_option, p.program_name, p.amount_paise, p.status,
             p.paid_at, p.created_at
      from registration_payments p where p.registration_id in ${tx((await registrationIds(tx, s)).concat(''))}
      order by p.created_at`,
    // Kept (tax law): the payer's name moves here before the registration forgets it.
    erase: async (tx, s) =>
      (
        await tx`
          update registration_payments p set payer_name = r.name
          from registrations r
          where r.id = p.registration_id and p.status = 'paid' and r.erased_at is null
            and r.id in ${tx((await registrationIds(tx, s)).concat(''))}`
      ).count,
  },
  course_orders: {
    label: 'courseOrders',
    export: (tx, s) => tx`
      select o.id, o.course_id, c.title as course, o.email, o.gateway_order_id, o.amount_paise, o.currency, o.status,
             o.payment_id, o.paid_at, o.refund_id, o.refunded_at, o.created_at
      from course_orders o join courses c on c.id = o.course_id
      where o.account_id in ${tx(s.accountIds.concat(''))} order by o.created_at`,
    // Kept (tax law) with the buyer's name; the email is replaced.
    erase: async (tx, s) =>
      (
        await tx`
          update course_orders o set
            buyer_name = coalesce(nullif(trim(a.first_name || ' ' || a.last_name), ''), o.buyer_name),
            email = 'erased-order-' || o.id || '@erased.invalid', updated_at = now()
          from accounts a
          where a.id = o.account_id and a.id in ${tx(s.accountIds.concat(''))}`
      ).count,
  },
  ...PLAN_DATA,
  ...CODE_DATA,
  invoices: {
    label: 'invoices',
    export: async (tx, s) => tx`
      select number, issued_at, purpose, order_id, payment_id, description, buyer_name, buyer_email, buyer_state_code,
             buyer_gstin, buyer_business_name, total_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise
      from invoices
      where account_id in ${tx(s.accountIds.concat(''))} or registration_id in ${tx((await registrationIds(tx, s)).concat(''))}
         or buyer_email in ${tx(emails(s).concat(''))}
      order by issued_at`,
    // Kept (tax law) with the buyer's name and tax details; the email is replaced.
    erase: async (tx, s) =>
      (
        await tx`
          update invoices set buyer_email = 'erased-invoice-' || id || '@erased.invalid'
          where account_id in ${tx(s.accountIds.concat(''))} or registration_id in ${tx((await registrationIds(tx, s)).concat(''))}
             or buyer_email in ${tx(emails(s).concat(''))}`
      ).count,
  },
  billing_details: {
    label: 'billingDetails',
    export: (tx, s) => tx`
      select state_code, gstin, business_name, updated_at from billing_details where account_id in ${tx(s.accountIds.concat(''))}`,
    erase: async (tx, s) => (await tx`delete from billing_details where account_id in ${tx(s.accountIds.concat(''))}`).count,
  },
  accounts: {
    label: 'account',
    export: (tx, s) => tx`
      select id, email, first_name, last_name, email_verified_at, created_at, updated_at
      from accounts where role = 'user' and id in ${tx(s.accountIds.concat(''))}`,
    // Anonymised, not deleted: course orders point to it. The token version bump ends every session.
    erase: async (tx, s) =>
      (
        await tx`
          update accounts set email = 'erased-' || id || '@erased.invalid', first_name = '', last_name = '',
            password_hash = ${`erased:${randomBytes(16).toString('hex')}`}, email_verified_at = null,
            token_version = token_version + 1, erased_at = now(), updated_at = now()
          where role = 'user' and id in ${tx(s.accountIds.concat(''))}`
      ).count,
  },
  registrations: {
    label: 'registrations',
    export: (tx, s) => tx`
      select id, email, name, phone, father_name, qualification, highschool_percent, university_percent, sop,
             experience, motivation, status, created_at, updated_at
      from registrations where email in ${tx(emails(s).concat(''))} and erased_at is null`,
    // A registration nobody paid toward is deleted; one with payment records stays as an empty shell.
    erase: async (tx, s) => {
      const ids = await registrationIds(tx, s);
      if (ids.length === 0) return 0;
      const deleted = await tx`
        delete from registrations r where r.id in ${tx(ids)}
          and not exists (select 1 from registration_payments p where p.registration_id = r.id)`;
      const anonymised = await tx`
        -- No digits in the phone: the admin's persons never join erased rows by phone.
        update registrations set email = 'erased-' || id || '@erased.invalid', name = 'Erased', phone = 'erased-',
          father_name = 'Erased', qualification = '', highschool_percent = 0, university_percent = null, sop = '',
          experience = '', motivation = 'Erased', access_token_hash = 'erased:' || id, erased_at = now(), updated_at = now()
        where id in ${tx(ids)} and erased_at is null`;
      return deleted.count + anonymised.count;
    },
  },
  contact_requests: {
    label: 'contactRequests',
    export: (tx, s) => tx`select * from contact_requests where email in ${tx(emails(s).concat(''))} order by created_at`,
    erase: deleteLeads('contact_requests'),
  },
  scholarship_applications: {
    label: 'scholarshipApplications',
    export: (tx, s) => tx`select * from scholarship_applications where email in ${tx(emails(s).concat(''))} order by created_at`,
    erase: deleteLeads('scholarship_applications'),
  },
  startup_pitches: {
    label: 'startupPitches',
    export: (tx, s) => tx`select * from startup_pitches where email in ${tx(emails(s).concat(''))} order by created_at`,
    erase: deleteLeads('startup_pitches'),
  },
  consents: {
    label: 'consents',
    export: (tx, s) => tx`
      select purpose, notice_version, subject_table, subject_id, given_at from consents
      where email in ${tx(emails(s).concat(''))} order by given_at`,
    erase: async (tx, s) => (await tx`delete from consents where email in ${tx(emails(s).concat(''))}`).count,
  },
  email_outbox: {
    label: 'emails',
    // Subjects, dates and tags only: bodies may hold one-time codes and are not data about the person.
    export: (tx, s) => tx`
      select subject, tag, status, created_at, sent_at from email_outbox
      where to_address in ${tx(emails(s).concat(''))} order by created_at`,
    // Also the team's copies (lead notifications) that quote the address.
    erase: async (tx, s) => {
      if (!s.byEmail) return 0;
      const quoted = `(^|[^a-z0-9._%+-])${s.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9.-])`;
      return (await tx`delete from email_outbox where to_address = ${s.email} or text_body ~* ${quoted}`).count;
    },
  },
  email_otps: {
    label: 'emailCodes',
    export: (tx, s) => tx`
      select created_at, expires_at, consumed_at from email_otps where email in ${tx(emails(s).concat(''))} order by created_at`,
    erase: async (tx, s) => (await tx`delete from email_otps where email in ${tx(emails(s).concat(''))}`).count,
  },
  otp_verification_tokens: {
    label: 'emailVerifications',
    export: (tx, s) => tx`
      select created_at, expires_at, consumed_at from otp_verification_tokens
      where email in ${tx(emails(s).concat(''))} order by created_at`,
    erase: async (tx, s) => (await tx`delete from otp_verification_tokens where email in ${tx(emails(s).concat(''))}`).count,
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
  person_merges: 'which person ids an admin merged, and why',
  admin_profiles: 'an admin’s lead-taking settings',
  lead_assignment_rules: 'which admin takes which programme’s leads',
  counsellor_digests_sent: 'daily digests sent to counsellors',
  admin_audit_log: 'what staff did and who did it (details never hold a learner’s email); kept for accountability',
};
