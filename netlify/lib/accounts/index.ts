/**
 * Accounts of learners and admins: login and sessions' passwords, signup with email
 * confirmation, password recovery, the learner's profile, admin accounts and the team (roles,
 * who is active). Wording in emails.ts, personal data in privacy.ts.
 */
export * from './admins.ts';
export * from './learners.ts';
export * from './login.ts';
export * from './recovery.ts';
export * from './signup.ts';
export * from './team.ts';
