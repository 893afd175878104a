/**
 * Programme registration: the email check (otp.ts), the registration and its fee order
 * (register.ts, then paid.ts when captured), and the learner's My applications (applications.ts).
 */
export * from './applications.ts';
export * from './otp.ts';
export * from './register.ts';
