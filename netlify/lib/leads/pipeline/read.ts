/**
 * Reading the pipeline: one lead's stage, history and notes; an admin's work queue ("My leads").
 * Leads are joined to the inbox view by (kind, key): a registration's key is its id, whatever
 * payment rows the inbox shows for it.
 */
import type { LeadPipelineDetail, LeadRef, PipelineDto, QueueItem, Stage, LeadKind } from '../../../../src/shared/pipeline.ts';
import { db, type Db, HttpError } from '../../platform/index.ts';
import { lastRepliesByPhone } from '../../messaging/index.ts';
import { NO_SUCH_LEAD } from './actions.ts';
import { parentContact } from '../../guardians/index.ts';

/** The table a lead kind's rows live in (a child's parent is found by it). */
const LEAD_TABLES: Partial<Record<LeadKind, string>> = {
  contact: 'contact_requests',
  scholarship: 'scholarship_applications',
  pitch: 'startup_pitches',
  registration: 'registrations',
};

/** A child's lead: the parent to contact instead (null for an adult's lead, or a refused one). */
export function leadParent(kind: string, id: string, sql?: Db): ReturnType<typeof parentContact> {
  const table = LEAD_TABLES[kind as LeadKind];
  return table ? parentContact({ table, id }, sql) : Promise.resolve(null);
}

/** The pipeline key of an inbox row (SQL), for joins with lead_pipeline. */
export const INBOX_KEY = `case when i.kind = 'registration' then split_part(i.id, ':', 1) else i.id end`;

const QUEUE_LIMIT = 300;

export type PipelineRow = {
  lead_kind: LeadKind;
  lead_id: string;
  stage: Stage;
  lost_reason: string | null;
  owner_id: string | null;
  owner_name: string | null;
  next_follow_up_at: Date | null;
  first_contacted_at: Date | null;
  created_at: Date;
};

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function pipelineDto(row: PipelineRow): PipelineDto {
  return {
    kind: row.lead_kind,
    id: row.lead_id,
    stage: row.stage,
    lostReason: row.lost_reason,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    nextFollowUpAt: iso(row.next_follow_up_at),
    firstContactedAt: iso(row.first_contacted_at),
    arrivedAt: new Date(row.created_at).toISOString(),
  };
}

const NAME = (alias: string) => `nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), '')`;

export async function leadDetail(ref: LeadRef): Promise<LeadPipelineDetail> {
  const sql = db();
  const [row] = await sql<PipelineRow[]>`
    select p.lead_kind, p.lead_id, p.stage, p.lost_reason, p.owner_id, ${sql.unsafe(NAME('o'))} as owner_name,
           p.next_follow_up_at, p.first_contacted_at, p.created_at
    from lead_pipeline p left join accounts o on o.id = p.owner_id
    where p.lead_kind = ${ref.kind} and p.lead_id = ${ref.id}`;
  if (!row) throw new HttpError(404, NO_SUCH_LEAD);
  const [history, notes, minor] = await Promise.all([
    sql<{ from_stage: Stage; to_stage: Stage; note: string | null; by: string | null; at: Date }[]>`
      select c.from_stage, c.to_stage, c.note, coalesce(${sql.unsafe(NAME('a'))}, a.email) as by, c.at
      from lead_stage_changes c left join accounts a on a.id = c.actor_id
      where c.lead_kind = ${ref.kind} and c.lead_id = ${ref.id} order by c.at, c.id`,
    sql<{ id: string; body: string; by: string | null; at: Date }[]>`
      select n.id::text, n.body, coalesce(${sql.unsafe(NAME('a'))}, a.email) as by, n.created_at as at
      from lead_notes n left join accounts a on a.id = n.author_id
      where n.lead_kind = ${ref.kind} and n.lead_id = ${ref.id} order by n.created_at, n.id`,
    leadParent(ref.kind, ref.id),
  ]);
  return {
    pipeline: pipelineDto(row),
    history: history.map((h) => ({ from: h.from_stage, to: h.to_stage, note: h.note, by: h.by, at: new Date(h.at).toISOString() })),
    notes: notes.map((n) => ({ id: n.id, body: n.body, by: n.by, at: new Date(n.at).toISOString() })),
    minor,
  };
}

