/**
 * Registrations in the privacy catalogue: the fee payments (kept for tax law, with the
 * payer's name copied first), the registrations, and the email checks of the registration form.
 */
import type { Tx } from '../platform/index.ts';
import type { Subject, TableCoverage } from '../privacy/types.ts';

/** The person's registrations, matched by email only when it is proven theirs. */
async function registrationIds(tx: Tx, s: Subject): Promise<string[]> {
  const rows = await tx<
    { id: string }[]
  >`select id from registrations where email in ${tx(s.provenEmails.concat(''))} and erased_at is null`;
  return rows.map((r) => r.id);
}

/** Before the registrations: the payment keeps the payer's name. */
export const REGISTRATION_PAYMENT_DATA: Record<string, TableCoverage> = {
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
};

/** The registrations and the registration form's email checks. */
export const REGISTRATION_DATA: Record<string, TableCoverage> = {
  registrations: {
    label: 'registrations',
    export: (tx, s) => tx`
      select id, email, name, phone, father_name, qualification, highschool_percent, university_percent, sop,
             experience, motivation, date_of_birth, status, created_at, updated_at
      from registrations where email in ${tx(s.provenEmails.concat(''))} and erased_at is null`,
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
          experience = '', motivation = 'Erased', date_of_birth = null, access_token_hash = 'erased:' || id, erased_at = now(), updated_at = now()
        where id in ${tx(ids)} and erased_at is null`;
      return deleted.count + anonymised.count;
    },
  },
  email_otps: {
    label: 'emailCodes',
    export: (tx, s) => tx`
      select created_at, expires_at, consumed_at from email_otps where email in ${tx(s.provenEmails.concat(''))} order by created_at`,
    erase: async (tx, s) => (await tx`delete from email_otps where email in ${tx(s.provenEmails.concat(''))}`).count,
  },
  otp_verification_tokens: {
    label: 'emailVerifications',
    export: (tx, s) => tx`
      select created_at, expires_at, consumed_at from otp_verification_tokens
      where email in ${tx(s.provenEmails.concat(''))} order by created_at`,
    erase: async (tx, s) => (await tx`delete from otp_verification_tokens where email in ${tx(s.provenEmails.concat(''))}`).count,
  },
};
