/**
 * What each kind of the retention schedule finds expired and how it erases it. A new kind of data
 * (documents, messages) adds one entry. Kinds without an entry are kept on purpose: payments and
 * invoices, for tax law (already reduced to the payer's name by erasure, rights.ts).
 */
import type { RetentionKind } from '../../../src/shared/retention.ts';
import type { Tx } from '../platform/index.ts';
import {
  batchAttendancePastRetention,
  batchClassLinksPastRetention,
  batchesWithSpentSeatsBefore,
  calendarFeedsPastRetention,
  eraseBatchAttendance,
  eraseBatchClassLinks,
  eraseCalendarFeed,
  eraseSpentSeats,
} from './catalogue.ts';
import { documentsPastRetention, eraseDocument, eraseRegistrationDocuments } from '../documents/index.ts';
import { deleteMessage, settledMessagesBefore } from '../outbox/index.ts';

export type Expired = { table: string; id: string };
export type Eraser = { expired: (tx: Tx, cutoff: Date) => Promise<Expired[]>; erase: (tx: Tx, row: Expired) => Promise<number> };

const ENQUIRY_TABLES = { contact_requests: 'contact', scholarship_applications: 'scholarship', startup_pitches: 'pitch' } as const;
type EnquiryTable = keyof typeof ENQUIRY_TABLES;

/** A lead's rows in the pipeline and attribution (notes and stage changes go with the pipeline row). */
async function eraseLeadRows(tx: Tx, kind: string, id: string): Promise<number> {
  let rows = 0;
  for (const table of ['lead_touches', 'person_leads', 'lead_pipeline'])
    rows += (await tx`delete from ${tx(table)} where lead_kind = ${kind} and lead_id = ${id}`).count;
  return rows;
}

/** An enquiry expires when neither it nor its pipeline row changed since the cutoff. */
const enquiries: Eraser = {
  async expired(tx, cutoff) {
    const rows: Expired[] = [];
    for (const [table, kind] of Object.entries(ENQUIRY_TABLES)) {
      const found = await tx<{ id: string }[]>`
        select r.id::text as id from ${tx(table)} r
        left join lead_pipeline p on p.lead_kind = ${kind} and p.lead_id = r.id::text
        where greatest(r.created_at, coalesce(p.updated_at, r.created_at)) < ${cutoff} order by r.id`;
      rows.push(...found.map((r) => ({ table, id: r.id })));
    }
    return rows;
  },
  async erase(tx, row) {
    const erased = await eraseEnquiry(tx, row);
    return erased.enquiries + erased.pipelineRecords;
  },
};

/** One enquiry and its lead rows (pipeline, person link, campaign trail), counted apart for the privacy log. */
export async function eraseEnquiry(tx: Tx, row: Expired): Promise<{ enquiries: number; pipelineRecords: number }> {
  const kind = ENQUIRY_TABLES[row.table as EnquiryTable];
  const pipelineRecords = await eraseLeadRows(tx, kind, row.id);
  return { enquiries: (await tx`delete from ${tx(row.table)} where id = ${row.id}`).count, pipelineRecords };
}

/** A registration with no payment of any kind (paid, refunded or pending) and untouched since the cutoff. */
const unpaidRegistrations: Eraser = {
  async expired(tx, cutoff) {
    const rows = await tx<{ id: string }[]>`
      select r.id from registrations r where r.status = 'unpaid' and r.erased_at is null and r.updated_at < ${cutoff}
        and not exists (select 1 from registration_payments p where p.registration_id = r.id)
        and not exists (select 1 from parental_consents c where c.subject_table = 'registrations' and c.subject_id = r.id and c.status = 'awaiting')
      order by r.id`;
    return rows.map((r) => ({ table: 'registrations', id: r.id }));
  },
  erase: (tx, row) => eraseRegistration(tx, row.id),
};

async function eraseRegistration(tx: Tx, id: string): Promise<number> {
  const files = await eraseRegistrationDocuments(tx, id);
  const lead = await eraseLeadRows(tx, 'registration', id);
  const request = (await tx`delete from parental_consents where subject_table = 'registrations' and subject_id = ${id}`).count;
  const registration = (
    await tx`delete from registrations r where r.id = ${id} and not exists (select 1 from registration_payments p where p.registration_id = r.id)`
  ).count;
  return files + lead + request + registration;
}

