/**
 * Numbers typed before numbers had to be proven: each pair whose consent stands is asked once, by
 * email, to prove its number; a withdrawn consent or a number that replied STOP is not asked.
 */
import { describe, expect, it } from 'vitest';
import { askUnaskedToConfirm } from '../../../netlify/lib/messaging/index.ts';
import { recordConsent } from '../../../netlify/lib/platform/index.ts';
import { useTestDatabase } from '../support/harness.ts';

const db = useTestDatabase();

async function earlierOptIn(email: string, phone: string) {
  await db.sql.begin(async (tx) => {
    await recordConsent(tx, { email, purpose: 'whatsapp', subjectTable: 'accounts', subjectId: '1', language: 'en' });
    await tx`insert into whatsapp_contacts (phone, email, language) values (${phone}, ${email}, 'en')`;
  });
}

describe('asking earlier opt-ins to prove their number', () => {
  it('emails each standing pair once, and nobody whose number replied STOP', async () => {
    await earlierOptIn('early.one@example.com', '+919876500001');
    await earlierOptIn('early.two@example.com', '+919876500002');
    await db.sql`insert into whatsapp_blocked_numbers (phone, via) values ('+919876500002', 'whatsapp-stop')`;

    expect(await askUnaskedToConfirm()).toBe(1);
    const asks = await db.sql<{ to_address: string; subject: string }[]>`
      select to_address, subject from email_outbox where tag = 'whatsapp-confirm' order by id`;
    expect(asks).toEqual([{ to_address: 'early.one@example.com', subject: 'Confirm WhatsApp updates to +91 ••••• 00001' }]);

    expect(await askUnaskedToConfirm()).toBe(0);
    expect(await db.sql`select 1 from email_outbox where tag = 'whatsapp-confirm'`).toHaveLength(1);
  });
});
