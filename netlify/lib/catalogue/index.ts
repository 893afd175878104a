export * from './admin.ts';
export * from './build-hook.ts';
export * from './courses.ts';
