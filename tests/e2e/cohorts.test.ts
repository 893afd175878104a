/**
 * Batches and classes in the browser, as a learner and their faculty live them: the buyer picks a
 * batch at checkout (a full one offers its waiting list), /learn shows the timetable, the calendar
 * link's .ics reads in a standard parser, Join is disabled before its window and opens the
 * sandbox meeting inside it (without a reload), the faculty screen's QR code checks in the
 * learner's phone, and the learner sees their attendance. Screenshots of /learn and /checkin at
 * 375 and 1280 px (and /checkin at 320 px) go to .data/.
 */
import { expect, it, onTestFailed } from 'vitest';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.ts';
import { baseUrl, e2eDescribe, islandsSettled, newPage, signupVerified, sql } from './harness.ts';

const stamp = Date.now().toString(36);
const password = 'batches-and-classes-7';
const owner = { email: `e2e.owner.${stamp}@aspira.example`, password, firstName: 'Olivia', lastName: 'Owner' };
const faculty = { email: `e2e.faculty.${stamp}@aspira.example`, password, firstName: 'Farhan', lastName: 'Qureshi' };
const learner = { email: `e2e.cohort.${stamp}@example.com`, password, firstName: 'Lakshmi', lastName: 'Nair' };
const early = { email: `e2e.early.${stamp}@example.com`, password, firstName: 'Esha', lastName: 'Rao' };

const ready = { waitUntil: 'domcontentloaded' } as const;
const MINUTE = 60_000;

