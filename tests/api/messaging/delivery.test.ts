/**
 * Delivery through the one outbox: a template the provider paused writes no second email (the
 * automatic message's email went with it), a
 * temporary failure is retried without a second send, two runs never send one row twice, and a
 * withdrawal before delivery cancels the message.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { deliverDue } from '../../../netlify/lib/outbox/index.ts';
import {
  stopWhatsApp,
  useWhatsAppForTests,
  whatsappMessages,
  WhatsAppRefusal,
  type WhatsAppProvider,
} from '../../../netlify/lib/messaging/index.ts';
import { db as appDb } from '../../../netlify/lib/platform/index.ts';
import { useTestDatabase } from '../support/harness.ts';
import { advisorLead, outboxRows, provenLead, sandboxSent } from './kit.ts';

// The sandbox reports only the follow-up and the code approved: "lead received" is paused at the provider.
const db = useTestDatabase({ WHATSAPP_SANDBOX_APPROVED: 'counsellor_follow_up,whatsapp_code' });

afterEach(() => useWhatsAppForTests(undefined));

/** A provider that refuses `failures` sends as Meta does under load, then accepts; counts accepted sends. */
function flakyProvider(failures: number) {
  const accepted: string[] = [];
  let tries = 0;
  const provider: WhatsAppProvider = {
    name: 'cloud-api',
    appSecret: 'test-secret',
    verifyToken: 'test-token',
    async sendTemplate({ to }) {
      tries++;
      // Slow enough that two runs would overlap if both claimed the row.
      await new Promise((resolve) => setTimeout(resolve, 30));
      if (tries <= failures) throw new WhatsAppRefusal('temporary', 'WhatsApp error 130429: Rate limit hit', 130429);
      accepted.push(to);
      return `wamid.TEST${tries}`;
    },
    sendText: () => Promise.reject(new Error('not used')),
    listTemplates: () => Promise.resolve([]),
  };
  return { provider, accepted, tries: () => tries };
}

describe('a template the provider paused', () => {
  it('fails with the reason kept, and writes no second email (the email went with it)', async () => {
    const phone = '+919830000001';
    const { email } = await provenLead(db, 'Pallavi Paused', phone);
    await advisorLead('Pallavi Paused', { whatsapp: true, phone });
    expect((await sandboxSent(db, phone)).filter((m) => m.template !== 'whatsapp_code')).toEqual([]);
    const rows = await outboxRows(db, email);
    const whatsappRow = rows.find((r) => r.channel === 'whatsapp')!;
    expect(whatsappRow.status).toBe('failed');
    const [why] = await db.sql`select last_error from email_outbox where id = ${whatsappRow.id}`;
    expect(why!.last_error).toMatch(/132015.*Paused/);
    // One email per lead: the second one is the WhatsApp message's fallback, written with it.
    const emails = rows.filter((r) => r.channel === 'email' && r.tag === 'advisor-confirmation');
    expect(emails).toHaveLength(2);
    expect(whatsappRow.fallback_outbox_id).toBe(emails[1]!.id);
    await deliverDue();
    expect((await outboxRows(db, email)).filter((r) => r.channel === 'email' && r.tag === 'advisor-confirmation')).toHaveLength(2);
  });
});

describe('the outbox', () => {
  it('retries a temporary failure later and sends the message once, even with two runs at the same time', async () => {
    await provenLead(db, 'Rohan Retry', '+919830000002');
    const flaky = flakyProvider(1);
    useWhatsAppForTests(flaky.provider);
    const { email } = await advisorLead('Rohan Retry', { whatsapp: true, phone: '+919830000002' });
    let [row] = (await outboxRows(db, email)).filter((r) => r.channel === 'whatsapp');
    expect(row!.status).toBe('pending');
    expect(flaky.tries()).toBe(1);
    expect(flaky.accepted).toEqual([]);

    await db.sql`update email_outbox set next_attempt_at = now() where id = ${row!.id}`;
    const runs = await Promise.all([deliverDue(), deliverDue()]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(flaky.accepted).toEqual(['+919830000002']);
    [row] = (await outboxRows(db, email)).filter((r) => r.channel === 'whatsapp');
    expect(row!.status).toBe('sent');
    const [sent] = await db.sql`select provider_message_id, attempts from email_outbox where id = ${row!.id}`;
    expect(sent).toEqual({ provider_message_id: 'wamid.TEST2', attempts: 2 });

    await db.sql`update email_outbox set next_attempt_at = now() where id = ${row!.id}`;
    await deliverDue();
    expect(flaky.tries()).toBe(2);
    expect(await db.sql`select status from whatsapp_messages where wamid = 'wamid.TEST2'`).toEqual([{ status: 'accepted' }]);
    // No fallback email: the message went (the two are the leads' own emails).
    expect((await outboxRows(db, email)).filter((r) => r.channel === 'email' && r.tag === 'advisor-confirmation')).toHaveLength(2);
  });

  it('an email-only run leaves WhatsApp rows alone', async () => {
    await provenLead(db, 'Esha Email', '+919830000003');
    const flaky = flakyProvider(1);
    useWhatsAppForTests(flaky.provider);
    const { email } = await advisorLead('Esha Email', { whatsapp: true, phone: '+919830000003' });
    const [row] = (await outboxRows(db, email)).filter((r) => r.channel === 'whatsapp');
    await db.sql`update email_outbox set next_attempt_at = now() where id = ${row!.id}`;
    await deliverDue({ channels: ['email'] });
    expect(flaky.tries()).toBe(1);
    const [still] = await db.sql`select status, attempts from email_outbox where id = ${row!.id}`;
    expect(still).toEqual({ status: 'pending', attempts: 1 });
    // The person page shows it waiting, as the person will read it, without their choices link.
    const [waiting] = await whatsappMessages(appDb(), [email], []);
    expect(waiting).toMatchObject({ direction: 'out', status: 'queued', template: 'lead_received' });
    expect(waiting!.body).toMatch(/^Hi Esha Email, thank you for contacting Aspira\..*\[their Your choices link\]$/);
    expect(waiting!.body).not.toContain('/choices?t=');
    await db.sql`delete from email_outbox where id = ${row!.id}`;
  });

  it('a withdrawal before delivery cancels the message: it never reaches the provider; its email went already', async () => {
    await provenLead(db, 'Wasim Withdraws', '+919830000004');
    const flaky = flakyProvider(1);
    useWhatsAppForTests(flaky.provider);
    const { email } = await advisorLead('Wasim Withdraws', { whatsapp: true, phone: '+919830000004' });
    const result = await appDb().begin((tx) => stopWhatsApp(tx, email, 'settings'));
    expect(result).toEqual({ cancelled: 1 });
    await db.sql`update email_outbox set next_attempt_at = now() where channel = 'whatsapp' and recipient_email = ${email}`;
    await deliverDue();
    expect(flaky.tries()).toBe(1);
    const rows = await outboxRows(db, email);
    expect(rows.find((r) => r.channel === 'whatsapp')!.status).toBe('cancelled');
    // The leads' own emails, and no second one for the cancelled message.
    expect(rows.filter((r) => r.channel === 'email' && r.tag === 'advisor-confirmation')).toHaveLength(2);
  });
});
