/** Shared by the WhatsApp tests: leads that opt in, Meta-shaped webhooks signed like Meta's, the sandbox's books. */
import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import { SANDBOX_APP_SECRET } from '../../../netlify/lib/messaging/index.ts';
import { call, type TestDatabase } from '../support/harness.ts';
import { freshIp } from '../leads/kit.ts';
import { build } from '../../support/factories.ts';

export { freshIp, makeAdmin } from '../leads/kit.ts';

export const PHONE = '+919810042424';

/** An advisor callback through the real form endpoint; `whatsapp` ticks the opt-in. */
export async function advisorLead(who: string, options: { whatsapp?: boolean; phone?: string } = {}): Promise<{ email: string }> {
  const email = `${who.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  const res = await call('POST', '/api/v1/user/contactus', {
    body: build.advisor({
      Name: who,
      Number: (options.phone ?? PHONE).replace('+91', ''),
      email,
      programme: '',
      ...(options.whatsapp === undefined ? {} : { whatsapp: options.whatsapp }),
    }),
    ip: freshIp(),
  });
  expect(res.status, res.text).toBe(201);
  return { email };
}

export const sign = (raw: string | Uint8Array, secret = SANDBOX_APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

/** POST to the webhook with these exact bytes and this signature header. */
export function postWebhook(raw: string | Uint8Array, signature: string | null) {
  return call('POST', '/api/v1/whatsapp/webhook', {
    rawBody: raw as BodyInit,
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
  });
}

const envelope = (value: Record<string, unknown>) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: 'WABA', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', ...value } }] }],
  });

export const statusBody = (wamid: string, status: string, timestamp = Math.floor(Date.now() / 1000)) =>
  envelope({ statuses: [{ id: wamid, status, timestamp: String(timestamp), recipient_id: PHONE.slice(1) }] });

export const inboundBody = (wamid: string, text: string, from = PHONE) =>
  envelope({
    contacts: [{ profile: { name: 'Asha' }, wa_id: from.slice(1) }],
    messages: [{ from: from.slice(1), id: wamid, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }],
  });

export async function sandboxSent(db: TestDatabase, phone = PHONE) {
  return db.sql<{ wamid: string; template: string | null; body: string; language: string | null }[]>`
    select wamid, template, body, language from whatsapp_sandbox_messages where phone = ${phone} and direction = 'out' order by created_at, wamid`;
}

export async function messageStatus(db: TestDatabase, wamid: string): Promise<string | undefined> {
  const [row] = await db.sql<{ status: string }[]>`select status from whatsapp_messages where wamid = ${wamid}`;
  return row?.status;
}

export async function outboxRows(db: TestDatabase, email: string) {
  return db.sql<{ id: string; channel: string; status: string; to_address: string; tag: string; fallback_outbox_id: string | null }[]>`
    select id::text, channel, status, to_address, tag, fallback_outbox_id::text from email_outbox
    where to_address = ${email} or recipient_email = ${email} order by email_outbox.id`;
}

/** The token of the newest "Confirm WhatsApp updates" link emailed to `email`. */
export async function confirmToken(db: TestDatabase, email: string): Promise<string> {
  const [row] = await db.sql<{ text_body: string }[]>`
    select text_body from email_outbox where to_address = ${email.toLowerCase()} and tag = 'whatsapp-confirm' order by id desc limit 1`;
  const token = row?.text_body.match(/\/whatsapp\/confirm\?t=([\w.%-]+)/)?.[1];
  expect(token, `a confirmation link was emailed to ${email}`).toBeTruthy();
  return decodeURIComponent(token!);
}

/** The newest code the sandbox sent to `phone`. */
export async function sandboxCode(db: TestDatabase, phone: string): Promise<string> {
  const codes = (await sandboxSent(db, phone)).filter((m) => m.template === 'whatsapp_code');
  expect(codes.length, `a code was sent to ${phone}`).toBeGreaterThan(0);
  return (JSON.parse(codes.at(-1)!.body) as string[])[0]!;
}

/** The person opens the emailed link, asks for the code, and types back what their phone got. */
export async function proveByLink(db: TestDatabase, email: string, phone: string): Promise<void> {
  const token = await confirmToken(db, email);
  const sent = await call('POST', '/api/v1/whatsapp/confirm/send', { body: { token }, ip: freshIp() });
  expect(sent.status, sent.text).toBe(200);
  const code = await sandboxCode(db, phone);
  const done = await call('POST', '/api/v1/whatsapp/confirm', { body: { token, code }, ip: freshIp() });
  expect(done.status, done.text).toBe(200);
}

/** A lead that ticks WhatsApp and proves its number by the emailed link. */
export async function provenLead(db: TestDatabase, who: string, phone = PHONE): Promise<{ email: string }> {
  const lead = await advisorLead(who, { whatsapp: true, phone });
  await proveByLink(db, lead.email, phone);
  return lead;
}
