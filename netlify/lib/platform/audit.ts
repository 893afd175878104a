/**
 * The admin audit log: every admin action on a lead (stage, owner, note, follow-up, merge) or a
 * payment (refund) writes one row, in the transaction that makes the change, so the change and
 * its record commit together. Owners read it at /admin/audit.
 */
import type { AdminOption, AuditEntry, AuditQuery } from '../../../src/shared/pipeline.ts';
import type { SortOf } from '../../../src/shared/paging.ts';
import { db, type Db } from './db.ts';
import { keysetPage, pageOf, type KeysetList } from './keyset.ts';

/** Who acted: the admin's session (accountId and email are what the log keeps). */
export type AuditActor = { accountId: string; email: string };

export type AdminAction = {
  actor: AuditActor;
  /** Dotted, lower case: 'lead.stage', 'lead.owner', 'lead.note', 'lead.follow_up', 'lead.merge', 'payment.refund', 'admin.role' ... */
  action: string;
  /** What was acted on: 'contact', 'registration', 'order', 'payment', 'admin' ... and its id. */
  subjectKind: string;
  subjectId: string;
  /** Facts of the change (from/to, amounts in paise, reasons); never secrets or full emails. */
  details?: Record<string, unknown>;
};

export async function recordAdminAction(tx: Db, input: AdminAction): Promise<void> {
  await tx`insert into admin_audit_log (actor_id, actor_email, action, subject_kind, subject_id, details)
           values (${input.actor.accountId}, ${input.actor.email}, ${input.action}, ${input.subjectKind},
                   ${input.subjectId}, ${tx.json((input.details ?? {}) as Parameters<typeof tx.json>[0])})`;
}

type AuditRow = {
  id: string;
  actor_id: string | null;
  actor_email: string;
  action: string;
  subject_kind: string;
  subject_id: string;
  details: Record<string, unknown> | string;
  at: Date;
};

const ZONE = 'Asia/Kolkata';

/** The log's one sort: its time, the id breaking a tie. */
export const AUDIT_PAGING: KeysetList<SortOf<'audit'>> = {
  name: 'audit',
  sorts: { time: { expr: 'l.at', type: 'timestamptz' } },
  keys: [{ expr: 'l.id', type: 'bigint' }],
  sort: 'time',
  dir: 'desc',
};

/**
 * One page of the log, newest first (or oldest, `dir=asc`): by actor, by action ("lead" matches every "lead.*"
 * action) and by IST calendar days, both ends included.
 */
export async function listAudit(
  filter: AuditQuery,
): Promise<{ rows: AuditEntry[]; next: string | null; actors: AdminOption[]; actions: string[] }> {
  const sql = db();
  const conditions = [sql`true`];
  if (filter.actor) conditions.push(sql`actor_id = ${filter.actor}`);
  if (filter.action) conditions.push(sql`(action = ${filter.action} or action like ${`${filter.action}.%`})`);
  if (filter.from) conditions.push(sql`at >= (${filter.from}::date::timestamp at time zone ${ZONE})`);
  if (filter.to) conditions.push(sql`at < ((${filter.to}::date + 1)::timestamp at time zone ${ZONE})`);
  const page = keysetPage(sql, AUDIT_PAGING, filter);
  conditions.push(page.seek);
  const where = conditions.reduce((all, next) => sql`${all} and ${next}`);
  const [found, actors, actions] = await Promise.all([
    sql<AuditRow[]>`select id::text, actor_id, actor_email, action, subject_kind, subject_id, details, at, ${page.select}
                    from admin_audit_log l where ${where} order by ${page.order} limit ${page.fetch}`,
    sql<AdminOption[]>`select distinct on (actor_id) actor_id as id, actor_email as name from admin_audit_log
                       where actor_id is not null order by actor_id, at desc`,
    sql<{ action: string }[]>`select distinct action from admin_audit_log order by action`,
  ]);
  const { rows, next } = pageOf(found, page);
  return {
    next,
    rows: rows.map((r) => ({
      id: r.id,
      actorId: r.actor_id,
      actorEmail: r.actor_email,
      action: r.action,
      subjectKind: r.subject_kind,
      subjectId: r.subject_id,
      details: typeof r.details === 'string' ? (JSON.parse(r.details) as Record<string, unknown>) : r.details,
      at: new Date(r.at).toISOString(),
    })),
    actors,
    actions: actions.map((a) => a.action),
  };
}
