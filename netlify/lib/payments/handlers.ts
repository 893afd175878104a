export * from './gateway/types.ts';
export * from './record.ts';
export * from './refunds/duplicates.ts';
