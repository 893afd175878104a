/**
 * The conversation: nothing goes by WhatsApp without the opt-in, a counsellor answers from the
 * person page (a template any time, free text only inside the 24-hour window, their own leads
 * only), replies show in the timeline and the queue, and the owner's month counts the messages.
 */
import { describe, expect, it } from 'vitest';
import { call, signupVerifiedLearner, useTestDatabase } from '../support/harness.ts';
import {
  advisorLead,
  freshIp,
  makeAdmin,
  outboxRows,
  postWebhook,
  provenLead,
  sandboxCode,
  sandboxSent,
  sign,
  inboundBody,
} from './kit.ts';
import { build } from '../../support/factories.ts';

const db = useTestDatabase();

async function personOf(email: string): Promise<string> {
  const [lead] = await db.sql<{ id: string }[]>`select id::text from contact_requests where email = ${email} order by id desc limit 1`;
  const owner = await makeAdmin(`Lookup${lead!.id}`, 'owner');
  const res = await call('GET', `/api/v1/admin/persons/lookup?kind=contact&id=${lead!.id}`, { token: owner.token });
  expect(res.status, res.text).toBe(200);
  return res.body.id;
}

describe('without the opt-in', () => {
  it('sends nothing on WhatsApp: the confirmation is an email, and a counsellor cannot write', async () => {
    const phone = '+919820000001';
    const { email } = await advisorLead('Nikhil Noopt', { phone });
    expect(await sandboxSent(db, phone)).toEqual([]);
    expect((await outboxRows(db, email)).map((r) => r.channel)).toEqual(['email']);
    const unticked = await advisorLead('Nikhil Noopt', { phone, whatsapp: false });
    expect(unticked.email).toBe(email);
    expect(await sandboxSent(db, phone)).toEqual([]);
    expect(await db.sql`select 1 from consents where email = ${email} and purpose = 'whatsapp'`).toHaveLength(0);

    const owner = await makeAdmin('Olga', 'owner');
    const person = await personOf(email);
    const res = await call('POST', `/api/v1/admin/persons/${person}/whatsapp`, { token: owner.token, body: { kind: 'template' } });
    expect(res.status).toBe(409);
    expect(res.body.errors).toBe('This person has not chosen to get WhatsApp messages');
    expect(await sandboxSent(db, phone)).toEqual([]);
  });

  it('refuses a non-boolean opt-in with a clear message, writing nothing', async () => {
    const before = await db.sql`select count(*)::int as n from contact_requests`;
    const res = await call('POST', '/api/v1/user/contactus', {
      body: build.advisor({ Name: 'Bad', Number: '9820000002', email: 'bad@example.com', whatsapp: 'yes' }),
      ip: freshIp(),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(['whatsapp: whatsapp must be true or false']);
    expect(await db.sql`select count(*)::int as n from contact_requests`).toEqual(before);
  });
});

describe('a number typed into a public form', () => {
  it('gets at most 3 WhatsApp confirmations a day, even once proven', async () => {
    const phone = '+919820000030';
    await provenLead(db, 'Pester Target', phone);
    for (let i = 0; i < 4; i++) await advisorLead('Pester Target', { whatsapp: true, phone });
    expect((await sandboxSent(db, phone)).filter((m) => m.template === 'lead_received')).toHaveLength(3);
    const rows = await outboxRows(db, 'pester.target@example.com');
    expect(rows.filter((r) => r.tag === 'advisor-confirmation' && r.channel === 'whatsapp')).toHaveLength(3);
  });
});

describe('the counsellor’s reply', () => {
  it('free text is refused outside the window and allowed once the person wrote; the timeline and queue show it', async () => {
    const phone = '+919820000010';
    const { email } = await provenLead(db, 'Riya Reply', phone);
    await advisorLead('Riya Reply', { whatsapp: true, phone });
    const consent =
      await db.sql`select notice_version, language, withdrawn_at from consents where email = ${email} and purpose = 'whatsapp'`;
    // One consent per form that ticked it (the first, whose number was then proven, and this one).
    expect(consent).toEqual([
      { notice_version: expect.any(String), language: 'en', withdrawn_at: null },
      { notice_version: expect.any(String), language: 'en', withdrawn_at: null },
    ]);
    const [code, received] = await sandboxSent(db, phone);
    expect(code!.template).toBe('whatsapp_code');
    expect(received!.template).toBe('lead_received');
    expect(JSON.parse(received!.body)).toEqual(['Riya Reply', expect.any(String), expect.stringContaining('/choices?t=')]);

    const owner = await makeAdmin('Omar', 'owner');
    const person = await personOf(email);
    const closed = await call('POST', `/api/v1/admin/persons/${person}/whatsapp`, {
      token: owner.token,
      body: { kind: 'text', text: 'Hello!' },
    });
    expect(closed.status).toBe(409);
    expect(closed.body.errors).toMatch(/24-hour window is closed/);
    expect(await sandboxSent(db, phone)).toHaveLength(2);

    const panel = await call('GET', `/api/v1/admin/persons/${person}/whatsapp`, { token: owner.token });
    expect(panel.body.whatsapp).toEqual({ available: true, optedIn: true, phone, windowClosesAt: null, canReply: true });

    const reply = await call('POST', '/api/v1/whatsapp/sandbox/reply', { body: { phone, text: 'Can you call after 6pm?' } });
    expect(reply.status, reply.text).toBe(200);
    const open = await call('GET', `/api/v1/admin/persons/${person}/whatsapp`, { token: owner.token });
    const closes = new Date(open.body.whatsapp.windowClosesAt).getTime();
    expect(closes - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    const sent = await call('POST', `/api/v1/admin/persons/${person}/whatsapp`, {
      token: owner.token,
      body: { kind: 'text', text: 'Sure, I will call at 6:30.' },
    });
    expect(sent.status, sent.text).toBe(201);
    const book = await sandboxSent(db, phone);
    expect(book.at(-1)).toMatchObject({ template: null, body: 'Sure, I will call at 6:30.' });

    const page = await call('GET', `/api/v1/admin/persons/${person}`, { token: owner.token });
    const titles = page.body.person.timeline
      .filter((e: { kind: string }) => e.kind === 'whatsapp')
      .map((e: { title: string; detail: string }) => [e.title, e.detail]);
    expect(titles).toEqual([
      ['WhatsApp message (sent)', 'Sure, I will call at 6:30.'],
      ['Replied on WhatsApp', 'Can you call after 6pm?'],
      ['WhatsApp: enquiry received (sent)', expect.stringContaining('Hi Riya Reply, thank you for contacting Aspira.')],
      ['WhatsApp: verification code (sent)', '[verification code]'],
    ]);
    const [audit] = await db.sql`select action, subject_kind from admin_audit_log where action = 'whatsapp.send'`;
    expect(audit).toEqual({ action: 'whatsapp.send', subject_kind: 'person' });
  });

  it('a counsellor writes only to people whose leads they own; the queue says when they replied', async () => {
    const phone = '+919820000020';
    const { email } = await provenLead(db, 'Kabir Queue', phone);
    const owner = await makeAdmin('Olive', 'owner');
    const mine = await makeAdmin('Chitra', 'counsellor');
    const other = await makeAdmin('Dev', 'counsellor');
    const [lead] = await db.sql<{ id: string }[]>`select id::text from contact_requests where email = ${email}`;
    const given = await call('PUT', `/api/v1/admin/pipeline/contact/${lead!.id}/owner`, { token: owner.token, body: { ownerId: mine.id } });
    expect(given.status, given.text).toBeLessThan(300);
    const person = await personOf(email);

    const refused = await call('POST', `/api/v1/admin/persons/${person}/whatsapp`, { token: other.token, body: { kind: 'template' } });
    expect(refused.status).toBe(403);
    expect((await call('GET', `/api/v1/admin/persons/${person}/whatsapp`, { token: other.token })).body.whatsapp.canReply).toBe(false);
    const ok = await call('POST', `/api/v1/admin/persons/${person}/whatsapp`, { token: mine.token, body: { kind: 'template' } });
    expect(ok.status, ok.text).toBe(201);
    const last = (await sandboxSent(db, phone)).at(-1)!;
    expect(last.template).toBe('counsellor_follow_up');
    expect(JSON.parse(last.body).slice(0, 2)).toEqual(['Kabir Queue', 'Chitra']);

    // Marked a child (a consent given as a minor): the marketing template is refused, nothing queued.
    await db.sql`update consents set minor = true where email = ${email} and purpose = 'advisor'`;
    const child = await call('POST', `/api/v1/admin/persons/${person}/whatsapp`, { token: mine.token, body: { kind: 'template' } });
    expect(child.status).toBe(409);
    expect(child.body.errors).toMatch(/not sent to a person under 18/);
    expect((await sandboxSent(db, phone)).at(-1)!.template).toBe('counsellor_follow_up');
    await db.sql`update consents set minor = false where email = ${email}`;

    const raw = inboundBody('wamid.queue-1', 'Yes please', phone);
    await postWebhook(raw, sign(raw));
    const queue = await call('GET', '/api/v1/admin/queue', { token: mine.token });
    const item = queue.body.leads.find((l: { id: string }) => l.id === lead!.id);
    expect(Date.now() - new Date(item.lastReplyAt).getTime()).toBeLessThan(60_000);
  });

  it('refuses a bad reply body with a clear message', async () => {
    const owner = await makeAdmin('Oscar', 'owner');
    for (const body of [{ kind: 'text', text: '   ' }, { kind: 'sms' }, { kind: 'text', text: 'x'.repeat(1001) }]) {
      const res = await call('POST', '/api/v1/admin/persons/1/whatsapp', { token: owner.token, body });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.errors)).toMatch(/Type a message|kind must be template or text|at most 1000/);
    }
  });
});

describe('the owner’s month', () => {
  it('counts this month’s messages by category and outcome', async () => {
    const owner = await makeAdmin('Ojas', 'owner');
    const res = await call('GET', '/api/v1/admin/whatsapp/month', { token: owner.token });
    expect(res.status, res.text).toBe(200);
    const utility = res.body.rows.filter((r: { category: string }) => r.category === 'utility');
    expect(utility.reduce((n: number, r: { count: number }) => n + r.count, 0)).toBeGreaterThan(0);
    const counsellor = await makeAdmin('Cyrus', 'counsellor');
    expect((await call('GET', '/api/v1/admin/whatsapp/month', { token: counsellor.token })).status).toBe(403);
  });
});

describe('settings', () => {
  it('a learner turns WhatsApp on with a number, proves it with the code, and off again; a bad number is refused', async () => {
    const learner = await signupVerifiedLearner({ email: 'settings.wa@example.com' });
    const get = () => call('GET', '/api/v1/user/whatsapp', { token: learner.token });
    expect((await get()).body.whatsapp).toEqual({ available: true, optedIn: false, phone: null, language: null, pendingPhone: null });
    const bad = await call('PUT', '/api/v1/user/whatsapp', { token: learner.token, body: { optedIn: true, phone: '12' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['phone: Enter a 10-digit mobile number, or + and the country code']);
    const on = await call('PUT', '/api/v1/user/whatsapp', {
      token: learner.token,
      body: { optedIn: true, phone: '98600 00001', language: 'hi' },
    });
    // Not on until the number is proven: the code went to it, nothing else.
    expect(on.body.whatsapp).toEqual({ available: true, optedIn: false, phone: null, language: null, pendingPhone: '+919860000001' });
    expect((await sandboxSent(db, '+919860000001')).map((m) => [m.template, m.language])).toEqual([['whatsapp_code', 'hi']]);
    const wrong = await call('POST', '/api/v1/user/whatsapp/confirm', { token: learner.token, body: { code: '12' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual(['code: Enter the 6-digit code from the WhatsApp message']);
    const code = await sandboxCode(db, '+919860000001');
    const proven = await call('POST', '/api/v1/user/whatsapp/confirm', { token: learner.token, body: { code } });
    expect(proven.status, proven.text).toBe(200);
    expect(proven.body.whatsapp).toEqual({ available: true, optedIn: true, phone: '+919860000001', language: 'hi', pendingPhone: null });
    // Their next message is the Hindi template.
    await call('POST', '/api/v1/user/contactus', {
      body: build.advisor({ Name: 'Sita', Number: '98600 00001', email: learner.email }),
      ip: freshIp(),
    });
    const [hindi] = (await sandboxSent(db, '+919860000001')).filter((m) => m.template === 'lead_received');
    expect(hindi).toMatchObject({ template: 'lead_received', language: 'hi' });
    const [kept] = await db.sql`select body from whatsapp_messages where phone = '+919860000001' and template = 'lead_received'`;
    expect(kept!.body).toMatch(/^नमस्ते Sita, Aspira से संपर्क करने के लिए धन्यवाद।/);
    const [consentLanguage] = await db.sql`select language from consents where email = ${learner.email} and purpose = 'whatsapp'`;
    expect(consentLanguage!.language).toBe('hi');
    const off = await call('PUT', '/api/v1/user/whatsapp', { token: learner.token, body: { optedIn: false } });
    expect(off.body.whatsapp.optedIn).toBe(false);
    const [consent] =
      await db.sql`select withdrawn_via, subject_table from consents where email = ${learner.email} and purpose = 'whatsapp'`;
    expect(consent).toEqual({ withdrawn_via: 'settings', subject_table: 'accounts' });
    expect((await call('GET', '/api/v1/user/whatsapp')).status).toBe(401);
  });

  it('another account cannot take a proven number: the code goes to the number, which the account cannot read', async () => {
    const phone = '+919860000002';
    const { email } = await provenLead(db, 'Tara Owner', phone);
    const other = await signupVerifiedLearner({ email: 'taker.wa@example.com' });
    const set = await call('PUT', '/api/v1/user/whatsapp', { token: other.token, body: { optedIn: true, phone: phone.slice(3) } });
    expect(set.status, set.text).toBe(200);
    expect(set.body.whatsapp.optedIn).toBe(false);
    const guesses = ['000000', '111111', '222222', '333333', '444444'];
    for (const code of guesses) await call('POST', '/api/v1/user/whatsapp/confirm', { token: other.token, body: { code } });
    const locked = await call('POST', '/api/v1/user/whatsapp/confirm', { token: other.token, body: { code: '555555' } });
    expect(locked.status).toBe(400);
    const [owner] = await db.sql`select email from whatsapp_contacts where phone = ${phone} and verified_at is not null`;
    expect(owner).toEqual({ email });
    // Codes to a number are limited: a fourth within the hour is refused.
    for (let i = 0; i < 2; i++)
      await call('PUT', '/api/v1/user/whatsapp', { token: other.token, body: { optedIn: true, phone: phone.slice(3) } });
    const limited = await call('PUT', '/api/v1/user/whatsapp', { token: other.token, body: { optedIn: true, phone: phone.slice(3) } });
    expect(limited.status).toBe(429);
  });
});
