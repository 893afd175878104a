/**
 * The scheduled clean-up (netlify/functions/documents-cleanup.mts): uploads issued but never
 * confirmed are expired and their objects deleted; documents of registrations that ended long ago
 * are deleted (retention); the deletion queue is drained.
 */
import { db, env } from '../platform/index.ts';
import { drainDeletions, queueDeletion } from './deletions.ts';

/** Unconfirmed uploads are left this long after their window, for a confirm already under way. */
const ORPHAN_GRACE_MINUTES = 10;

export async function expireOrphanedUploads(): Promise<number> {
  return db().begin(async (tx) => {
    const rows = await tx<{ object_path: string }[]>`
      update applicant_documents set status = 'expired'
      where status = 'issued' and expires_at < now() - make_interval(mins => ${ORPHAN_GRACE_MINUTES})
      returning object_path`;
    await queueDeletion(
      tx,
      rows.map((r) => r.object_path),
    );
    return rows.length;
  });
}

/**
 * Retention: deletes every document (rows and files) of registrations whose lead closed (enrolled
 * or lost) more than `months` months before `now`, then deletes their files (unless `drain: false`,
 * for a caller that drains the queue itself). Default: DOCUMENT_RETENTION_MONTHS (24).
 */
export async function eraseDocumentsOfEndedRegistrations(
  options: { months?: number; now?: Date; drain?: boolean } = {},
): Promise<{ registrations: number; documents: number }> {
  const months = options.months ?? env().DOCUMENT_RETENTION_MONTHS;
  const now = options.now ?? new Date();
  const result = await db().begin(async (tx) => {
    const rows = await tx<{ registration_id: string; object_path: string }[]>`
      delete from applicant_documents d
      using lead_pipeline lp
      where lp.lead_kind = 'registration' and lp.lead_id = d.registration_id and lp.stage in ('enrolled', 'lost')
        and coalesce((select max(c.at) from lead_stage_changes c
                      where c.lead_kind = 'registration' and c.lead_id = d.registration_id), lp.updated_at)
            < ${now}::timestamptz - make_interval(months => ${months})
      returning d.registration_id, d.object_path`;
    await queueDeletion(
      tx,
      rows.map((r) => r.object_path),
    );
    return { registrations: new Set(rows.map((r) => r.registration_id)).size, documents: rows.length };
  });
  if (options.drain !== false) await drainDeletions();
  return result;
}

/** The scheduled run: a small summary for the job's heartbeat. */
export async function runDocumentCleanup(): Promise<Record<string, number>> {
  const expired = await expireOrphanedUploads();
  const retention = await eraseDocumentsOfEndedRegistrations({ drain: false });
  let deleted = 0;
  let failed = 0;
  // Drain in batches within the job's budget.
  for (let i = 0; i < 10; i++) {
    const run = await drainDeletions();
    deleted += run.deleted;
    failed += run.failed;
    if (run.deleted === 0 || run.failed > 0) break;
  }
  return { expired, retainedRegistrations: retention.registrations, retainedDocuments: retention.documents, deleted, failed };
}
