export * from './account-tokens.ts';
export * from './passwords.ts';
export * from './session.ts';
export * from './tokens.ts';
