export * from './dues.ts';
export * from './enrol.ts';
export * from './pay.ts';
export * from './plans.ts';
export * from './reminders.ts';
export * from './schedule.ts';
