/**
 * The consent record: a consent remembers the notice's language, and withdrawing keeps the row
 * with when and how, for one purpose or all of them.
 */
import { describe, expect, it } from 'vitest';
import { db as serviceDb, hasActiveConsent, recordConsent, withdrawConsent } from '../../../netlify/lib/platform/index.ts';
import { useTestDatabase } from '../support/harness.ts';
import { newEmail } from '../registrations/kit.ts';

const db = useTestDatabase();

describe('the consent record', () => {
  it('withdraws one purpose, keeps the row with when and how, and leaves the others', async () => {
    const email = newEmail();
    await serviceDb().begin(async (tx) => {
      await recordConsent(tx, { email, purpose: 'advisor', subjectTable: 'leads', subjectId: '1', language: 'hi' });
      await recordConsent(tx, { email, purpose: 'whatsapp', subjectTable: 'leads', subjectId: '1' });
    });
    expect(await hasActiveConsent(serviceDb(), email, 'whatsapp')).toBe(true);
    const withdrawn = await serviceDb().begin((tx) =>
      withdrawConsent(tx, { email: email.toUpperCase(), purpose: 'whatsapp', via: 'settings' }),
    );
    expect(withdrawn).toBe(1);
    expect(await hasActiveConsent(serviceDb(), email, 'whatsapp')).toBe(false);
    expect(await hasActiveConsent(serviceDb(), email, 'advisor')).toBe(true);
    const rows =
      await db.sql`select purpose, language, withdrawn_via, withdrawn_at is not null as withdrawn from consents where email = ${email} order by purpose`;
    expect(rows).toEqual([
      { purpose: 'advisor', language: 'hi', withdrawn_via: null, withdrawn: false },
      { purpose: 'whatsapp', language: 'en', withdrawn_via: 'settings', withdrawn: true },
    ]);
    // Withdrawing again changes nothing; withdrawing everything takes what is left.
    expect(await serviceDb().begin((tx) => withdrawConsent(tx, { email, purpose: 'whatsapp', via: 'settings' }))).toBe(0);
    expect(await serviceDb().begin((tx) => withdrawConsent(tx, { email, via: 'choices-link' }))).toBe(1);
    expect(await hasActiveConsent(serviceDb(), email, 'advisor')).toBe(false);
  });
});
