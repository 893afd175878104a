/**
 * The admissions pipeline in the browser: two counsellors (two browser contexts) work their own
 * queues, each moving a lead to Contacted with a note; the owner sees both in the inbox, with the
 * stage, the owner and the history; the team and audit screens. axe finds nothing on any of them.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.ts';
import { adminLogIn, baseUrl, e2eDescribe, newPage, signupVerified, sql } from './harness.ts';

const run = Date.now().toString(36);
const PASSWORD = 'queue lantern river 42';
const people = {
  owner: { email: `pipe-owner-${run}@aspira.example`, firstName: 'Olga', lastName: 'Owner' },
  one: { email: `pipe-one-${run}@aspira.example`, firstName: 'Charu', lastName: 'One' },
  two: { email: `pipe-two-${run}@aspira.example`, firstName: 'Dilip', lastName: 'Two' },
};
const LEAD_ONE = `Lead Anita ${run}`;
const LEAD_TWO = `Lead Bhavesh ${run}`;

async function submitLead(name: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/user/contactus`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ source: 'advisor', Name: name, Number: '98100 42424', email, programme: 'Data Analytics' }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const [row] = await sql()`select id::text from contact_requests where email = ${email} order by id desc limit 1`;
  return row!.id as string;
}

const logIn = (page: Page, email: string) => adminLogIn(page, { email, password: PASSWORD });

async function noViolations(page: Page, state: string): Promise<void> {
  expect(await axeViolations(page, state)).toEqual([]);
}

/** A counsellor works their queue: only their lead, call and email links, a stage change with a note. */
async function workQueue(page: Page, mine: string, theirs: string, note: string): Promise<void> {
  await page.goto('/admin/queue');
  await page.getByRole('heading', { name: 'My leads' }).waitFor();
  const item = page.getByRole('listitem').filter({ hasText: mine });
  await item.waitFor();
  expect(await page.getByText(theirs).count()).toBe(0);
  expect(await item.getByRole('link', { name: /^Call/ }).getAttribute('href')).toBe('tel:+919810042424');
  expect(await item.getByRole('link', { name: /^Email/ }).getAttribute('href')).toMatch(/^mailto:/);
  expect(await item.textContent()).toMatch(/arrived \d+ min ago/);
  await item.getByRole('button', { name: 'Update stage' }).click();
  const form = item.getByRole('form', { name: `Update ${mine}` });
  await form.getByLabel(/^Move to/).selectOption('contacted');
  await form.getByLabel(/^Note/).fill(note);
  await noViolations(page, '/admin/queue with the stage form open');
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });
  await page.getByRole('listitem').filter({ hasText: mine }).getByText('Contacted', { exact: true }).waitFor();
}

e2eDescribe('the admissions pipeline', () => {
  it('two counsellors work their own queues; the owner sees both in the inbox with history, the team and the audit log', async () => {
    for (const person of Object.values(people)) await signupVerified('admin', { ...person, password: PASSWORD });
    await sql()`update accounts set admin_role = 'owner' where email = ${people.owner.email}`;
    await sql()`update accounts set admin_role = 'counsellor' where email in (${people.one.email}, ${people.two.email})`;
    const ids = Object.fromEntries(
      (await sql()`select email, id from accounts where email in (${people.one.email}, ${people.two.email})`).map((r) => [r.email, r.id]),
    );
    const leadOne = await submitLead(LEAD_ONE, `anita-${run}@example.com`);
    const leadTwo = await submitLead(LEAD_TWO, `bhavesh-${run}@example.com`);
    // Each counsellor owns one (the round robin's own test is in the API tests).
    await sql()`update lead_pipeline set owner_id = ${ids[people.one.email]} where lead_kind = 'contact' and lead_id = ${leadOne}`;
    await sql()`update lead_pipeline set owner_id = ${ids[people.two.email]} where lead_kind = 'contact' and lead_id = ${leadTwo}`;

    const one = await newPage({ width: 1280, height: 900 });
    const two = await newPage();
    await Promise.all([logIn(one, people.one.email), logIn(two, people.two.email)]);
    // Counsellors see no owner sections.
    const sections = one.getByRole('navigation', { name: 'Admin sections' });
    await sections.getByRole('link', { name: 'My leads' }).waitFor();
    expect(await sections.getByRole('link', { name: 'Courses' }).count()).toBe(0);

    await Promise.all([
      workQueue(one, LEAD_ONE, LEAD_TWO, 'Called: wants the weekend batch'),
      workQueue(two, LEAD_TWO, LEAD_ONE, 'Called: will apply next week'),
    ]);
    await noViolations(one, '/admin/queue (desktop)');
    await noViolations(two, '/admin/queue (phone)');

    const owner = await newPage({ width: 1280, height: 900 });
    await logIn(owner, people.owner.email);
    await owner.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Team' }).waitFor();
    await owner.goto('/admin/leads');
    const filters = owner.getByRole('search', { name: 'Filter leads' });
    await filters.getByLabel('Search').fill(run);
    await filters.getByLabel('Stage').selectOption('contacted');
    await filters.getByRole('button', { name: 'Apply' }).click();
    const rows = owner.locator('.admin-lead');
    await expect.poll(() => rows.count()).toBe(2);
    await owner.getByText('Owner: Charu One').waitFor();
    await owner.getByText('Owner: Dilip Two').waitFor();
    await noViolations(owner, '/admin/leads');
    await rows.filter({ hasText: LEAD_ONE }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByText('New → Contacted').waitFor();
    await dialog.getByText('by Charu One', { exact: false }).waitFor();
    await dialog.getByText('Called: wants the weekend batch').waitFor();
    await noViolations(owner, '/admin/leads with a lead open');
    await owner.keyboard.press('Escape');

    await owner.goto('/admin/team');
    await owner.getByRole('row').filter({ hasText: people.one.email }).waitFor();
    await noViolations(owner, '/admin/team');
    await owner.goto('/admin/audit');
    await owner.getByRole('cell', { name: people.two.email }).first().waitFor();
    await noViolations(owner, '/admin/audit');

    const history =
      await sql()`select from_stage, to_stage, note from lead_stage_changes where lead_kind = 'contact' and lead_id in (${leadOne}, ${leadTwo}) order by lead_id`;
    expect(history.map((h) => `${h.from_stage}->${h.to_stage}: ${h.note}`).sort()).toEqual([
      'new->contacted: Called: wants the weekend batch',
      'new->contacted: Called: will apply next week',
    ]);

    // A counsellor who opens an owner screen by its address is refused by the API.
    await two.goto('/admin/audit');
    await two.getByText('Only an owner admin can do this').waitFor();

    // Charu leaves: the owner deactivates her, her open lead goes on at once and her session ends.
    await owner.goto('/admin/team');
    await owner.getByRole('checkbox', { name: 'Charu One is active' }).click();
    await owner.getByText('Charu One is inactive and logged out; their 1 open lead went on to the team').waitFor();
    const [moved] = await sql()`select owner_id from lead_pipeline where lead_kind = 'contact' and lead_id = ${leadOne}`;
    expect(moved!.owner_id).toBeTruthy();
    expect(moved!.owner_id).not.toBe(ids[people.one.email]);
    await one.goto('/admin/queue');
    await one.waitForURL('**/admin/login**');
  });
});
