export * from './applications.ts';
export * from './otp.ts';
export * from './register.ts';
