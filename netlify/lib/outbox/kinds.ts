/**
 * The kinds of message the outbox carries, each registered once with the schema its content must
 * pass, the channels that may carry it, where its wording comes from and the channel that
 * delivers it, loaded on first use. `send` refuses a message that does not fit its kind before
 * anything is written; the delivery loop asks the kind's channel, never a callback.
 */
import * as z from 'zod';
import type { OutboxMessage, WhatsAppChannel } from './types.ts';

/** A header value (an address, a subject): one line, or the mail could carry headers of a stranger's choosing. */
const LINE_BREAK = /[\r\n]/;
export const LINE_BREAKS_REFUSED = 'Line breaks are not allowed in email headers';
const headerValue = z.string().refine((value) => !LINE_BREAK.test(value), LINE_BREAKS_REFUSED);

const emailSchema = z.object({
  to: headerValue,
  subject: headerValue,
  text: z.string(),
  html: z.string().optional(),
  tag: z.string().optional(),
  secret: z.boolean().optional(),
  toVisitor: z.boolean().optional(),
  retyped: z.boolean().optional(),
  marketing: z.boolean().optional(),
});

const laidOutSchema = emailSchema.omit({ subject: true, text: true, html: true }).extend({
  content: z.object({ subject: headerValue, greeting: z.string(), blocks: z.array(z.unknown()) }),
});

const whatsappSchema = z
  .object({
    phone: headerValue,
    email: headerValue,
    fallback: z.object({ subject: headerValue, text: z.string(), html: z.string().optional() }),
    tag: z.string(),
    template: z.object({ name: z.string(), language: z.enum(['en', 'hi']), variables: z.array(z.string()) }).optional(),
    text: z.string().optional(),
    sentBy: z.string().nullable().optional(),
    fallbackOutboxId: z.string().nullable().optional(),
  })
  .refine((m) => !!m.template !== (m.text !== undefined), 'A WhatsApp message is a template or free text');

type Kind<K extends OutboxMessage['kind']> = {
  schema: z.ZodType<unknown>;
  /** The channels that carry it: a WhatsApp message that cannot go falls back to its email. */
  channels: readonly ('email' | 'whatsapp')[];
  /** Where its words are written. */
  wording: string;
  /** Reads the message's content for this kind. */
  content: (message: Extract<OutboxMessage, { kind: K }>) => unknown;
};

export const MESSAGE_KINDS: { [K in OutboxMessage['kind']]: Kind<K> } = {
  email: {
    schema: emailSchema,
    channels: ['email'],
    wording: "the sending domain's emails.ts, composed with mail's layout",
    content: (message) => message.email,
  },
  'laid-out-email': {
    schema: laidOutSchema,
    channels: ['email'],
    wording: "the sender's blocks, laid out by mail's layout when written",
    content: (message) => message.email,
  },
  whatsapp: {
    schema: whatsappSchema,
    channels: ['whatsapp', 'email'],
    wording: "messaging's templates.ts (or a counsellor's free text); the fallback email from the sender",
    content: (message) => message.whatsapp,
  },
};

/** Throws the schema's first problem (a programming error: callers build messages from checked input). */
export function checkMessage(message: OutboxMessage): void {
  const kind = MESSAGE_KINDS[message.kind] as Kind<OutboxMessage['kind']>;
  const result = kind.schema.safeParse(kind.content(message as never));
  if (!result.success) throw new Error(result.error.issues[0]?.message ?? `Not a valid ${message.kind} message`);
}

/** The WhatsApp channel, loaded when the first WhatsApp row is due (a run of emails never loads it). */
export async function whatsappChannel(): Promise<WhatsAppChannel> {
  return (await import('../messaging/channel.ts')).whatsappChannel;
}
