export * from './access.ts';
export * from './billing.ts';
export * from './documents.ts';
export * from './issue.ts';
export * from './pdf.ts';
export * from './settings.ts';
export * from './tax.ts';
export * from './emails.ts';
