/**
 * Applicants' documents in the browser: an applicant uploads a passport photo (a JPEG with a GPS
 * position in its EXIF) and a PDF marksheet from My applications; their counsellor rejects the
 * marksheet with a reason on the person page; the applicant reads the reason and uploads again; the
 * counsellor approves both, and the lead moves to Applied. The stored JPEG has no EXIF left.
 */
import { expect, it } from 'vitest';
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { adminLogIn, baseUrl, e2eDescribe, emailedOtp, newPage, settled, signupVerified, sql } from './harness.ts';
import { build } from '../support/factories.ts';

const PASSWORD = 'violet-harbour-lantern-42';
const stamp = Date.now();

async function registration(email: string): Promise<string> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, path).toBeLessThan(300);
    return res.json();
  };
  await post('/otp/send', { email });
  const { verificationToken } = await post('/otp/verify', { email, otp: await emailedOtp(email) });
  const form = build.registration({
    name: 'Asha Verma', email, phone: '+91 98765 43210', fatherName: 'Ravi Verma', qualification: '12th', highschool: '86.5',
    university: '', sop: '', experience: '', motivation: 'To study in France.', dateOfBirth: '2001-04-12', verificationToken,
  }); // prettier-ignore
  return (await post('/user/register-unpaid', form)).registration._id;
}

async function passportPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 50/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 12/1 30/1' },
    })
    .toBuffer();
}

async function marksheet(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([400, 300]).drawText(text, { x: 30, y: 150, size: 16 });
  return Buffer.from(await doc.save());
}

/** Records every Content-Security-Policy violation on the page (none is expected). */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as never as { reportViolation: (v: string) => void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  return violations;
}

const slotOf = (page: Page, label: string) => page.locator('.docs-item').filter({ has: page.getByText(label, { exact: true }) });

async function choose(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const slot = slotOf(page, label);
  await slot.locator('input[type=file]').setInputFiles(file);
  await slot.getByText('Uploaded, waiting for review').waitFor({ timeout: 20_000 });
}

e2eDescribe('applicants’ documents in the browser', () => {
  it('upload, reject with a reason, upload again, approve; the stored photo has no EXIF location', { timeout: 180_000 }, async () => {
    const email = `documents.${stamp}@example.com`;
    const registrationId = await registration(email);
    await signupVerified('user', { email, password: PASSWORD, firstName: 'Asha', lastName: 'Verma' });
    const counsellor = { email: `counsellor.docs.${stamp}@aspira.example`, password: 'tidal lantern orbit 42' };
    await signupVerified('admin', counsellor, 'counsellor');
    await sql()`update lead_pipeline set owner_id = (select id from accounts where role = 'admin' and email = ${counsellor.email})
                where lead_kind = 'registration' and lead_id = ${registrationId}`;

    // The applicant, on a phone.
    const applicant = await newPage({ width: 390, height: 844 });
    const applicantViolations = await watchCsp(applicant);
    await applicant.goto('/login?next=%2Fapplications', { waitUntil: 'domcontentloaded' });
    await settled(applicant);
    await applicant.locator('main').getByLabel('Email').fill(email);
    await applicant
      .locator('main')
      .getByLabel(/^Password/)
      .fill(PASSWORD);
    await applicant.locator('main').getByRole('button', { name: 'Log in' }).click();
    await applicant.waitForURL((url) => url.pathname === '/applications');
    await applicant.getByRole('heading', { name: 'Documents' }).waitFor({ timeout: 30_000 });
    await settled(applicant);
    expect(await slotOf(applicant, '12th marksheet').getByText('Missing').count()).toBe(1);
    await choose(applicant, 'Passport or Aadhaar', { name: 'passport.jpg', mimeType: 'image/jpeg', buffer: await passportPhoto() });
    await choose(applicant, '12th marksheet', { name: 'marksheet.pdf', mimeType: 'application/pdf', buffer: await marksheet('Class XII') });

    // The counsellor, on a laptop: the person page of the registration.
    const team = await newPage({ width: 1280, height: 800 });
    const teamViolations = await watchCsp(team);
    await adminLogIn(team, counsellor);
    await team.goto(`/admin/person?lead=registration:${registrationId}`, { waitUntil: 'domcontentloaded' });
    const review = team.locator('section.docs');
    await review.getByText('marksheet.pdf').waitFor({ timeout: 30_000 });
    const marks = slotOf(team, '12th marksheet');
    await marks.getByRole('button', { name: 'Reject 12th marksheet' }).click();
    await marks.getByLabel(/Why is it rejected/).fill('The bottom of the page is cut off; scan the whole sheet');
    await marks.getByRole('button', { name: 'Reject and tell the applicant' }).click();
    await marks.getByText('Rejected:').waitFor();

    // The passport: open it (a link for minutes), then approve. The stored photo lost its EXIF.
    const passport = slotOf(team, 'Passport or Aadhaar');
    await passport.getByRole('button', { name: 'Open Passport or Aadhaar' }).click();
    const link = passport.getByRole('link', { name: /Open passport\.jpg/ });
    await link.waitFor();
    const stored = await fetch(new URL((await link.getAttribute('href'))!, baseUrl));
    expect(stored.status).toBe(200);
    const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    await passport.getByRole('button', { name: 'Approve Passport or Aadhaar' }).click();
    await passport.getByText('Approved').waitFor();

    // The applicant reads the reason and uploads again.
    await applicant.reload({ waitUntil: 'domcontentloaded' });
    await applicant.getByRole('heading', { name: 'Documents' }).waitFor({ timeout: 30_000 });
    const rejected = slotOf(applicant, '12th marksheet');
    await rejected.getByText('The bottom of the page is cut off; scan the whole sheet').waitFor({ timeout: 20_000 });
    expect(await rejected.getByText('Rejected').count()).toBeGreaterThan(0);
    await choose(applicant, '12th marksheet', {
      name: 'marksheet-full.pdf',
      mimeType: 'application/pdf',
      buffer: await marksheet('Class XII, whole sheet'),
    });

    // The counsellor approves it: every required document is approved, the lead is Applied.
    await team.reload({ waitUntil: 'domcontentloaded' });
    await review.getByText('marksheet-full.pdf').waitFor({ timeout: 30_000 });
    await slotOf(team, '12th marksheet').getByRole('button', { name: 'Approve 12th marksheet' }).click();
    await slotOf(team, '12th marksheet').getByText('Approved').waitFor();
    const [lead] = await sql()<
      { stage: string }[]
    >`select stage from lead_pipeline where lead_kind = 'registration' and lead_id = ${registrationId}`;
    expect(lead!.stage).toBe('applied');

    await applicant.reload({ waitUntil: 'domcontentloaded' });
    await slotOf(applicant, '12th marksheet').getByText('Approved').waitFor({ timeout: 30_000 });
    expect(await slotOf(applicant, '12th marksheet').locator('input[type=file]').count()).toBe(0);
    // The uploads, the progress and the review ran under the site's CSP without a violation.
    expect([...applicantViolations, ...teamViolations]).toEqual([]);
  });
});