type QueueRow = PipelineRow & {
  bucket: QueueItem['bucket'];
  name: string | null;
  email: string | null;
  phone: string | null;
  summary: string | null;
  bounce_reason: NonNullable<QueueItem['bounce']>['reason'] | null;
  bounce_detail: string | null;
  bounced_at: Date | null;
  low_batch_name: string | null;
  low_percent: number | null;
  low_threshold: number | null;
};

/**
 * An admin's open leads (not Enrolled or Lost): first any lead whose email bounced (whatever its
 * stage: the task is to get the right address), then overdue follow-ups (most overdue first),
 * then New leads oldest first, then the rest by their next follow-up.
 */
export async function workQueue(accountId: string): Promise<QueueItem[]> {
  const sql = db();
  const rows = await sql<QueueRow[]>`
    -- Addresses mail does not reach (the outbox's view).
    with bounced as (
      select distinct i.kind, ${sql.unsafe(INBOX_KEY)} as key
      from undeliverable_emails s join lead_inbox i on lower(i.email) = s.address
    ),
    -- A learner under their batch's attendance threshold (the classes' view): back in the queue, flagged.
    low_attendance as (
      select distinct on (i.kind, ${sql.unsafe(INBOX_KEY)}) i.kind, ${sql.unsafe(INBOX_KEY)} as key, la.batch_name, la.percent, la.threshold
      from learner_attendance la join accounts a on a.id = la.account_id and a.role = 'user'
      join lead_inbox i on lower(i.email) = a.email
      where la.below_threshold
      order by i.kind, ${sql.unsafe(INBOX_KEY)}, la.percent
    ),
    mine as (
      select p.* from lead_pipeline p
      where p.owner_id = ${accountId}
        and (p.stage not in ('enrolled', 'lost') or exists (select 1 from bounced b where b.kind = p.lead_kind and b.key = p.lead_id)
             or (p.stage = 'enrolled' and exists (select 1 from low_attendance l where l.kind = p.lead_kind and l.key = p.lead_id)))
    ),
    people as (
      select distinct on (i.kind, ${sql.unsafe(INBOX_KEY)}) i.kind, ${sql.unsafe(INBOX_KEY)} as key, i.name, i.email, i.phone, i.summary
      from lead_inbox i
      join mine m on m.lead_kind = i.kind and m.lead_id = ${sql.unsafe(INBOX_KEY)}
      order by i.kind, ${sql.unsafe(INBOX_KEY)}, i.created_at desc
    ),
    queue as (
      select m.lead_kind, m.lead_id, m.stage, m.lost_reason, m.owner_id, null as owner_name, m.next_follow_up_at,
             m.first_contacted_at, m.created_at, x.name, x.email, x.phone, x.summary,
             s.reason as bounce_reason, s.detail as bounce_detail, s.bounced_at,
             low.batch_name as low_batch_name, low.percent as low_percent, low.threshold as low_threshold,
             case when s.address is not null then 'bounced'
                  when m.next_follow_up_at <= now() then 'overdue'
                  when m.stage = 'new' then 'new'
                  else 'later' end as bucket
      from mine m left join people x on x.kind = m.lead_kind and x.key = m.lead_id
      left join undeliverable_emails s on s.address = lower(x.email)
      left join low_attendance low on low.kind = m.lead_kind and low.key = m.lead_id
    )
    select * from queue
    order by case bucket when 'bounced' then 0 when 'overdue' then 1 when 'new' then 2 else 3 end,
             case when bucket = 'bounced' then bounced_at end,
             case when bucket = 'overdue' then next_follow_up_at end,
             case when bucket = 'new' then created_at end,
             next_follow_up_at nulls last, created_at
    limit ${QUEUE_LIMIT}`;
  const replies = await lastRepliesByPhone(sql, [...new Set(rows.map((r) => r.phone).filter((p): p is string => !!p))]);
  return rows.map((row) => ({
    lastReplyAt: row.phone ? (replies.get(row.phone) ?? null) : null,
    ...pipelineDto(row),
    bucket: row.bucket,
    name: row.name ?? '',
    email: row.email ?? '',
    phone: row.phone ?? '',
    summary: row.summary ?? '',
    bounce: row.bounce_reason
      ? { reason: row.bounce_reason, detail: row.bounce_detail ?? '', bouncedAt: new Date(row.bounced_at!).toISOString() }
      : null,
    attendance:
      row.low_batch_name === null ? null : { batchName: row.low_batch_name, percent: row.low_percent!, threshold: row.low_threshold! },
  }));
}
