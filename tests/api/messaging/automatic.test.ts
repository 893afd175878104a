/**
 * The automatic messages: always by email, and also by WhatsApp to a person who opted in and
 * proved their number: a payment's receipt (with the invoice link) and a fee-plan part due and
 * overdue (with the pay link), through the same outbox.
 */
import { describe, expect, it } from 'vitest';
import { sendInstalmentReminders } from '../../../netlify/lib/instalments/index.ts';
import { deliverDue } from '../../../netlify/lib/outbox/index.ts';
import { call, useTestDatabase } from '../support/harness.ts';
import { DM, shopKit } from '../shop/kit.ts';
import { admitLearner, admitPlanId, enrol, istToday, plusDays } from '../instalments/kit.ts';
import { nextIp, openFeeOrder, registrationForm, sandboxPay, verifiedToken } from '../registrations/kit.ts';
import { freshIp, outboxRows, proveByLink, sandboxSent } from './kit.ts';
import { build } from '../../support/factories.ts';

const db = useTestDatabase();
const shop = shopKit(db);

/** The person behind `email` ticks the WhatsApp opt-in on the advisor form with `phone`, and proves the number. */
async function optIn(email: string, phone: string) {
  const res = await call('POST', '/api/v1/user/contactus', {
    body: build.advisor({ Name: 'Opted In', Number: phone.slice(3), email, whatsapp: true }),
    ip: freshIp(),
  });
  expect(res.status, res.text).toBe(201);
  await proveByLink(db, email, phone);
}

describe('automatic messages', () => {
  it('a course receipt goes by WhatsApp with the invoice link, and by email too', async () => {
    const phone = '+919850000001';
    const learner = await shop.learner();
    await optIn(learner.email, phone);
    const order = await shop.buy(learner.token);
    expect(order.status, order.text).toBe(201);
    const paid = await call('POST', '/api/v1/order', {
      token: learner.token,
      body: { courseId: DM, ...(await shop.pay(order.body.orderId)) },
    });
    expect(paid.status, paid.text).toBe(200);

    const receipt = (await sandboxSent(db, phone)).find((m) => m.template === 'payment_received')!;
    const [name, amount, invoice] = JSON.parse(receipt.body) as string[];
    // "Learner1 Test" has a digit: not a plain name, so greeted as "there" (the emails' rule).
    expect(name).toBe('there');
    expect(amount).toMatch(/2,49,000/);
    expect(invoice).toMatch(/^http.*\/invoices\/.+\/pdf/);
    const rows = await outboxRows(db, learner.email);
    const course = rows.filter((r) => r.tag.startsWith('course-'));
    expect(course.map((r) => [r.channel, r.to_address])).toEqual([
      ['email', learner.email],
      ['whatsapp', phone],
    ]);
    // A WhatsApp failure writes no second receipt: the email is its fallback already.
    expect(course[1]!.fallback_outbox_id).toBe(course[0]!.id);
  });

  it('a learner without the opt-in gets the receipt by email', async () => {
    const learner = await shop.learner();
    const order = await shop.buy(learner.token);
    const paid = await call('POST', '/api/v1/order', {
      token: learner.token,
      body: { courseId: DM, ...(await shop.pay(order.body.orderId)) },
    });
    expect(paid.status, paid.text).toBe(200);
    const course = (await outboxRows(db, learner.email)).filter((r) => r.tag.startsWith('course-'));
    expect(course.map((r) => r.channel)).toEqual(['email']);
  });

  it('fee-plan reminders: due and overdue templates with the pay link', async () => {
    const phone = '+919850000002';
    const learner = await admitLearner(db);
    await optIn(learner.email, phone);
    const { body } = await enrol(learner.token, await admitPlanId(db));
    expect(body.enrolment.parts.length).toBeGreaterThan(1);
    const at = (days: number) => new Date(`${plusDays(istToday(), days)}T09:30:00+05:30`);
    await sendInstalmentReminders({ now: at(0) });
    await sendInstalmentReminders({ now: at(33) });
    await deliverDue({ limit: 100 });
    const reminders = (await sandboxSent(db, phone)).filter((m) => m.template?.startsWith('fee_part_'));
    // Part 1 due today, then (33 days on) parts 1 and 2 overdue.
    expect(reminders.map((m) => m.template)).toEqual(['fee_part_due', 'fee_part_overdue', 'fee_part_overdue']);
    for (const m of reminders) expect(JSON.parse(m.body)[3]).toMatch(/\/instalments$/);
    const emails = (await outboxRows(db, learner.email)).filter((r) => r.tag.startsWith('instalment-reminder') && r.channel === 'email');
    expect(emails).toHaveLength(3);
  });

  it('the registration form’s opt-in: once the number is proven, the registration fee’s receipt goes by WhatsApp; a bad opt-in value writes nothing', async () => {
    const email = 'registrant.wa@example.com';
    const ip = nextIp();
    const other = 'registrant.bad@example.com';
    const bad = await call('POST', '/api/v1/user/register-unpaid', {
      body: { ...registrationForm(other), whatsapp: 'yes', verificationToken: await verifiedToken(db, other, ip) },
      ip,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['whatsapp: whatsapp must be true or false']);
    expect(await db.sql`select 1 from registrations where email = ${other}`).toEqual([]);

    const answer = await call('POST', '/api/v1/user/register-unpaid', {
      // The notice read in Hindi: the WhatsApp messages come in Hindi too.
      body: {
        ...registrationForm(email),
        whatsapp: true,
        noticeLanguage: 'hi',
        verificationToken: await verifiedToken(db, email, nextIp()),
      },
      ip: nextIp(),
    });
    expect(answer.status, answer.text).toBe(201);
    const [consent] = await db.sql`select subject_table, language from consents where email = ${email} and purpose = 'whatsapp'`;
    expect(consent).toEqual({ subject_table: 'registrations', language: 'hi' });
    // registrationForm's phone, +91 98765 43210, as a WhatsApp number: proven by the emailed link (the code in Hindi).
    await proveByLink(db, email, '+919876543210');
    expect((await sandboxSent(db, '+919876543210')).map((m) => [m.template, m.language])).toEqual([['whatsapp_code', 'hi']]);
    const order = await openFeeOrder(answer.body.registrationToken);
    const paid = await call('POST', '/api/v1/user/register-paid', {
      body: { registrationToken: answer.body.registrationToken, ...(await sandboxPay(order.orderId)) },
    });
    expect(paid.status, paid.text).toBe(200);
    const receipt = (await sandboxSent(db, '+919876543210')).find((m) => m.template === 'payment_received');
    expect(JSON.parse(receipt!.body)[0]).toBe('Asha Verma');
    expect(receipt!.language).toBe('hi');
  });
});
