/** The parents' consent requests for the privacy catalogue: found by the child's or the parent's proven email. */
import type { Tx } from '../platform/index.ts';
import type { Subject, TableCoverage } from '../privacy/types.ts';

const mine = (tx: Tx, s: Subject) =>
  tx`child_email in ${tx(s.provenEmails.concat(''))} or parent_email in ${tx(s.provenEmails.concat(''))}`;

export const GUARDIAN_DATA: Record<string, TableCoverage> = {
  parental_consents: {
    label: 'parentalConsents',
    export: (tx, s) => tx`
      select subject_table, child_name, parent_name, parent_email, parent_phone, language, status, requested_at, decided_at
      from parental_consents where ${mine(tx, s)} order by requested_at`,
    erase: async (tx, s) => (await tx`delete from parental_consents where ${mine(tx, s)}`).count,
  },
};
