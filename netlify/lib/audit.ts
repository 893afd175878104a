/**
 * The admin audit log: every admin action on a lead (stage, owner, note, follow-up, merge) or a
 * payment (refund) writes one row, in the transaction that makes the change, so the change and
 * its record commit together. Owners read it at /admin/audit.
 */
import type { Db } from './db.ts';

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
