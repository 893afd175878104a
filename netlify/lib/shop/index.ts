/**
 * The course shop: orders and checkout for a course (orders.ts), what happens when a course
 * payment is captured (paid.ts), the receipt emails (emails.ts).
 */
export * from './emails.ts';
export * from './orders.ts';
