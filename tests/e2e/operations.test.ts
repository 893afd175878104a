/**
 * Something goes wrong and the owner sees it: a visitor's address bounces (Postmark's webhook, as
 * Postmark calls it) and a scheduled job stopped running (a heartbeat from two hours ago). The
 * owner's operations screen shows both; the person page shows "Email bounced" with the reason and
 * takes the right address. axe-core on both screens, phone and desktop.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.ts';
import { adminLogIn, baseUrl, createAdminFromTerminal, e2eDescribe, newPage, runScript, settled, sql } from './harness.ts';

const stamp = Date.now().toString(36);
const OWNER = { email: `ops-owner-${stamp}@aspira.example`, password: 'ops-owner-pass-1', firstName: 'Meera', lastName: 'Iyer' };
const VISITOR = { name: 'Rohan Das', email: `rohan.das.${stamp}@gmial.com` };
const SECRET = 'e2e-postmark-webhook-secret-0123456789';
const SHOTS = process.env.SCREENSHOT_DIR;
const ready = { waitUntil: 'domcontentloaded' } as const;

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

e2eDescribe('operations: a bounced email and a late job reach the owner', () => {
  it('the operations screen shows both, the person page shows the bounce and takes the right address', { timeout: 180_000 }, async () => {
    // A visitor leaves an advisor request with a mistyped address; Postmark reports the hard bounce.
    const lead = await fetch(`${baseUrl}/api/v1/user/contactus`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: 'advisor', Name: VISITOR.name, Number: '98450 67890', email: VISITOR.email, programme: '' }),
    });
    expect(lead.status).toBe(201);
    // Its confirmation went out (Postmark's message id, as the Postmark transport stores it) ...
    const messageId = `e2e-${stamp}-0000-0000-000000000000`;
    for (let i = 0; i < 50; i++) {
      const marked = await sql()`update email_outbox set provider_message_id = ${messageId}
                                 where to_address = ${VISITOR.email} and status = 'sent' returning id`;
      if (marked.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // ... and bounced.
    const bounce = await fetch(`${baseUrl}/api/v1/mail/postmark-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`postmark:${SECRET}`).toString('base64')}` },
      body: JSON.stringify({
        RecordType: 'Bounce',
        ID: 5150,
        MessageID: messageId,
        Type: 'HardBounce',
        TypeCode: 1,
        Email: VISITOR.email,
        Description: 'The server was unable to deliver your message (ex: unknown user, mailbox not found).',
        BouncedAt: new Date().toISOString(),
        Inactive: true,
        CanActivate: true,
      }),
    });
    expect(bounce.status).toBe(200);
    // The payment re-check last succeeded two hours ago (it runs every 10 minutes).
    await sql()`insert into job_runs (job, last_success_at, runs) values ('payments-recheck', now() - interval '2 hours', 40)
                on conflict (job) do update set last_success_at = excluded.last_success_at`;

    // A capture the gateway has and our ledger does not; tonight's reconciliation, run now.
    const lost = `pay_SbxE2e${stamp}`;
    await sql()`insert into sandbox_orders (id, amount_paise, receipt) values (${`order_SbxE2e${stamp}`}, 250000, 'e2e')`;
    await sql()`insert into sandbox_payments (id, order_id, amount_paise, status) values (${lost}, ${`order_SbxE2e${stamp}`}, 250000, 'captured')`;
    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const reconciled = await runScript('reconcile.ts', ['--from', today]);
    expect(reconciled.output).toContain(`Captured at the gateway, not recorded here: ${lost}`);

    expect((await createAdminFromTerminal(OWNER)).code).toBe(0);
    const admin = await newPage({ width: 1280, height: 800 });
    admin.setDefaultTimeout(30_000);
    await adminLogIn(admin, OWNER);
    const problems: string[] = [];

    // The owner's operations screen, from the admin bar.
    await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Operations' }).click();
    await admin.waitForURL('**/admin/operations');
    await settled(admin);
    await admin.getByRole('heading', { level: 1, name: 'Operations' }).waitFor();
    const bounced = admin.getByRole('list', { name: 'Bounced addresses' }).locator(`[data-bounce="${VISITOR.email}"]`);
    await bounced.waitFor();
    expect(await bounced.textContent()).toContain('Hard bounce');
    expect(await bounced.textContent()).toContain('unable to deliver');
    const job = admin.locator('[data-job="payments-recheck"]');
    expect(await job.textContent()).toContain('Late');
    expect(await admin.locator('[data-job="mail-retry"]').textContent()).toContain('No run yet');
    await admin.getByRole('img', { name: /^Emails by hour, last 24 hours/ }).waitFor();
    expect(await admin.locator(`tr[data-day="${today}"]`).textContent()).toContain('Mismatch');
    const todayLabel = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(new Date());
    await admin.getByRole('heading', { name: `Differences on ${todayLabel}` }).waitFor();
    expect(await admin.locator('.ops-mismatches').textContent()).toContain(lost);
    problems.push(...(await axeViolations(admin, '/admin/operations (desktop)')));
    await shot(admin, 'operations-desktop');
    await admin.setViewportSize({ width: 390, height: 844 });
    problems.push(...(await axeViolations(admin, '/admin/operations (phone)')));
    await shot(admin, 'operations-phone');

    // The person page of the lead: "Email bounced" with the reason.
    const [row] = await sql()<{ id: string }[]>`select id::text from contact_requests where email = ${VISITOR.email}`;
    await admin.setViewportSize({ width: 1280, height: 800 });
    await admin.goto(`/admin/person?lead=contact:${row!.id}`, ready);
    await settled(admin);
    const panel = admin.getByRole('region', { name: 'Email bounced' });
    await panel.waitFor();
    expect(await panel.textContent()).toContain(VISITOR.email);
    expect(await panel.textContent()).toContain('Hard bounce');
    expect(await admin.locator('.person-timeline').textContent()).toContain(`Email bounced: ${VISITOR.email} (Hard bounce)`);
    problems.push(...(await axeViolations(admin, '/admin/person with a bounce (desktop)')));
    await shot(admin, 'person-bounce-desktop');
    await admin.setViewportSize({ width: 390, height: 844 });
    problems.push(...(await axeViolations(admin, '/admin/person with a bounce (phone)')));
    await shot(admin, 'person-bounce-phone');

    // The counsellor's task, done: the right address; the confirmation that bounced goes to it.
    const right = `rohan.das.${stamp}@gmail.com`;
    const form = panel.getByRole('form', { name: `Right address for ${VISITOR.email}` });
    await form.getByLabel(/^Right address/).fill(right);
    await form.getByRole('button', { name: 'Save the right address' }).click();
    await admin.getByText(/^Saved\./).waitFor();
    await panel.waitFor({ state: 'detached' });
    expect(await admin.locator('.person-timeline').textContent()).toContain(`Right address recorded: ${right}`);
    const resent = await sql()<{ subject: string }[]>`select subject from email_outbox where to_address = ${right}`;
    expect(resent.length).toBeGreaterThanOrEqual(1);
    expect(problems).toEqual([]);
  });
});