type Answer = Record<string, unknown>;
async function call(method: string, path: string, token: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const data = (await res.json().catch(() => ({}))) as Answer;
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(data)}`);
  return data;
}
async function adminToken(person: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: person.email, password: person.password }),
  });
  const data = (await res.json()) as { token?: string };
  if (!data.token) throw new Error(`admin login answered ${res.status}: ${JSON.stringify(data)}`);
  return data.token;
}

/** India's date of an instant, 'YYYY-MM-DD', moved by some days. */
const istDay = (at: number, days = 0) => new Date(at + 330 * MINUTE + days * 86_400_000).toISOString().slice(0, 10);

/** The whole page in one picture, from its top (sticky bars where a visitor sees them). */
async function shot(page: Page, name: string, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // Nothing wider than the screen: no sideways scrolling on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.screenshot({ path: `.data/${name}-${width}.png`, fullPage: true });
}

e2eDescribe('batches and classes in the browser', () => {
  it(
    'a learner picks a batch at checkout, sees the timetable, the calendar, Join in its window, checks in by QR and sees their attendance',
    { timeout: 300_000 },
    async () => {
      // An owner, a faculty member, a course with two batches: one already full.
      await signupVerified('admin', owner, 'owner');
      await signupVerified('admin', faculty, 'owner');
      await sql()`update accounts set admin_role = 'faculty' where role = 'admin' and email = ${faculty.email}`;
      await signupVerified('user', learner);
      await signupVerified('user', early);
      const [course] = await sql()<{ id: string }[]>`insert into courses (title, description, price_paise, duration)
        values ('Hybrid Marketing Cohort', 'Two months online, three in class: a five-month cohort with live classes.', 24900000, '5 months')
        returning id`;
      const courseId = course!.id;
      const ownerToken = await adminToken(owner);
      const facultyToken = await adminToken(faculty);
      const [facultyRow] = await sql()<{ id: string }[]>`select id from accounts where role = 'admin' and email = ${faculty.email}`;
      const now = Date.now();
      const start = istDay(now, -1);
      const venue = 'Aspira Centre, Hauz Khas, New Delhi';
      const batchBody = (name: string, capacity: number) => ({
        name,
        courseId,
        startsOn: start,
        endsOn: istDay(now, 150),
        capacity,
        phases: [
          { kind: 'online', startsOn: start, endsOn: istDay(now, 59) },
          { kind: 'classroom', startsOn: istDay(now, 60), endsOn: istDay(now, 150), venue },
        ],
      });
      const { id: fullId } = await call('POST', '/admin/batches', ownerToken, batchBody(`Early birds ${stamp}`, 1));
      const { id: batchId } = await call('POST', '/admin/batches', ownerToken, batchBody(`August cohort ${stamp}`, 30));
      await call('POST', `/admin/batches/${String(fullId)}/enrol`, ownerToken, { email: early.email });
      await call('PUT', `/admin/batches/${String(batchId)}/faculty`, ownerToken, { accountIds: [facultyRow!.id] });

      // The learner logs in and opens the course's checkout.
      const page = await newPage({ width: 390, height: 844 });
      page.setDefaultTimeout(30_000);
      // What the learner's screen showed when a step failed.
      onTestFailed(async () => {
        for (const [i, open] of page.context().pages().entries())
          await open.screenshot({ path: `.data/cohorts-failed-${i}.png` }).catch(() => {});
      });
      await page.goto(`/buy/${courseId}`, ready);
      await page.waitForURL(/\/login\?next=/, ready);
      await islandsSettled(page);
      await page.locator('main').getByLabel('Email').fill(learner.email);
      await page
        .locator('main')
        .getByLabel(/^Password/)
        .fill(learner.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(new RegExp(`/buy/${courseId}$`), ready);

      // Both batches as cards: dates, phases with the venue, seats left; the full one says so.
      const picker = page.getByRole('group', { name: 'Choose your batch' });
      const fullCard = picker.locator('label', { hasText: `Early birds ${stamp}` });
      const openCard = picker.locator('label', { hasText: `August cohort ${stamp}` });
      await openCard.waitFor();
      expect(await openCard.textContent()).toContain('30 seats left');
      expect(await openCard.textContent()).toContain(`In class:`);
      expect(await openCard.textContent()).toContain(venue);
      expect(await fullCard.textContent()).toContain('Full: join the waiting list');

      // Pay without a choice: asked to choose, nothing ordered.
      await page.getByRole('combobox', { name: 'State' }).selectOption('06');
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.getByText('Choose your batch before paying.').waitFor();
      // The full batch: its waiting list instead of Pay.
      await fullCard.click();
      await page.getByRole('button', { name: 'Join the waiting list' }).click();
      await page.getByText(`You are number 1 on the waiting list of Early birds ${stamp}.`).waitFor();
      expect(await page.getByRole('button', { name: 'Pay', exact: true }).isVisible()).toBe(false);
      const orders = () =>
        sql()`select count(*)::int as n from course_orders o join accounts a on a.id = o.account_id where a.email = ${learner.email}`;
      expect(await orders()).toEqual([{ n: 0 }]);
      await shot(page, 'buy-batches', 375, 812);
      expect(await axeViolations(page, '/buy with batches')).toEqual([]);

      // The open batch, paid through the sandbox checkout.
      await openCard.click();
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      const dialog = page.locator('dialog.checkout-dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.waitForURL(/\/purchases$/, ready);
      await page.getByText('Payment Successful').waitFor();
      const roster = (await call('GET', `/admin/batches/${String(batchId)}/roster`, facultyToken)) as {
        learners: { email: string; source: string }[];
      };
      expect(roster.learners.map((l) => [l.email, l.source])).toEqual([[learner.email, 'course_order']]);

      // The faculty's timetable: a class in the room now, a live class whose Join opens in 25 s, a deadline.
      const session = (body: Answer) => call('POST', `/admin/batches/${String(batchId)}/sessions`, facultyToken, body);
      const liveStart = Date.now() + 15 * MINUTE + 25_000;
      await session({
        kind: 'classroom',
        title: 'Brand strategy workshop',
        startsAt: new Date(Date.now() - 10 * MINUTE).toISOString(),
        durationMinutes: 120,
        venue,
      });
      await session({ kind: 'live', title: 'Search ads, live', startsAt: new Date(liveStart).toISOString(), durationMinutes: 60 });
      await session({
        kind: 'deadline',
        title: 'Campaign brief due',
        startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        durationMinutes: 0,
      });

      // /learn: the next class first, the week, the batch; Join disabled until its window.
      await page.getByRole('link', { name: 'My classes' }).click();
      await page.waitForURL(/\/learn$/, ready);
      const next = page.locator('.learn-next');
      await next.getByText('Brand strategy workshop').waitFor();
      expect(await next.textContent()).toContain(venue);
      await page.getByRole('heading', { name: `August cohort ${stamp}` }).waitFor();
      const week = page.locator('.learn-week');
      const live = week.locator('.learn-session', { hasText: 'Search ads, live' });
      const join = live.getByRole('button');
      expect(await join.isDisabled()).toBe(true);
      expect(await join.textContent()).toMatch(/^Opens at \d{1,2}:\d{2} (am|pm)/);
      expect(await week.locator('.learn-session', { hasText: 'Brand strategy workshop' }).count()).toBe(1);

      // The calendar link, and its feed read by a standard parser.
      await page.getByRole('button', { name: 'Get my calendar link' }).click();
      const feedUrl = await page.getByLabel('Your calendar link').inputValue();
      expect(feedUrl).toMatch(/\/api\/v1\/calendar\/[\w-]+\.ics$/);
      expect(await page.getByRole('link', { name: 'Open in my calendar app' }).getAttribute('href')).toBe(
        feedUrl.replace(/^http:/, 'webcal:'),
      );
      const feed = await fetch(feedUrl);
      expect(feed.headers.get('content-type')).toContain('text/calendar');
      const events = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
      expect(events.map((e) => e.summary).sort()).toEqual(
        ['Brand strategy workshop', 'Campaign brief due', 'Search ads, live'].map((t) => expect.stringContaining(t)),
      );
      const liveEvent = events.find((e) => e.summary.includes('Search ads'))!;
      expect(Math.abs(liveEvent.startDate.toJSDate().getTime() - liveStart)).toBeLessThan(1000);
      // Reset asks first; the old link then stops working.
      await page.getByRole('button', { name: 'Reset link' }).click();
      await page.getByRole('button', { name: 'Yes, reset the link' }).click();
      await page.getByText('Your new calendar link is ready. The old one no longer works.').waitFor();
      expect(await page.getByLabel('Your calendar link').inputValue()).not.toBe(feedUrl);
      expect((await fetch(feedUrl)).status).toBe(404);

      expect(await axeViolations(page, '/learn')).toEqual([]);
      await shot(page, 'learn', 375, 812);
      await shot(page, 'learn', 1280, 900);
      await page.setViewportSize({ width: 390, height: 844 });

      // The window opens without a reload; Join opens the sandbox meeting.
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll<HTMLButtonElement>('.learn-week .learn-join')].some((b) => !b.disabled && b.textContent === 'Join'),
        undefined,
        { timeout: 60_000 },
      );
      const [meeting] = await Promise.all([page.context().waitForEvent('page'), join.click()]);
      await meeting.waitForLoadState('domcontentloaded');
      expect(await meeting.getByRole('heading', { level: 1 }).textContent()).toMatch(/^You joined .*Search ads, live \(sandbox meeting\)$/);
      await meeting.close();

      // The faculty screen shows the classroom's QR code; the learner's phone checks in with it.
      const staff = await newPage({ width: 1280, height: 900 });
      staff.setDefaultTimeout(30_000);
      await staff.goto('/admin/login', ready);
      await islandsSettled(staff);
      const login = staff.getByRole('form', { name: 'Admin login' });
      await login.getByLabel('Email').fill(faculty.email);
      await login.getByLabel('Password').fill(faculty.password);
      await login.getByRole('button', { name: 'Log in' }).click();
      // Faculty start on their batches.
      await staff.waitForURL(/\/admin\/batches$/, ready);
      await staff.goto(`/admin/batch?id=${String(batchId)}`, ready);
      onTestFailed(async () => {
        await staff.screenshot({ path: '.data/cohorts-failed-staff.png' }).catch(() => {});
      });
      await staff.getByRole('button', { name: 'Show check-in QR for Brand strategy workshop' }).click();
      const qr = staff.getByRole('img', { name: 'Check-in QR code' });
      await qr.waitFor();
      const checkinUrl = (await qr.getAttribute('data-checkin-url'))!;
      expect(checkinUrl).toMatch(/\/checkin\?t=/);

      const phone = await page.context().newPage();
      await phone.setViewportSize({ width: 375, height: 812 });
      await phone.goto(checkinUrl, ready);
      await phone.getByRole('heading', { name: "You're checked in to Brand strategy workshop" }).waitFor({ timeout: 30_000 });
      expect(await phone.locator('.checkin-detail').textContent()).toContain(`August cohort ${stamp}`);
      expect(new URL(phone.url()).search).toBe('');
      expect(await axeViolations(phone, '/checkin')).toEqual([]);
      await shot(phone, 'checkin', 320, 640);
      await shot(phone, 'checkin', 375, 812);
      await shot(phone, 'checkin', 1280, 900);
      // The same code again: refused, with the reason.
      await phone.goto(checkinUrl, ready);
      await phone.getByRole('heading', { name: 'You have already checked in to this class' }).waitFor();

      // The learner's attendance: the class held so far, attended.
      await page.reload(ready);
      const figure = page.locator('[data-attendance]');
      await figure.waitFor();
      const { batches } = (await (await page.request.get('/api/v1/learn')).json()) as { batches: { attendance: { percent: number } }[] };
      expect(batches[0]!.attendance.percent).toBeGreaterThan(0);
      expect(await figure.textContent()).toBe(`${batches[0]!.attendance.percent}%`);
    },
  );
});
