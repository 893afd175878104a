/**
 * Consents in the privacy catalogue: what the person agreed to, when, under which notice.
 */
import type { TableCoverage } from '../privacy/index.ts';

/** Consents. */
export const CONSENT_DATA: Record<string, TableCoverage> = {
  consents: {
    label: 'consents',
    export: (tx, s) => tx`
      select purpose, notice_version, subject_table, subject_id, given_at from consents
      where email in ${tx(s.provenEmails.concat(''))} order by given_at`,
    erase: async (tx, s) => (await tx`delete from consents where email in ${tx(s.provenEmails.concat(''))}`).count,
  },
};
