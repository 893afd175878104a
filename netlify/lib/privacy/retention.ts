/**
 * Retention that runs (DPDP Rules 2025 r.8): the schedule in src/shared/retention.ts, one eraser
 * per kind of data. The scheduled job erases what has expired and leaves one retention_erasures row
 * per erasure; the dry run lists the same rows and changes nothing. `now` is a parameter, so a
 * test (or the command's --now) can move the clock. Payments and invoices are kept (tax law).
 */
import { RETENTION, type RetentionKind } from '../../../src/shared/retention.ts';
import { db, type Tx } from '../platform/index.ts';
import { holdErasureLocks } from './catalogue.ts';
import { ERASERS, type Expired } from './retention-erasers.ts';

export type RetentionItem = Expired & { kind: RetentionKind };
export type RetentionRun = { dryRun: boolean; now: string; items: RetentionItem[]; erasedRows: number };

const DAY_MS = 86_400_000;

export async function runRetention({ now = new Date(), dryRun = false }: { now?: Date; dryRun?: boolean } = {}): Promise<RetentionRun> {
  return db().begin(async (tx: Tx) => {
    // Erasing leads: no persons sync may write them back meanwhile (leads/privacy.ts).
    if (!dryRun) await holdErasureLocks(tx);
    const items: RetentionItem[] = [];
    let erasedRows = 0;
    for (const rule of RETENTION) {
      const eraser = ERASERS[rule.kind];
      if (!eraser) continue; // kept on purpose (payments: tax law)
      const cutoff = new Date(now.getTime() - rule.days * DAY_MS);
      for (const expired of await eraser.expired(tx, cutoff)) {
        items.push({ kind: rule.kind, ...expired });
        if (dryRun) continue;
        const rows = await eraser.erase(tx, expired);
        erasedRows += rows;
        await tx`insert into retention_erasures (kind, subject_table, subject_id, rows_erased)
                 values (${rule.kind}, ${expired.table}, ${expired.id}, ${rows})`;
      }
    }
    return { dryRun, now: now.toISOString(), items, erasedRows };
  });
}
