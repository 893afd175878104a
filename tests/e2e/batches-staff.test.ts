/**
 * The staff's batch screens in the browser: an owner makes a teacher Faculty on the team screen,
 * creates a batch with an online and an in-class phase, assigns the teacher and enrols a learner;
 * the teacher logs in to their batches only (no leads in the bar, /admin/leads refused), adds an
 * in-class session, shows its check-in QR (a new code after the rotation) and corrects the
 * learner's attendance with a reason. Screenshots at 1280 and 768 px with E2E_SHOTS set.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminLogIn, baseUrl, e2eDescribe, islandsSettled, newPage, settled, signupVerified, sql } from './harness.ts';
import { shot } from './screens-kit.ts';

const run = Date.now().toString(36);
const owner = { email: `batch-owner-${run}@aspira.example`, password: 'violet harbour lantern 42', firstName: 'Sana', lastName: 'Owner' };
const teacher = { email: `batch-faculty-${run}@aspira.example`, password: 'amber meadow compass 42', firstName: 'Farah', lastName: 'Khan' };
const learner = { email: `batch-learner-${run}@example.com`, password: 'quiet river pebble 42', firstName: 'Asha', lastName: 'Verma' };
const BATCH = `Data Analytics ${run}`;
const SESSION = `Dashboards lab ${run}`;

/** A datetime-local value in India time, `minutes` from now. */
const istLocal = (minutes: number) => new Date(Date.now() + minutes * 60_000 + 5.5 * 3600_000).toISOString().slice(0, 16);
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000 + 5.5 * 3600_000).toISOString().slice(0, 10);

