/**
 * Staff screens as a phone shows them: /admin/privacy with a privacy request stays within 375 px
 * and its log says what an erasure took in words; a child's lead says "Contact the parent only"
 * first, with the parent's details as the links and the child's as plain text.
 */
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminLogIn, baseUrl, e2eDescribe, newPage, signupVerified, sql } from './harness.ts';
import { shot } from './screens-kit.ts';
import { build } from '../support/factories.ts';

const run = Date.now().toString(36);
const owner = { email: `screens-owner-${run}@aspira.example`, password: 'violet harbour lantern 42', firstName: 'Sana', lastName: 'Owner' };

/** How far the page scrolls sideways: its width beyond the viewport's. */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function ownerPage(width: number): Promise<Page> {
  const page = await newPage({ width, height: 800 });
  await adminLogIn(page, owner);
  return page;
}

e2eDescribe('staff screens', () => {
  it('/admin/privacy with a privacy request fits a 375 px phone; the log says what an erasure took', { timeout: 120_000 }, async () => {
    await signupVerified('admin', owner, 'owner');
    const email = `a-rather-long-address-of-someone-${run}@example-mail-provider.com`;
    await sql()`insert into rights_requests (email, kind, details, token_hash, status, link_expires_at, confirmed_at, due_at)
      values (${email}, 'correction', ${'My name is spelt wrongly on the invoice: it should read Aishwarya, not Aishwarya R.'},
              ${randomBytes(32).toString('hex')}, 'open', now() + interval '1 day', now(), now() + interval '30 days')`;
    await sql()`insert into privacy_requests (action, email_hash, requested_by, summary)
      values ('erasure', ${randomBytes(32).toString('hex')}, 'parent', ${sql().json({ enquiries: 1, enquiryPipelineRecords: 1, consents: 1, parentalConsents: 1 })})`;
    for (const width of [375, 1280]) {
      const page = await ownerPage(width);
      await page.goto('/admin/privacy');
      const queue = page.getByRole('region', { name: 'Requests from the privacy request page' });
      await queue.getByText(email).waitFor({ timeout: 30_000 });
      await page.getByRole('heading', { name: 'Log' }).waitFor();
      expect(await sideways(page), `/admin/privacy at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      await page
        .getByText("1 enquiry, 1 pipeline record of an enquiry (stage, owner, notes), 1 consent, 1 request for a parent's consent")
        .waitFor();
      if (width === 375) {
        // Each request reads as labelled lines on a phone.
        await queue.getByText('Asks for', { exact: true }).first().waitFor();
        expect(await queue.getByText('Due', { exact: true }).first().isVisible()).toBe(true);
      }
      await shot(page, `admin-privacy-${width}`);
    }
  });

  it(
    "a child's lead: contact the parent only, the parent's details as links, the child's as plain text",
    { timeout: 120_000 },
    async () => {
      const child = { email: `child-${run}@example.com`, phone: '9811122233' };
      const parent = { name: 'Meera Verma', email: `parent-${run}@example.com`, phone: '9810011111' };
      const res = await fetch(`${baseUrl}/api/v1/user/contactus`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify(
          build.contact({
            Name: `Kabir ${run}`,
            Number: child.phone,
            email: child.email,
            comments: 'Which course suits me?',
            under18: true,
            parentName: parent.name,
            parentEmail: parent.email,
            parentPhone: parent.phone,
          }),
        ),
      });
      expect(res.status, await res.text()).toBe(201);
      for (const width of [375, 1280]) {
        const page = await ownerPage(width);
        await page.goto('/admin/leads');
        await page
          .locator('.admin-lead')
          .filter({ hasText: `Kabir ${run}` })
          .click();
        const dialog = page.getByRole('dialog');
        const minor = dialog.locator('[data-minor]');
        await minor.waitFor({ timeout: 30_000 });
        await minor.getByText('Contact the parent only').waitFor();
        // The parent's details are the links; the child's address and number are not.
        expect(await dialog.locator(`a[href="mailto:${parent.email}"]`).count()).toBe(1);
        expect(await dialog.locator('a[href^="tel:"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
          'tel:9810011111',
        ]);
        expect(await dialog.locator(`a[href="mailto:${child.email}"]`).count()).toBe(0);
        await dialog.getByText(child.email).first().waitFor();
        // "Contact the parent only" comes before the child's own details.
        const order = await dialog.evaluate((el, childEmail) => {
          const text = el.textContent ?? '';
          return text.indexOf('Contact the parent only') < text.indexOf(childEmail);
        }, child.email);
        expect(order).toBe(true);
        expect(await sideways(page)).toBeLessThanOrEqual(0);
        await shot(page, `minor-lead-${width}`);

        // The person page says the same, above the contact details.
        const [lead] = await sql()<{ id: string }[]>`select id::text from contact_requests where email = ${child.email}`;
        await page.goto(`/admin/person?lead=contact:${lead!.id}`);
        const panel = page.locator('[data-minor]');
        await panel.getByText('Contact the parent only').waitFor({ timeout: 30_000 });
        expect(await panel.locator(`a[href="mailto:${parent.email}"]`).count()).toBe(1);
        expect(await page.locator(`a[href="mailto:${child.email}"]`).count()).toBe(0);
        expect(await page.locator('a[href^="tel:"][href$="9811122233"]').count()).toBe(0);
        await page.locator('.person-chip-child').filter({ hasText: child.email }).waitFor();
        expect(await sideways(page)).toBeLessThanOrEqual(0);
        await shot(page, `minor-person-${width}`);
      }
    },
  );

  it("the person's timeline names WhatsApp templates and shows when WhatsApp was stopped", { timeout: 120_000 }, async () => {
    const email = `timeline-${run}@example.com`;
    const phone = `+9195${String(Date.now()).slice(-8)}`;
    const [lead] = await sql()<{ id: string }[]>`
      insert into contact_requests (source, name, phone, email, programme, comments)
      values ('advisor', ${`Tara ${run}`}, ${phone}, ${email}, 'Data Analytics', '') returning id::text`;
    await sql()`insert into whatsapp_messages (wamid, direction, phone, email, template, category, body, status, created_at)
      values (${`wamid.screens-${run}`}, 'out', ${phone}, ${email}, 'lead_received', 'utility',
              ${`Hi Tara, thank you for contacting Aspira.`}, 'delivered', now() - interval '1 hour')`;
    await sql()`insert into consents (email, purpose, notice_version, subject_table, subject_id, withdrawn_at, withdrawn_via)
      values (${email}, 'whatsapp', '2026-11-30', 'contact_requests', ${lead!.id}, now(), 'choices-link')`;
    for (const width of [375, 1280]) {
      const page = await ownerPage(width);
      await page.goto(`/admin/person?lead=contact:${lead!.id}`);
      const timeline = page.locator('.person-timeline');
      await timeline.getByText('WhatsApp: enquiry received (delivered)').waitFor({ timeout: 30_000 });
      await timeline.getByText('Stopped WhatsApp: on Your choices').waitFor();
      expect(await timeline.textContent()).not.toMatch(/lead_received/);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await shot(page, `person-timeline-${width}`);
    }
  });
});
