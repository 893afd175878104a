import { describe, expect, it } from 'vitest';
import { sendInstalmentReminders } from '../../../netlify/lib/instalments/index.ts';
import { count, useTestDatabase } from '../support/harness.ts';
import { admitLearner, admitPlanId, enrol, istToday, payPart, plusDays } from './kit.ts';

const db = useTestDatabase();

/** 09:30 IST on the IST day `days` after today: the schedule's moment. */
const at = (days: number) => new Date(`${plusDays(istToday(), days)}T09:30:00+05:30`);

async function run(days: number, email: string) {
  const result = await sendInstalmentReminders({ now: at(days) });
  return result.sent.filter((s) => s.email === email).map((s) => `${s.kind}:${s.dueOn}`);
}

describe('sendInstalmentReminders', () => {
  it('7 days before, on the due date and 3 days overdue: each once, never for a paid part, and a rerun sends 0', async () => {
    const learner = await admitLearner(db);
    const { body } = await enrol(learner.token, await admitPlanId(db));
    const [p1, , p3] = body.enrolment.parts.map((p: { id: string }) => p.id);
    const due2 = plusDays(istToday(), 30);
    expect((await payPart(learner.token, p1)).paid.status).toBe(200);

    // Day 0: part 1 is due today but paid: nothing.
    expect(await run(0, learner.email)).toEqual([]);
    // 8 days before part 2: too early.
    expect(await run(22, learner.email)).toEqual([]);
    // 7 days before: 'upcoming'; the same moment again: nothing.
    expect(await run(23, learner.email)).toEqual([`upcoming:${due2}`]);
    expect(await run(23, learner.email)).toEqual([]);
    // A day later still 'upcoming' for part 2: already sent.
    expect(await run(24, learner.email)).toEqual([]);
    // The due date: 'due', once.
    expect(await run(30, learner.email)).toEqual([`due:${due2}`]);
    expect(await run(30, learner.email)).toEqual([]);
    expect(await run(32, learner.email)).toEqual([]);
    // 3 days overdue: 'overdue', once.
    expect(await run(33, learner.email)).toEqual([`overdue:${due2}`]);
    expect(await run(33, learner.email)).toEqual([]);
    expect(await run(45, learner.email)).toEqual([]);
    // Part 3 paid early: no reminder ever.
    expect((await payPart(learner.token, p3)).paid.status).toBe(200);
    expect(await run(53, learner.email)).toEqual([]);
    expect(await run(60, learner.email)).toEqual([]);
    expect(await run(70, learner.email)).toEqual([]);
    expect(await count(db, `instalment_reminders where part_id = ${p3}`)).toBe(0);
    // Each email went out once, with the amount, the due date and the link.
    const emails = await db.sql<{ tag: string; subject: string; text_body: string }[]>`
      select tag, subject, text_body from email_outbox where to_address = ${learner.email} and tag like 'instalment-reminder-%' order by id`;
    expect(emails.map((e) => e.tag)).toEqual(['instalment-reminder-upcoming', 'instalment-reminder-due', 'instalment-reminder-overdue']);
    expect(emails[0]!.subject).toMatch(/^Reminder: Part 2 of your Aspira fee plan is due on /);
    expect(emails[0]!.text_body).toContain('Amount: ₹50,000');
    expect(emails[0]!.text_body).toContain('/instalments');
  });

  it('a late run sends only the kind of today, never all three at once', async () => {
    const learner = await admitLearner(db);
    const { body } = await enrol(learner.token, await admitPlanId(db));
    const due2 = plusDays(istToday(), 30);
    // Nothing ran for 40 days: part 1 (due day 0) and part 2 (due day 30) are overdue; one reminder each.
    expect(await run(40, learner.email)).toEqual([`overdue:${istToday()}`, `overdue:${due2}`]);
    expect(
      await count(db, `instalment_reminders r join enrolment_parts p on p.id = r.part_id where p.enrolment_id = ${body.enrolment.id}`),
    ).toBe(2);
    expect(await run(40, learner.email)).toEqual([]);
  });

  it('two runs at once send each reminder once', async () => {
    const learner = await admitLearner(db);
    await enrol(learner.token, await admitPlanId(db));
    const [a, b] = await Promise.all([sendInstalmentReminders({ now: at(23) }), sendInstalmentReminders({ now: at(23) })]);
    const mine = [...a.sent, ...b.sent].filter((s) => s.email === learner.email);
    // Part 1 (due on enrolment) is overdue, part 2 due in 7 days: one of each, whichever run sent it.
    expect(mine.map((s) => s.kind).sort()).toEqual(['overdue', 'upcoming']);
    expect(await count(db, `email_outbox where to_address = '${learner.email}' and tag like 'instalment-reminder-%'`)).toBe(2);
  });

  it('an erased account gets no reminder', async () => {
    const learner = await admitLearner(db);
    await enrol(learner.token, await admitPlanId(db));
    await db.sql`update accounts set erased_at = now() where id = ${learner.id}`;
    expect(await run(40, learner.email)).toEqual([]);
  });
});
