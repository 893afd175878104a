/**
 * Email: the one layout every email is composed with (layout.ts), the transactional outbox
 * (outbox.ts: written in the caller's transaction, delivered after the answer, retried by the
 * scheduled run), undeliverable addresses (suppressions.ts, corrections.ts; Postmark's bounce
 * webhook in bounces.ts) and the Mailer port (transport/: Postmark, or the console on a local run).
 * Each domain's wording lives in that domain's emails.ts.
 */
export * from './bounces.ts';
export * from './channels.ts';
export * from './corrections.ts';
export * from './layout.ts';
export * from './outbox.ts';
export * from './suppressions.ts';
export * from './transport/index.ts';
