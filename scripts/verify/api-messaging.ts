/**
 * WhatsApp on the served site (Netlify's CLI and the built function): Meta's subscription check,
 * a webhook signed as Meta signs it (Hindi and emoji in the body) accepted and applied, the same
 * bytes with a wrong key or re-serialised refused, and the sandbox's loop: a lead that opts in
 * gets nothing on WhatsApp until the number is proven (the emailed link, the code the sandbox got),
 * then the "lead received" template, whose signed "delivered" status reaches our database.
 */
import { createHmac } from 'node:crypto';
import type { ApiClient } from './api-client.ts';

/** The local sandbox's app secret and verify token (the site runs with APP_ENV=development and no WhatsApp keys). */
const APP_SECRET = 'sandbox-whatsapp-app-secret-only-for-local-use';
const VERIFY_TOKEN = 'sandbox-whatsapp-verify-token';

const sign = (raw: string, secret = APP_SECRET) => `sha256=${createHmac('sha256', secret).update(raw, 'utf8').digest('hex')}`;

export async function checkMessagingApi(api: ApiClient): Promise<void> {
  const { call, good, bad, report, sql } = api;
  const stamp = Date.now();

  const challenge = await call(
    'GET',
    `/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=${stamp}`,
  );
  report.add('good GET /whatsapp/webhook (challenge echoed)', `200 ${stamp}`, `${challenge.status} ${challenge.text.slice(0, 40)}`);
  await bad(
    'GET /whatsapp/webhook (wrong verify token) [bundle]',
    403,
    await call('GET', `/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1`, { bundle: true }),
  );

  const from = `9198${String(stamp).slice(-8)}`;
  const wamid = `wamid.verify${stamp}`;
  const text = 'नमस्ते 🙏 fees?';
  const raw = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: 'WABA', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', contacts: [{ profile: { name: 'Verify' }, wa_id: from }], messages: [{ from, id: wamid, timestamp: String(Math.floor(stamp / 1000)), type: 'text', text: { body: text } }] } }] }] }); // prettier-ignore
  const hook = (body: string, signature: string, bundle = false) =>
    call('POST', '/api/v1/whatsapp/webhook', {
      raw: body,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      bundle,
    });
  await bad('POST /whatsapp/webhook (wrong key) [bundle]', 401, await hook(raw, sign(raw, 'not-the-app-secret'), true));
  await bad('POST /whatsapp/webhook (re-serialised body)', 401, await hook(JSON.stringify(JSON.parse(raw), null, 2), sign(raw)));
  await good('POST /whatsapp/webhook (signed, Hindi and emoji)', 200, 'messages', await hook(raw, sign(raw)));
  const [kept] = await sql<{ body: string }[]>`select body from whatsapp_messages where wamid = ${wamid}`;
  report.add('the signed webhook is kept byte for byte', text, kept?.body ?? 'no row');

  // The sandbox's loop: opt in on the advisor form, prove the number, the template, a signed "delivered".
  const phone = `+9197${String(stamp).slice(-8)}`;
  const lead = { source: 'advisor', Name: 'Verify WhatsApp', Number: phone.slice(3), email: `wa.${stamp}@example.com`, whatsapp: true };
  const book = async () => {
    const answer = await call('GET', `/api/v1/whatsapp/sandbox/messages?phone=${encodeURIComponent(phone)}`);
    return (answer.body?.messages ?? []) as { wamid: string; template: string | null; body: string }[];
  };
  const waitFor = async (template: string) => {
    for (let i = 0; i < 25; i++) {
      const found = (await book()).find((m) => m.template === template);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 200));
    }
    return undefined;
  };
  await good('POST /user/contactus (WhatsApp opt-in)', 201, 'message', await call('POST', '/api/v1/user/contactus', { body: lead }));
  report.add('an unproven number gets nothing', '0 messages', `${(await book()).length} messages`);
  const [ask] = await sql<{ text_body: string }[]>`
    select text_body from email_outbox where to_address = ${lead.email} and tag = 'whatsapp-confirm' order by id desc limit 1`;
  const token = decodeURIComponent(ask?.text_body.match(/\/whatsapp\/confirm\?t=([\w.%-]+)/)?.[1] ?? '');
  await bad(
    'POST /whatsapp/confirm/send (forged link) [bundle]',
    400,
    await call('POST', '/api/v1/whatsapp/confirm/send', { body: { token: `${token}x` }, bundle: true }),
  );
  await good('POST /whatsapp/confirm/send', 200, 'confirmation', await call('POST', '/api/v1/whatsapp/confirm/send', { body: { token } }));
  const code = JSON.parse((await waitFor('whatsapp_code'))?.body ?? '[""]')[0] as string;
  await good('POST /whatsapp/confirm', 200, 'confirmation', await call('POST', '/api/v1/whatsapp/confirm', { body: { token, code } }));
  await good('POST /user/contactus (proven number)', 201, 'message', await call('POST', '/api/v1/user/contactus', { body: lead }));
  const received = await waitFor('lead_received');
  const sent = received ? [received] : [];
  report.add('the opted-in lead gets the "lead received" template', 'lead_received', sent[0]?.template ?? 'nothing sent');
  await bad(
    'POST /whatsapp/sandbox/deliver (unknown message) [bundle]',
    404,
    await call('POST', '/api/v1/whatsapp/sandbox/deliver', { body: { wamid: 'wamid.none' }, bundle: true }),
  );
  await good(
    'POST /whatsapp/sandbox/deliver',
    200,
    'webhook',
    await call('POST', '/api/v1/whatsapp/sandbox/deliver', { body: { wamid: sent[0]?.wamid ?? 'wamid.none' } }),
  );
  const [status] = await sql<{ status: string }[]>`select status from whatsapp_messages where wamid = ${sent[0]?.wamid ?? ''}`;
  report.add('the sandbox’s signed status reaches the database', 'delivered', status?.status ?? 'no row');
}
