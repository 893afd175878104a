/**
 * The rows of the one outbox (`email_outbox`, a row per message with its `channel`), written in
 * the caller's transaction. What an email row checks on its way in: an erased address, marketing
 * nobody may get, an undeliverable address (written held back), a visitor's daily cap.
 */
import { withChoicesLink } from '../mail/index.ts';
import { type Db, log, hitStatement, mayMarketTo } from '../platform/index.ts';
import { SECRET_NOT_SENT } from './suppressions.ts';
import type { OutgoingEmail, WhatsAppMessage } from './types.ts';

export const CONFIRMATIONS_PER_DAY = 3;

/** `.invalid` is reserved (RFC 2606) and never delivered; erasure puts such addresses in place of a person's. */
const UNDELIVERABLE = /\.invalid$/i;

/** A written row, and whether it waits to be delivered (a held-back one does not). */
export type Written = { id: string; due: boolean };

/**
 * To an undeliverable address (a bounce, see suppressions.ts) the row is written as 'suppressed'
 * and never sent, unless `retyped`.
 */
export async function writeEmail(tx: Db, input: OutgoingEmail): Promise<Written | null> {
  if (UNDELIVERABLE.test(input.to.trim())) {
    // An erased person: whatever happens to their order or refund, there is nobody to write to.
    log.info('email not written: the address was erased', { tag: input.tag });
    return null;
  }
  const marketing = input.marketing ?? false;
  if (marketing && !(await mayMarketTo(tx, input.to))) {
    // A child (DPDP Act s.9(3)), or every consent withdrawn (s.6(4)): no marketing, not even queued.
    log.info('marketing not written: the address is a child’s or has withdrawn consent', { tag: input.tag });
    return null;
  }
  const email = await withChoicesLink(input);
  const retyped = email.retyped ?? false;
  // An undeliverable address is looked up in the same statement: the row is written held back.
  const held = tx`(select 'Not sent: the address is undeliverable (' || s.reason || ')' from email_suppressions s
                   where s.address = ${email.to.trim().toLowerCase()} and s.cleared_at is null and not ${retyped})`;
  // A held-back secret (an OTP) is not kept: nobody will read it.
  const secret = email.secret ?? false;
  const values = tx`select ${email.to}, ${email.subject},
    case when held.reason is not null and ${secret} then ${SECRET_NOT_SENT} else ${email.text} end,
    case when held.reason is not null and ${secret} then null else ${email.html ?? null} end, ${email.tag ?? 'general'},
    ${secret}, ${retyped}, held.reason, case when held.reason is null then 'pending' else 'suppressed' end, ${marketing}
    from (select ${held} as reason) held`;
  const columns = tx`(to_address, subject, text_body, html_body, tag, secret, retyped, last_error, status, marketing)`;
  // To a visitor's address: counted and capped in the same statement (no extra round trip).
  const [row] = email.toVisitor
    ? await tx<{ id: string; status: string }[]>`
        with hit as (${hitStatement(tx, { bucket: 'mail-to-visitor', key: email.to.toLowerCase(), windowSeconds: 86_400 })})
        insert into email_outbox ${columns}
        ${values} where (select count from hit) <= ${CONFIRMATIONS_PER_DAY}
        returning id::text as id, status`
    : await tx<{ id: string; status: string }[]>`
        insert into email_outbox ${columns} ${values}
        returning id::text as id, status`;
  if (!row) {
    // Our server must not become a way to flood someone else's inbox.
    log.info('email to a visitor not sent: daily cap for this address reached', { tag: email.tag });
    return null;
  }
  if (row.status === 'suppressed') {
    log.info('email not sent: the address is undeliverable', { tag: email.tag });
    return { id: row.id, due: false };
  }
  return { id: row.id, due: true };
}

/** A WhatsApp row holds the number, the person, the template or text, and the email to send instead. */
export async function writeWhatsApp(tx: Db, message: WhatsAppMessage): Promise<Written> {
  const [inserted] = await tx<{ id: string }[]>`
    insert into email_outbox (channel, to_address, recipient_email, subject, text_body, html_body, tag,
                              wa_template, wa_language, wa_variables, wa_text, wa_sent_by, fallback_outbox_id)
    values ('whatsapp', ${message.phone}, ${message.email.toLowerCase()}, ${message.fallback.subject}, ${message.fallback.text},
            ${message.fallback.html ?? null}, ${message.tag}, ${message.template?.name ?? null}, ${message.template?.language ?? null},
            ${message.template ? tx.json(message.template.variables) : null}, ${message.text ?? null}, ${message.sentBy ?? null},
            ${message.fallbackOutboxId ?? null})
    returning id::text as id`;
  return { id: inserted!.id, due: true };
}
