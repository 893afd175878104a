/**
 * Fee plans: plans an owner sets up (plans.ts), enrolment and each learner's schedule
 * (enrol.ts, schedule.ts), paying a part (pay.ts, then paid.ts when captured), dues and reminders,
 * and the parts paid as the lead pipeline reads them (paid-parts.ts).
 * Wording in emails.ts, personal data in privacy.ts.
 */
export * from './dues.ts';
export * from './enrol.ts';
export * from './paid-parts.ts';
export * from './pay.ts';
export * from './plans.ts';
export * from './reminders.ts';
export * from './schedule.ts';
