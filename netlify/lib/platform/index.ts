/**
 * What every domain stands on: configuration (env), the database client and its health, logs and
 * the error tracker, HTTP (routes, bodies, errors, same-origin guards), security headers, crypto
 * and HMAC, site URLs, CSV, rate limits, the admin audit log, the consent record, scheduled jobs'
 * heartbeats and webhook counts, Supabase Storage's REST API. Imports no domain.
 */
export * from './audit.ts';
export * from './choices-link.ts';
export * from './consent.ts';
export * from './crypto.ts';
export * from './csv.ts';
export * from './db.ts';
export * from './env.ts';
export * from './error-report.ts';
export * from './health.ts';
export * from './hmac.ts';
export * from './http/body.ts';
export * from './http/errors.ts';
export * from './http/origin.ts';
export * from './http/routes.ts';
export * from './jobs.ts';
export * from './keyset.ts';
export * from './log.ts';
export * from './rate-limit.ts';
export * from './security-headers.ts';
export * from './storage.ts';
export * from './urls.ts';
export * from './webhooks.ts';
