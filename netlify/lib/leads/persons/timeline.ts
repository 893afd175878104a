/**
 * One person's page (docs/architecture.md, Persons): names, emails, phones, their leads and a
 * timeline of everything that happened with them, newest first: callback requests, contact
 * messages, scholarship applications, pitches, registrations and fee payments, fee-plan parts paid,
 * course checkouts, purchases and refunds, emails sent to them (subject, tag and time, never a body), stage changes
 * and notes of their leads, and merges.
 */
import {
  LEAD_FORM_LABELS,
  STAGE_LABELS,
  type PersonDto,
  type PersonLead,
  type PersonMerge,
  type TimelineEntry,
} from '../../../../src/shared/persons.ts';
import { describeTouch, type Touch } from '../../../../src/shared/tracking.ts';
import { db, type Tx, HttpError } from '../../platform/index.ts';
import { personGroup, rootPerson, syncPersons } from './persons.ts';
import { suppressionsFor } from '../../outbox/index.ts';
import { feePlanEntries, iso, leadEntries, pipelineEntries, type FactRow } from './entries.ts';
import { bounceEntries, emailEntries } from './mailbox.ts';
import { whatsappEntries } from './whatsapp-entries.ts';
import { leadParent } from '../pipeline/read.ts';

function touchOf(row: FactRow, prefix: '' | 'first_'): Touch | null {
  const touch: Touch = {};
  for (const key of ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'referrer'] as const) {
    const value = row[`${prefix}${key}`];
    if (typeof value === 'string' && value) touch[key] = value;
  }
  return Object.keys(touch).length ? touch : null;
}

/** The person page: 404 when the id names nobody; a merged id answers the person it joined. */
export async function getPerson(requestedId: string): Promise<PersonDto> {
  await syncPersons();
  return db().begin((tx) => loadPerson(tx, requestedId));
}

/** getPerson inside a transaction, without attaching new leads first. */
export async function loadPerson(tx: Tx, requestedId: string): Promise<PersonDto> {
  const id = await rootPerson(tx, requestedId);
  if (!id) throw new HttpError(404, 'No person with this id');
  const group = await personGroup(tx, id);
  const [person] = await tx<{ created_at: Date }[]>`select created_at from persons where id = ${id}`;
  const leads = await tx<FactRow[]>`
    select f.*, p.stage
    from person_leads pl
    join lead_facts f on f.lead_kind = pl.lead_kind and f.lead_id = pl.lead_id
    left join lead_pipeline p on p.lead_kind = pl.lead_kind and p.lead_id = pl.lead_id
    where pl.person_id in ${tx(group.map(Number))}
    order by f.created_at desc, f.lead_kind, f.lead_id`;
  const identities = await tx<{ kind: string; value: string }[]>`
    select kind, value from person_identities where person_id in ${tx(group.map(Number))} order by created_at, value`;
  const emails = unique([...leads.map((l) => l.email?.toLowerCase()), ...identities.filter((i) => i.kind === 'email').map((i) => i.value)]);
  const merges = await mergesOf(tx, group);
  const bounces = await suppressionsFor(tx, emails);
  const timeline = [
    ...bounceEntries(bounces),
    ...(await leadEntries(tx, leads)),
    ...(await feePlanEntries(tx, emails)),
    ...(await emailEntries(tx, emails)),
    ...(await pipelineEntries(tx, leads)),
    ...(await whatsappEntries(tx, emails, unique(leads.map((l) => l.phone)))),
    ...merges.map((m): TimelineEntry => ({
      at: m.at,
      kind: 'merge',
      title: `Person #${m.fromId} merged into #${m.intoId}${m.by ? ` by ${m.by}` : ' (same email or phone)'}`,
      ...(m.reason ? { detail: m.reason } : {}),
    })),
    ...merges
      .filter((m) => m.undoneAt)
      .map((m): TimelineEntry => ({ at: m.undoneAt!, kind: 'merge', title: `Merge of #${m.fromId} into #${m.intoId} undone` })),
  ].sort((a, b) => b.at.localeCompare(a.at) || a.kind.localeCompare(b.kind));
  // The classes' view: batch and percent, no detail (docs/product.md, Timetable and attendance).
  const batches = await tx<{ batch_id: string; batch_name: string; percent: number | null; below_threshold: boolean }[]>`
    select l.batch_id, l.batch_name, l.percent, l.below_threshold from learner_attendance l join accounts a on a.id = l.account_id
    where a.role = 'user' and a.email in ${tx(emails.concat(''))} order by l.batch_name, l.batch_id`;
  const parents: { lead: FactRow; parent: Awaited<ReturnType<typeof leadParent>> }[] = [];
  for (const lead of leads) parents.push({ lead, parent: await leadParent(lead.lead_kind, lead.lead_id, tx) });
  return {
    id,
    requestedId,
    names: unique(leads.map((l) => l.name)),
    emails,
    phones: unique(leads.map((l) => l.phone)),
    firstSeen: iso(leads.length ? leads[leads.length - 1]!.created_at : person!.created_at),
    leads: leads.map((l): PersonLead => ({
      kind: l.lead_kind,
      id: l.lead_id,
      createdAt: iso(l.created_at),
      form: LEAD_FORM_LABELS[l.form] ?? l.form,
      programme: l.programme,
      name: l.name,
      email: l.email,
      phone: l.phone,
      lastTouch: describeTouch(touchOf(l, '')),
      firstTouch: l.first_touch_at || touchOf(l, 'first_') ? describeTouch(touchOf(l, 'first_')) : null,
      stage: l.stage ? (STAGE_LABELS[l.stage] ?? l.stage) : null,
    })),
    timeline,
    merges,
    bounces: bounces.sort((a, b) => Number(!!(a.clearedAt || a.correctedAt)) - Number(!!(b.clearedAt || b.correctedAt))),
    parents: parents.flatMap(({ lead, parent }) => (parent ? [{ ...parent, lead: { kind: lead.lead_kind, id: lead.lead_id } }] : [])),
    batches: batches.map((b) => ({ batchId: b.batch_id, batchName: b.batch_name, percent: b.percent, belowThreshold: b.below_threshold })),
  };
}

function unique(values: (string | null | undefined)[]): string[] {
  return [...new Set(values.filter((v): v is string => Boolean(v)))];
}

async function mergesOf(tx: Tx, group: string[]): Promise<PersonMerge[]> {
  const rows = await tx<
    {
      id: string;
      from_person_id: string;
      into_person_id: string;
      merged_at: Date;
      by: string | null;
      reason: string | null;
      undone_at: Date | null;
    }[]
  >`
    select m.id::text, m.from_person_id::text, m.into_person_id::text, m.merged_at,
           nullif(trim(a.first_name || ' ' || a.last_name), '') as by, m.reason, m.undone_at
    from person_merges m left join accounts a on a.id = m.actor_id
    where m.from_person_id in ${tx(group.map(Number))} or m.into_person_id in ${tx(group.map(Number))}
    order by m.merged_at desc, m.id desc`;
  return rows.map((m) => ({
    id: m.id,
    fromId: m.from_person_id,
    intoId: m.into_person_id,
    at: iso(m.merged_at),
    by: m.by,
    reason: m.reason,
    undoneAt: m.undone_at ? iso(m.undone_at) : null,
  }));
}
