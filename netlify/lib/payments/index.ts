export * from './completions.ts';
export * from './core.ts';
export * from './gateway/sandbox.ts';
export * from './recheck.ts';
export * from './refunds/records.ts';
export * from './refunds/request.ts';
export * from './webhook.ts';
