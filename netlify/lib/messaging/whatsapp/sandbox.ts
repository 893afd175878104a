/**
 * The local WhatsApp sandbox: answers as the Cloud API does (wamid ids, the same refusals for a
 * template that is not approved and for free text outside the 24-hour window) and keeps what it
 * was asked to send in its own table. Its webhooks (statuses, replies) have Meta's shape and are
 * signed with X-Hub-Signature-256 like Meta's, so the real webhook code checks and applies them.
 * Only a local run uses it (index.ts).
 */
import { randomBytes } from 'node:crypto';
import { db, hmacSha256Hex } from '../../platform/index.ts';
import { WhatsAppRefusal, type ProviderTemplate, type WhatsAppProvider } from './types.ts';

export const SANDBOX_APP_SECRET = 'sandbox-whatsapp-app-secret-only-for-local-use';
export const SANDBOX_VERIFY_TOKEN = 'sandbox-whatsapp-verify-token';
const SANDBOX_PHONE_NUMBER_ID = '100000000000001';
const WINDOW_HOURS = 24;

const wamid = () => `wamid.SANDBOX${randomBytes(18).toString('base64url')}`;

export type SandboxOptions = {
  appSecret?: string | undefined;
  verifyToken?: string | undefined;
  /** Every template in code, and which of them the "provider" has approved. */
  templates: { name: string; category: string }[];
  approved: string[];
};

export function sandboxProvider(options: SandboxOptions): WhatsAppProvider {
  const approved = new Set(options.approved);
  return {
    name: 'sandbox',
    appSecret: options.appSecret ?? SANDBOX_APP_SECRET,
    verifyToken: options.verifyToken ?? SANDBOX_VERIFY_TOKEN,
    async sendTemplate({ to, template, language, variables }) {
      if (!options.templates.some((t) => t.name === template)) {
        throw new WhatsAppRefusal('template-unavailable', `WhatsApp error 132001: Template name does not exist in the translation`, 132001);
      }
      if (!approved.has(template)) throw new WhatsAppRefusal('template-unavailable', 'WhatsApp error 132015: Template is Paused', 132015);
      const id = wamid();
      await db()`insert into whatsapp_sandbox_messages (wamid, direction, phone, template, language, body)
                 values (${id}, 'out', ${to}, ${template}, ${language}, ${JSON.stringify(variables)})`;
      return id;
    },
    async sendText({ to, text }) {
      const [open] = await db()`select 1 from whatsapp_sandbox_messages
        where phone = ${to} and direction = 'in' and created_at > now() - make_interval(hours => ${WINDOW_HOURS})`;
      if (!open) {
        throw new WhatsAppRefusal(
          'window-closed',
          'WhatsApp error 131047: Re-engagement message: more than 24 hours have passed since the recipient last replied',
          131047,
        );
      }
      const id = wamid();
      await db()`insert into whatsapp_sandbox_messages (wamid, direction, phone, body) values (${id}, 'out', ${to}, ${text})`;
      return id;
    },
    async listTemplates(): Promise<ProviderTemplate[]> {
      return options.templates.flatMap((t) =>
        (['en', 'hi'] as const).map((language) => ({
          name: t.name,
          language,
          status: approved.has(t.name) ? 'APPROVED' : 'PAUSED',
          category: t.category.toUpperCase(),
        })),
      );
    },
  };
}

/** What the sandbox "sent" and "received", newest first. */
export async function sandboxBook(phone?: string) {
  return db()<
    { wamid: string; direction: string; phone: string; template: string | null; language: string | null; body: string; createdAt: Date }[]
  >`
    select wamid, direction, phone, template, language, body, created_at as "createdAt" from whatsapp_sandbox_messages
    where ${phone ? db()`phone = ${phone}` : db()`true`} order by created_at desc, wamid limit 200`;
}

/** A webhook body as Meta sends it, for one status or one incoming message. */
function envelope(value: Record<string, unknown>): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'SANDBOX_WABA',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550000001', phone_number_id: SANDBOX_PHONE_NUMBER_ID },
              ...value,
            },
          },
        ],
      },
    ],
  });
}

const seconds = () => String(Math.floor(Date.now() / 1000));

/** A status webhook for a message the sandbox sent; null when it sent no such message. */
export async function sandboxStatus(id: string, status: 'sent' | 'delivered' | 'read' | 'failed'): Promise<string | null> {
  const [row] = await db()<{ phone: string }[]>`select phone from whatsapp_sandbox_messages where wamid = ${id} and direction = 'out'`;
  if (!row) return null;
  const errors = status === 'failed' ? { errors: [{ code: 131026, title: 'Message undeliverable' }] } : {};
  return envelope({ statuses: [{ id, status, timestamp: seconds(), recipient_id: row.phone.replace(/^\+/, ''), ...errors }] });
}

/** The person writes to us: kept (it opens the 24-hour window) and returned as Meta's webhook. */
export async function sandboxInbound(phone: string, text: string, name = 'Sandbox person'): Promise<string> {
  const id = wamid();
  await db()`insert into whatsapp_sandbox_messages (wamid, direction, phone, body) values (${id}, 'in', ${phone}, ${text})`;
  const from = phone.replace(/^\+/, '');
  return envelope({
    contacts: [{ profile: { name }, wa_id: from }],
    messages: [{ from, id, timestamp: seconds(), type: 'text', text: { body: text } }],
  });
}

/** X-Hub-Signature-256 as Meta computes it: HMAC-SHA256 of the raw body with the app secret. */
export function signWebhook(appSecret: string, raw: string): string {
  return `sha256=${hmacSha256Hex(appSecret, raw)}`;
}
