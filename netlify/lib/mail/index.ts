/**
 * Email: the one layout every email is composed with (layout.ts), the "Your choices" footer and
 * List-Unsubscribe headers every email carries (choices-footer.ts), the Mailer port (transport/:
 * Postmark, or the console on a local run) and what Postmark's bounce webhook says (bounces.ts).
 * Writing, delivering and suppressing messages is the outbox domain's; each domain's wording
 * lives in that domain's emails.ts.
 */
export * from './bounces.ts';
export * from './choices-footer.ts';
export * from './layout.ts';
export * from './transport/index.ts';
