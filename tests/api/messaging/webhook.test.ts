/**
 * Meta's webhook: the signature over the exact bytes, the subscription check, statuses that only
 * move forward whatever their order or repeats, and STOP.
 */
import { describe, expect, it } from 'vitest';
import { SANDBOX_VERIFY_TOKEN } from '../../../netlify/lib/messaging/index.ts';
import { call, useTestDatabase } from '../support/harness.ts';
import { advisorLead, inboundBody, messageStatus, outboxRows, postWebhook, provenLead, sandboxSent, sign, statusBody } from './kit.ts';

const db = useTestDatabase();

describe('the WhatsApp webhook signature', () => {
  it('accepts the exact bytes Meta signed, Hindi and emoji included', async () => {
    const raw = inboundBody('wamid.sig-1', 'नमस्ते 🙏 मुझे कोर्स के बारे में जानना है');
    const res = await postWebhook(raw, sign(raw));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ statuses: 0, messages: 1, ignored: 0 });
    const [row] = await db.sql`select body, direction from whatsapp_messages where wamid = 'wamid.sig-1'`;
    expect(row).toEqual({ body: 'नमस्ते 🙏 मुझे कोर्स के बारे में जानना है', direction: 'in' });
  });

  it('accepts Meta’s escaped form of the same text (its own bytes, signed as sent)', async () => {
    const raw = inboundBody('wamid.sig-2', 'x').replace('"x"', '"\\u0928\\u092e\\u0938\\u094d\\u0924\\u0947 \\ud83d\\ude4f"');
    const res = await postWebhook(raw, sign(raw));
    expect(res.status, res.text).toBe(200);
    const [row] = await db.sql`select body from whatsapp_messages where wamid = 'wamid.sig-2'`;
    expect(row!.body).toBe('नमस्ते 🙏');
  });

  it('refuses a re-serialised body (same JSON, other bytes), a wrong key, a missing or malformed header: 401, nothing kept', async () => {
    const raw = inboundBody('wamid.sig-3', 'नमस्ते 🙏');
    const reserialised = JSON.stringify(JSON.parse(raw), null, 1);
    const attempts = [
      [reserialised, sign(raw)],
      [raw, sign(raw, 'another-app-secret')],
      [raw, null],
      [raw, sign(raw).replace('sha256=', 'sha1=')],
      [raw, sign(raw).toUpperCase().replace('SHA256=', 'sha256=').slice(0, 60)],
    ] as const;
    for (const [body, signature] of attempts) {
      const res = await postWebhook(body, signature);
      expect(res.status, String(signature)).toBe(401);
      expect(res.body).toEqual({ errors: 'Invalid webhook signature' });
    }
    expect(await db.sql`select 1 from whatsapp_messages where wamid = 'wamid.sig-3'`).toHaveLength(0);
    const [counted] = await db.sql`select refused_in_a_row from webhook_status where source = 'whatsapp'`;
    expect(counted!.refused_in_a_row).toBe(attempts.length);
  });
});

describe('the subscription check', () => {
  it('echoes hub.challenge when the verify token matches, and refuses another token', async () => {
    const ok = await call(
      'GET',
      `/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${SANDBOX_VERIFY_TOKEN}&hub.challenge=1158201444`,
    );
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('1158201444');
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
    const wrong = await call('GET', '/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444');
    expect(wrong.status).toBe(403);
    expect(wrong.text).not.toContain('1158201444');
    const mode = await call(
      'GET',
      `/api/v1/whatsapp/webhook?hub.mode=unsubscribe&hub.verify_token=${SANDBOX_VERIFY_TOKEN}&hub.challenge=1`,
    );
    expect(mode.status).toBe(403);
  });
});

