export * from './admins.ts';
export * from './learners.ts';
export * from './login.ts';
export * from './recovery.ts';
export * from './signup.ts';
export * from './team.ts';
