/**
 * Breach help (DPDP Rules r.7): for a fixture, the preview lists exactly the people whose rows are
 * in the window and tables (or the ids), with their channel, and drafts both notices under the
 * Rule's headings; nothing is sent without "SEND"; sending is logged; owners only.
 */
import { describe, expect, it } from 'vitest';
import { call, useTestDatabase } from '../support/harness.ts';
import { newEmail, nextIp, registered } from '../registrations/kit.ts';
import { adminAccount, INVITE } from './kit.ts';
import { previewBreach } from '../../../netlify/lib/privacy/index.ts';
import { build } from '../../support/factories.ts';

const db = useTestDatabase({ ADMIN_INVITE_CODE: INVITE });

const FACTS = {
  what: 'A misconfigured export exposed enquiry rows on 20 November between 10:00 and 12:00 IST.',
  data: 'Names, email addresses and phone numbers.',
  consequences: 'You may receive unwanted calls or phishing emails.',
  measures: 'The export was closed and the access keys were rotated.',
  safety: 'Be wary of messages asking for payment or passwords.',
  cause: 'A storage bucket was made public by mistake.',
  prevention: 'Buckets are now private by policy and checked daily.',
};

async function enquiry(email: string, name: string): Promise<string> {
  const body = build.contact({ Name: name, Number: '9810042424', email, comments: 'Which course?' });
  expect((await call('POST', '/api/v1/user/contactus', { body, ip: nextIp() })).status).toBe(201);
  const [row] = await db.sql<{ id: string }[]>`select id::text from contact_requests where email = ${email}`;
  return row!.id;
}

describe('breach help', () => {
  it('lists exactly the affected people with their channel, drafts both notices, and sends only on confirmation', async () => {
    const inside = newEmail('inside');
    const bounced = newEmail('bounced');
    const outside = newEmail('outside');
    const insideId = await enquiry(inside, 'Asha Verma');
    const bouncedId = await enquiry(bounced, 'Ravi Iyer');
    const outsideId = await enquiry(outside, 'Meera Shah');
    const reg = await registered(db, newEmail('registered'));
    await db.sql`update contact_requests set created_at = '2026-11-20T05:00:00Z' where id in ${db.sql([insideId, bouncedId])}`;
    await db.sql`update contact_requests set created_at = '2026-11-19T05:00:00Z' where id = ${outsideId}`;
    await db.sql`insert into email_suppressions (address, reason, source) values (${bounced}, 'hard-bounce', 'webhook')`;
    const owner = await adminAccount(db, newEmail('owner'));
    const scope = { from: '2026-11-20T00:00:00+05:30', to: '2026-11-20T23:59:59+05:30', tables: ['contact_requests'] };

    const preview = await call('POST', '/api/v1/admin/breach/preview', { token: owner.token, body: { ...scope, ...FACTS } });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.people).toEqual([
      { email: bounced, name: 'Ravi Iyer', phone: '+919810042424', channel: 'phone', found: [`contact_requests:${bouncedId}`] },
      { email: inside, name: 'Asha Verma', phone: '+919810042424', channel: 'email', found: [`contact_requests:${insideId}`] },
    ]);
    expect(preview.body.personNotice.text).toContain(`What happened: ${FACTS.what}`);
    expect(preview.body.personNotice.text).toContain('Who to ask: ');
    for (const heading of ['(a) Description', '(b)(i)', '(b)(ii)', '(b)(iii)', '(b)(iv)', '(b)(v)', '(b)(vi)'])
      expect(preview.body.boardReport).toContain(heading);
    expect(preview.body.boardReport).toContain('People affected: 2');

    // By ids: just those rows.
    const byIds = await call('POST', '/api/v1/admin/breach/preview', {
      token: owner.token,
      body: { ...scope, tables: [], ids: [`registrations:${reg.registrationId}`, `contact_requests:${outsideId}`], ...FACTS },
    });
    expect(byIds.body.people.map((p: { email: string }) => p.email).sort()).toEqual([outside, reg.email].sort());

    // Nothing sent by a preview, nor without SEND.
    expect(await db.sql`select 1 from email_outbox where tag = 'breach-notice'`).toHaveLength(0);
    const unconfirmed = await call('POST', '/api/v1/admin/breach/send', {
      token: owner.token,
      body: { ...scope, ...FACTS, confirm: 'send it' },
    });
    expect(unconfirmed.status).toBe(400);
    expect(await db.sql`select 1 from email_outbox where tag = 'breach-notice'`).toHaveLength(0);

    const sent = await call('POST', '/api/v1/admin/breach/send', { token: owner.token, body: { ...scope, ...FACTS, confirm: 'SEND' } });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.emailed).toBe(1);
    expect(sent.body.byPhone.map((p: { email: string }) => p.email)).toEqual([bounced]);
    const mails = await db.sql<
      { to_address: string; text_body: string }[]
    >`select to_address, text_body from email_outbox where tag = 'breach-notice'`;
    expect(mails.map((m) => m.to_address)).toEqual([inside]);
    expect(mails[0]!.text_body).toMatch(/^Dear Asha,\n\nWe are writing to tell you about a personal data breach/);
    const [audit] = await db.sql<{ action: string; details: Record<string, unknown> }[]>`
      select action, details from admin_audit_log where action = 'privacy.breach-notify'`;
    expect(audit!.details).toMatchObject({ affected: 2, emailed: 1, byPhone: 1 });
    expect(JSON.stringify(audit!.details)).not.toContain('@');
  });

  it('is for owners only and refuses a scope without tables or ids', async () => {
    const counsellor = await adminAccount(db, newEmail('counsellor'), 'counsellor');
    const body = { from: '2026-11-20T00:00:00+05:30', to: '2026-11-21T00:00:00+05:30', tables: ['registrations'], ...FACTS };
    expect((await call('POST', '/api/v1/admin/breach/preview', { token: counsellor.token, body })).status).toBe(403);
    expect((await call('POST', '/api/v1/admin/breach/preview', { body })).status).toBe(401);
    const owner = await adminAccount(db, newEmail('owner'));
    const empty = await call('POST', '/api/v1/admin/breach/preview', { token: owner.token, body: { ...body, tables: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([expect.stringMatching(/^tables: Choose the affected tables/)]);
  });

  it('refuses an id whose table is not one of the breach tables (inherited names too): 400, nothing sent', async () => {
    const owner = await adminAccount(db, newEmail('owner'));
    const window = { from: '2026-11-20T00:00:00+05:30', to: '2026-11-21T00:00:00+05:30', tables: [], ...FACTS };
    const notices = async () => (await db.sql`select 1 from email_outbox where tag = 'breach-notice'`).length;
    const before = await notices();
    for (const id of ['constructor:abc', '__proto__:abc', 'toString:x', 'hasOwnProperty:1', 'payment_orders:1']) {
      for (const [path, extra] of [
        ['/api/v1/admin/breach/preview', {}],
        ['/api/v1/admin/breach/send', { confirm: 'SEND' }],
      ] as const) {
        const answer = await call('POST', path, { token: owner.token, body: { ...window, ids: [id], ...extra } });
        expect(answer.status, `${path} ${id}: ${answer.text}`).toBe(400);
        expect(answer.body.errors).toEqual([expect.stringMatching(/^ids\.0: .*not one of the breach tables: registrations, /)]);
      }
    }
    // The service refuses them too, whoever calls it (the terminal command reads the same list).
    await expect(previewBreach({ from: window.from, to: window.to, tables: [], ids: ['constructor:abc'] }, FACTS)).rejects.toMatchObject({
      status: 400,
    });
    expect(await notices()).toBe(before);
  });
});
