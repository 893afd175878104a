/**
 * Retention that runs (DPDP Rules r.8): with the clock moved, the job erases exactly what the
 * schedule says (and nothing younger), leaves one audit row per erasure, keeps payment and invoice
 * records; the dry run lists the same and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { runRetention } from '../../../netlify/lib/privacy/index.ts';
import { call, useTestDatabase } from '../support/harness.ts';
import { bornYearsAgo, newEmail, nextIp, registered } from '../registrations/kit.ts';
import { paidRegistration } from '../privacy/kit.ts';
import { build } from '../../support/factories.ts';

const db = useTestDatabase();
const DAY = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

async function enquiry(email: string): Promise<string> {
  const body = build.contact({ Name: '', Number: '9810042424', email, comments: 'Which course?' });
  expect((await call('POST', '/api/v1/user/contactus', { body, ip: nextIp() })).status).toBe(201);
  const [row] = await db.sql<{ id: string }[]>`select id::text from contact_requests where email = ${email}`;
  return row!.id;
}

describe('the retention job', () => {
  it('erases exactly what has expired, with an audit row each, and keeps tax records', async () => {
    const oldEnquiry = await enquiry(newEmail('old-enquiry'));
    const unpaid = await registered(db, newEmail('unpaid'));
    const paidEmail = newEmail('paid');
    await paidRegistration(db, paidEmail);
    const [paid] = await db.sql<{ id: string }[]>`select id from registrations where email = ${paidEmail}`;
    // Age them: the enquiry untouched for 400 days, the registrations for 200; a fresh enquiry stays young.
    await db.sql`update contact_requests set created_at = now() - interval '400 days' where id = ${oldEnquiry}`;
    await db.sql`update lead_pipeline set updated_at = now() - interval '400 days' where lead_kind = 'contact' and lead_id = ${oldEnquiry}`;
    await db.sql`update registrations set updated_at = now() - interval '200 days' where id in ${db.sql([unpaid.registrationId, paid!.id])}`;
    const young = await enquiry(newEmail('young-enquiry'));
    const kinds = (run: { items: { kind: string; table: string; id: string }[] }) =>
      run.items.filter((i) => i.kind !== 'emails').map((i) => `${i.kind}:${i.table}:${i.id}`);

    // Today nothing has expired (enquiries 2 years, unpaid registrations 1 year).
    expect(kinds(await runRetention({ dryRun: true }))).toEqual([]);
    // A year on: the unpaid registration (565 days) and the old enquiry (765 days); not the young one, not the paid one.
    const later = daysFromNow(365);
    const preview = await runRetention({ now: later, dryRun: true });
    expect(kinds(preview).sort()).toEqual(
      [`enquiries:contact_requests:${oldEnquiry}`, `unpaid-registrations:registrations:${unpaid.registrationId}`].sort(),
    );
    // The dry run changed nothing.
    expect(await db.sql`select 1 from retention_erasures`).toHaveLength(0);
    expect(await db.sql`select 1 from contact_requests where id = ${oldEnquiry}`).toHaveLength(1);
    expect(await db.sql`select 1 from registrations where id = ${unpaid.registrationId}`).toHaveLength(1);

    const run = await runRetention({ now: later });
    expect(kinds(run).sort()).toEqual(kinds(preview).sort());
    expect(await db.sql`select 1 from contact_requests where id = ${oldEnquiry}`).toHaveLength(0);
    expect(await db.sql`select 1 from lead_pipeline where lead_kind = 'contact' and lead_id = ${oldEnquiry}`).toHaveLength(0);
    expect(await db.sql`select 1 from registrations where id = ${unpaid.registrationId}`).toHaveLength(0);
    expect(await db.sql`select 1 from contact_requests where id = ${young}`).toHaveLength(1);
    // Tax records stay: the paid registration, its payment and its invoice.
    expect(await db.sql`select 1 from registrations where id = ${paid!.id}`).toHaveLength(1);
    expect(await db.sql`select 1 from registration_payments where registration_id = ${paid!.id} and status = 'paid'`).toHaveLength(1);
    expect((await db.sql`select count(*)::int as n from invoices`)[0]!.n).toBeGreaterThan(0);
    const audit = await db.sql<{ kind: string; subject_id: string }[]>`
      select kind, subject_id from retention_erasures where kind <> 'emails' order by kind`;
    expect(audit).toEqual([
      { kind: 'enquiries', subject_id: oldEnquiry },
      { kind: 'unpaid-registrations', subject_id: unpaid.registrationId },
    ]);
    // Emails older than a year are gone too, each with its audit row.
    const emailAudit = await db.sql`select 1 from retention_erasures where kind = 'emails'`;
    expect(emailAudit).toHaveLength(run.items.filter((i) => i.kind === 'emails').length);
    expect(
      await db.sql`select 1 from email_outbox where status <> 'pending' and created_at < ${new Date(later.getTime() - 365 * DAY)}`,
    ).toHaveLength(0);
    // A second run finds nothing more.
    expect(kinds(await runRetention({ now: later }))).toEqual([]);
  });

  it("erases a child's registration a week after the parent's link expired, and a withdrawn consent a year after", async () => {
    const email = newEmail('child');
    const { registrationId } = await registered(db, email, {
      dateOfBirth: bornYearsAgo(16),
      parentName: 'Meera Verma',
      parentEmail: newEmail('parent'),
      parentPhone: '9810011111',
    });
    const awaiting = (run: { items: { kind: string }[] }) => run.items.filter((i) => i.kind === 'awaiting-parent');
    // The link lives 7 days; the child's data goes 7 days after that.
    expect(awaiting(await runRetention({ now: daysFromNow(13), dryRun: true }))).toEqual([]);
    const run = await runRetention({ now: daysFromNow(15) });
    expect(awaiting(run)).toEqual([{ kind: 'awaiting-parent', table: 'registrations', id: registrationId }]);
    expect(await db.sql`select 1 from registrations where id = ${registrationId}`).toHaveLength(0);
    expect(await db.sql`select 1 from parental_consents where subject_id = ${registrationId}`).toHaveLength(0);
    expect(await db.sql`select 1 from consents where subject_id = ${registrationId}`).toHaveLength(0);

    // A withdrawn consent is the record for a year, then goes; an active one stays.
    const adult = newEmail('withdrawn');
    await enquiry(adult);
    await db.sql`update consents set withdrawn_at = now(), withdrawn_via = 'choices-link' where email = ${adult}`;
    const [consent] = await db.sql<{ id: string }[]>`select id::text from consents where email = ${adult}`;
    const log = (r: { items: { kind: string; id: string }[] }) => r.items.filter((i) => i.kind === 'consent-log').map((i) => i.id);
    expect(log(await runRetention({ now: daysFromNow(364), dryRun: true }))).toEqual([]);
    expect(log(await runRetention({ now: daysFromNow(366) }))).toEqual([consent!.id]);
    expect(await db.sql`select 1 from consents where id = ${consent!.id}`).toHaveLength(0);
  });
});
