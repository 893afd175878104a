/**
 * An owner's leads screen a page at a time: a click on a column head sorts (aria-sort, the
 * address keeps it), "Load more" brings the next page under the first.
 */
import { expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { adminLogIn, createAdminFromTerminal, e2eDescribe, newPage, sql } from './harness.ts';

const run = Date.now().toString(36);
const OWNER = { email: `paging-owner-${run}@aspira.example`, password: 'paging-owner-pass-1', firstName: 'Meera', lastName: 'Paging' };
const LEADS = 60;

e2eDescribe('admin lists a page at a time', () => {
  it("sorts the owner's leads by a column head and loads the next page", async () => {
    expect((await createAdminFromTerminal(OWNER)).code).toBe(0);
    // 60 leads of this run: "Pg<run> 000" is the oldest, "Pg<run> 059" the newest.
    await sql()`
      insert into contact_requests (source, name, phone, email, programme, comments, created_at)
      select 'advisor', ${`Pg${run} `} || lpad(n::text, 3, '0'), '+9197' || lpad(n::text, 8, '0'),
             ${`pg-${run}-`} || n || '@example.com', 'Data Analytics', '', now() - interval '1 day' + n * interval '1 second'
      from generate_series(0, ${LEADS - 1}) as n`;

    const page = await newPage({ width: 1280, height: 900 });
    await adminLogIn(page, OWNER);
    await page.goto('/admin/leads');
    const filters = page.getByRole('search', { name: 'Filter leads' });
    await filters.getByLabel('Search').fill(`Pg${run}`);
    await filters.getByRole('button', { name: 'Apply' }).click();
    const rows = page.locator('.admin-lead');
    await expect.poll(() => rows.count()).toBe(50);
    await page.getByText('50 leads so far, newest first.').waitFor();
    expect(await rows.first().textContent()).toContain(`Pg${run} 059`);

    const nameHead = page.getByRole('columnheader', { name: 'Name' });
    expect(await nameHead.getAttribute('aria-sort')).toBe('none');
    expect(await page.getByRole('columnheader', { name: 'Received' }).getAttribute('aria-sort')).toBe('descending');
    await nameHead.getByRole('button').click();
    await page.getByText('50 leads so far, by name, A to Z.').waitFor();
    expect(await nameHead.getAttribute('aria-sort')).toBe('ascending');
    expect(await rows.first().textContent()).toContain(`Pg${run} 000`);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('name');
    expect(new URL(page.url()).searchParams.get('dir')).toBe('asc');
    // The export follows the screen's order.
    expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain('sort=name&dir=asc');
    expect(await axeViolations(page, '/admin/leads sorted by name')).toEqual([]);

    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByText(`${LEADS} leads, by name, A to Z.`).waitFor();
    expect(await rows.count()).toBe(LEADS);
    expect(await rows.nth(49).textContent()).toContain(`Pg${run} 049`);
    expect(await rows.nth(50).textContent()).toContain(`Pg${run} 050`);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    // A second click turns the order; a reload keeps it (the address carries it).
    await nameHead.getByRole('button').click();
    await page.getByText('by name, Z to A.').waitFor();
    expect(await nameHead.getAttribute('aria-sort')).toBe('descending');
    await page.reload();
    await page.getByRole('columnheader', { name: 'Name' }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');
  }, 120_000);
});
