/**
 * The owner's view of money: every payment with its refunds and month totals, the documents
 * (invoices and credit notes) and the CSV export, by India's calendar.
 */
export * from './admin.ts';
export * from './csv.ts';
export * from './payments-page.ts';
