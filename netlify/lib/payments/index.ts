/**
 * Payments: one core for every payable domain. Orders are opened with `openOrder` (always in our
 * ledger) and completed once by `completeOrder`, whoever learns of the capture first (the
 * browser's verify call, the webhook, the scheduled re-check), which runs the domain's paid.ts
 * handler and the shared record step (invoice, receipt). The gateway is a port (gateway/:
 * Razorpay or the local sandbox); refunds/ holds refunds an owner asks for and the automatic
 * refund of a duplicate capture.
 *
 * Each purpose is defined once, in its domain's paid.ts (`definePurpose`: handler and wording),
 * and listed in PURPOSES (./completions.ts); those files import payments/handlers.ts instead of
 * this entry, which loads the core, which loads them (README, Adding something payable).
 */
export * from './completions.ts';
export * from './core.ts';
export * from './gateway/index.ts';
export * from './gateway/sandbox.ts';
export * from './ledger.ts';
export * from './recheck.ts';
export * from './refunds/records.ts';
export * from './refunds/request.ts';
export * from './webhook.ts';
