/**
 * The leads' personal data for the privacy catalogue (privacy/catalogue.ts runs these):
 * the pipeline rows keyed by lead and the person's identities go first, since they find the
 * person's leads through the form rows erased later.
 */
import type { Tx } from '../platform/index.ts';
import { phoneKey } from './persons/persons.ts';
import type { Subject, TableCoverage } from '../privacy/types.ts';

/**
 * Every erasure takes the persons' lock first (privacy/rights.ts, the retention job), as the sync
 * does: a sync that read the person's leads before the erasure committed would otherwise write
 * them back to the person's group after it (their new phone or email as identities, and links to
 * the erased leads), and the group would still be found by them.
 */
export { lockPersons } from './persons/persons.ts';

const deleteLeads = (table: 'contact_requests' | 'scholarship_applications' | 'startup_pitches') => async (tx: Tx, s: Subject) =>
  (await tx`delete from ${tx(table)} where email in ${tx(s.provenEmails.concat(''))}`).count;

/** The person's leads as the admin pipeline names them ('contact:12', 'registration:ab…', 'order:7'). */
async function leadKeys(tx: Tx, s: Subject): Promise<string[]> {
  const rows = await tx<{ key: string }[]>`
    select 'contact:' || id as key from contact_requests where email in ${tx(s.provenEmails.concat(''))}
    union all select 'scholarship:' || id from scholarship_applications where email in ${tx(s.provenEmails.concat(''))}
    union all select 'pitch:' || id from startup_pitches where email in ${tx(s.provenEmails.concat(''))}
    union all select 'registration:' || id from registrations where email in ${tx(s.provenEmails.concat(''))} and erased_at is null
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
 * (normalised as persons/persons.ts does). Only these go: a person merged with someone else's leads keeps theirs.
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

/** The person's ids in the admin's persons (through the identities erased below). */
async function personIds(tx: Tx, s: Subject): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`
    select distinct person_id::text as id from person_identities where kind || ':' || value in ${tx(await identityKeys(tx, s))}`;
  return rows.map((r) => r.id).concat('0');
}

/** Audit subjects about the person: their leads, their persons, and their payments. */
async function auditSubjects(tx: Tx, s: Subject): Promise<string[]> {
  const payments = await tx<{ key: string }[]>`
    select 'payment:' || gateway_order_id as key from course_orders where account_id in ${tx(s.accountIds.concat(''))}
    union all select 'payment:' || order_id from registration_payments
      where registration_id in (select id from registrations where email in ${tx(s.provenEmails.concat(''))} and erased_at is null)
    union all select 'payment:' || ip.order_id from instalment_payments ip
      join enrolment_parts p on p.id = ip.part_id join plan_enrolments e on e.id = p.enrolment_id
      where e.account_id in ${tx(s.accountIds.concat(''))}`;
  const persons = (await personIds(tx, s)).map((id) => `person:${id}`);
  return [...(await leadKeys(tx, s)), ...persons, ...payments.map((r) => r.key)];
}

/** Keys of the audit log's details that hold what staff typed (a merge, refund or loss reason). */
const FREE_TEXT = ['reason', 'lostReason', 'note'];

/** Erased before the forms: the pipeline, the person's identities and touches. */
export const LEAD_PIPELINE_DATA: Record<string, TableCoverage> = {
  // What staff typed about the person (a merge reason such as "Asha Rao uses two addresses", a
  // refund or loss reason) goes first, while the identities and leads still find their rows.
  person_merges: {
    label: 'recordMerges',
    export: async (tx, s) => {
      const ids = await personIds(tx, s);
      return tx`select merged_at, undone_at from person_merges
                where from_person_id::text in ${tx(ids)} or into_person_id::text in ${tx(ids)} order by merged_at`;
    },
    erase: async (tx, s) => {
      const ids = await personIds(tx, s);
      return (
        await tx`update person_merges set reason = null
                 where reason is not null and (from_person_id::text in ${tx(ids)} or into_person_id::text in ${tx(ids)})`
      ).count;
    },
  },
  admin_audit_log: {
    label: 'staffActionsOnYourRecords',
    // What was done and when; never who did it or what they typed.
    export: async (tx, s) => tx`
      select action, at from admin_audit_log where subject_kind || ':' || subject_id in ${tx(await auditSubjects(tx, s))} order by at`,
    erase: async (tx, s) =>
      (
        await tx`update admin_audit_log set details = details - ${tx.array(FREE_TEXT)}::text[]
                 where subject_kind || ':' || subject_id in ${tx(await auditSubjects(tx, s))}
                   and details ?| ${tx.array(FREE_TEXT)}::text[]`
      ).count,
  },
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
};

/** The forms themselves: deleted. */
export const LEAD_FORM_DATA: Record<string, TableCoverage> = {
  contact_requests: {
    label: 'contactRequests',
    export: (tx, s) => tx`select * from contact_requests where email in ${tx(s.provenEmails.concat(''))} order by created_at`,
    erase: deleteLeads('contact_requests'),
  },
  scholarship_applications: {
    label: 'scholarshipApplications',
    export: (tx, s) => tx`select * from scholarship_applications where email in ${tx(s.provenEmails.concat(''))} order by created_at`,
    erase: deleteLeads('scholarship_applications'),
  },
  startup_pitches: {
    label: 'startupPitches',
    export: (tx, s) => tx`select * from startup_pitches where email in ${tx(s.provenEmails.concat(''))} order by created_at`,
    erase: deleteLeads('startup_pitches'),
  },
};
