/**
 * Breach help on the owner's screen (DPDP Rules r.7): a window and a table, the facts, Preview lists
 * the affected person and both drafts, Send stays off until SEND is typed, then the notice goes and
 * the audit log keeps it; the same screen on a phone; axe-core on both. Also `npm run breach`.
 */
import { expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { adminLogIn, baseUrl, createAdminFromTerminal, e2eDescribe, newPage, runScript, settled, sql } from './harness.ts';
import { build } from '../support/factories.ts';

const stamp = Date.now().toString(36);
const OWNER = { email: `breach-owner-${stamp}@aspira.example`, password: 'breach-owner-pass-1', firstName: 'Meera', lastName: 'Iyer' };
const VISITOR = `breach.visitor.${stamp}@example.com`;

e2eDescribe('breach help', () => {
  it('the owner previews who is affected and the two notices, and sends only after typing SEND', { timeout: 180_000 }, async () => {
    const lead = await fetch(`${baseUrl}/api/v1/user/contactus`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(build.contact({ Name: 'Rohan Das', Number: '98450 67890', email: VISITOR, comments: 'Hello' })),
    });
    expect(lead.status).toBe(201);
    await sql()`update contact_requests set created_at = '2026-11-20T06:00:00Z' where email = ${VISITOR}`;
    const cli = await runScript('breach.ts', ['--from', '2026-11-20', '--to', '2026-11-20', '--tables', 'contact_requests']);
    expect(cli.code).toBe(0);
    expect(cli.output).toContain(VISITOR);
    expect(cli.output).toContain('Nothing was sent.');

    expect((await createAdminFromTerminal(OWNER)).code).toBe(0);
    const page = await newPage({ width: 1280, height: 800 });
    page.setDefaultTimeout(30_000);
    await adminLogIn(page, OWNER);
    await page.goto('/admin/breach');
    await settled(page);
    const form = page.getByRole('form', { name: 'Breach' });
    await form.getByLabel('From (India time)').fill('2026-11-20T00:00');
    await form.getByLabel('To (India time)').fill('2026-11-20T23:59');
    await form.getByLabel('Callback and contact enquiries').check();
    const facts = {
      'What happened': 'An export was public for two hours.',
      'Which data': 'Names, emails and phones.',
      'Likely consequences': 'Unwanted calls.',
      'What was done': 'The export was closed.',
      'What people can do': 'Ignore calls asking for money.',
      'Who or what caused': 'A settings mistake.',
      'What prevents': 'A daily check.',
    };
    for (const [label, value] of Object.entries(facts)) await form.getByLabel(new RegExp(`^${label}`)).fill(value);
    await form.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('heading', { name: '1 person affected' }).waitFor();
    expect(await page.getByText(`by email: ${VISITOR}`).count()).toBe(1);
    expect(await page.locator('.breach-draft').first().textContent()).toContain('What happened: An export was public for two hours.');
    expect(await page.locator('.breach-draft').nth(1).textContent()).toContain('(b)(vi)');
    const problems = await axeViolations(page, 'breach preview 1280');
    await page.screenshot({ path: '.data/breach-1280.png', fullPage: true });

    const send = page.getByRole('button', { name: 'Send the notice' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel(/Type SEND/).fill('SEND');
    await send.click();
    await page.getByText('Everyone affected was emailed.').waitFor();
    expect(await sql()`select 1 from email_outbox where to_address = ${VISITOR} and tag = 'breach-notice'`).toHaveLength(1);
    expect(await sql()`select 1 from admin_audit_log where action = 'privacy.breach-notify'`).toHaveLength(1);

    await page.setViewportSize({ width: 390, height: 844 });
    problems.push(...(await axeViolations(page, 'breach 390')));
    await page.screenshot({ path: '.data/breach-390.png', fullPage: true });
    expect(problems).toEqual([]);
  });
});