describe('statuses', () => {
  it('ignore duplicates and never let a late "delivered" or "sent" undo "read"', async () => {
    await provenLead(db, 'Meera Status');
    await advisorLead('Meera Status', { whatsapp: true });
    const [sent] = (await sandboxSent(db)).filter((m) => m.template !== 'whatsapp_code');
    expect(sent!.template).toBe('lead_received');
    const wamid = sent!.wamid;
    expect(await messageStatus(db, wamid)).toBe('accepted');

    const read = statusBody(wamid, 'read', 1_800_000_300);
    expect((await postWebhook(read, sign(read))).body).toEqual({ statuses: 1, messages: 0, ignored: 0 });
    for (const late of [statusBody(wamid, 'delivered', 1_800_000_200), statusBody(wamid, 'sent', 1_800_000_100), read]) {
      const res = await postWebhook(late, sign(late));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ statuses: 0, messages: 0, ignored: 1 });
    }
    expect(await messageStatus(db, wamid)).toBe('read');
    // A status for a message we never sent changes nothing.
    const stranger = statusBody('wamid.unknown', 'delivered');
    expect((await postWebhook(stranger, sign(stranger))).body).toEqual({ statuses: 0, messages: 0, ignored: 1 });
    // A status named like an inherited property is no status at all.
    for (const name of ['constructor', '__proto__', 'toString']) {
      const odd = statusBody(wamid, name);
      const res = await postWebhook(odd, sign(odd));
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ statuses: 0, messages: 0, ignored: 1 });
    }
    expect(await messageStatus(db, wamid)).toBe('read');
  });

  it('a duplicate incoming message is kept once', async () => {
    const raw = inboundBody('wamid.dup-1', 'Hello');
    expect((await postWebhook(raw, sign(raw))).body).toEqual({ statuses: 0, messages: 1, ignored: 0 });
    expect((await postWebhook(raw, sign(raw))).body).toEqual({ statuses: 0, messages: 0, ignored: 1 });
    expect(await db.sql`select 1 from whatsapp_messages where wamid = 'wamid.dup-1'`).toHaveLength(1);
  });

  it('a failed message writes no second email: its email went with it', async () => {
    const phone = '+919810011111';
    const { email } = await provenLead(db, 'Farid Fails', phone);
    await advisorLead('Farid Fails', { whatsapp: true, phone });
    const [sent] = (await sandboxSent(db, phone)).filter((m) => m.template === 'lead_received');
    const failed = statusBody(sent!.wamid, 'failed');
    await postWebhook(failed, sign(failed));
    await postWebhook(failed, sign(failed));
    expect(await messageStatus(db, sent!.wamid)).toBe('failed');
    const rows = await outboxRows(db, email);
    // One email per lead (the first when the number was not proven yet, the second with the WhatsApp copy).
    const emails = rows.filter((r) => r.channel === 'email' && r.tag === 'advisor-confirmation');
    expect(emails).toHaveLength(2);
    expect(rows.find((r) => r.channel === 'whatsapp')!.fallback_outbox_id).toBe(emails[1]!.id);
  });
});

describe('STOP', () => {
  it('withdraws the WhatsApp consent at once and cancels queued messages, each sent by email instead', async () => {
    const phone = '+919810022222';
    const { email } = await provenLead(db, 'Sunita Stop', phone);
    // A message waiting in the queue (written, not yet delivered).
    await db.sql`insert into email_outbox (channel, to_address, recipient_email, subject, text_body, tag, wa_template, wa_language, wa_variables, next_attempt_at)
                 values ('whatsapp', ${phone}, ${email}, 'Your fee part is due', 'Pay here', 'whatsapp-fee-part-due', 'fee_part_due', 'en', '["a","b","c","d","e"]', now() + interval '1 hour')`;
    const raw = inboundBody('wamid.stop-1', ' STOP ', phone);
    expect((await postWebhook(raw, sign(raw))).status).toBe(200);
    const [consent] = await db.sql`select withdrawn_via from consents where email = ${email} and purpose = 'whatsapp'`;
    expect(consent!.withdrawn_via).toBe('whatsapp-stop');
    const rows = await outboxRows(db, email);
    const queued = rows.find((r) => r.tag === 'whatsapp-fee-part-due')!;
    expect(queued.status).toBe('cancelled');
    expect(rows.find((r) => r.id === queued.fallback_outbox_id)).toMatchObject({
      channel: 'email',
      to_address: email,
      tag: 'whatsapp-fee-part-due',
    });
    // The next automatic message goes by email only, and the number is blocked whatever names it.
    await advisorLead('Sunita Stop', { phone });
    expect((await sandboxSent(db, phone)).map((m) => m.template)).toEqual(['whatsapp_code']);
    expect(await db.sql`select via from whatsapp_blocked_numbers where phone = ${phone}`).toEqual([{ via: 'whatsapp-stop' }]);
  });
});
