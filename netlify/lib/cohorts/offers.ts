/**
 * The waiting list is told of a freed seat (a refund, a hold that ran out, a larger capacity): the
 * first learner not yet told gets an email, and the seat is theirs until `offered_until` (others
 * are told the batch is full meanwhile, seats.ts). Nobody is seated: they pay first. Each waiting
 * row is told once; an offer that lapses takes the learner off the list, so the next one is told.
 * A refund or a hold's end is noticed by the quarter-hourly class run; a larger capacity at once.
 */
import { db, log, siteUrl, type Tx } from '../platform/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { seatOfferEmail } from './emails.ts';
import { liveOffer, liveSeats, lockBatch } from './seats.ts';

export const OFFER_HOURS = 24;

type Offered = { batchId: string; accountId: string };

/** In the batch's transaction: offers each free seat to the next learner on the list. */
export async function offerSeatsOf(tx: Tx, batchId: string): Promise<Offered[]> {
  const batch = await lockBatch(tx, batchId);
  if (batch.status !== 'open') return [];
  await tx`update batch_seats set status = 'released', released_reason = 'offer lapsed', updated_at = now()
           where batch_id = ${batchId} and status = 'waiting' and offered_until <= now()`;
  const [offered] = await tx<{ n: number }[]>`
    select count(*)::int as n from batch_seats where batch_id = ${batchId} and ${tx.unsafe(liveOffer())}`;
  const free = batch.capacity - (await liveSeats(tx, batchId)) - offered!.n;
  if (free <= 0) return [];
  const next = await tx<{ id: string; account_id: string; email: string; first_name: string; until: Date; name: string }[]>`
    update batch_seats w set offered_until = now() + ${`${OFFER_HOURS} hours`}::interval, updated_at = now()
    from accounts a, batches b
    where w.id in (select id from batch_seats where batch_id = ${batchId} and status = 'waiting' and offered_until is null
                   order by created_at, id limit ${free})
      and a.id = w.account_id and b.id = w.batch_id
    returning w.id::text, w.account_id, a.email, a.first_name, w.offered_until as until, b.name`;
  const url = siteUrl(batch.course_id ? `/buy/${batch.course_id}` : '/learn');
  for (const w of next) {
    const email = seatOfferEmail({ firstName: w.first_name, batchName: w.name, until: new Date(w.until), url });
    await enqueueEmail(tx, { to: w.email, ...email, tag: 'waitlist-seat' });
  }
  return next.map((w) => ({ batchId, accountId: w.account_id }));
}

/** The scheduled run: every open batch with learners waiting. */
export async function offerFreedSeats(): Promise<{ offered: Offered[] }> {
  const batches = await db()<{ id: string }[]>`
    select distinct s.batch_id as id from batch_seats s join batches b on b.id = s.batch_id
    where b.status = 'open' and s.status = 'waiting' order by 1`;
  const offered: Offered[] = [];
  for (const { id } of batches) {
    try {
      offered.push(...(await db().begin((tx) => offerSeatsOf(tx, id))));
    } catch (error) {
      log.error('waiting list offer failed', { batchId: id, error });
    }
  }
  return { offered };
}