async function facultyLogIn(page: Page): Promise<void> {
  await page.goto('/admin/login', { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('form', { name: 'Admin login' });
  await form.waitFor({ timeout: 30_000 });
  await islandsSettled(page);
  await form.getByLabel('Email').fill(teacher.email);
  await form.getByLabel('Password').fill(teacher.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  // Faculty start on their batches, not the dashboard.
  await page.waitForURL('**/admin/batches');
}

const sections = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });

e2eDescribe('batches: the owner and faculty screens', () => {
  it('owner creates and staffs a batch; faculty runs its timetable, QR check-in and attendance only', { timeout: 240_000 }, async () => {
    await signupVerified('admin', owner, 'owner');
    await signupVerified('admin', teacher, 'counsellor');
    await signupVerified('user', learner);

    // The owner makes the teacher Faculty on the team screen.
    const ownerPage = await newPage({ width: 1280, height: 900 });
    await adminLogIn(ownerPage, owner);
    await ownerPage.goto('/admin/team');
    await settled(ownerPage);
    await ownerPage.getByLabel(`Role of ${teacher.firstName} ${teacher.lastName}`).selectOption('faculty');
    await expect
      .poll(async () => (await sql()`select admin_role from accounts where email = ${teacher.email}`)[0]?.admin_role)
      .toBe('faculty');

    // A batch of a programme with an online phase and an in-class phase at a venue.
    await ownerPage.goto('/admin/batches');
    await sections(ownerPage).getByRole('link', { name: 'Batches' }).waitFor();
    await settled(ownerPage);
    await ownerPage.getByRole('button', { name: 'New batch' }).click();
    const form = ownerPage.getByRole('form', { name: 'New batch' });
    await form.getByLabel(/Batch name/).fill(BATCH);
    await form.getByLabel('A programme').check();
    await form.getByLabel(/^Programme/).selectOption('aspirademy');
    await form.getByLabel(/Starts on/).fill(isoDay(-7));
    await form.getByLabel(/Ends on/).fill(isoDay(140));
    await form.getByLabel(/Seats/).fill('25');
    await form.getByRole('button', { name: 'Add a phase' }).click();
    await form.getByLabel('To', { exact: true }).first().fill(isoDay(50));
    await form.getByRole('button', { name: 'Add a phase' }).click();
    const classroom = form.getByRole('group', { name: 'Phase 2' });
    await classroom.getByLabel('Phase 2').selectOption('classroom');
    await classroom.getByLabel('From').fill(isoDay(51));
    // The venue is required for an in-class phase: refused before sending, then given.
    await form.getByRole('button', { name: 'Create batch' }).click();
    await form.getByText('Enter the venue of the in-class phase').waitFor();
    await classroom.getByLabel('Venue').fill('Aspira Centre, Koramangala, Bengaluru');
    await form.getByRole('button', { name: 'Create batch' }).click();
    const row = ownerPage.locator('tr', { hasText: BATCH });
    await row.waitFor();
    const [batch] = await sql()<{ id: string }[]>`select id from batches where name = ${BATCH}`;
    expect(batch).toBeDefined();
    expect(await sql()`select kind, venue from batch_phases where batch_id = ${batch!.id} order by starts_on`).toEqual([
      { kind: 'online', venue: null },
      { kind: 'classroom', venue: 'Aspira Centre, Koramangala, Bengaluru' },
    ]);

    // Assign the teacher.
    await row.getByRole('button', { name: `Assign faculty to ${BATCH}` }).click();
    const staff = ownerPage.getByRole('form', { name: `Faculty of ${BATCH}` });
    await staff.getByLabel(new RegExp(teacher.firstName)).check();
    await staff.getByRole('button', { name: 'Save faculty' }).click();
    await row.getByText(`${teacher.firstName} ${teacher.lastName}`).waitFor();

    // Enrol the learner by email on the roster.
    await ownerPage.goto(`/admin/batch?id=${batch!.id}#roster`);
    const enrol = ownerPage.getByRole('form', { name: 'Enrol a learner' });
    await enrol.getByLabel(/Enrol a learner by email/).fill(learner.email);
    await enrol.getByRole('button', { name: 'Enrol' }).click();
    await ownerPage.locator(`tr[data-learner="${learner.email}"]`).getByText('Seat taken').waitFor();

    // The teacher: only Batches in the bar, from the first paint of the next screen on.
    const page = await newPage({ width: 1280, height: 900 });
    await facultyLogIn(page);
    await page.locator('tr', { hasText: BATCH }).waitFor();
    await expect.poll(() => sections(page).getByRole('link').allTextContents()).toEqual(['Batches']);
    await page.getByRole('link', { name: BATCH }).click();
    await page.waitForURL('**/admin/batch?id=*');
    expect(await sections(page).getByRole('link').allTextContents()).toEqual(['Batches']);

    // An in-class session that started 20 minutes ago (so it counts in the attendance).
    await page.getByRole('button', { name: 'Add a session' }).click();
    const add = page.getByRole('form', { name: 'Add a session' });
    await add.getByLabel(/Kind/).selectOption('classroom');
    await add.getByLabel(/Title/).fill(SESSION);
    await add.getByLabel(/Starts/).fill(istLocal(-20));
    await add.getByLabel(/Duration/).fill('120');
    await add.getByLabel(/Venue/).fill('Room 2, Aspira Centre');
    await add.getByRole('button', { name: 'Add session' }).click();
    const sessionRow = page.locator('tr', { hasText: SESSION });
    await sessionRow.waitFor();
    await sessionRow.getByText('Room 2, Aspira Centre').waitFor();

    // The check-in QR: drawn, and a new code after the rotation.
    await sessionRow.getByRole('button', { name: `Show check-in QR for ${SESSION}` }).click();
    const qr = page.getByRole('img', { name: 'Check-in QR code' });
    await qr.waitFor();
    const first = await qr.getAttribute('data-checkin-url');
    expect(first).toMatch(/\/checkin\?t=[\w.]+$/);
    const box = await qr.boundingBox();
    expect(box!.width, 'the code fills most of the window').toBeGreaterThan(500);
    await shot(page, 'admin-batch-qr-1280');
    await page.waitForFunction(
      (before) => document.querySelector('[data-checkin-url]')?.getAttribute('data-checkin-url') !== before,
      first,
      {
        timeout: 30_000,
      },
    );
    expect(await qr.getAttribute('data-checkin-url')).toMatch(/\/checkin\?t=[\w.]+$/);
    await page.getByRole('button', { name: 'Close' }).click();

    // Attendance: no entry yet; a correction needs a reason, then the learner is present.
    await page.getByRole('tab', { name: 'Attendance' }).click();
    const cell = page.getByRole('button', { name: new RegExp(`^${learner.firstName} ${learner.lastName}, ${SESSION}: no entry`) });
    await cell.click();
    const correct = page.getByRole('form', { name: 'Correct attendance' });
    await correct.getByRole('button', { name: 'Save correction' }).click();
    await correct.getByText('Enter the reason for the correction').waitFor();
    await correct.getByLabel(/Reason/).fill('Signed the paper register; the phone had no battery');
    await correct.getByRole('button', { name: 'Save correction' }).click();
    await page
      .getByRole('button', { name: new RegExp(`^${learner.firstName} ${learner.lastName}, ${SESSION}: present, corrected`) })
      .waitFor();
    await page
      .locator('.batch-chart-rows li', { hasText: `${learner.firstName} ${learner.lastName}` })
      .getByText('100%')
      .waitFor();
    const [audit] = await sql()<
      { n: number }[]
    >`select count(*)::int as n from admin_audit_log where details::text like ${'%paper register%'}`;
    expect(audit!.n).toBe(1);

    // The screens at the two widths (with E2E_SHOTS): the list, each tab of the batch.
    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/batches');
      await settled(page);
      await shot(page, `admin-batches-${width}`);
      for (const tab of ['timetable', 'roster', 'attendance']) {
        await page.goto(`/admin/batch?id=${batch!.id}#${tab}`);
        await settled(page);
        await shot(page, `admin-batch-${tab}-${width}`);
      }
    }
    await ownerPage.setViewportSize({ width: 1280, height: 900 });
    await ownerPage.goto('/admin/batches');
    await settled(ownerPage);
    await shot(ownerPage, 'admin-batches-owner-1280');

    // Counsellors and owners: the learner's lead in My leads is flagged once their attendance falls
    // under the threshold, and the person page shows the batch and percent.
    const lead = await fetch(`${baseUrl}/api/v1/user/contactus`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({
        source: 'advisor',
        Name: `${learner.firstName} ${learner.lastName}`,
        Number: '9810042424',
        email: learner.email,
      }),
    });
    expect(lead.status, await lead.text()).toBe(201);
    const [contact] = await sql()<
      { id: string }[]
    >`select id::text from contact_requests where email = ${learner.email} order by id desc limit 1`;
    await sql()`update lead_pipeline set owner_id = (select id from accounts where role = 'admin' and email = ${owner.email})
      where lead_kind = 'contact' and lead_id = ${contact!.id}`;
    await ownerPage.goto(`/admin/batch?id=${batch!.id}#attendance`);
    await ownerPage
      .getByRole('button', { name: new RegExp(`^${learner.firstName} ${learner.lastName}, ${SESSION}: present, corrected`) })
      .click();
    const absent = ownerPage.getByRole('form', { name: 'Correct attendance' });
    expect(await absent.getByLabel('Absent').isChecked()).toBe(true);
    await absent.getByLabel(/Reason/).fill('Left after ten minutes');
    await absent.getByRole('button', { name: 'Save correction' }).click();
    await ownerPage.getByText('1 learner under it').waitFor();
    await ownerPage.goto('/admin/queue');
    await ownerPage
      .locator('li', { hasText: `${learner.firstName} ${learner.lastName}` })
      .getByText('Attendance 0%')
      .waitFor();
    await ownerPage.goto(`/admin/person?lead=contact:${contact!.id}`);
    const line = ownerPage.locator('[data-person-batches]');
    await line.getByText(`${BATCH}: attendance 0%`).waitFor();
    await line.getByText('under the threshold').waitFor();

    // No leads for faculty: not in the bar, and the leads API refuses them.
    await page.goto('/admin/leads');
    const refused = await page.evaluate(async () => {
      const res = await fetch('/api/v1/admin/leads', { credentials: 'include', headers: { accept: 'application/json' } });
      return { status: res.status, body: await res.json() };
    });
    expect(refused).toEqual({ status: 403, body: { errors: 'Faculty accounts can open their batches only' } });
    expect(await sections(page).getByRole('link').allTextContents()).toEqual(['Batches']);
  });
});
