import type { Config } from '@netlify/functions';
import { personIdSchema } from '../../src/shared/persons.ts';
import { sandboxReplySchema, sandboxStatusSchema, whatsappReplySchema } from '../../src/shared/whatsapp.ts';
import {
  whatsappCodeSchema,
  whatsappConfirmCodeSchema,
  whatsappConfirmLinkSchema,
  whatsappSettingSchema,
} from '../../src/shared/whatsapp-settings.ts';
import { requireAdmin, requireOwner, requireUser } from '../lib/auth/index.ts';
import { personWhatsApp, replyOnWhatsApp } from '../lib/leads/index.ts';
import {
  confirmByLink,
  confirmationView,
  confirmWhatsAppSetting,
  receiveWebhook,
  sandboxMessages,
  sandboxReply,
  sandboxSetStatus,
  sendCodeByLink,
  setWhatsAppSetting,
  verifySubscription,
  whatsappMonth,
  whatsappSetting,
} from '../lib/messaging/index.ts';
import { clientIp, HttpError, json, parseWith, readBytes, readJson, routes } from '../lib/platform/index.ts';

const SANDBOX_STATUSES = { deliver: 'delivered', read: 'read', fail: 'failed' } as const;

/** WhatsApp (docs/whatsapp.md): Meta's webhook, the person page's reply box, settings, proving a number, the local sandbox's controls. */
export default routes({
  /** Meta's subscription check: echoes hub.challenge when hub.verify_token matches. */
  'GET /api/v1/whatsapp/webhook': ({ url }) =>
    new Response(verifySubscription(url.searchParams), {
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    }),

  /** Statuses and incoming messages: the signature covers the exact bytes, so they are read raw. */
  'POST /api/v1/whatsapp/webhook': async ({ request }) => {
    const raw = await readBytes(request, 512 * 1024);
    return json(await receiveWebhook(raw, request.headers.get('x-hub-signature-256')));
  },

  'GET /api/v1/admin/persons/:id/whatsapp': async ({ request, params }) => {
    const admin = await requireAdmin(request);
    return json({ whatsapp: await personWhatsApp(admin, parseWith(personIdSchema, params.id)) });
  },

  'POST /api/v1/admin/persons/:id/whatsapp': async ({ request, params }) => {
    const admin = await requireAdmin(request);
    const id = parseWith(personIdSchema, params.id);
    const reply = await readJson(request, whatsappReplySchema);
    return json({ message: 'Sent', whatsapp: await replyOnWhatsApp(admin, id, reply) }, { status: 201 });
  },

  /** A learner's WhatsApp choice in settings: a confirmed email only (the number is proven by a code). */
  'GET /api/v1/user/whatsapp': async ({ request }) => {
    const user = await requireUser(request, { verified: true });
    return json({ whatsapp: await whatsappSetting(user.email) });
  },

  'PUT /api/v1/user/whatsapp': async ({ request, context }) => {
    const user = await requireUser(request, { verified: true });
    const input = await readJson(request, whatsappSettingSchema);
    const ip = clientIp(request, context);
    return json({ whatsapp: await setWhatsAppSetting({ id: user.accountId, email: user.email }, input, ip) });
  },

  /** The code the learner's phone got: their number is proven. */
  'POST /api/v1/user/whatsapp/confirm': async ({ request, context }) => {
    const user = await requireUser(request, { verified: true });
    const { code } = await readJson(request, whatsappCodeSchema);
    return json({ whatsapp: await confirmWhatsAppSetting({ id: user.accountId, email: user.email }, code, clientIp(request, context)) });
  },

  /** The page of the emailed link (/whatsapp/confirm?t=...): where the pair stands, the code sent on a press, the code typed back. */
  'POST /api/v1/whatsapp/confirm/view': async ({ request }) => {
    const { token } = await readJson(request, whatsappConfirmLinkSchema);
    return json({ confirmation: await confirmationView(token) });
  },

  'POST /api/v1/whatsapp/confirm/send': async ({ request, context }) => {
    const { token } = await readJson(request, whatsappConfirmLinkSchema);
    return json({ message: 'Code sent', confirmation: await sendCodeByLink(token, clientIp(request, context)) });
  },

  'POST /api/v1/whatsapp/confirm': async ({ request, context }) => {
    const { token, code } = await readJson(request, whatsappConfirmCodeSchema);
    return json({ message: 'Confirmed', confirmation: await confirmByLink(token, code, clientIp(request, context)) });
  },

  /** Owners: this month's messages by category and outcome (what Meta bills). */
  'GET /api/v1/admin/whatsapp/month': async ({ request }) => {
    await requireOwner(request);
    return json(await whatsappMonth());
  },

  /** Sandbox only (404 otherwise): what it was asked to send. */
  'GET /api/v1/whatsapp/sandbox/messages': async ({ url }) => {
    const phone = url.searchParams.get('phone') ?? undefined;
    return json({ messages: await sandboxMessages(phone) });
  },

  /** Sandbox only: the person's phone delivers, reads or fails a message, or the person replies. */
  'POST /api/v1/whatsapp/sandbox/:action': async ({ request, params }) => {
    if (params.action === 'reply') {
      const body = await readJson(request, sandboxReplySchema);
      return json(await sandboxReply(body.phone, body.text));
    }
    const status = SANDBOX_STATUSES[params.action as keyof typeof SANDBOX_STATUSES];
    if (!status) throw new HttpError(404, 'No such API endpoint');
    const body = await readJson(request, sandboxStatusSchema);
    return json(await sandboxSetStatus(body.wamid, status));
  },
});

export const config: Config = {
  path: [
    '/api/v1/whatsapp/webhook',
    '/api/v1/admin/persons/:id/whatsapp',
    '/api/v1/admin/whatsapp/month',
    '/api/v1/user/whatsapp',
    '/api/v1/user/whatsapp/confirm',
    '/api/v1/whatsapp/confirm',
    '/api/v1/whatsapp/confirm/view',
    '/api/v1/whatsapp/confirm/send',
    '/api/v1/whatsapp/sandbox/messages',
    '/api/v1/whatsapp/sandbox/:action',
  ],
};
