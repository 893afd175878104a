/**
 * Undeliverable addresses (docs/architecture.md, Operations): Postmark's bounce webhook and its
 * permanent send errors put an address here; the outbox then writes nothing to it but an OTP or a
 * confirmation the person typed it again for. A counsellor who gets the right address records it
 * (the emails that never arrived go to it once); an owner, or the person proving the inbox, clears it.
 */
import type { BounceReason, EmailBounceDto } from '../../../src/shared/operations.ts';
import { db, type Db, log } from '../platform/index.ts';

/** What a held-back email carrying a one-time secret keeps of its body. */
export const SECRET_NOT_SENT = '[not sent: this email carried a one-time secret]';

export type Suppression = {
  address: string;
  reason: BounceReason;
  detail: string;
  source: 'webhook' | 'send';
  bounceId?: string | null;
  canReactivate?: boolean;
  bouncedAt?: Date;
};

type Row = {
  address: string;
  reason: BounceReason;
  detail: string;
  bounced_at: Date;
  can_reactivate: boolean;
  corrected_to: string | null;
  corrected_at: Date | null;
  cleared_at: Date | null;
};
const COLUMNS = 'address, reason, detail, bounced_at, can_reactivate, corrected_to, corrected_at, cleared_at';
const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function bounceDto(row: Row): EmailBounceDto {
  return {
    address: row.address,
    reason: row.reason,
    detail: row.detail,
    bouncedAt: new Date(row.bounced_at).toISOString(),
    canReactivate: row.can_reactivate,
    correctedTo: row.corrected_to,
    correctedAt: iso(row.corrected_at),
    clearedAt: iso(row.cleared_at),
  };
}

/**
 * Marks an address undeliverable (again: a new bounce undoes an earlier correction or clear), and
 * holds back the emails still waiting for it. Answers true when it was not suppressed before.
 */
export async function suppressAddress(input: Suppression, sql: Db = db()): Promise<boolean> {
  const address = input.address.trim().toLowerCase();
  const [row] = await sql<{ fresh: boolean }[]>`
    with before as (select 1 from email_suppressions where address = ${address} and cleared_at is null)
    insert into email_suppressions as s (address, reason, detail, source, provider_bounce_id, can_reactivate, bounced_at)
    values (${address}, ${input.reason}, ${input.detail.slice(0, 500)}, ${input.source}, ${input.bounceId ?? null},
            ${input.canReactivate ?? input.reason !== 'spam-complaint'}, ${input.bouncedAt ?? new Date()})
    on conflict (address) do update set
      reason = excluded.reason, detail = excluded.detail, source = excluded.source,
      provider_bounce_id = coalesce(excluded.provider_bounce_id, s.provider_bounce_id),
      can_reactivate = excluded.can_reactivate, bounced_at = excluded.bounced_at,
      corrected_to = null, corrected_at = null, corrected_by = null,
      cleared_at = null, cleared_by = null, clear_reason = null, updated_at = now()
    returning not exists (select 1 from before) as fresh`;
  await holdBackPending(sql);
  log.info('address marked undeliverable', { reason: input.reason, source: input.source });
  return row?.fresh ?? false;
}

/**
 * Pending emails (all, or these ids) to an undeliverable address are not sent: status
 * 'suppressed', a secret body dropped at once. An email the person retyped the address for goes.
 */
export async function holdBackPending(sql: Db, ids?: string[]): Promise<number> {
  const only = ids ? sql`and o.id in ${sql(ids.concat('0'))}` : sql``;
  const held = await sql`
    update email_outbox o set status = 'suppressed', last_error = 'Not sent: the address is undeliverable (' || s.reason || ')',
      text_body = case when o.secret then ${SECRET_NOT_SENT} else o.text_body end,
      html_body = case when o.secret then null else o.html_body end,
      redacted_at = case when o.secret then now() else o.redacted_at end
    from email_suppressions s
    where o.status = 'pending' and o.channel = 'email' and not o.retyped and s.address = lower(o.to_address) and s.cleared_at is null ${only}`;
  return held.count;
}

/** Every suppression (open, corrected or cleared) of these addresses. */
export async function suppressionsFor(sql: Db, addresses: string[]): Promise<EmailBounceDto[]> {
  if (addresses.length === 0) return [];
  const rows = await sql<Row[]>`
    select ${sql.unsafe(COLUMNS)} from email_suppressions
    where address in ${sql(addresses.map((a) => a.toLowerCase()))} order by bounced_at desc`;
  return rows.map(bounceDto);
}

/** Addresses mail does not go to now, newest first (the operations screen). */
export async function undeliverableAddresses(limit = 100): Promise<EmailBounceDto[]> {
  const rows = await db()<Row[]>`
    select ${db().unsafe(COLUMNS)} from email_suppressions where cleared_at is null order by bounced_at desc limit ${limit}`;
  return rows.map(bounceDto);
}

export const NOT_SUPPRESSED = 'This address is not marked undeliverable';

/** Mail goes to the address again: an owner's decision, or the person proved the inbox. */
export async function clearSuppression(sql: Db, address: string, by: { reason: 'owner' | 'confirmed'; accountId?: string }) {
  const [row] = await sql<(Row & { provider_bounce_id: string | null })[]>`
    update email_suppressions set cleared_at = now(), cleared_by = ${by.accountId ?? null}, clear_reason = ${by.reason}, updated_at = now()
    where address = ${address.toLowerCase()} and cleared_at is null
    returning ${sql.unsafe(COLUMNS)}, provider_bounce_id`;
  return row ? { bounce: bounceDto(row), providerBounceId: row.provider_bounce_id } : null;
}

/** The provider's id of the address's bounce (to ask the provider to send to it again), or null. */
export async function providerBounceId(sql: Db, address: string): Promise<string | null> {
  const [row] = await sql<{ provider_bounce_id: string | null }[]>`
    select provider_bounce_id from email_suppressions where address = ${address}`;
  return row?.provider_bounce_id ?? null;
}
