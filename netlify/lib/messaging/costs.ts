/**
 * What WhatsApp costs this month, for the owner: messages we sent by category (what Meta bills:
 * a delivered template; free text inside the window is free) and outcome.
 */
import type { WhatsAppMonth } from '../../../src/shared/whatsapp.ts';
import { db } from '../platform/index.ts';

export async function whatsappMonth(now = new Date()): Promise<WhatsAppMonth> {
  const rows = await db()<{ category: string; outcome: string; count: number }[]>`
    select coalesce(category, 'service') as category,
           case when status in ('delivered', 'read') then 'delivered' when status = 'failed' then 'failed' else 'sent' end as outcome,
           count(*)::int as count
    from whatsapp_messages
    where direction = 'out' and created_at >= date_trunc('month', ${now}::timestamptz at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata'
    group by 1, 2 order by 1, 2`;
  return { month: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).format(now), rows };
}
