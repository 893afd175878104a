/**
 * The Zoom sandbox in the privacy catalogue (privacy/catalogue.ts spreads these in): only a local
 * run writes these tables (the stand-in's own books of who registered and who joined), yet they
 * hold a learner's email and name, so they are exported and erased with the person like any
 * other. A real Zoom account keeps its registrants and reports at Zoom (docs/zoom.md, docs/dpdp.md).
 */
import type { TableCoverage } from '../privacy/types.ts';

const emails = (provenEmails: string[]) => provenEmails.map((e) => e.toLowerCase()).concat('');

export const MEETING_DATA: Record<string, TableCoverage> = {
  sandbox_zoom_participants: {
    label: 'zoomSandboxJoins',
    export: (tx, s) => tx`select meeting_id, name, user_email, join_time, leave_time from sandbox_zoom_participants
                          where lower(user_email) in ${tx(emails(s.provenEmails))} order by join_time`,
    erase: async (tx, s) =>
      (await tx`delete from sandbox_zoom_participants where lower(user_email) in ${tx(emails(s.provenEmails))}`).count,
  },
  sandbox_zoom_registrants: {
    label: 'zoomSandboxRegistrations',
    export: (tx, s) => tx`select meeting_id, email, first_name, last_name, created_at from sandbox_zoom_registrants
                          where email in ${tx(emails(s.provenEmails))} order by created_at`,
    erase: async (tx, s) => (await tx`delete from sandbox_zoom_registrants where email in ${tx(emails(s.provenEmails))}`).count,
  },
};
