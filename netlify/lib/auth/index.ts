/**
 * Authentication: sessions (cookie or bearer JWT, token version), password hashing and
 * strength, and the single-use email links (confirm, reset).
 */
export * from './account-tokens.ts';
export * from './passwords.ts';
export * from './session.ts';
export * from './tokens.ts';
