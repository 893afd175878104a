/**
 * What applicants and the team read about documents, and /choices on a phone: the documents
 * intro names the channel the applicant chose, an error goes once a later upload of that document
 * works, an optional document is "Optional" (not "Missing"), the team's box names the programme
 * (not a registration id); /choices keeps its column names on a phone and explains the notice.
 */
import { beforeAll, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { adminLogIn, baseUrl, e2eDescribe, emailedOtp, newPage, signupVerified, sql } from './harness.ts';
import { learnerLogIn, shot } from './screens-kit.ts';
import { build } from '../support/factories.ts';

const run = Date.now().toString(36);
const PASSWORD = 'violet-harbour-lantern-42';

async function post(path: string, body: unknown) {
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(body),
  });
  expect(res.status, path).toBeLessThan(300);
  return res.json();
}

/** A registration with no fee paid yet (the general checklist: CV optional, PDF only), by OTP as the form does. */
async function registration(email: string): Promise<string> {
  await post('/otp/send', { email });
  const { verificationToken } = await post('/otp/verify', { email, otp: await emailedOtp(email) });
  const form = build.registration({
    name: 'Asha Verma', email, phone: '+91 98765 43210', fatherName: 'Ravi Verma', qualification: '12th', highschool: '86.5',
    university: '', sop: '', experience: '', motivation: 'To study in France.', dateOfBirth: '2001-04-12', verificationToken,
  }); // prettier-ignore
  return (await post('/user/register-unpaid', form)).registration._id;
}

/** The learner chose WhatsApp updates and proved the number (what the code typed back in settings records). */
async function choseWhatsApp(email: string, phone: string): Promise<void> {
  const [account] = await sql()<{ id: string }[]>`select id from accounts where role = 'user' and email = ${email}`;
  await sql()`insert into consents (email, purpose, notice_version, subject_table, subject_id)
              values (${email}, 'whatsapp', '2026-11-30', 'accounts', ${account!.id})`;
  await sql()`insert into whatsapp_contacts (phone, email, verified_at) values (${phone}, ${email}, now())`;
}

async function pdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([400, 300]).drawText(text, { x: 30, y: 150, size: 16 });
  return Buffer.from(await doc.save());
}

const slotOf = (page: Page, label: string) => page.locator('.docs-item').filter({ has: page.getByText(label, { exact: true }) });

e2eDescribe('documents and choices, as people read them', () => {
  const email = `screens-docs-${run}@example.com`;
  const owner = { email: `docs-owner-${run}@aspira.example`, password: 'tidal lantern orbit 42' };
  let registrationId = '';
  const applicant: Record<number, Page> = {};

  beforeAll(async () => {
    registrationId = await registration(email);
    await signupVerified('user', { email, password: PASSWORD, firstName: 'Asha', lastName: 'Verma' });
    await choseWhatsApp(email, `+9197${String(Date.now()).slice(-8)}`);
    await signupVerified('admin', owner, 'owner');
    for (const width of [375, 1280]) {
      applicant[width] = await newPage({ width, height: 800 });
      await learnerLogIn(applicant[width], { email, password: PASSWORD }, '/applications');
      await applicant[width].getByRole('heading', { name: 'Documents' }).waitFor({ timeout: 30_000 });
      await applicant[width].locator('.docs-list').waitFor({ timeout: 30_000 });
    }
  }, 120_000);

  it('the intro says the review comes on WhatsApp too, the channel the applicant chose', async () => {
    for (const width of [375, 1280]) {
      const intro = applicant[width]!.locator('section.docs > p.muted').first();
      expect(await intro.textContent()).toMatch(/on WhatsApp and by email/);
    }
  });

  it('an optional document not sent yet is "Optional", a required one "Missing"', async () => {
    for (const width of [375, 1280]) {
      expect(await slotOf(applicant[width]!, 'CV').locator('.docs-badge').textContent()).toBe('Optional');
      expect(await slotOf(applicant[width]!, 'Passport or Aadhaar').locator('.docs-badge').textContent()).toBe('Missing');
    }
  });

  it("a refused file's error goes once a later upload of that document works", { timeout: 60_000 }, async () => {
    const page = applicant[375]!;
    const cv = slotOf(page, 'CV');
    // A photo for the CV is refused in the browser; the PDF that follows goes, and so does the error.
    await cv.locator('input[type=file]').setInputFiles({ name: 'cv.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a pdf') });
    await cv.getByText('CV takes PDF files').waitFor();
    await cv.locator('input[type=file]').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: await pdf('My CV') });
    await cv.getByText('Uploaded, waiting for review').waitFor({ timeout: 30_000 });
    expect(await cv.getByText('CV takes PDF files').count(), 'the refusal of the earlier file is gone').toBe(0);
    await shot(page, 'documents-applicant-375');
    await applicant[1280]!.reload();
    await slotOf(applicant[1280]!, 'CV').getByText('Uploaded, waiting for review').waitFor({ timeout: 30_000 });
    await shot(applicant[1280]!, 'documents-applicant-1280');
  });

  it("the team's documents box names the programme, not the registration id", { timeout: 90_000 }, async () => {
    for (const width of [375, 1280]) {
      const team = await newPage({ width, height: 800 });
      await adminLogIn(team, owner);
      await team.goto(`/admin/person?lead=registration:${registrationId}`, { waitUntil: 'domcontentloaded' });
      // The person may have other registrations (the same phone): this one's box holds the CV sent above.
      const review = team.locator('section.docs').filter({ hasText: 'cv.pdf' });
      await review.waitFor({ timeout: 30_000 });
      const title = (await review.locator('h3').first().textContent()) ?? '';
      expect(title).toBe('Documents: Aspira programmes');
      expect(title).not.toContain(registrationId);
      await shot(team, `documents-team-${width}`);
    }
  });

  it('/choices on a phone keeps each column name and says what the notice is', { timeout: 120_000 }, async () => {
    const email = `screens-choices-${run}@example.com`;
    await post('/user/contactus', build.contact({ Name: 'Asha', Number: '9810042424', email, comments: 'Which course?' }));
    let link = '';
    for (let i = 0; i < 50 && !link; i++) {
      const [mail] = await sql()<
        { text_body: string }[]
      >`select text_body from email_outbox where to_address = ${email} order by id desc limit 1`;
      link = mail?.text_body.match(/https?:\/\/\S+\/choices\?t=\S+/)?.[0] ?? '';
      if (!link) await new Promise((r) => setTimeout(r, 200));
    }
    const url = new URL(link);
    for (const width of [375, 1280]) {
      const page = await newPage({ width, height: 800 });
      await page.goto(`${url.pathname}${url.search}`);
      const row = page.locator('.choices-table tbody tr').first();
      await row.waitFor({ timeout: 30_000 });
      for (const name of ['Given', 'Notice', 'Status']) {
        // A phone stacks each consent's cells: each says what it is; a wide screen keeps the table's header.
        const label = width === 375 ? row.getByText(name, { exact: true }) : page.getByRole('columnheader', { name });
        expect(await label.first().isVisible(), `${name} is named at ${width} px`).toBe(true);
      }
      expect(await row.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2} \(English\)/);
      expect(await row.textContent()).toMatch(/Privacy notice of \d{1,2} [A-Z][a-z]{2} \d{4}, in English/);
      await shot(page, `choices-${width}`);
    }
  });
});
