/**
 * What the outbox takes and what a channel answers (no runtime code): channel adapters import
 * only this file's types, so the outbox can load them without an import cycle.
 */
import type { EmailInput, OutgoingEmail } from '../mail/index.ts';

export type { EmailInput, OutgoingEmail };

/** An email whose blocks the outbox lays out with mail's one layout (subject, text and HTML made from them). */
export type LaidOutEmail = Omit<OutgoingEmail, 'subject' | 'text' | 'html'> & { content: EmailInput };

export type ChannelName = 'email' | 'whatsapp';

/** The email a WhatsApp message carries, written instead when the message cannot go. */
export type FallbackEmail = { subject: string; text: string; html?: string };

export type WhatsAppMessage = {
  /** The number, E.164. */
  phone: string;
  /** The person the number is proven for: consent and proof are checked against it at sending. */
  email: string;
  fallback: FallbackEmail;
  tag: string;
  template?: { name: string; language: 'en' | 'hi'; variables: string[] };
  text?: string;
  /** The counsellor who wrote it (a follow-up), or null for an automatic message. */
  sentBy?: string | null;
  /** An email already written for the same news: a failure then writes no second one. */
  fallbackOutboxId?: string | null;
};

/** One message for `send`: its kind (kinds.ts) says which channel carries it and what it holds. */
export type OutboxMessage =
  | { kind: 'email'; email: OutgoingEmail }
  | { kind: 'laid-out-email'; email: LaidOutEmail }
  | { kind: 'whatsapp'; whatsapp: WhatsAppMessage };

/** A claimed WhatsApp row as its channel sees it. */
export type WhatsAppRow = {
  id: string;
  /** The number, E.164. */
  to_address: string;
  recipient_email: string;
  wa_template: string | null;
  wa_language: 'en' | 'hi' | null;
  wa_variables: string[] | null;
  wa_text: string | null;
  wa_sent_by: string | null;
};

/** What one try of a channel came to; the outbox settles the row from it (no callback back). */
export type ChannelOutcome =
  | { sent: string | null }
  /** The message must not go any more (consent withdrawn, the number stopped or no longer proven). */
  | { cancelled: string }
  /** `permanent`: no retry can help (the email goes instead); otherwise retried with backoff. */
  | { failed: string; permanent: boolean };

/** The WhatsApp channel (messaging/channel.ts): one try, never throwing. */
export interface WhatsAppChannel {
  send(row: WhatsAppRow, options: { signal: AbortSignal }): Promise<ChannelOutcome>;
}
