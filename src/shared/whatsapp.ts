/**
 * WhatsApp (docs/whatsapp.md): the separate, unticked opt-in every form with a number carries,
 * the counsellor's reply, and the owner's month of messages.
 */
import { z } from 'zod';
import { optInTicked } from './whatsapp-opt-in.ts';

export * from './whatsapp-opt-in.ts';

/** The schema fragment a form spreads in: absent or false means no. */
export const whatsappOptIn = {
  whatsapp: z.preprocess(
    (value) => (Array.isArray(value) && value.every((v) => v === 'on') ? optInTicked(value) : value),
    z.boolean({ error: 'whatsapp must be true or false' }).optional(),
  ),
};

/** The reply box's free text (the form checks it as the endpoint does). */
export const whatsappTextSchema = z
  .object({
    text: z.string({ error: 'Type a message' }).trim().min(1, 'Type a message').max(1000, 'A message is at most 1000 characters'),
  })
  .strict();

/** POST /api/v1/admin/persons/{id}/whatsapp: a template follow-up, or free text inside the window. */
export const whatsappReplySchema = z.discriminatedUnion(
  'kind',
  [z.object({ kind: z.literal('template') }).strict(), whatsappTextSchema.extend({ kind: z.literal('text') })],
  { error: 'kind must be template or text' },
);
export type WhatsAppReply = z.output<typeof whatsappReplySchema>;

/** POST /api/v1/whatsapp/sandbox/{action} (local runs only). */
export const sandboxStatusSchema = z.object({ wamid: z.string().min(1).max(200) }).strict();
export const sandboxReplySchema = z
  .object({ phone: z.string().regex(/^\+[1-9]\d{6,14}$/, 'phone: +country code and number'), text: z.string().min(1).max(4096) })
  .strict();

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
