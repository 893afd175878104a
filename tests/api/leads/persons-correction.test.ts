/**
 * A bounced address's right one (docs/architecture.md, Operations): only the counsellor who owns
 * one of the person's leads, or an owner, may record it; and the address is only typed, not proven,
 * so what is written to it again carries no link and no amount. A receipt, a payment reminder or
 * any email with a link is held back, and the person's timeline says so.
 */
import { describe, expect, it } from 'vitest';
import { enqueueEmail, suppressAddress } from '../../../netlify/lib/outbox/index.ts';
import { db } from '../../../netlify/lib/platform/index.ts';
import { call, useTestDatabase } from '../support/harness.ts';
import { freshIp, makeAdmin } from './kit.ts';
import { build } from '../../support/factories.ts';

const testDb = useTestDatabase();

const outbox = (address: string) =>
  testDb.sql<{ subject: string; tag: string; status: string; text_body: string }[]>`
    select subject, tag, status, text_body from email_outbox where lower(to_address) = ${address} order by id`;

describe("recording a bounced person's right address", () => {
  it('is for the lead’s owner and owners; a receipt is not re-sent to the typed address, a plain confirmation is', async () => {
    const owner = await makeAdmin('CorrectionOwner', 'owner');
    const mine = await makeAdmin('CorrectionMine', 'counsellor');
    const other = await makeAdmin('CorrectionOther', 'counsellor');
    const email = `asha.${process.pid}@gmial.com`;
    const lead = await call('POST', '/api/v1/user/contactus', {
      body: build.advisor({ Name: 'Asha Typo', Number: '98100 33333', email, programme: '' }),
      ip: freshIp(),
    });
    expect(lead.status, lead.text).toBe(201);
    const [row] = await testDb.sql<{ id: string }[]>`select id::text from contact_requests where email = ${email}`;
    const given = await call('PUT', `/api/v1/admin/pipeline/contact/${row!.id}/owner`, { token: owner.token, body: { ownerId: mine.id } });
    expect(given.status, given.text).toBe(200);

    // The confirmation bounced; a receipt (an amount and an invoice link) written since was held back.
    await testDb.sql`update email_outbox set status = 'failed' where to_address = ${email}`;
    await suppressAddress({ address: email, reason: 'inactive', detail: 'Hard bounce', source: 'webhook' });
    await db().begin((tx) =>
      enqueueEmail(tx, {
        to: email,
        subject: 'Your receipt for Digital Marketing',
        text: 'Amount paid: ₹2,49,000\n\nDownload your tax invoice (PDF): http://localhost:8888/api/v1/invoices/7/pdf?key=abc',
        tag: 'course-receipt',
      }),
    );
    expect((await outbox(email)).map((m) => `${m.tag}:${m.status}`)).toEqual(['advisor-confirmation:failed', 'course-receipt:suppressed']);

    const lookup = await call('GET', `/api/v1/admin/persons/lookup?kind=contact&id=${row!.id}`, { token: mine.token });
    const personId = lookup.body.id as string;
    const right = `asha.${process.pid}@gmail.com`;
    const path = `/api/v1/admin/persons/${personId}/bounces`;

    const refused = await call('POST', path, { token: other.token, body: { address: email, correctedTo: right } });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.errors).toMatch(/Only the counsellor who owns one of this person’s leads, or an owner/);
    expect(await outbox(right)).toEqual([]);
    expect(await testDb.sql`select 1 from person_identities where value = ${right}`).toHaveLength(0);
    expect(await testDb.sql`select corrected_to from email_suppressions where address = ${email}`).toEqual([{ corrected_to: null }]);

    const fixed = await call('POST', path, { token: mine.token, body: { address: email, correctedTo: right } });
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.body).toMatchObject({ resent: 1, heldBack: 1 });
    expect(fixed.body.message).toMatch(/1 email that did not arrive was sent to the right address\. 1 was held back/);
    // Only the plain confirmation went to the typed address; the receipt did not.
    const written = await outbox(right);
    expect(written.map((m) => m.tag)).toEqual(['advisor-confirmation']);
    expect(written[0]!.text_body.replace(/\n\nYour choices: .*$/s, '')).not.toMatch(/https?:\/\/|₹/);
    // The counsellor sees what was held back, and why.
    expect(fixed.body.person.timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: 'Email not sent (address bounced): Your receipt for Digital Marketing',
          detail: expect.stringMatching(/^course-receipt · held back: .*not proven/),
        }),
      ]),
    );
    const [audit] = await testDb.sql<{ details: Record<string, unknown> }[]>`
      select details from admin_audit_log where action = 'email.correct'`;
    expect(audit!.details).toMatchObject({ resent: 1, heldBack: 1 });
  });

  it('an owner may record it for any person', async () => {
    const owner = await makeAdmin('CorrectionOwner2', 'owner');
    const email = `ravi.${process.pid}@gmial.com`;
    const lead = await call('POST', '/api/v1/user/contactus', {
      body: build.advisor({ Name: 'Ravi Typo', Number: '98100 44444', email, programme: '' }),
      ip: freshIp(),
    });
    expect(lead.status, lead.text).toBe(201);
    const [row] = await testDb.sql<{ id: string }[]>`select id::text from contact_requests where email = ${email}`;
    await suppressAddress({ address: email, reason: 'inactive', detail: 'Hard bounce', source: 'webhook' });
    const lookup = await call('GET', `/api/v1/admin/persons/lookup?kind=contact&id=${row!.id}`, { token: owner.token });
    const fixed = await call('POST', `/api/v1/admin/persons/${lookup.body.id}/bounces`, {
      token: owner.token,
      body: { address: email, correctedTo: `ravi.${process.pid}@gmail.com` },
    });
    expect(fixed.status, fixed.text).toBe(200);
  });
});
