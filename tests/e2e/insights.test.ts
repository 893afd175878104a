/**
 * A visitor lands from a campaign and leaves a message; the admin finds the person (timeline with
 * the message, its source and the confirmation email), merges a duplicate in, and sees the
 * campaign's row on the "what converts" dashboard. axe-core on both screens, desktop and phone.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.ts';
import { adminLogIn, createAdminFromTerminal, e2eDescribe, newPage, settled, sql } from './harness.ts';
import { wake } from './islands.ts';

const stamp = Date.now().toString(36);
const ADMIN = {
  email: `insights-admin-${stamp}@aspira.example`,
  password: 'insights-admin-pass-1',
  firstName: 'Lakshmi',
  lastName: 'Menon',
};
const VISITOR = { name: 'Kavya Pillai', email: `kavya-${stamp}@example.com`, phone: '98450 12345' };
const SOURCE = `e2e-${stamp}`;
const SHOTS = process.env.SCREENSHOT_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

e2eDescribe('the person behind a lead and what converts', () => {
  it('a campaign lead reaches the person timeline and the dashboard; merge; no axe violations', { timeout: 180_000 }, async () => {
    // The visitor: lands from a campaign, browses, sends the contact form.
    const visitor = await newPage();
    await visitor.goto(`/?utm_source=${SOURCE}&utm_medium=email&utm_campaign=autumn`);
    await visitor.goto('/contactus');
    await wake(visitor);
    const form = visitor.locator('form[aria-label="Contact us"][data-ready]');
    await form.waitFor({ timeout: 30_000 });
    await form.getByLabel('Name').fill(VISITOR.name);
    await form.getByLabel(/^Number/).fill(VISITOR.phone);
    await form.getByLabel(/^Email/).fill(VISITOR.email);
    await form.getByLabel(/^Comments/).fill('Which programme suits a commerce graduate?');
    await form.getByRole('button', { name: 'Submit' }).click();
    await visitor.getByRole('heading', { name: 'Thank you!' }).waitFor();
    const firstTouch = await visitor.evaluate(() => JSON.parse(localStorage.getItem('aspira:first-touch') ?? 'null'));
    expect(firstTouch).toMatchObject({ utm_source: SOURCE, utm_medium: 'email', utm_campaign: 'autumn' });
    const [lead] = await sql()<{ id: string; utm_source: string }[]>`
      select id::text, utm_source from contact_requests where email = ${VISITOR.email}`;
    expect(lead?.utm_source).toBe(SOURCE);
    // A duplicate: the same human from another email and phone, earlier.
    await sql()`insert into scholarship_applications (name, email, phone, institute, message, created_at)
                values ('Kavya P', ${`kavya.college-${stamp}@example.com`}, '+919845099999', 'Christ University', 'Scholarship please', now() - interval '2 days')`;

    // The admin.
    expect((await createAdminFromTerminal(ADMIN)).code).toBe(0);
    const admin = await newPage({ width: 1280, height: 800 });
    admin.setDefaultTimeout(30_000);
    await adminLogIn(admin, ADMIN);
    const problems: string[] = [];
    const audit = async (label: string) => {
      await settled(admin);
      problems.push(...(await axeViolations(admin, label)));
    };

    // Find the person by email, open the timeline.
    await admin.goto('/admin/person');
    await audit('/admin/person (search)');
    const find = admin.getByRole('search', { name: 'Find a person' });
    await find.getByLabel('Name, email or phone').fill(VISITOR.email);
    await find.getByRole('button', { name: 'Search' }).click();
    await admin.getByRole('list', { name: 'Search results' }).getByRole('link', { name: 'Open' }).click();
    await admin.getByRole('heading', { level: 1, name: VISITOR.name }).waitFor();
    expect(admin.url()).toMatch(/\/admin\/person\?id=\d+$/);
    const leads = admin.getByRole('region', { name: /^Leads/ });
    await leads
      .getByRole('cell', { name: `${SOURCE} / email / autumn` })
      .first()
      .waitFor();
    const timeline = admin.locator('.person-timeline');
    await timeline.getByText('Contact message').waitFor();
    await timeline.getByText('Which programme suits a commerce graduate?').waitFor();
    await timeline
      .getByText(/^Email (sent|queued): /)
      .first()
      .waitFor();
    await audit('/admin/person');
    await shot(admin, 'person-desktop');

    // Merge the duplicate in.
    const merge = admin.getByRole('search', { name: 'Find a duplicate' });
    await merge.getByLabel('Name, email or phone').fill(`kavya.college-${stamp}`);
    await merge.getByRole('button', { name: 'Search' }).click();
    await admin.getByRole('button', { name: 'Merge into this person' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Merge these persons?' });
    await dialog.getByLabel('Reason (optional)').fill('College email');
    await audit('/admin/person (merge dialog)');
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await admin.getByRole('heading', { name: 'Leads (2)' }).waitFor();
    await timeline.getByText('Scholarship application').waitFor();
    await timeline.getByText(new RegExp(`merged into #\\d+ by ${ADMIN.firstName} ${ADMIN.lastName}`)).waitFor();
    const [logged] =
      await sql()`select action, details from admin_audit_log where action = 'person.merge' and actor_email = ${ADMIN.email}`;
    expect(logged?.details).toMatchObject({ reason: 'College email' });
    // The inbox's link: the person of a lead.
    const personUrl = admin.url();
    await admin.goto(`/admin/person?lead=contact:${lead!.id}`);
    await admin.waitForURL(personUrl);
    await admin.getByRole('heading', { name: 'Leads (2)' }).waitFor();
    await admin.setViewportSize({ width: 390, height: 844 });
    await audit('/admin/person (phone)');
    await shot(admin, 'person-phone');

    // The dashboard: the campaign's row.
    await admin.setViewportSize({ width: 1280, height: 800 });
    await admin.goto('/admin/insights');
    await settled(admin);
    const bySource = admin.getByRole('region', { name: 'By UTM source' });
    const row = bySource.getByRole('row', { name: new RegExp(`^${SOURCE}`) });
    await row.waitFor();
    expect(await row.locator('td.insights-leads').textContent()).toBe('1');
    expect(await admin.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/v1/admin/insights?touch=last&format=csv');
    await audit('/admin/insights');
    await shot(admin, 'insights-desktop');
    await admin.getByLabel('Source from').selectOption('first');
    await admin.getByRole('button', { name: 'Show' }).click();
    await settled(admin);
    await admin.getByRole('region', { name: 'By UTM source' }).waitFor();
    expect(await admin.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/v1/admin/insights?touch=first&format=csv',
    );
    await admin.setViewportSize({ width: 390, height: 844 });
    await audit('/admin/insights (phone)');
    await shot(admin, 'insights-phone');
    expect(problems).toEqual([]);
  });
});
