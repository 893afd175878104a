/**
 * Operations: what tells the owners something went wrong. The scheduled check and its alerts
 * (alerts.ts), the daily reconciliation with the payment gateway (reconcile.ts, its comparison in
 * reconcile-compare.ts), the owners' operations screen (status.ts), clearing an undeliverable
 * address (bounces.ts) and field data from visitors' browsers (vitals.ts). Heartbeats, webhook counts and the health check live in the platform.
 */
export * from './alerts.ts';
export * from './bounces.ts';
export * from './reconcile.ts';
export * from './status.ts';
export * from './vitals.ts';
