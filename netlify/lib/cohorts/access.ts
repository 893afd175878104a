import type { Session } from '../auth/index.ts';
import { db, HttpError } from '../platform/index.ts';

export const NOT_YOUR_BATCH = 'You can open only the batches you teach';

/** Owners open every batch, faculty only those they are assigned to; 404 for an unknown batch. */
export async function requireBatchAccess(session: Pick<Session, 'accountId' | 'adminRole'>, batchId: string): Promise<void> {
  const [row] = await db()<{ assigned: boolean }[]>`
    select exists (select 1 from batch_faculty where batch_id = b.id and account_id = ${session.accountId}) as assigned
    from batches b where b.id = ${batchId}`;
  if (!row) throw new HttpError(404, 'Batch not found');
  if (session.adminRole === 'owner') return;
  if (session.adminRole !== 'faculty' || !row.assigned) throw new HttpError(403, NOT_YOUR_BATCH);
}
