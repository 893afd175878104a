/**
 * A 16-year-old registers for AspiraDiscover (DPDP Act s.9, Rules r.10): the form asks a parent,
 * the Hindi notice shows when chosen, the registration waits, the parent confirms from the link in
 * their email, and the registration continues to the fee.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eDescribe, emailedOtp, newPage, registrationAlive, sql } from './harness.ts';

const stamp = Date.now();
const childEmail = `child.${stamp}@example.com`;
const parentEmail = `parent.${stamp}@example.com`;
const bornSixteenYearsAgo = `${new Date().getUTCFullYear() - 16}-01-01`;

async function toast(page: Page, text: string) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

/** The parent's link, read where the parent reads it: their email. */
async function parentLink(): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const [row] = await sql()<{ text_body: string }[]>`
      select text_body from email_outbox where to_address = ${parentEmail} and tag = 'parent-consent' order by id desc limit 1`;
    const link = row?.text_body.match(/https?:\/\/\S+\/parent-consent\?t=\S+/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no email to the parent');
}

e2eDescribe("a child's registration with a parent's consent", () => {
  it('a 16-year-old registers for AspiraDiscover; the parent confirms from the email; the registration continues', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/information?utm_source=instagram&utm_campaign=diwali');
    await registrationAlive(page);
    const form = page.getByRole('form', { name: 'Registration' });
    await form.getByLabel('Email').fill(childEmail);
    await form.getByRole('button', { name: 'Send OTP' }).click();
    await toast(page, 'OTP sent to your email!');
    await form.getByLabel('OTP').fill(await emailedOtp(childEmail));
    await form.getByRole('button', { name: 'Verify OTP' }).click();
    await form.getByText('Email verified').waitFor();

    await form.getByLabel('Full name').fill('Asha Verma');
    await form.getByLabel(/^Phone/).fill('+91 98765 43210');
    await form.getByLabel("Father's name").fill('Ravi Verma');
    expect(await form.locator('[data-guardian]').count()).toBe(0);
    await form.getByLabel('Date of birth').fill(bornSixteenYearsAgo);
    await form.locator('[data-guardian]').waitFor();
    await form.getByLabel('High school %').fill('91');
    await form.getByLabel('Why do you want to join?').fill('To find the right course for me.');

    // Without the parent's details nothing is sent.
    await form.getByRole('button', { name: 'Register', exact: true }).click();
    await form.getByText("Enter your parent's or guardian's name").waitFor();

    await form.getByLabel("Parent's or guardian's name").fill('Meera Verma');
    await form.getByLabel("Parent's or guardian's email").fill(parentEmail);
    await form.getByLabel("Parent's or guardian's phone").fill('+91 98100 11111');

    // The notice in Hindi, when chosen.
    await form.getByRole('button', { name: 'हिन्दी' }).click();
    const notice = form.locator('[data-notice-language="hi"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('गोपनीयता नीति');
    expect(await notice.getAttribute('lang')).toBe('hi');
    // What is around the consent reads in Hindi too: the parent's fields and the button.
    await form.locator('[data-guardian] legend').getByText('आपके माता-पिता या अभिभावक').waitFor();
    expect(await form.getByLabel('माता-पिता या अभिभावक का ईमेल').inputValue()).toBe(parentEmail);

    await form.getByRole('button', { name: 'पंजीकरण करें', exact: true }).click();
    await toast(page, 'We have emailed your parent or guardian');
    await page.locator('[data-parent-consent="awaiting"]').waitFor();
    expect(await form.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
    await page.screenshot({ path: '.data/minor-awaiting-390.png', fullPage: false });

    // The parent opens the link from their email, in their own browser.
    const link = new URL(await parentLink());
    const parent = await newPage({ width: 1280, height: 800 });
    await parent.goto(`${link.pathname}${link.search}`);
    // The page opens in the language the child read the notice in: greeting, notice and both choices.
    await parent.getByText('नमस्ते Meera Verma').waitFor();
    await parent.locator('.itemised-notice[data-notice-language="hi"]').waitFor();
    expect(await parent.locator('.itemised-notice').textContent()).toContain('हम क्या लेते हैं और क्यों');
    await parent.getByRole('button', { name: /सहमति देता/ }).waitFor();
    await parent.getByRole('button', { name: /मना करता/ }).waitFor();
    await parent.screenshot({ path: '.data/minor-parent-hi-1280.png', fullPage: true });
    await parent.getByRole('button', { name: 'English' }).click();
    await parent.getByText('Hello Meera Verma').waitFor();
    await parent.locator('.itemised-notice[data-notice-language="en"]').getByText('What we collect and why').waitFor();
    await parent.screenshot({ path: '.data/minor-parent-1280.png', fullPage: true });
    await parent.getByRole('button', { name: /I consent/ }).click();
    await parent.getByText('Your consent is recorded').waitFor();

    // The child's registration continues to the fee.
    await page.getByRole('button', { name: /My parent has confirmed/ }).click();
    await toast(page, 'Your parent confirmed');
    await form.getByRole('combobox', { name: 'State' }).selectOption('06');
    await form.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByRole('button', { name: /AspiraDiscover/ }).click();
    const checkout = page.getByRole('dialog', { name: 'Aspira Registration' });
    await checkout.waitFor();
    await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/success\?/);

    const [consent] = await sql()<{ language: string; minor: boolean }[]>`
      select language, minor from consents where email = ${childEmail} and purpose = 'registration'`;
    expect(consent).toEqual({ language: 'hi', minor: true });
    const [decision] = await sql()<{ status: string; decided_by_email: string }[]>`
      select status, decided_by_email from parental_consents where child_email = ${childEmail}`;
    expect(decision).toEqual({ status: 'given', decided_by_email: parentEmail });
    const touches = await sql()`
      select 1 from lead_touches t join registrations r on t.lead_kind = 'registration' and t.lead_id = r.id where r.email = ${childEmail}`;
    expect(touches).toHaveLength(0);
    const [registration] = await sql()<{ status: string }[]>`select status from registrations where email = ${childEmail}`;
    expect(registration?.status).toBe('paid');
  });

  it('a lead form read in Hindi asks its age question, the parent’s details and their messages, and its button in Hindi', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/contactus');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByRole('button', { name: 'हिन्दी' }).click();
    await form.locator('[data-notice-language="hi"]').waitFor();
    await form.getByText('मेरी आयु 18 वर्ष से कम है').click();
    await form.getByRole('group', { name: 'आपके माता-पिता या अभिभावक' }).waitFor();
    expect(await form.getByText('मुझे WhatsApp पर Aspira से अपडेट भेजें').count()).toBe(0); // not offered to a child
    await form.getByLabel('Name').fill('Asha');
    await form.getByLabel('Number').fill('9810042499');
    await form.getByLabel('Email').fill(`hindi.child.${stamp}@example.com`);
    await form.getByLabel('Comments').fill('नमस्ते');
    await form.getByRole('button', { name: 'भेजें', exact: true }).click();
    await form.getByText('अपने माता-पिता या अभिभावक का नाम लिखें').first().waitFor();
    await page.screenshot({ path: '.data/minor-contact-hi-390.png', fullPage: true });
    const [stored] = await sql()`select 1 from contact_requests where email = ${`hindi.child.${stamp}@example.com`}`;
    expect(stored).toBeUndefined();
  });

  it("the child withdraws a consent from the email's Your choices link, without logging in", async () => {
    const [mail] = await sql()<{ text_body: string }[]>`
      select text_body from email_outbox where to_address = ${childEmail} order by id desc limit 1`;
    const link = new URL(mail!.text_body.match(/https?:\/\/\S+\/choices\?t=\S+/)![0]);
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(`${link.pathname}${link.search}`);
    const row = page.locator('tr[data-purpose="registration"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('हिन्दी');
    await page.screenshot({ path: '.data/choices-390.png', fullPage: true });
    await row.getByRole('button', { name: 'Withdraw' }).click();
    await row.getByText(/^Withdrawn/).waitFor();
    const [consent] = await sql()<{ withdrawn_via: string | null }[]>`
      select withdrawn_via from consents where email = ${childEmail} and purpose = 'registration'`;
    expect(consent?.withdrawn_via).toBe('choices-link');

    // A forged link shows why and offers nothing to withdraw.
    await page.goto('/choices?t=forged-forged-forged-forged');
    await page
      .getByRole('alert')
      .getByText(/not valid or has expired/)
      .waitFor();

    // The privacy request page, for people without an account.
    const wide = await newPage({ width: 1280, height: 800 });
    await wide.goto('/privacy-request');
    await wide.getByRole('form', { name: 'Privacy request' }).waitFor();
    await wide.screenshot({ path: '.data/privacy-request-1280.png', fullPage: true });
  });
});
