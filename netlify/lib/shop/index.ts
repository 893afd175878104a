export * from './emails.ts';
export * from './orders.ts';
