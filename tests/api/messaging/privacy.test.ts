/** A person's WhatsApp numbers, messages and opt-ins are in their export and go with erasure. */
import { describe, expect, it } from 'vitest';
import { ERASE_CONFIRMATION } from '../../../src/shared/privacy.ts';
import { call, useTestDatabase } from '../support/harness.ts';
import { inboundBody, makeAdmin, postWebhook, provenLead, sign } from './kit.ts';

const db = useTestDatabase();

describe('privacy', () => {
  it('exports and erases the WhatsApp data of a person', async () => {
    const phone = '+919840000001';
    const { email } = await provenLead(db, 'Priya Private', phone);
    const raw = inboundBody('wamid.priv-1', 'मेरा सवाल है', phone);
    await postWebhook(raw, sign(raw));
    const owner = await makeAdmin('Otto', 'owner');

    const exported = await call('POST', '/api/v1/admin/privacy/export', { token: owner.token, body: { email } });
    expect(exported.status, exported.text).toBe(200);
    const data = JSON.parse(exported.text);
    expect(JSON.stringify(data.whatsappMessages ?? data)).toContain('मेरा सवाल है');
    expect(JSON.stringify(data.whatsappNumbers ?? data)).toContain(phone);
    expect(JSON.stringify(data)).toMatch(/"purpose":"whatsapp"/);

    const erased = await call('POST', '/api/v1/admin/privacy/erase', { token: owner.token, body: { email, confirm: ERASE_CONFIRMATION } });
    expect(erased.status, erased.text).toBe(200);
    expect(await db.sql`select 1 from whatsapp_messages where phone = ${phone} or email = ${email}`).toEqual([]);
    expect(await db.sql`select 1 from whatsapp_contacts where phone = ${phone}`).toEqual([]);
    expect(await db.sql`select 1 from whatsapp_sandbox_messages where phone = ${phone}`).toEqual([]);
    expect(await db.sql`select 1 from email_outbox where recipient_email = ${email}`).toEqual([]);
    expect(await db.sql`select 1 from whatsapp_codes where email = ${email}`).toEqual([]);
  });
});
