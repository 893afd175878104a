/**
 * Emails in the privacy catalogue: subjects, dates and tags are exported, never bodies; an
 * address marked undeliverable (a bounce) with why and when.
 */
import type { TableCoverage } from '../privacy/types.ts';

/** The outbox. */
export const EMAIL_DATA: Record<string, TableCoverage> = {
  email_outbox: {
    label: 'emails',
    // Subjects, dates and tags only: bodies may hold one-time codes and are not data about the person.
    export: (tx, s) => tx`
      select subject, tag, status, created_at, sent_at from email_outbox
      where to_address in ${tx(s.provenEmails.concat(''))} order by created_at`,
    // Also the team's copies (lead notifications) that quote the address.
    erase: async (tx, s) => {
      if (!s.byEmail) return 0;
      const quoted = `(^|[^a-z0-9._%+-])${s.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9.-])`;
      return (await tx`delete from email_outbox where to_address = ${s.email} or text_body ~* ${quoted}`).count;
    },
  },
  email_suppressions: {
    label: 'undeliverableAddresses',
    export: (tx, s) => tx`
      select address, reason, detail, bounced_at, corrected_to, corrected_at, cleared_at from email_suppressions
      where address in ${tx(s.provenEmails.concat(''))} or corrected_to in ${tx(s.provenEmails.concat(''))} order by bounced_at`,
    erase: async (tx, s) =>
      (
        await tx`delete from email_suppressions
                 where address in ${tx(s.provenEmails.concat(''))} or corrected_to in ${tx(s.provenEmails.concat(''))}`
      ).count,
  },
};
