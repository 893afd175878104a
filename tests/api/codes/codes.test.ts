import { describe, expect, it } from 'vitest';
import { reserveCode, useRedemption } from '../../../netlify/lib/codes/index.ts';
import { call, count, useTestDatabase } from '../support/harness.ts';
import { account, buy, DM, DM_PAISE, newCode, owner, PM, preview, sandbox } from './kit.ts';

const db = useTestDatabase();

describe('code rules (preview and checkout)', () => {
  it('previews the price with a code, and refuses an unknown one', async () => {
    const { code } = await newCode({ percentOff: 20, description: 'Autumn offer' });
    const res = await preview(code.toLowerCase());
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ code, description: 'Autumn offer', listPaise: DM_PAISE, discountPaise: 4_980_000, totalPaise: 19_920_000 });
    const unknown = await preview('NOPE-1234');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual(['code: No such code']);
  });

  it('a malformed code is a clear 400 and nothing is written', async () => {
    const learner = await account('user');
    const before = [await count(db, 'payment_orders'), await count(db, 'discount_redemptions')];
    for (const code of ['a b', 'x'.repeat(80), 42]) {
      const res = await buy(learner.token, code as string);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatch(/^code: (No such code|Enter the code as text)$/);
    }
    expect([await count(db, 'payment_orders'), await count(db, 'discount_redemptions')]).toEqual(before);
  });

  it('expiry: before and after the window', async () => {
    const future = await newCode({ validFrom: '2099-12-01', validUntil: '2099-12-31' });
    expect((await preview(future.code)).body.errors).toEqual(['code: This code starts on 1 Dec 2099']);
    const past = await newCode({ validFrom: '2020-01-01', validUntil: '2020-01-31' });
    expect((await preview(past.code)).body.errors).toEqual(['code: This code has expired']);
    const learner = await account('user');
    const before = await count(db, 'payment_orders');
    const res = await buy(learner.token, past.code);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(['code: This code has expired']);
    expect(await count(db, 'payment_orders')).toBe(before);
    expect(await count(db, `discount_redemptions where code_id = ${past.id}`)).toBe(0);
  });

  it('scope: wrong course, a course code on a fee, a fee code on the wrong fee option', async () => {
    const dmOnly = await newCode({ scope: 'courses', courseIds: [DM] });
    expect((await preview(dmOnly.code, { kind: 'course', courseId: PM })).body.errors).toEqual([
      'code: This code is not valid for this course',
    ]);
    expect((await preview(dmOnly.code, { kind: 'registration-fee', feeOption: 'hybrid' })).body.errors).toEqual([
      'code: This code is not valid for this fee',
    ]);
    const onlineFee = await newCode({ scope: 'registration-fees', feeOptions: ['online'] });
    expect((await preview(onlineFee.code, { kind: 'registration-fee', feeOption: 'hybrid' })).body.errors).toEqual([
      'code: This code is not valid for this fee',
    ]);
    expect((await preview(onlineFee.code, { kind: 'registration-fee', feeOption: 'online' })).status).toBe(200);
    expect((await preview(onlineFee.code, { kind: 'registration-fee', feeOption: 'custom' })).body.errors).toEqual([
      'code: Codes apply to the listed fees, not a custom amount',
    ]);
  });

  it('once per person: a second use is refused; an expired unpaid reservation frees it; re-opening checkout replaces it', async () => {
    const { id, code } = await newCode({ oncePerPerson: true });
    const learner = await account('user');
    const first = await buy(learner.token, code);
    expect(first.status, first.text).toBe(201);
    const again = await buy(learner.token, code);
    expect(again.status, again.text).toBe(201);
    const rows = await db.sql`select status from discount_redemptions where code_id = ${id} order by id`;
    expect(rows.map((r) => r.status)).toEqual(['released', 'reserved']);
    // The reservation runs out unpaid: the use is free again.
    await db.sql`update discount_redemptions set reserved_until = now() - interval '1 minute' where code_id = ${id}`;
    const third = await buy(learner.token, code);
    expect(third.status).toBe(201);
    const paid = await call('POST', '/api/v1/order', {
      token: learner.token,
      body: { courseId: DM, ...(await sandbox(third.body.orderId)) },
    });
    expect(paid.status, paid.text).toBe(200);
    const bought = await account('user');
    await buy(bought.token, code, PM).then((r) => expect(r.status).toBe(201));
    // The first learner used it: refused on another course.
    const second = await buy(learner.token, code, PM);
    expect(second.status).toBe(400);
    expect(second.body.errors).toEqual(['code: You have already used this code']);
    expect((await preview(code, { kind: 'course', courseId: PM }, learner.token)).body.errors).toEqual([
      'code: You have already used this code',
    ]);
  });

  it('a code issued to one person refuses anyone else', async () => {
    const [app] = await db.sql<{ id: string; email: string }[]>`
      insert into scholarship_applications (name, email, phone, institute, message)
      values ('Meera Iyer', 'meera.codes@example.com', '+919876543210', 'IIT', 'Please') returning id::text as id, email`;
    const who = await call('GET', `/api/v1/admin/codes/applicant/${app!.id}`, { token: await owner() });
    expect(who.body.applicant).toEqual({ id: app!.id, name: 'Meera Iyer', email: app!.email });
    expect((await call('GET', '/api/v1/admin/codes/applicant/999999', { token: await owner() })).status).toBe(404);
    const { code } = await newCode({ applicationId: app!.id, percentOff: 100, scope: 'all-courses' });
    const stranger = await account('user');
    const res = await buy(stranger.token, code);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(['code: This code was issued to another person']);
    const [mail] = await db.sql<{ text_body: string; subject: string }[]>`
      select subject, text_body from email_outbox where to_address = ${app!.email} and tag = 'scholarship-code'`;
    expect(mail!.subject).toBe('Your Aspira scholarship code');
    expect(mail!.text_body).toContain(code);
  });

  it('the last use raced 50 times at once: exactly one wins', async () => {
    const { id, code } = await newCode({ maxUses: 1, oncePerPerson: true });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        reserveCode({ code, email: `racer${i}@example.com`, target: { kind: 'course', courseId: DM }, listPaise: DM_PAISE }),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const r of lost) expect((r.reason as { errors: string[] }).errors).toEqual(['code: This code has been fully used']);
    expect(await count(db, `discount_redemptions where code_id = ${id} and status = 'reserved'`)).toBe(1);
    // Used by a plan enrolment (no order): it stays counted.
    const winner = (won[0] as PromiseFulfilledResult<{ redemptionId: string }>).value;
    await db.sql.begin((tx) => useRedemption(tx as never, winner.redemptionId, { planEnrolmentId: '42' }));
    const [row] = await db.sql`select status, plan_enrolment_id::text as p from discount_redemptions where id = ${winner.redemptionId}`;
    expect(row).toEqual({ status: 'used', p: '42' });
    expect((await preview(code)).body.errors).toEqual(['code: This code has been fully used']);
  });

  it('a deactivated code is refused; the admin list shows uses and revenue', async () => {
    const { id, code } = await newCode({ kind: 'fixed', amountOffRupees: 9000 });
    const learner = await account('user');
    const order = await buy(learner.token, code);
    expect(order.body.amount).toBe(DM_PAISE - 900_000);
    await call('POST', '/api/v1/order', { token: learner.token, body: { courseId: DM, ...(await sandbox(order.body.orderId)) } });
    const token = await owner();
    const list = await call('GET', '/api/v1/admin/codes', { token });
    const mine = list.body.rows.find((c: { id: string }) => c.id === id);
    expect(mine).toMatchObject({ code, uses: 1, revenuePaise: DM_PAISE - 900_000, discountPaise: 900_000, active: true });
    const uses = await call('GET', `/api/v1/admin/codes/${id}/uses`, { token });
    expect(uses.body.uses).toEqual([
      expect.objectContaining({ email: learner.email, what: 'Digital Marketing', status: 'used', totalPaise: DM_PAISE - 900_000 }),
    ]);
    const off = await call('PATCH', `/api/v1/admin/codes/${id}`, { token, body: { active: false } });
    expect(off.status).toBe(200);
    expect((await preview(code)).body.errors).toEqual(['code: This code is no longer active']);
    const [audit] =
      await db.sql`select action from admin_audit_log where subject_kind = 'code' and subject_id = ${id} order by id desc limit 1`;
    expect(audit!.action).toBe('code.deactivate');
  });

  it('admin: owners only, a duplicate code and bad input are refused with clear messages', async () => {
    const counsellor = await account('admin', 'counsellor');
    expect((await call('GET', '/api/v1/admin/codes', { token: counsellor.token })).status).toBe(403);
    const { code } = await newCode();
    const token = await owner();
    const dup = await call('POST', '/api/v1/admin/codes', { token, body: { code, kind: 'percent', percentOff: 5, scope: 'all-courses' } });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual(['code: This code already exists']);
    const bad = await call('POST', '/api/v1/admin/codes', { token, body: { code: 'x', kind: 'percent', scope: 'all-courses' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toMatch(/4-32 letters/);
    expect(JSON.stringify(bad.body.errors)).toMatch(/percentage off/);
  });

  it('the preview is rate limited per address', async () => {
    const { code } = await newCode();
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await preview(code, undefined, undefined, '203.0.113.199')).status;
    expect(last).toBe(429);
  });
});
