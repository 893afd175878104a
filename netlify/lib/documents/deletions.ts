/**
 * Storage objects to delete, through a queue (document_deletions) written in the transaction that
 * forgets their rows: after the answer the request tries at once, the scheduled job retries the rest,
 * so an erasure that committed never leaves its files in the bucket.
 */
import { currentRequest, db, type Db, log } from '../platform/index.ts';
import { documentStorage } from './storage/index.ts';

const BATCH = 100;
const MAX_ATTEMPTS = 50;

export async function queueDeletion(tx: Db, paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  await tx`insert into document_deletions ${tx(paths.map((object_path) => ({ object_path })))} on conflict (object_path) do nothing`;
}

/** Deletes queued objects from Storage; answers how many went and how many are left to retry. */
export async function drainDeletions(): Promise<{ deleted: number; failed: number }> {
  const rows = await db()<{ object_path: string }[]>`
    select object_path from document_deletions where attempts < ${MAX_ATTEMPTS} order by queued_at limit ${BATCH}`;
  if (rows.length === 0) return { deleted: 0, failed: 0 };
  const paths = rows.map((r) => r.object_path);
  try {
    await documentStorage().remove(paths);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await db()`update document_deletions set attempts = attempts + 1, last_error = ${message} where object_path in ${db()(paths)}`;
    log.warn('document deletions failed; the scheduled job retries', { count: paths.length, error });
    return { deleted: 0, failed: paths.length };
  }
  await db()`delete from document_deletions where object_path in ${db()(paths)}`;
  return { deleted: paths.length, failed: 0 };
}

/** Inside a request: drain once the answer is ready (the queue keeps what this misses). */
export function drainAfterAnswer(): void {
  currentRequest()?.after(async () => {
    await drainDeletions().catch((error) => log.warn('document deletions failed; the scheduled job retries', { error }));
  });
}
