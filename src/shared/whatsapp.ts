/**
 * WhatsApp (docs/whatsapp.md): the separate, unticked opt-in every form with a number carries,
 * the counsellor's reply, and the owner's month of messages.
 */
import * as z from 'zod/mini';

export * from './whatsapp-opt-in.ts';

/** The reply box's free text (the form checks it as the endpoint does). */
const messageText = z
  .string({ error: 'Type a message' })
  .check(z.trim(), z.minLength(1, 'Type a message'), z.maxLength(1000, 'A message is at most 1000 characters'));
export const whatsappTextSchema = z.strictObject({ text: messageText });

/** POST /api/v1/admin/persons/{id}/whatsapp: a template follow-up, or free text inside the window. */
export const whatsappReplySchema = z.discriminatedUnion(
  'kind',
  [z.strictObject({ kind: z.literal('template') }), z.strictObject({ kind: z.literal('text'), text: messageText })],
  { error: 'kind must be template or text' },
);
export type WhatsAppReply = z.output<typeof whatsappReplySchema>;

/** POST /api/v1/whatsapp/sandbox/{action} (local runs only). */
export const sandboxStatusSchema = z.strictObject({ wamid: z.string().check(z.minLength(1), z.maxLength(200)) });
export const sandboxReplySchema = z.strictObject({
  phone: z.string().check(z.regex(/^\+[1-9]\d{6,14}$/, 'phone: +country code and number')),
  text: z.string().check(z.minLength(1), z.maxLength(4096)),
});

export type WhatsAppMonth = { month: string; rows: { category: string; outcome: string; count: number }[] };

/** The person page's WhatsApp block. */
export type WhatsAppPanel = {
  available: boolean;
  optedIn: boolean;
  phone: string | null;
  windowClosesAt: string | null;
  /** Whether the signed-in admin may write to this person (owners: anyone; counsellors: their leads). */
  canReply: boolean;
};
