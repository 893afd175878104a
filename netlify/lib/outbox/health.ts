/**
 * How the outbox is doing, for the operations screen and the scheduled check (docs/architecture.md,
 * Operations): what waits, what failed or was held back lately, the addresses mail does not go to.
 */
import type { Db } from '../platform/index.ts';

export type OutboxBacklog = { pending: number; waited_min: number | null };

/** Messages still waiting, and for how many minutes (database time) the oldest has waited. */
export async function outboxBacklog(sql: Db): Promise<OutboxBacklog> {
  const [row] = await sql<OutboxBacklog[]>`
    select count(*)::int as pending, extract(epoch from now() - min(created_at)) / 60 as waited_min
    from email_outbox where status = 'pending'`;
  return row ?? { pending: 0, waited_min: null };
}

export type OutboxHealth = { pending: number; oldest: Date | null; failed: number; suppressed: number; bounced: number };

/** Waiting now, failed and held back in the last 24 hours, addresses marked undeliverable. */
export async function outboxHealth(sql: Db): Promise<OutboxHealth | undefined> {
  const [row] = await sql<OutboxHealth[]>`
    select count(*) filter (where status = 'pending')::int as pending,
           min(created_at) filter (where status = 'pending') as oldest,
           count(*) filter (where status = 'failed' and created_at > now() - interval '24 hours')::int as failed,
           count(*) filter (where status = 'suppressed' and created_at > now() - interval '24 hours')::int as suppressed,
           (select count(*)::int from email_suppressions where cleared_at is null) as bounced
    from email_outbox where status = 'pending' or created_at > now() - interval '24 hours'`;
  return row;
}

export type OutboxHour = { hour: Date; sent: number; failed: number; suppressed: number };

/** Messages by outcome per hour they were written, from 23 whole hours ago (hours without any left out). */
export function outboxHours(sql: Db): Promise<OutboxHour[]> {
  return sql<OutboxHour[]>`
    select date_trunc('hour', created_at) as hour,
           count(*) filter (where status = 'sent')::int as sent,
           count(*) filter (where status = 'failed')::int as failed,
           count(*) filter (where status = 'suppressed')::int as suppressed
    from email_outbox where created_at >= date_trunc('hour', now()) - interval '23 hours' group by 1`;
}
