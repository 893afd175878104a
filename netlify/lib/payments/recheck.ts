/**
 * The scheduled re-check: orders still unpaid 15 minutes after they were opened are asked of the
 * gateway; a captured payment is recorded exactly as the webhook would have. Orders older than
 * three days are left alone (Razorpay auto-refunds uncaptured payments by then). Then each
 * domain's sweep runs (refunds of duplicate captures not done yet). Pending refunds are asked
 * about by `recheckPendingRefunds` (./refunds.ts), run by the same schedule.
 */
import { db, log } from '../platform/index.ts';
import { completeOrder, recordFailedAttempt, runSweeps, type CompletionOutcome } from './completions.ts';
import { gateway, paymentsConfigured } from './gateway/index.ts';
import { recheckPendingRefunds } from './refunds/request.ts';

export { recheckPendingRefunds };

export async function recheckUnpaidOrders({ olderThanMinutes = 15, limit = 50 } = {}): Promise<{ checked: number; completed: number }> {
  if (!paymentsConfigured()) return { checked: 0, completed: 0 };
  const due = await db()<{ id: string }[]>`
    update payment_orders set last_checked_at = now()
    where id in (
      select id from payment_orders
      where status <> 'paid'
        and created_at <= now() - make_interval(mins => ${olderThanMinutes})
        and created_at > now() - interval '3 days'
        and (last_checked_at is null or last_checked_at <= now() - make_interval(mins => ${olderThanMinutes}))
      order by created_at limit ${limit} for update skip locked)
    returning id`;
  let completed = 0;
  for (const { id } of due) {
    try {
      const payments = await gateway().fetchOrderPayments(id);
      const captured = payments.find((p) => p.status === 'captured');
      let outcome: CompletionOutcome | undefined;
      if (captured) outcome = await completeOrder(id, captured, 'recheck');
      else if (payments.some((p) => p.status === 'failed')) await recordFailedAttempt(id);
      if (outcome === 'paid') completed++;
    } catch (error) {
      log.warn('order re-check failed', { orderId: id, error });
    }
  }
  await runSweeps();
  return { checked: due.length, completed };
}
