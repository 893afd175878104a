/**
 * Batches in the privacy catalogue (privacy/catalogue.ts spreads these in): a learner's seats and
 * waiting-list places. Exported, and erased with the account: a seat only says which cohort the
 * learner is in, and the purchase it came from is kept on its own for tax law (docs/dpdp.md). A
 * taken seat places that purchase, so it has no time limit of its own; seats that place nobody go
 * 30 days after the batch ends (the retention schedule, below).
 */
import type { Tx } from '../platform/index.ts';
import type { TableCoverage } from '../privacy/types.ts';

export const COHORT_DATA: Record<string, TableCoverage> = {
  batch_seats: {
    label: 'batchSeats',
    export: (tx, s) => tx`
      select b.name as batch, b.starts_on, b.ends_on, s.source, s.status, s.held_until, s.released_reason, s.created_at, s.updated_at
      from batch_seats s join batches b on b.id = s.batch_id
      where s.account_id in ${tx(s.accountIds.concat(''))} order by s.created_at`,
    erase: async (tx, s) => (await tx`delete from batch_seats where account_id in ${tx(s.accountIds.concat(''))}`).count,
  },
  batches: {
    label: 'batches',
    // Its name is the cohort's ("August 2027"), not a person's; the learner's part is their seat.
    export: async () => [],
    erase: { keep: "a batch's name, dates, capacity and venues; nothing about a learner" },
  },
};

/**
 * Batches ended before the cutoff with seats that place nobody (waiting-list places, released
 * seats, holds that ran out): the retention schedule erases them (privacy/retention-erasers.ts).
 */
export async function batchesWithSpentSeatsBefore(tx: Tx, cutoff: Date): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`
    select b.id from batches b
    where ((b.ends_on + 1)::timestamp at time zone 'Asia/Kolkata') < ${cutoff}
      and exists (select 1 from batch_seats s where s.batch_id = b.id and s.status <> 'taken')
    order by b.id`;
  return rows.map((r) => r.id);
}

export async function eraseSpentSeats(tx: Tx, batchId: string): Promise<number> {
  return (await tx`delete from batch_seats where batch_id = ${batchId} and status <> 'taken'`).count;
}
