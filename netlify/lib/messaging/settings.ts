/**
 * A learner's WhatsApp choice in settings: turned on with a number (the consent recorded against
 * their account), turned off like STOP (withdrawn, queued messages cancelled).
 */
import type { WhatsAppSetting, WhatsAppSettingInput } from '../../../src/shared/whatsapp-settings.ts';
import { db, hasActiveConsent } from '../platform/index.ts';
import { optInWhatsApp, stopWhatsApp } from './send.ts';
import { whatsapp } from './whatsapp/index.ts';

export async function whatsappSetting(email: string): Promise<WhatsAppSetting> {
  const sql = db();
  const optedIn = await hasActiveConsent(sql, email, 'whatsapp');
  const [contact] = await sql<{ phone: string; language: 'en' | 'hi' }[]>`
    select phone, language from whatsapp_contacts where email = ${email.toLowerCase()} order by opted_in_at desc limit 1`;
  return { available: !!whatsapp(), optedIn: optedIn && !!contact, phone: contact?.phone ?? null, language: contact?.language ?? null };
}

export async function setWhatsAppSetting(account: { id: string; email: string }, input: WhatsAppSettingInput): Promise<WhatsAppSetting> {
  await db().begin(async (tx) => {
    if (input.optedIn) {
      await optInWhatsApp(tx, {
        email: account.email,
        phone: input.phone,
        language: input.language,
        subjectTable: 'accounts',
        subjectId: account.id,
      });
    } else {
      await stopWhatsApp(tx, account.email, 'settings');
    }
  });
  return whatsappSetting(account.email);
}
