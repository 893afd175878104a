/**
 * Batches in the privacy catalogue (privacy/catalogue.ts spreads these in): a learner's seats and
 * waiting-list places. Exported, and erased with the account: a seat only says which cohort the
 * learner is in, and the purchase it came from is kept on its own for tax law (docs/dpdp.md).
 */
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
