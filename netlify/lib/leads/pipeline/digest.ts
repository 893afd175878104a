/**
 * The daily digest: each active admin with overdue follow-ups gets one email listing them. The
 * (admin, IST day) row in counsellor_digests_sent and the email commit together, so a retried or
 * repeated run never sends the same day twice.
 */
import { LEAD_KIND_LABELS, type LeadKind } from '../../../../src/shared/pipeline.ts';
import { db, log } from '../../platform/index.ts';
import { enqueueEmail } from '../../outbox/index.ts';
import { counsellorDigestEmail } from './emails.ts';
import { INBOX_KEY } from './read.ts';

const ZONE = 'Asia/Kolkata';
const LIST_MAX = 50;

type Overdue = {
  owner_id: string;
  email: string;
  first_name: string;
  lead_kind: LeadKind;
  name: string | null;
  phone: string | null;
  due: Date;
};

export async function sendCounsellorDigests(now = new Date()): Promise<{ sent: number; skipped: number }> {
  const sql = db();
  const rows = await sql<Overdue[]>`
    select p.owner_id, a.email, a.first_name, p.lead_kind, x.name, x.phone, p.next_follow_up_at as due
    from lead_pipeline p
    join accounts a on a.id = p.owner_id and a.role = 'admin'
    left join admin_profiles ap on ap.account_id = a.id
    left join lateral (
      select i.name, i.phone from lead_inbox i
      where i.kind = p.lead_kind and ${sql.unsafe(INBOX_KEY)} = p.lead_id
      order by i.created_at desc limit 1
    ) x on true
    where p.next_follow_up_at <= ${now} and p.stage not in ('enrolled', 'lost') and coalesce(ap.active, true)
    order by p.owner_id, p.next_follow_up_at`;
  const byOwner = new Map<string, Overdue[]>();
  for (const row of rows) byOwner.set(row.owner_id, [...(byOwner.get(row.owner_id) ?? []), row]);
  let sent = 0;
  let skipped = 0;
  for (const [ownerId, leads] of byOwner) {
    const first = leads[0]!;
    const wrote = await sql.begin(async (tx) => {
      const [claimed] = await tx`
        insert into counsellor_digests_sent (account_id, day, follow_ups)
        values (${ownerId}, (${now}::timestamptz at time zone ${ZONE})::date, ${leads.length})
        on conflict do nothing returning account_id`;
      if (!claimed) return false;
      const email = counsellorDigestEmail(
        first.first_name,
        leads
          .slice(0, LIST_MAX)
          .map((l) => ({ name: l.name ?? '', kind: LEAD_KIND_LABELS[l.lead_kind], phone: l.phone ?? '', dueAt: new Date(l.due) })),
      );
      await enqueueEmail(tx, { to: first.email, ...email, tag: 'counsellor-digest' });
      return true;
    });
    if (wrote) sent++;
    else skipped++;
  }
  log.info('counsellor digest run', { sent, skipped });
  return { sent, skipped };
}
