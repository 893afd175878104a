/**
 * Two people and one email, in the browser: Asha ticks WhatsApp on the advisor form with her
 * number, proves it from the emailed link with the code her phone got, and gets the templates.
 * Then someone else types Asha's email with their own number and ticks WhatsApp: their number
 * gets nothing of Asha's (no template, no link, not even a code), and Asha is only asked by email.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, e2eDescribe, newPage, sql } from './harness.ts';
import { confirmByEmailedLink, sandboxBookOf } from './whatsapp-kit.ts';

const run = Date.now().toString(36);
/** A plain name has no digits (names with digits are greeted as "there"). */
const letters = run.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
const digits = String(Date.now()).slice(-8);
const asha = { name: `Asha Proof ${letters}`, email: `wa-proof-${run}@example.com`, phone: `+9196${digits}` };
const other = { name: `Mallory Other ${letters}`, phone: `+9195${digits}` };

/** The advisor form in the Contact Us dialog, filled and sent, WhatsApp ticked. */
async function askForCall(page: Page, person: { name: string; email: string; phone: string }): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Contact Us' }).click();
  const form = page.locator('#advisor-dialog form[data-ready]');
  await form.waitFor({ timeout: 30_000 });
  await form.locator('[name="Name"]').fill(person.name);
  await form.locator('[name="Number"]').fill(person.phone.slice(3));
  await form.locator('[name="email"]').fill(person.email);
  await form.getByLabel(/Send me updates from Aspira on WhatsApp/).check();
  await form.getByRole('button', { name: 'Request a call' }).click();
  await page.locator('#advisor-dialog').getByText('We will connect you shortly!').waitFor();
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const value = await read();
    if (ok(value) || i > 50) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

e2eDescribe('WhatsApp numbers are proven', () => {
  it('the owner of the email proves her number and gets the templates; a stranger with her email gets nothing of hers', async () => {
    const page = await newPage();
    await askForCall(page, asha);
    expect(await sandboxBookOf(asha.phone)).toEqual([]);
    await confirmByEmailedLink(page, asha.email, asha.phone);
    await askForCall(page, asha);
    const book = await until(
      () => sandboxBookOf(asha.phone),
      (messages) => messages.some((m) => m.template === 'lead_received'),
    );
    expect(book.map((m) => m.template)).toEqual(['lead_received', 'whatsapp_code']);
    const [name, , choices] = JSON.parse(book[0]!.body) as string[];
    expect(name).toBe(asha.name);
    expect(choices).toMatch(/\/choices\?t=/);

    // A second person types Asha's email with their own number.
    const stranger = await newPage();
    await askForCall(stranger, { name: other.name, email: asha.email, phone: other.phone });
    // Asha's proven number gets the answer to "her" request (it is her email); the stranger's nothing.
    await until(
      () => sandboxBookOf(asha.phone),
      (messages) => messages.filter((m) => m.template === 'lead_received').length === 2,
    );
    expect(await sandboxBookOf(other.phone)).toEqual([]);
    // Asha is asked by email whether the stranger's number is hers (its last digits only); she ignores it.
    const [ask] = await sql()<{ subject: string }[]>`
      select subject from email_outbox where to_address = ${asha.email} and tag = 'whatsapp-confirm' order by id desc limit 1`;
    expect(ask!.subject).toBe(`Confirm WhatsApp updates to +91 ••••• ${other.phone.slice(-5)}`);
    // The stranger cannot get the code sent to their number without that link (only Asha's inbox has it).
    const guess = await fetch(`${baseUrl}/api/v1/whatsapp/confirm/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ token: 'forged.token.value-that-is-long-enough' }),
    });
    expect(guess.status).toBe(400);
    expect(await sandboxBookOf(other.phone)).toEqual([]);
    const [proven] = await sql()`select email from whatsapp_contacts where phone = ${other.phone} and verified_at is not null`;
    expect(proven).toBeUndefined();
  });
});
