/**
 * Class reminders: a day and an hour before a session, to each learner of its batch, each once
 * (however many runs), by email always and by WhatsApp to a proven number; never to a person who
 * withdrew their consents, an erased person, or a learner whose seat was released.
 */
import { describe, expect, it } from 'vitest';
import { sendClassReminders } from '../../../netlify/lib/classes/index.ts';
import { withdrawConsent } from '../../../netlify/lib/platform/index.ts';
import { call, count, useTestDatabase } from '../support/harness.ts';
import { freshIp, outboxRows, proveByLink } from '../messaging/kit.ts';
import { addSession, makeBatch, ownerAccount, seatedLearner } from './kit.ts';
import { build } from '../../support/factories.ts';

const db = useTestDatabase();

const inMinutes = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000);

describe('class reminders', () => {
  it('a day before and an hour before, each once; not to a withdrawn, erased or released learner', async () => {
    const owner = await ownerAccount();
    const batchId = await makeBatch(db);
    const [stays, withdrew, erased, left] = [
      await seatedLearner(db, batchId),
      await seatedLearner(db, batchId),
      await seatedLearner(db, batchId),
      await seatedLearner(db, batchId),
    ];
    await db.sql.begin((tx) => withdrawConsent(tx, { email: withdrew.email, via: 'choices-link' }));
    await db.sql`update accounts set erased_at = now() where id = ${erased.id}`;
    await db.sql`update batch_seats set status = 'released', released_reason = 'owner' where account_id = ${left.id}`;

    const now = new Date();
    const start = inMinutes(now, 20 * 60);
    const sessionId = await addSession(owner.token, batchId, { title: 'Funnels', startsAt: start.toISOString() });
    const mine = (run: Awaited<ReturnType<typeof sendClassReminders>>) =>
      run.sent.filter((s) => s.sessionId === sessionId).map((s) => [s.accountId, s.kind]);

    // 20 hours before: the day reminder, to the one learner who may get it; again: nothing.
    expect(mine(await sendClassReminders({ now }))).toEqual([[stays.id, 'day']]);
    expect(mine(await sendClassReminders({ now }))).toEqual([]);
    expect(mine(await sendClassReminders({ now: inMinutes(now, 60) }))).toEqual([]);
    // 3 hours before: between the two, nothing.
    expect(mine(await sendClassReminders({ now: inMinutes(start, -180) }))).toEqual([]);
    // An hour before: the hour reminder, once, even from two runs at the same moment.
    const [a, b] = await Promise.all([
      sendClassReminders({ now: inMinutes(start, -60) }),
      sendClassReminders({ now: inMinutes(start, -60) }),
    ]);
    expect([...mine(a), ...mine(b)]).toEqual([[stays.id, 'hour']]);
    expect(mine(await sendClassReminders({ now: inMinutes(start, -45) }))).toEqual([]);
    // Started: nothing more.
    expect(mine(await sendClassReminders({ now: inMinutes(start, 1) }))).toEqual([]);

    const emails = await db.sql<{ to_address: string; tag: string; subject: string; text_body: string }[]>`
      select to_address, tag, subject, text_body from email_outbox where tag like 'class-reminder-%' order by id`;
    expect(emails.map((e) => [e.to_address, e.tag])).toEqual([
      [stays.email, 'class-reminder-day'],
      [stays.email, 'class-reminder-hour'],
    ]);
    expect(emails[0]!.subject).toMatch(/^Reminder: Funnels, /);
    expect(emails[1]!.text_body).toContain('starts in about an hour');
    expect(emails[1]!.text_body).toContain('/learn');
    for (const refused of [withdrew, erased, left]) expect(await count(db, `class_reminders where account_id = '${refused.id}'`)).toBe(0);
  });

  it('a cancelled session gets no reminder; a deadline only the day one', async () => {
    const owner = await ownerAccount();
    const batchId = await makeBatch(db);
    const learner = await seatedLearner(db, batchId);
    const now = new Date();
    const cancelled = await addSession(owner.token, batchId, { startsAt: inMinutes(now, 30).toISOString() });
    await db.sql`update class_sessions set cancelled_at = now() where id = ${cancelled}`;
    const deadline = await addSession(owner.token, batchId, {
      kind: 'deadline',
      title: 'Brief',
      startsAt: inMinutes(now, 30).toISOString(),
    });
    const run = await sendClassReminders({ now });
    expect(run.sent.filter((s) => s.accountId === learner.id)).toEqual([]);
    const earlier = await sendClassReminders({ now: inMinutes(now, -10 * 60) });
    expect(earlier.sent.filter((s) => s.accountId === learner.id)).toEqual([{ sessionId: deadline, accountId: learner.id, kind: 'day' }]);
  });
  it('by WhatsApp too, with the class_reminder template, to a learner who opted in and proved their number', async () => {
    const owner = await ownerAccount();
    const batchId = await makeBatch(db);
    const learner = await seatedLearner(db, batchId);
    const phone = '+919850000077';
    const optIn = await call('POST', '/api/v1/user/contactus', {
      body: build.advisor({ Name: 'Opted In', Number: phone.slice(3), email: learner.email, whatsapp: true }),
      ip: freshIp(),
    });
    expect(optIn.status, optIn.text).toBe(201);
    await proveByLink(db, learner.email, phone);
    const now = new Date();
    await addSession(owner.token, batchId, { title: 'Pricing', startsAt: inMinutes(now, 40).toISOString() });
    const run = await sendClassReminders({ now });
    expect(run.sent.filter((s) => s.accountId === learner.id).map((s) => s.kind)).toEqual(['hour']);
    const rows = (await outboxRows(db, learner.email)).filter((r) => r.tag === 'class-reminder-hour');
    expect(rows.map((r) => [r.channel, r.to_address])).toEqual([
      ['email', learner.email],
      ['whatsapp', phone],
    ]);
    const [template] = await db.sql<{ wa_template: string; wa_variables: string[] }[]>`
      select wa_template, wa_variables from email_outbox where id = ${rows[1]!.id}`;
    expect(template!.wa_template).toBe('class_reminder');
    expect(template!.wa_variables.slice(1, 4)).toEqual([
      'Pricing',
      expect.stringMatching(/^on \d{1,2} [A-Z][a-z]+ \d{4} at \d{1,2}:\d{2} [ap]m IST$/),
      expect.stringMatching(/\/learn$/),
    ]);
  });
});
