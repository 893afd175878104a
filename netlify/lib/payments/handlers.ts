/**
 * The second entry of payments, for the domains' paid.ts handlers only: what a handler needs
 * (the captured payment's types, refunding a duplicate capture, the emails of a capture refused
 * for its code) without the core, which imports the handlers (payments/completions.ts) and would
 * close an import cycle.
 */
export type { GatewayPayment } from './gateway/types.ts';
export type { CapturedPayment, CaptureRefusal } from './record.ts';
export * from './refunds/duplicates.ts';
export { codeNotHeldEmail, codeRefundedEmail, type CodeRefundInput } from './refunds/emails.ts';
