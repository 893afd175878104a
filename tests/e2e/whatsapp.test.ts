/**
 * WhatsApp in the browser: a visitor ticks the opt-in on the advisor form; nothing goes to the
 * number until they open the emailed link and type back the code the sandbox got; then the
 * "lead received" template comes; the person replies through the sandbox; the counsellor sees the reply
 * in the person's timeline and answers in free text (the window is open); the answer shows as
 * delivered, then read, as the sandbox's signed webhooks arrive.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.ts';
import { adminLogIn, baseUrl, e2eDescribe, islandsSettled, newPage, signupVerified, sql } from './harness.ts';
import { confirmByEmailedLink, sandboxCode } from './whatsapp-kit.ts';

const run = Date.now().toString(36);
const PASSWORD = 'whatsapp lantern river 42';
const owner = { email: `wa-owner-${run}@aspira.example`, firstName: 'Wahida', lastName: 'Owner' };
/** A plain name has no digits (names with digits are greeted as "there"). */
const letters = run.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
const visitor = { name: `Asha WhatsApp ${letters}`, email: `wa-visitor-${run}@example.com` };
const digits = String(Date.now()).slice(-8);
const PHONE = `+9198${digits}`;

type SandboxMessage = { wamid: string; direction: string; template: string | null; body: string };