/** A child's registration whose parent never answered: erased a week after the link died. */
const awaitingParent: Eraser = {
  async expired(tx, cutoff) {
    const rows = await tx<{ subject_table: string; subject_id: string }[]>`
      select subject_table, subject_id from parental_consents where status = 'awaiting' and expires_at < ${cutoff} order by id`;
    return rows.map((r) => ({ table: r.subject_table, id: r.subject_id }));
  },
  async erase(tx, row) {
    const consents = (await tx`delete from consents where subject_table = ${row.table} and subject_id = ${row.id}`).count;
    if (row.table === 'registrations') return consents + (await eraseRegistration(tx, row.id));
    return consents + (await tx`delete from parental_consents where subject_table = ${row.table} and subject_id = ${row.id}`).count;
  },
};

/** A privacy request whose link was never clicked: what a stranger may have typed about someone. */
const unconfirmedRequests: Eraser = {
  async expired(tx, cutoff) {
    const rows = await tx<{ id: string }[]>`
      select id::text from rights_requests where status = 'unconfirmed' and created_at < ${cutoff} order by id`;
    return rows.map((r) => ({ table: 'rights_requests', id: r.id }));
  },
  erase: async (tx, row) => (await tx`delete from rights_requests where id = ${row.id} and status = 'unconfirmed'`).count,
};

/** Copies of emails no longer on their way (sent, failed, held back or cancelled). */
const emails: Eraser = {
  expired: async (tx, cutoff) => (await settledMessagesBefore(tx, cutoff)).map((id) => ({ table: 'email_outbox', id })),
  erase: (tx, row) => deleteMessage(tx, row.id),
};

/** A withdrawn consent stays as the record for a year after its withdrawal (Rules r.8(3)). */
const consentLog: Eraser = {
  async expired(tx, cutoff) {
    const rows = await tx<{ id: string }[]>`select id::text from consents where withdrawn_at < ${cutoff} order by id`;
    return rows.map((r) => ({ table: 'consents', id: r.id }));
  },
  erase: async (tx, row) => (await tx`delete from consents where id = ${row.id}`).count,
};

/** Applicants' documents of registrations that ended: the rows now, the files by the clean-up job's queue. */
const documents: Eraser = {
  async expired(tx, cutoff) {
    return (await documentsPastRetention(tx, cutoff)).map((id) => ({ table: 'applicant_documents', id }));
  },
  erase: (tx, row) => eraseDocument(tx, row.id),
};

/** WhatsApp messages to and from the person (the outbox's copies go with the emails'). */
const messages: Eraser = {
  async expired(tx, cutoff) {
    const rows = await tx<{ id: string }[]>`select id::text from whatsapp_messages where created_at < ${cutoff} order by id`;
    return rows.map((r) => ({ table: 'whatsapp_messages', id: r.id }));
  },
  erase: async (tx, row) => (await tx`delete from whatsapp_messages where id = ${row.id}`).count,
};

/** A batch's attendance ledger once claims on it are over (one erasure per batch). */
const classAttendance: Eraser = {
  expired: async (tx, cutoff) => (await batchAttendancePastRetention(tx, cutoff)).map((id) => ({ table: 'batches', id })),
  erase: (tx, row) => eraseBatchAttendance(tx, row.id),
};

/** After a batch: its join links, reminders sent and seats that place nobody; a calendar feed with no batch left. */
const classLogistics: Eraser = {
  async expired(tx, cutoff) {
    const batches = new Set([...(await batchClassLinksPastRetention(tx, cutoff)), ...(await batchesWithSpentSeatsBefore(tx, cutoff))]);
    const feeds = await calendarFeedsPastRetention(tx, cutoff);
    return [...[...batches].sort().map((id) => ({ table: 'batches', id })), ...feeds.map((id) => ({ table: 'calendar_feeds', id }))];
  },
  erase: async (tx, row) =>
    row.table === 'calendar_feeds'
      ? eraseCalendarFeed(tx, row.id)
      : (await eraseBatchClassLinks(tx, row.id)) + (await eraseSpentSeats(tx, row.id)),
};

export const ERASERS: Partial<Record<RetentionKind, Eraser>> = {
  documents,
  messages,
  enquiries,
  'unpaid-registrations': unpaidRegistrations,
  'awaiting-parent': awaitingParent,
  'unconfirmed-requests': unconfirmedRequests,
  emails,
  'consent-log': consentLog,
  'class-attendance': classAttendance,
  'class-logistics': classLogistics,
};
