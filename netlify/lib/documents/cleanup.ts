/**
 * The scheduled clean-up (netlify/functions/documents-cleanup.mts): uploads issued but never
 * confirmed are expired and their objects deleted, paths an upload URL may have written again are
 * deleted again, and the deletion queue is drained (files of documents erased by retention or
 * erasure too).
 */
import { db, type Db } from '../platform/index.ts';
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
 * Storage's signed upload URLs write for 2 hours, longer than an upload lives: once a refused,
 * expired or replaced upload's file is deleted, its URL can write the path again. While any such
 * URL may still write (with a margin past the job's 30-minute period), its path is deleted again.
 */
const UPLOAD_URL_LIFETIME_MINUTES = 120 + 30 + 5;

export async function sweepEndedUploadPaths(): Promise<number> {
  return db().begin(async (tx) => {
    const rows = await tx<{ object_path: string }[]>`
      select object_path from applicant_documents
      where status in ('refused', 'expired', 'replaced')
        and created_at > now() - make_interval(mins => ${UPLOAD_URL_LIFETIME_MINUTES})`;
    await queueDeletion(
      tx,
      rows.map((r) => r.object_path),
    );
    return rows.length;
  });
}

/**
 * Retention (the one schedule, src/shared/retention.ts, run by the privacy-retention job): the
 * documents of registrations whose lead closed (enrolled or lost) before `cutoff`.
 */
export async function documentsPastRetention(tx: Db, cutoff: Date): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`
    select d.id::text from applicant_documents d
    join lead_stages ls on ls.lead_kind = 'registration' and ls.lead_id = d.registration_id
    where ls.stage in ('enrolled', 'lost') and ls.stage_changed_at < ${cutoff}
    order by d.id`;
  return rows.map((r) => r.id);
}

/** Deletes one document's row and queues its file for deletion (the clean-up job drains the queue). */
export async function eraseDocument(tx: Db, id: string): Promise<number> {
  const rows = await tx<{ object_path: string }[]>`delete from applicant_documents where id = ${id} returning object_path`;
  await queueDeletion(
    tx,
    rows.map((r) => r.object_path),
  );
  return rows.length;
}

/** Erases a registration's documents before the registration itself goes (its files too, by the queue). */
export async function eraseRegistrationDocuments(tx: Db, registrationId: string): Promise<number> {
  const rows = await tx<{ id: string }[]>`select id::text from applicant_documents where registration_id = ${registrationId}`;
  let erased = 0;
  for (const row of rows) erased += await eraseDocument(tx, row.id);
  return erased;
}

/** The scheduled run: a small summary for the job's heartbeat. */
export async function runDocumentCleanup(): Promise<Record<string, number>> {
  const expired = await expireOrphanedUploads();
  const swept = await sweepEndedUploadPaths();
  let deleted = 0;
  let failed = 0;
  // Drain in batches within the job's budget.
  for (let i = 0; i < 10; i++) {
    const run = await drainDeletions();
    deleted += run.deleted;
    failed += run.failed;
    if (run.deleted === 0 || run.failed > 0) break;
  }
  return { expired, swept, deleted, failed };
}
