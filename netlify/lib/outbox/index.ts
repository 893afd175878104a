/**
 * The outbox: one queue and one delivery loop for every message, email or WhatsApp. `send(tx,
 * message)` writes it in the caller's transaction (a kind registered in kinds.ts: its schema, its
 * channels, where its words come from); it is delivered after the answer, or by the scheduled run,
 * with retries, a WhatsApp message's fallback email, and suppression (undeliverable addresses,
 * bounces, a WhatsApp STOP or withdrawn consent). Drives the Mailer port (mail) and the WhatsApp
 * channel (messaging/channel.ts).
 */
export * from './bounces.ts';
export * from './corrections.ts';
export {
  REDACTED,
  REQUEST_BUDGET_MS,
  RETRY_BUDGET_MS,
  backoffMinutes,
  deliverDue,
  deliverBacklog,
  type DeliverOptions,
} from './deliver.ts';
export * from './health.ts';
export { MESSAGE_KINDS } from './kinds.ts';
export * from './queue.ts';
export * from './records.ts';
export * from './suppressions.ts';
export type * from './types.ts';
export * from './visitor-text.ts';
export * from './whatsapp-queue.ts';
export { CONFIRMATIONS_PER_DAY } from './write.ts';
