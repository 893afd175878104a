/**
 * Cohorts: batches of a course or programme (dates, phases, capacity, status), their faculty,
 * seats taken atomically, the waiting list (told of a freed seat, offers.ts), enrolment (a course
 * purchase, a registration fee or fee plan, an owner's manual placement), the status that follows
 * the dates (lifecycle.ts) and the owner's batch screens.
 */
export * from './access.ts';
export * from './seats.ts';
export * from './batches.ts';
export * from './enrolment.ts';
export * from './lifecycle.ts';
export * from './offers.ts';