async function sandbox(path: string, body?: unknown): Promise<Response> {
  return fetch(`${baseUrl}/api/v1/whatsapp/sandbox/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

async function sandboxBook(): Promise<SandboxMessage[]> {
  const res = await sandbox(`messages?phone=${encodeURIComponent(PHONE)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: SandboxMessage[] }).messages;
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const value = await read();
    if (ok(value) || i > 50) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const SHOTS = process.env.E2E_SHOTS; // a folder: screenshots for a person to look at
async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

async function timelineEntry(page: Page, text: RegExp) {
  const entry = page.locator('.person-entry-whatsapp').filter({ hasText: text });
  await entry.first().waitFor();
  return entry.first();
}

e2eDescribe('WhatsApp', () => {
  it('opt in on the advisor form, the template, a reply, a free-text answer delivered then read', async () => {
    await signupVerified('admin', { ...owner, password: PASSWORD });

    // The visitor asks for a call and ticks the separate WhatsApp choice.
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Contact Us' }).click();
    const form = page.locator('#advisor-dialog form[data-ready]');
    await form.waitFor({ timeout: 30_000 });
    const optIn = form.getByLabel(/Send me updates from Aspira on WhatsApp/);
    expect(await optIn.isChecked()).toBe(false);
    await form.locator('[name="Name"]').fill(visitor.name);
    await form.locator('[name="Number"]').fill(PHONE.slice(3));
    await form.locator('[name="email"]').fill(visitor.email);
    await optIn.check();
    await shot(page, 'whatsapp-opt-in-390');
    await form.getByRole('button', { name: 'Request a call' }).click();
    await page.locator('#advisor-dialog').getByText('We will connect you shortly!').waitFor();
    const [consent] =
      await sql()`select purpose, language, withdrawn_at from consents where email = ${visitor.email} and purpose = 'whatsapp' order by id limit 1`;
    expect(consent).toEqual({ purpose: 'whatsapp', language: 'en', withdrawn_at: null });

    // Nothing goes to the number yet: the visitor confirms it from the emailed link, with the code it got.
    expect(await sandboxBook()).toEqual([]);
    await confirmByEmailedLink(page, visitor.email, PHONE);
    await shot(page, 'whatsapp-confirmed-390');

    // The next request brings the "lead received" template (delivered after the answer).
    const again = await fetch(`${baseUrl}/api/v1/user/contactus`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ source: 'advisor', Name: visitor.name, Number: PHONE.slice(3), email: visitor.email, whatsapp: true }),
    });
    expect(again.status, await again.clone().text()).toBe(201);
    const book = await until(sandboxBook, (messages) => messages.some((m) => m.template === 'lead_received'));
    expect(book.map((m) => m.template)).toEqual(['lead_received', 'whatsapp_code']);
    expect(JSON.parse(book[0]!.body)[0]).toBe(visitor.name);

    // The person replies on WhatsApp: the sandbox signs Meta's webhook and our endpoint takes it.
    const reply = await sandbox('reply', { phone: PHONE, text: 'Can you call me after 6 pm? 🙏' });
    expect(reply.status, await reply.clone().text()).toBe(200);

    // The counsellor sees the reply in the timeline and answers in free text.
    const admin = await newPage({ width: 1280, height: 800 });
    await adminLogIn(admin, { email: owner.email, password: PASSWORD });
    const [lead] = await sql()`select id::text from contact_requests where email = ${visitor.email}`;
    await admin.goto(`/admin/person?lead=contact:${lead!.id}`);
    await timelineEntry(admin, /Replied on WhatsApp.*Can you call me after 6 pm\? 🙏/);
    const panel = admin.getByRole('region', { name: 'WhatsApp' });
    await panel.getByText(/Free text is open until .* \(closes in 2[34] h \d+ min\)/).waitFor();
    expect(await axeViolations(admin, '/admin/person with the WhatsApp reply box')).toEqual([]);
    await panel.getByLabel(/^Message/).fill('Sure, I will call you at 6:30 pm.');
    await shot(admin, 'whatsapp-person-1280');
    await panel.getByRole('button', { name: 'Send on WhatsApp' }).click();
    // Shown at once ('sending' while the outbox hands it to WhatsApp, after the answer).
    await timelineEntry(admin, /WhatsApp message \((sending|sent)\).*Sure, I will call you at 6:30 pm\./);

    const answer = (await until(sandboxBook, (m) => m.some((x) => x.direction === 'out' && x.template === null))).find(
      (m) => m.direction === 'out' && m.template === null,
    )!;
    expect(answer.body).toBe('Sure, I will call you at 6:30 pm.');

    // The person's phone reports it delivered, then read.
    expect((await sandbox('deliver', { wamid: answer.wamid })).status).toBe(200);
    await admin.reload();
    await timelineEntry(admin, /WhatsApp message \(delivered\)/);
    expect((await sandbox('read', { wamid: answer.wamid })).status).toBe(200);
    await admin.reload();
    await timelineEntry(admin, /WhatsApp message \(read\)/);
    // A late "delivered" does not undo "read".
    await sandbox('deliver', { wamid: answer.wamid });
    await admin.reload();
    await timelineEntry(admin, /WhatsApp message \(read\)/);
    await shot(admin, 'whatsapp-person-read-1280');

    // The owner's month: the template (utility) and the free-text answer (in the window: free).
    await admin.goto('/admin/insights');
    const month = admin.getByRole('region', { name: /WhatsApp messages this month/ });
    await month.getByRole('rowheader', { name: /Utility templates/ }).waitFor();
    expect(await month.getByRole('row', { name: /Replies in the 24-hour window \(free\)/ }).textContent()).toMatch(/1/);
    await shot(admin, 'whatsapp-insights-1280');
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto(`/admin/person?lead=contact:${lead!.id}`);
    await timelineEntry(admin, /WhatsApp message \(read\)/);
    await shot(admin, 'whatsapp-person-390');
  });

  it('a learner turns WhatsApp on in settings, in Hindi, and off again', async () => {
    const learner = { email: `wa-learner-${run}@example.com`, password: PASSWORD };
    await signupVerified('user', learner);
    const page = await newPage();
    await page.goto('/login');
    await islandsSettled(page);
    await page.locator('main form').first().hover();
    await page.locator('main form[data-ready]').first().waitFor({ timeout: 30_000 });
    await page.locator('main').getByLabel('Email').fill(learner.email);
    await page
      .locator('main')
      .getByLabel(/^Password/)
      .fill(learner.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/courses$/, { timeout: 30_000 });
    await page.goto('/settings');
    // The settings forms come alive on the visitor's first touch; the WhatsApp choice comes with them.
    await page.getByRole('heading', { name: 'Change password' }).hover();
    const section = page.getByRole('region', { name: 'WhatsApp updates' });
    await section.waitFor();
    await section.getByRole('button', { name: 'Turn on WhatsApp updates' }).click();
    await section.getByText('Enter your WhatsApp number').waitFor();
    await section.getByLabel(/^WhatsApp number/).fill(`97${digits}`);
    await section.getByLabel(/^Language/).selectOption('hi');
    expect(await axeViolations(page, '/settings with the WhatsApp form')).toEqual([]);
    await shot(page, 'whatsapp-settings-390');
    await section.getByRole('button', { name: 'Turn on WhatsApp updates' }).click();
    // The number gets a code; it is on once the code is typed back.
    await section.getByText(`We sent a 6-digit code on WhatsApp to +9197${digits}`).waitFor();
    await section.getByLabel(/^Code from WhatsApp/).fill(await sandboxCode(`+9197${digits}`));
    await section.getByRole('button', { name: 'Confirm' }).click();
    await section.getByText(`Aspira sends your updates to +9197${digits} on WhatsApp, in Hindi, and by email as always.`).waitFor();
    const [consent] =
      await sql()`select language, subject_table, withdrawn_at from consents where email = ${learner.email} and purpose = 'whatsapp'`;
    expect(consent).toEqual({ language: 'hi', subject_table: 'accounts', withdrawn_at: null });
    await section.getByRole('button', { name: 'Turn off WhatsApp updates' }).click();
    await section.getByRole('button', { name: 'Turn on WhatsApp updates' }).waitFor();
    const [withdrawn] = await sql()`select withdrawn_via from consents where email = ${learner.email} and purpose = 'whatsapp'`;
    expect(withdrawn).toEqual({ withdrawn_via: 'settings' });
  });
});
