/**
 * Privacy requests without an account (DPDP Act ss.11-13): asked with an email, proven by the
 * emailed link, then in the owners' queue with the Rules' deadline until an owner closes it.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { runRetention } from '../../../netlify/lib/privacy/index.ts';
import { NOTICE } from '../../../src/shared/notice.ts';
import { PROMISED_DAYS } from '../../../src/shared/rights-requests.ts';
import { retentionDays } from '../../../src/shared/retention.ts';
import { call, useTestDatabase } from '../support/harness.ts';
import { newEmail, nextIp } from '../registrations/kit.ts';
import { adminAccount, INVITE } from './kit.ts';

const db = useTestDatabase({ ADMIN_INVITE_CODE: INVITE });

async function linkToken(email: string): Promise<string> {
  const [row] = await db.sql<{ text_body: string }[]>`
    select text_body from email_outbox where to_address = ${email} and tag = 'privacy-request' order by id desc limit 1`;
  return decodeURIComponent(row!.text_body.match(/\/privacy-request\?t=([\w%-]+)/)![1]!);
}

const ask = (body: Record<string, unknown>) => call('POST', '/api/v1/privacy/request', { body, ip: nextIp() });
const confirm = (token: string) => call('POST', '/api/v1/privacy/request/confirm', { body: { token }, ip: nextIp() });

describe('privacy requests without an account', () => {
  it('is asked, proven by the link, queued with its deadline and closed by an owner', async () => {
    const email = newEmail('requester');
    const asked = await ask({ email, kind: 'correction', details: 'My phone number is wrong: it is 98100 22222.' });
    expect(asked.status, asked.text).toBe(202);
    expect(asked.body.message).toMatch(/Check your email/);
    const owner = await adminAccount(db, newEmail('owner'));
    // Not in the queue before the inbox is proven.
    expect((await call('GET', '/api/v1/admin/privacy/rights-requests', { token: owner.token })).body.rows).toEqual([]);

    const confirmed = await confirm(await linkToken(email));
    expect(confirmed.status, confirmed.text).toBe(200);
    const due = Date.parse(confirmed.body.dueAt);
    // The deadline is the policy's promise (30 days), not the Rules' outer limit.
    expect(Math.round((due - Date.now()) / 86_400_000)).toBe(30);
    expect(confirmed.body.message).toBe('Confirmed. We will answer within 30 days.');
    const queue = await call('GET', '/api/v1/admin/privacy/rights-requests', { token: owner.token });
    expect(queue.body.rows).toEqual([
      expect.objectContaining({ email, kind: 'correction', status: 'open', overdue: false, details: expect.stringContaining('98100') }),
    ]);
    // A second click answers the same and changes nothing.
    expect((await confirm(await linkToken(email))).body.message).toMatch(/already confirmed/);

    const id = queue.body.rows[0].id as string;
    const closed = await call('POST', `/api/v1/admin/privacy/rights-requests/${id}/close`, {
      token: owner.token,
      body: { outcome: 'done', note: 'Corrected on the person page.' },
    });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.rows[0]).toMatchObject({ status: 'done', outcomeNote: 'Corrected on the person page.' });
    const [audit] = await db.sql<{ subject_id: string }[]>`select subject_id from admin_audit_log where action = 'privacy.rights-close'`;
    expect(audit!.subject_id).toBe(id);
    expect(
      (await call('POST', `/api/v1/admin/privacy/rights-requests/${id}/close`, { token: owner.token, body: { outcome: 'done' } })).status,
    ).toBe(404);
  });

  it('refuses bad input, a forged or expired link, and anyone but an owner', async () => {
    expect((await ask({ email: 'not-an-email', kind: 'export' })).status).toBe(400);
    const noDetails = await ask({ email: newEmail(), kind: 'correction' });
    expect(noDetails.body.errors).toEqual([expect.stringMatching(/^details: /)]);
    expect(await db.sql`select 1 from rights_requests where kind = 'correction' and details = ''`).toHaveLength(0);
    expect((await confirm('A'.repeat(43))).status).toBe(404);
    const email = newEmail('late');
    await ask({ email, kind: 'erasure' });
    await db.sql`update rights_requests set link_expires_at = now() - interval '1 minute' where email = ${email}`;
    expect((await confirm(await linkToken(email))).status).toBe(410);
    expect(await db.sql`select status from rights_requests where email = ${email}`).toEqual([{ status: 'unconfirmed' }]);
    const counsellor = await adminAccount(db, newEmail('counsellor'), 'counsellor');
    expect((await call('GET', '/api/v1/admin/privacy/rights-requests', { token: counsellor.token })).status).toBe(403);
  });
});

describe('what the policy promises is what the queue does', () => {
  it('every text that names the answer time says the queue deadline, in days', async () => {
    expect(PROMISED_DAYS).toBe(30);
    const texts = {
      policy: await readFile('src/content/legal/privacy.md', 'utf8'),
      page: await readFile('src/pages/privacy.astro', 'utf8'),
      notice: NOTICE.en.grievance,
    };
    for (const [where, text] of Object.entries(texts)) {
      const promises = [...text.replace(/\s+/g, ' ').matchAll(/(?:answer|respond|reply)[^.]*?within (\d+) days/gi)].map((m) =>
        Number(m[1]),
      );
      expect(promises.length, `${where} names the answer time`).toBeGreaterThan(0);
      expect(new Set(promises), where).toEqual(new Set([PROMISED_DAYS]));
    }
    expect(NOTICE.hi.grievance).toContain(`${PROMISED_DAYS} दिनों`);
    const asked = await ask({ email: newEmail('promise'), kind: 'export' });
    expect(asked.body.message).toContain(`within ${PROMISED_DAYS} days`);
  });
});

describe('requests nobody confirmed', () => {
  it('are deleted by the retention job after 7 days, which the asking says; confirmed ones stay', async () => {
    expect(retentionDays('unconfirmed-requests')).toBe(7);
    const stranger = newEmail('typed-by-a-stranger');
    const asked = await ask({ email: stranger, kind: 'correction', details: 'My name is Asha Rao, not Asha Roy.' });
    expect(asked.body.message).toMatch(/we delete a request nobody confirms after 7 days/);
    const [mail] = await db.sql<{ text_body: string }[]>`
      select text_body from email_outbox where to_address = ${stranger} and tag = 'privacy-request'`;
    expect(mail!.text_body).toMatch(/we delete it after 7 days/);
    const confirmedEmail = newEmail('confirmed');
    await ask({ email: confirmedEmail, kind: 'export' });
    expect((await confirm(await linkToken(confirmedEmail))).status).toBe(200);
    const [row] = await db.sql<{ id: string }[]>`select id::text from rights_requests where email = ${stranger}`;
    const day = 86_400_000;

    const early = await runRetention({ now: new Date(Date.now() + 6 * day), dryRun: true });
    expect(early.items.filter((i) => i.kind === 'unconfirmed-requests')).toEqual([]);
    const due = await runRetention({ now: new Date(Date.now() + 8 * day) });
    expect(due.items.filter((i) => i.kind === 'unconfirmed-requests')).toEqual(
      expect.arrayContaining([{ kind: 'unconfirmed-requests', table: 'rights_requests', id: row!.id }]),
    );
    expect(await db.sql`select 1 from rights_requests where email = ${stranger}`).toHaveLength(0);
    expect(await db.sql`select status from rights_requests where email = ${confirmedEmail}`).toEqual([{ status: 'open' }]);
    const [erasure] = await db.sql`select kind, subject_table from retention_erasures where subject_id = ${row!.id}`;
    expect(erasure).toEqual({ kind: 'unconfirmed-requests', subject_table: 'rights_requests' });
  });
});
